package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/volo-discord/volo/internal/atomicfile"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// The sandbox keeps its world, the stand-in's server with its channels, threads and people, in
// a file beside the bot's database, so that the games kept there can still be reached after a
// restart: the bot finds them by channel and player IDs, which stay the same. The file keeps the
// channels' messages too, the latest the stand-in holds of each (fakediscord's KeptMessages), and their
// attachments' bytes in a folder beside it (see attachmentsDir), so that a channel reads after a
// restart as it did before and the bot's buttons there still work.

// worldFormat is the version of the world file's layout; a file of another is refused. A file
// of format 1 without messages, as earlier versions wrote, is read as a world whose channels are
// empty.
const worldFormat = 1

// worldAbout tells a person who opens the file what it is.
const worldAbout = "The Volo sandbox's stand-in for Discord: its server, channels, threads and people " +
	"with their IDs, which the games in the sandbox's database refer to, and the latest messages of each " +
	"channel as the stand-in keeps them (200 unless set; not the ephemeral ones), whose attachments' bytes " +
	"are in the .attachments folder beside this file, one file each named by its ID."

// messageSaveDelay is how long after a message is posted or edited the sandbox writes its world:
// the changes of a move, a few messages in a burst, are written once.
const messageSaveDelay = 300 * time.Millisecond

// worldFile is what the file holds.
type worldFile struct {
	About  string            `json:"about"`
	Format int               `json:"format"`
	World  fakediscord.World `json:"world"`
	// Messages are the channels' messages, without their attachments' bytes.
	Messages []fakediscord.ChannelMessages `json:"messages,omitempty"`
	// Commands names the command each kept message answers, by interaction ID, as the page
	// shows it above the message: "volo challenge".
	Commands map[string]string `json:"commands,omitempty"`
}

// LoadWorld fills a new stand-in, before the bot connects, with the world an earlier run kept in
// path, and its channels with their messages. found is false, and the stand-in untouched, when
// there is no such file: the world is fresh. A file that cannot be read, or whose world does not
// hold together, is an error that names it; the file is left as it is, for a person to look at.
func LoadWorld(srv *fakediscord.Server, path string) (found bool, err error) {
	found, _, err = loadWorld(srv, path, nil)
	return found, err
}

// loadWorld is LoadWorld, which also returns the kept commands' names and tells logf of an
// attachment whose file is gone.
func loadWorld(srv *fakediscord.Server, path string, logf func(string, ...any)) (found bool, commands map[string]string, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil, nil
	}
	if err != nil {
		return false, nil, fmt.Errorf("sandbox: reading the sandbox's world: %w", err)
	}
	var f worldFile
	if err := json.Unmarshal(data, &f); err != nil {
		return true, nil, fmt.Errorf("sandbox: %s does not hold a sandbox world (%v); move it away to start a fresh world", path, err)
	}
	if f.Format != worldFormat {
		return true, nil, fmt.Errorf("sandbox: %s holds a sandbox world of format %d, and this volobot reads format %d", path, f.Format, worldFormat)
	}
	if err := srv.Restore(f.World); err != nil {
		return true, nil, fmt.Errorf("sandbox: %s: %w; move it away to start a fresh world", path, err)
	}
	if err := readAttachments(path, f.Messages, logf); err != nil {
		return true, nil, fmt.Errorf("sandbox: %s: %w; move it away to start a fresh world", path, err)
	}
	if err := srv.RestoreMessages(f.Messages); err != nil {
		return true, nil, fmt.Errorf("sandbox: %s: %w; move it away to start a fresh world", path, err)
	}
	return true, f.Commands, nil
}

// SaveWorld writes the stand-in's world, with its channels' messages, to path atomically: to a
// temporary file beside it, which replaces it once complete, so that a crash leaves the old
// world or the new one. The attachments' bytes are written first, each to a file of its own in
// the folder beside path, and those of messages no longer kept are removed after.
func SaveWorld(srv *fakediscord.Server, path string) error {
	return saveWorld(srv, path, nil)
}

// saveWorld is SaveWorld, keeping with each message that answers a command the command's name,
// as commandName gives it; none without commandName.
func saveWorld(srv *fakediscord.Server, path string, commandName func(interactionID, fallback string) string) error {
	f := worldFile{About: worldAbout, Format: worldFormat, World: srv.World(), Messages: srv.KeptMessages()}
	if commandName != nil {
		f.Commands = commandsOf(f.Messages, commandName)
	}
	files, err := writeAttachments(path, f.Messages)
	if err != nil {
		return fmt.Errorf("sandbox: keeping the world: %w", err)
	}
	data, err := json.MarshalIndent(f, "", "  ")
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
	if err := pruneAttachments(path, files); err != nil {
		return fmt.Errorf("sandbox: keeping the world: %w", err)
	}
	return nil
}

// commandsOf names the commands the messages answer, by interaction ID.
func commandsOf(kept []fakediscord.ChannelMessages, commandName func(interactionID, fallback string) string) map[string]string {
	names := map[string]string{}
	for _, cm := range kept {
		for _, m := range cm.Messages {
			if meta := m.InteractionMetadata; meta != nil && meta.Type == fakediscord.InteractionApplicationCommand {
				names[meta.ID] = commandName(meta.ID, meta.Name)
			}
		}
	}
	return names
}

// Save writes the world to Options.WorldFile now; it does nothing without one. The sandbox saves
// on its own after seeding, whenever a channel or thread is created or renamed, shortly after a
// message is posted or edited, and when it closes.
func (sb *Sandbox) Save() error {
	if sb.opts.WorldFile == "" {
		return nil
	}
	sb.saveMu.Lock() // one write at a time, so that a later world is never overwritten by an earlier
	defer sb.saveMu.Unlock()
	return saveWorld(sb.srv, sb.opts.WorldFile, sb.commandName)
}

// keepWorld saves the world whenever a channel or thread is created or renamed, and
// messageSaveDelay after a message is posted or edited, until the sandbox closes.
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
		var due <-chan time.Time // a message's change waiting to be written
		save := func() {
			due = nil
			if err := sb.Save(); err != nil {
				sb.logf("%v", err)
			}
		}
		for {
			select {
			case e, ok := <-events:
				if !ok {
					return // Close writes what is left
				}
				switch {
				case e.Kind == fakediscord.ChannelCreated || e.Kind == fakediscord.ChannelUpdated:
					save()
				case (e.Kind == fakediscord.MessageCreated || e.Kind == fakediscord.MessageUpdated) && e.Message.VisibleTo == "" && due == nil:
					due = time.After(messageSaveDelay)
				}
			case <-due:
				save()
			}
		}
	}()
}
