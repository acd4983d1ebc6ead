package atomicfile_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/volo-discord/volo/internal/atomicfile"
)

func TestWrite(t *testing.T) {
	failed := errors.New("disk on fire")
	for _, tt := range []struct {
		name  string
		write func(io.Writer) error
		err   error  // nil: the write takes
		want  string // what path holds afterwards
	}{
		{"a whole write replaces the file", func(w io.Writer) error {
			_, err := io.WriteString(w, "new")
			return err
		}, nil, "new"},
		{"a failed write leaves the old file", func(w io.Writer) error {
			_, _ = io.WriteString(w, "ne")
			return failed
		}, failed, "old"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "world.json")
			if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			err := atomicfile.Write(path, tt.write)
			if !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Fatalf("Write: %v, want %v", err, tt.err)
			}
			if got, _ := os.ReadFile(path); string(got) != tt.want {
				t.Errorf("the file holds %q, want %q", got, tt.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%d files in the folder, want only the file itself", len(entries))
			}
		})
	}
}

func TestWriteIntoAMissingFolderSaysWhere(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gone", "world.json")
	err := atomicfile.Write(path, func(io.Writer) error { return nil })
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Write: %v, want a missing folder", err)
	}
	if got, want := err.Error(), "write "+path; len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("the error %q does not start with %q", got, want)
	}
}

func ExampleWrite() {
	path := filepath.Join(os.TempDir(), "atomicfile-example.txt")
	defer os.Remove(path)
	err := atomicfile.Write(path, func(w io.Writer) error {
		_, err := fmt.Fprintln(w, "all or nothing")
		return err
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	data, _ := os.ReadFile(path)
	fmt.Print(string(data))
	// Output: all or nothing
}
