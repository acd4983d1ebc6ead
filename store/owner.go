package store

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// botKey is the key, in the meta bucket, of the Discord user ID of the
// bot whose games the file holds.
var botKey = []byte("bot")

// ClaimBot records that the database holds the games of the bot with
// Discord user ID bot, the first time it is asked, and otherwise checks
// that it does: a database that another bot claimed is refused with an
// *OtherBotError, and left as it is. The bot calls it before it acts on
// what Discord tells it, so that a token of another application, pointed
// at this database by mistake, cannot take the servers it is not in for
// servers that removed this bot.
func (s *Store) ClaimBot(bot string) error {
	if bot == "" {
		return fmt.Errorf("%w: a claim needs the bot's user ID", ErrInvalid)
	}
	var have string
	err := s.view(func(tx *bolt.Tx) error {
		have = string(tx.Bucket(bucketMeta).Get(botKey))
		return nil
	})
	switch {
	case err != nil:
		return err
	case have == bot:
		return nil
	case have != "":
		return &OtherBotError{Owner: have, Bot: bot}
	}
	return s.commit(func(tx *bolt.Tx) (func() error, error) {
		meta := tx.Bucket(bucketMeta)
		if have := string(meta.Get(botKey)); have != "" && have != bot {
			return nil, &OtherBotError{Owner: have, Bot: bot}
		}
		return func() error { return meta.Put(botKey, []byte(bot)) }, nil
	})
}
