package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
)

// ClaimBot records that the database holds the games of the bot with
// Discord user ID bot, the first time it is asked, and otherwise checks
// that it does: a database that another bot claimed is refused with
// a *store.OtherBotError, and left as it is.
func (s *Store) ClaimBot(bot string) error {
	if bot == "" {
		return fmt.Errorf("%w: a claim needs the bot's user ID", store.ErrInvalid)
	}
	var have string
	err := s.write("claim the database for bot "+bot, func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO bot (id) VALUES ($1) ON CONFLICT DO NOTHING", bot); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "SELECT id FROM bot").Scan(&have)
	})
	if err != nil {
		return err
	}
	if have != bot {
		return &store.OtherBotError{Owner: have, Bot: bot}
	}
	return nil
}
