package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/volo-discord/volo/internal/atomicfile"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// The sandbox keeps its world, the stand-in's server with its channels, threads and people, in
// a file beside the bot's database, so that the games kept there can still be reached after a
// restart: the bot finds them by channel and player IDs, which stay the same.

// worldFormat is the version of the world file's layout; a file of another is refused.
const worldFormat = 1

// worldAbout tells a person who opens the file what it is.
const worldAbout = "The Volo sandbox's stand-in for Discord: its server, channels, threads and people " +
	"with their IDs, which the games in the sandbox's database refer to. Messages are not kept."

// worldFile is what the file holds.
type worldFile struct {
	About  string            `json:"about"`
	Format int               `json:"format"`
	World  fakediscord.World `json:"world"`
}

// LoadWorld fills a new stand-in, before the bot connects, with the world an earlier run kept in
// path. found is false, and the stand-in untouched, when there is no such file: the world is
// fresh. A file that cannot be read, or whose world does not hold together, is an error that
// names it; the file is left as it is, for a person to look at.
func LoadWorld(srv *fakediscord.Server, path string) (found bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("sandbox: reading the sandbox's world: %w", err)
	}
	var f worldFile
	if err := json.Unmarshal(data, &f); err != nil {
		return true, fmt.Errorf("sandbox: %s does not hold a sandbox world (%v); move it away to start a fresh world", path, err)
	}
	if f.Format != worldFormat {
		return true, fmt.Errorf("sandbox: %s holds a sandbox world of format %d, and this volobot reads format %d", path, f.Format, worldFormat)
	}
	if err := srv.Restore(f.World); err != nil {
		return true, fmt.Errorf("sandbox: %s: %w; move it away to start a fresh world", path, err)
	}
	return true, nil
}

// SaveWorld writes the stand-in's world to path atomically: to a temporary file beside it,
// which replaces it once complete, so that a crash leaves the old world or the new one.
func SaveWorld(srv *fakediscord.Server, path string) error {
	data, err := json.MarshalIndent(worldFile{About: worldAbout, Format: worldFormat, World: srv.World()}, "", "  ")
	if err != nil {
		return fmt.Errorf("sandbox: keeping the world: %w", err)
	}
	err = atomicfile.Write(path, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
	if err != nil {
		return fmt.Errorf("sandbox: keeping the world: %w", err)
	}
	return nil
}

// Save writes the world to Options.WorldFile now; it does nothing without one. The sandbox saves
// on its own after seeding, whenever a channel or thread is created or renamed, and when it
// closes.
func (sb *Sandbox) Save() error {
	if sb.opts.WorldFile == "" {
		return nil
	}
	sb.saveMu.Lock() // one write at a time, so that a later world is never overwritten by an earlier
	defer sb.saveMu.Unlock()
	return SaveWorld(sb.srv, sb.opts.WorldFile)
}

// keepWorld saves the world whenever a channel or thread is created or renamed, until the
// sandbox closes.
func (sb *Sandbox) keepWorld() {
	ctx, cancel := context.WithCancel(context.Background())
	events := sb.srv.Subscribe(ctx)
	stopped := make(chan struct{})
	sb.stopKeeping = func() {
		cancel()
		<-stopped
	}
	go func() {
		defer close(stopped)
		for e := range events {
			if e.Kind != fakediscord.ChannelCreated && e.Kind != fakediscord.ChannelUpdated {
				continue
			}
			if err := sb.Save(); err != nil {
				sb.logf("%v", err)
			}
		}
	}()
}
