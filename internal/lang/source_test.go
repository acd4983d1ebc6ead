package lang

import (
	"path/filepath"
	"testing"

	"github.com/volo-discord/volo/internal/sourcetest"
)

// translated are the packages whose words the catalogue holds, from the
// module's root.
var translated = []string{"bot", "engine", "render", "activity"}

// formatArg names the calls whose argument is a message of the catalogue,
// and which argument (from 0). Methods named Sprintf and Sprint count
// unless called on package fmt.
var formatArg = map[string]int{
	"Sprintf": 0, // lang.Tag's
	"Sprint":  0, // lang.Tag's
	"Format":  0, // lang.Tag's
	"sprintf": 0, // a language's Sprintf passed to a Words method
	"refuse":  0, // bot: a refusal, worded when answered
	"illegal": 1, // engine: a refused move
	"phrase":  0, // engine: words kept to be said in a language
}

// TestEveryMessageIsInTheCatalogue reads the translated packages and
// checks that every message they pass to a translating call, as a
// literal, is in the catalogue, so no sentence stays English in French.
func TestEveryMessageIsInTheCatalogue(t *testing.T) {
	for _, dir := range translated {
		for _, call := range messageCalls(t, filepath.Join("..", "..", dir)) {
			if !Has(call.Text) {
				t.Errorf("%s: %q is not in the catalogue", call.Pos, call.Text)
			}
		}
	}
}

// messageCalls finds the literal messages passed to translating calls in
// the non-test Go files of dir.
func messageCalls(t *testing.T, dir string) []sourcetest.Literal {
	t.Helper()
	calls, err := sourcetest.Literals(dir, formatArg)
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) == 0 {
		t.Fatalf("%s: no message passed to a translating call; is it still where the test looks?", dir)
	}
	return calls
}
