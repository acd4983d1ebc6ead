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
// words it holds (package bot's in seven).
var parts = []string{"common", "engine", "render", "bot", "botplay", "review", "puzzle", "activity", "vacation", "plans", "tournament"}

// load reads the parts of the catalogue from messages/ in fsys, in
// order, and returns their messages and the files they are in. A file
// there that is not a part is an error, so that no words are left out
// unseen.
func load(fsys fs.FS, parts []string) ([]Message, []source, error) {
	var all []Message
	srcs := make([]source, 0, len(parts))
	for _, part := range parts {
		name := path.Join("messages", part+".yaml")
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, nil, fmt.Errorf("reading the catalogue: %w", err)
		}
		msgs, err := parse(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		all = append(all, msgs...)
		srcs = append(srcs, source{name: name, data: data, n: len(msgs)})
	}
	names, err := fs.Glob(fsys, "messages/*.yaml")
	if err != nil {
		return nil, nil, fmt.Errorf("listing the catalogue: %w", err)
	}
	for _, name := range names {
		if !slices.Contains(parts, strings.TrimSuffix(path.Base(name), ".yaml")) {
			return nil, nil, fmt.Errorf("%s is not a part of the catalogue (lang's parts)", name)
		}
	}
	return all, srcs, nil
}

// source is a file of the catalogue as load read it: its name, its bytes
// and the number of its messages, kept to say where a message is.
type source struct {
	name string
	data []byte
	n    int
}

// position is where a message is: its file and the line of its entry.
type position struct {
	name string
	line int
}

// where says where the i-th message load returned is, reading its file
// again as a tree: only an error pays for that.
func where(srcs []source, i int) position {
	j := i
	for _, src := range srcs {
		if j < src.n {
			return position{src.name, lines(src.data)[j]}
		}
		j -= src.n
	}
	panic(fmt.Sprintf("lang: no message %d in the catalogue's files", i))
}
