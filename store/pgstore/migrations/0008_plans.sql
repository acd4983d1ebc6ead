-- Players' plans (conditional moves) in the games being played
-- (store.Store.Plans): a player's lines as JSON, under the game's channel
-- and the player. A game that ends, or is deleted or discarded, takes its
-- plans with it.
CREATE TABLE plans (
	channel text COLLATE "C" NOT NULL REFERENCES active_games ON DELETE CASCADE,
	user_id text COLLATE "C" NOT NULL,
	data    text NOT NULL,
	PRIMARY KEY (channel, user_id)
);
