-- The last time a process of the bot said it was alive (store.Beat), in
-- unix nanoseconds, in one row at the most: a bot that starts after the
-- whole service was away gives the players that time back (store.Resume).
CREATE TABLE alive (
	one boolean PRIMARY KEY DEFAULT true CHECK (one),
	at  bigint NOT NULL
);
