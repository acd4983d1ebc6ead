-- Players' vacations (store.Vacation): the minutes spent in the year, and
-- a vacation taken by hand under way, as JSON.
CREATE TABLE vacations (
	user_id text COLLATE "C" PRIMARY KEY,
	data    text NOT NULL
);
