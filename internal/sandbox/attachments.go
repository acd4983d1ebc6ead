package sandbox

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/volo-discord/volo/internal/atomicfile"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// The kept messages' attachments, board images mostly, are kept apart from the world file, each
// in a file of its own named by its ID in a folder beside it: an attachment never changes once
// posted, so each is written once, and the world file, written after every move, stays small.

// attachmentsDir is the folder beside the world file that holds its attachments' bytes:
// volo-sandbox.world.json keeps them in volo-sandbox.world.attachments.
func attachmentsDir(worldPath string) string {
	return strings.TrimSuffix(worldPath, filepath.Ext(worldPath)) + ".attachments"
}

// attachmentFile is where an attachment's bytes are kept. An ID is a snowflake, digits only, so
// that a file edited by hand cannot name a path elsewhere.
func attachmentFile(dir, id string) (string, error) {
	if id == "" || strings.Trim(id, "0123456789") != "" {
		return "", fmt.Errorf("attachment ID %q is not a snowflake", id)
	}
	return filepath.Join(dir, id), nil
}

// writeAttachments writes the bytes of the kept messages' attachments that are not written yet,
// and returns the names of the files every kept attachment has.
func writeAttachments(worldPath string, kept []fakediscord.ChannelMessages) (map[string]bool, error) {
	dir := attachmentsDir(worldPath)
	files := map[string]bool{}
	for _, cm := range kept {
		for _, m := range cm.Messages {
			for _, a := range m.Attachments {
				if a.Data == nil {
					continue
				}
				path, err := attachmentFile(dir, a.ID)
				if err != nil {
					return nil, err
				}
				files[a.ID] = true
				if _, err := os.Stat(path); err == nil {
					continue // written before: an attachment never changes
				}
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return nil, fmt.Errorf("the attachments' folder: %w", err)
				}
				err = atomicfile.Write(path, func(w io.Writer) error {
					_, err := w.Write(a.Data)
					return err
				})
				if err != nil {
					return nil, err
				}
			}
		}
	}
	return files, nil
}

// pruneAttachments removes the files of attachments no kept message has any longer, once the
// world that no longer refers to them is written.
func pruneAttachments(worldPath string, keep map[string]bool) error {
	dir := attachmentsDir(worldPath)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("the attachments' folder: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || keep[e.Name()] {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("an attachment no longer kept: %w", err)
		}
	}
	return nil
}

// readAttachments gives the kept messages' attachments their bytes back from their files. An
// attachment whose file is gone is left out of its message, and logf, when set, told so.
func readAttachments(worldPath string, kept []fakediscord.ChannelMessages, logf func(string, ...any)) error {
	dir := attachmentsDir(worldPath)
	for i := range kept {
		for j := range kept[i].Messages {
			m := &kept[i].Messages[j]
			attachments := m.Attachments[:0:0]
			for _, a := range m.Attachments {
				path, err := attachmentFile(dir, a.ID)
				if err != nil {
					return err
				}
				data, err := os.ReadFile(path)
				if errors.Is(err, fs.ErrNotExist) {
					if logf != nil {
						logf("sandbox: the file of %s, attached to message %s, is no longer in %s: the message is shown without it", a.Filename, m.ID, dir)
					}
					continue
				}
				if err != nil {
					return fmt.Errorf("an attachment's bytes: %w", err)
				}
				a.Data = data
				attachments = append(attachments, a)
			}
			m.Attachments = attachments
		}
	}
	return nil
}
