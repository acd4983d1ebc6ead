-- Games' short numbers (store.Game.Number), unique in their scope: the
-- guild for a server's channels and threads, the channel for a DM or a
-- group DM. The records carry them; these columns find a game by them.
-- The games already stored are numbered after this file runs, by the step
-- in Go that migrate.go names for it (numberGames), in the order they were
-- created, as the bbolt store's schema 8 numbers them.
ALTER TABLE active_games
	ADD COLUMN scope text COLLATE "C" NOT NULL DEFAULT '',
	ADD COLUMN number bigint NOT NULL DEFAULT 0;
ALTER TABLE finished_games
	ADD COLUMN scope text COLLATE "C" NOT NULL DEFAULT '',
	ADD COLUMN number bigint NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX active_games_number ON active_games (scope, number) WHERE number > 0;
CREATE UNIQUE INDEX finished_games_number ON finished_games (scope, number) WHERE number > 0;
