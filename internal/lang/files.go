package lang

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// files holds the catalogue's words: messages/*.yaml, one file a part,
// in the format messages/README.md describes for translators.
//
//go:embed messages/*.yaml
var files embed.FS

// parts name the files of messages/ in the order Messages lists their
// words: the words many packages use, then one part per package whose
// words it holds (package bot's in four).
var parts = []string{"common", "engine", "render", "bot", "botplay", "review", "puzzle"}

// load reads the parts of the catalogue from messages/ in fsys, in
// order. A file there that is not a part is an error, so that no words
// are left out unseen.
func load(fsys fs.FS, parts []string) ([]Message, error) {
	var all []Message
	for _, part := range parts {
		name := path.Join("messages", part+".yaml")
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("reading the catalogue: %w", err)
		}
		msgs, err := parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		all = append(all, msgs...)
	}
	names, err := fs.Glob(fsys, "messages/*.yaml")
	if err != nil {
		return nil, fmt.Errorf("listing the catalogue: %w", err)
	}
	for _, name := range names {
		if !slices.Contains(parts, strings.TrimSuffix(path.Base(name), ".yaml")) {
			return nil, fmt.Errorf("%s is not a part of the catalogue (lang's parts)", name)
		}
	}
	return all, nil
}
