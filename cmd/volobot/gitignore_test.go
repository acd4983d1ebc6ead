package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSandboxFilesAreIgnored asks that every file the sandbox writes
// beside the configured database is one git ignores, so that trying the
// sandbox in a checkout leaves nothing to commit by mistake.
func TestSandboxFilesAreIgnored(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	db := sandboxDatabase("volo.db")
	world := sandboxWorldFile(db)
	for _, name := range []string{db, db + ".lock", world, world + ".123456.tmp"} {
		if !ignored(t, string(data), name) {
			t.Errorf(".gitignore does not ignore %s, which the sandbox writes", name)
		}
	}
}

// ignored reports whether a file name at the top of the checkout matches a
// line of gitignore, as git reads a pattern without a slash: against the
// name, with the last matching line (a "!" one un-ignoring) deciding.
func ignored(t *testing.T, gitignore, name string) bool {
	t.Helper()
	out := false
	for line := range strings.Lines(gitignore) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pattern, negate := strings.CutPrefix(line, "!")
		pattern = strings.TrimPrefix(pattern, "/")
		ok, err := filepath.Match(pattern, name)
		if err != nil {
			t.Fatalf("the .gitignore line %q: %v", line, err)
		}
		if ok {
			out = !negate
		}
	}
	return out
}
