-- The interactions the bot took lately (store.TakeInteraction), each with
-- the follow-ups sent with its token (store.SpendFollowUp), so that a
-- replay, a retry at another process or one after a restart acts once:
-- at is when it was taken, in unix nanoseconds, from its record, and the
-- store forgets it store.InteractionMemory later.
CREATE TABLE interactions (
	id     text PRIMARY KEY,
	at     bigint NOT NULL,
	record text NOT NULL
);
CREATE INDEX interactions_at ON interactions (at);
