-- The first schema: every record the bbolt store keeps, as the same bytes,
-- with the columns the queries need beside them. Text that keys or orders
-- is COLLATE "C", so that it sorts byte by byte, as bbolt's keys do.

-- Versions of games (never reused), the sequence numbers in finished
-- games' IDs, and announcements' IDs.
CREATE SEQUENCE game_versions;
CREATE SEQUENCE finished_seq;
CREATE SEQUENCE outbox_ids;

-- Challenges and games being played, one per channel. due is the game's
-- NextDue in unix nanoseconds, NULL for none; claimed_by and claim_until
-- (unix nanoseconds) name the store that Due handed the game to, and
-- until when, so that another process leaves it alone meanwhile.
CREATE TABLE active_games (
	channel     text COLLATE "C" PRIMARY KEY,
	version     bigint NOT NULL,
	guild       text COLLATE "C" NOT NULL DEFAULT '',
	players     text[] NOT NULL DEFAULT '{}',
	due         bigint,
	claimed_by  text,
	claim_until bigint,
	record      text NOT NULL
);
CREATE INDEX active_games_due ON active_games (due, channel) WHERE due IS NOT NULL;
CREATE INDEX active_games_claims ON active_games (claim_until) WHERE claimed_by IS NOT NULL;
CREATE INDEX active_games_guild ON active_games (guild, channel) WHERE guild <> '';
CREATE INDEX active_games_players ON active_games USING gin (players);

-- Finished games, under IDs that sort in the order they finished.
CREATE TABLE finished_games (
	id      text COLLATE "C" PRIMARY KEY,
	channel text COLLATE "C" NOT NULL,
	guild   text COLLATE "C" NOT NULL DEFAULT '',
	record  text NOT NULL
);
CREATE INDEX finished_games_channel ON finished_games (channel, id);
CREATE INDEX finished_games_guild ON finished_games (guild, id) WHERE guild <> '';
CREATE TABLE finished_players (
	player text COLLATE "C" NOT NULL,
	id     text COLLATE "C" NOT NULL REFERENCES finished_games ON DELETE CASCADE,
	PRIMARY KEY (player, id)
);

-- Announcements not yet delivered: a header line of JSON and the bot's
-- body. claimed_by and claim_until as for active_games: Pending hands an
-- announcement to one store at a time.
CREATE TABLE outbox (
	id          bigint PRIMARY KEY,
	record      bytea NOT NULL,
	claimed_by  text,
	claim_until bigint
);

-- Players' standings, by scope ('' for everywhere, or a guild's ID).
CREATE TABLE standings (
	scope  text COLLATE "C" NOT NULL,
	player text COLLATE "C" NOT NULL,
	data   text NOT NULL,
	PRIMARY KEY (scope, player)
);

-- Servers' and players' settings.
CREATE TABLE guild_settings (
	guild text COLLATE "C" PRIMARY KEY,
	data  text NOT NULL
);
CREATE TABLE user_settings (
	user_id text COLLATE "C" PRIMARY KEY,
	data    text NOT NULL
);

-- Puzzles: streaks, each server's puzzle of each day, the puzzle each
-- player is solving, and the puzzles found in each server's games ('' for
-- games outside servers).
CREATE TABLE puzzle_streaks (
	user_id text COLLATE "C" PRIMARY KEY,
	data    text NOT NULL
);
CREATE TABLE daily_puzzles (
	guild text COLLATE "C" NOT NULL,
	day   text COLLATE "C" NOT NULL,
	data  text NOT NULL,
	PRIMARY KEY (guild, day)
);
CREATE TABLE puzzle_attempts (
	user_id text COLLATE "C" PRIMARY KEY,
	data    text NOT NULL
);
CREATE TABLE puzzle_pool (
	guild text COLLATE "C" NOT NULL,
	id    text COLLATE "C" NOT NULL,
	data  text NOT NULL,
	PRIMARY KEY (guild, id)
);
