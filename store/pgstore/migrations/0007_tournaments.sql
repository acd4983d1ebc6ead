-- Tournaments (store.Tournament): each record as the bbolt store keeps it
-- (one line of JSON, the tournament.Event in it), under its ID, with the
-- columns the queries need beside it: the server, the name as
-- store.TournamentNameKey folds it, the status, the start of an open
-- tournament with a StartAt (unix nanoseconds, NULL otherwise) and the
-- version. A server's live tournaments (open, running, paused) have
-- distinct names. IDs and versions come from game_versions.
CREATE TABLE tournaments (
	id       bigint PRIMARY KEY,
	guild    text COLLATE "C" NOT NULL DEFAULT '',
	name_key text COLLATE "C" NOT NULL DEFAULT '',
	status   text NOT NULL DEFAULT '',
	start_at bigint,
	version  bigint NOT NULL DEFAULT 0,
	record   text NOT NULL
);
CREATE UNIQUE INDEX tournaments_live_name ON tournaments (guild, name_key)
	WHERE status IN ('open', 'running', 'paused');
CREATE INDEX tournaments_guild ON tournaments (guild, id);
CREATE INDEX tournaments_start ON tournaments (start_at, id) WHERE start_at IS NOT NULL;

-- The games of the tournaments' boards, so that a game's end finds its
-- tournament: kind 'a' for the channel of a game whose end is not yet
-- recorded, 'f' for a finished game's ID.
CREATE TABLE tournament_games (
	kind       text NOT NULL CHECK (kind IN ('a', 'f')),
	ref        text COLLATE "C" NOT NULL,
	tournament bigint NOT NULL REFERENCES tournaments ON DELETE CASCADE,
	PRIMARY KEY (kind, ref, tournament)
);
CREATE INDEX tournament_games_tournament ON tournament_games (tournament);
