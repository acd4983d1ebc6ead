package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/pgstore"
)

// lockWait is how long volobot waits for another process's lock on the
// database before it gives up.
const lockWait = time.Second

// openDatabase opens the game database the configuration names: a bbolt
// file, or PostgreSQL for a URL (postgres://…). volobot opens it before
// anything else starts, the sandbox's page and the connection to Discord
// included, so that a second volobot on the same file stops at once with
// a sentence naming the file. Many volobots may share one PostgreSQL
// database, each with a replica name of its own.
func openDatabase(ctx context.Context, cfg bot.Config) (store.Backend, error) {
	if store.IsPostgresURL(cfg.Database) {
		st, err := pgstore.Open(ctx, cfg.Database, pgstore.Options{Owner: cfg.Replica})
		if err != nil {
			return nil, fmt.Errorf("open the PostgreSQL database: %w", err)
		}
		return st, nil
	}
	path := cfg.Database
	st, err := store.Open(path, store.Options{Timeout: lockWait})
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%s is in use by another volobot or volo db command (%w); stop it first", path, store.ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return st, nil
}
