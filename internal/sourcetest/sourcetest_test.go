package sourcetest_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/volo-discord/volo/internal/sourcetest"
)

func TestLiterals(t *testing.T) {
	dir := filepath.Join("testdata", "sample")
	got, err := sourcetest.Literals(dir, map[string]int{"refuse": 0, "Sprintf": 0, "illegal": 1})
	if err != nil {
		t.Fatal(err)
	}
	type found struct {
		line       int
		fn, format string
	}
	var short []found
	for _, l := range got {
		short = append(short, found{l.Pos.Line, l.Func, l.Text})
	}
	// fmt's Sprintf, a name rather than a literal, a missing argument and
	// the test file are passed over.
	want := []found{
		{14, "refuse", "You cannot play %s."},
		{15, "Sprintf", "It is %s's turn."},
		{16, "illegal", "a bird on %s"},
	}
	if !reflect.DeepEqual(short, want) {
		t.Errorf("Literals:\n got %v\nwant %v", short, want)
	}
}

func TestLiteralsOfBrokenSource(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "broken.go"), []byte("package broken\nfunc {"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := sourcetest.Literals(dir, map[string]int{"refuse": 0}); err == nil {
		t.Error("source that does not parse gave no error")
	}
}
