package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/volo-discord/volo/store"
)

// lockWait is how long volobot waits for another process's lock on the
// database before it gives up.
const lockWait = time.Second

// openDatabase opens the game database at path. volobot opens it before
// anything else starts, the sandbox's page and the connection to Discord
// included, so that a second volobot on the same file stops at once with
// a sentence naming the file.
func openDatabase(path string) (*store.Store, error) {
	st, err := store.Open(path, store.Options{Timeout: lockWait})
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%s is in use by another volobot or volo db command (%w); stop it first", path, store.ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return st, nil
}
