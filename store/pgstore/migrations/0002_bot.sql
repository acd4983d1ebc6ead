-- The bot whose games the database holds: its Discord user ID, in one row
-- at the most (store.ClaimBot), so that another bot's token pointed at
-- this database is refused.
CREATE TABLE bot (
	one boolean PRIMARY KEY DEFAULT true CHECK (one),
	id  text NOT NULL
);
