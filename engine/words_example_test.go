package engine_test

import (
	"errors"
	"fmt"

	"github.com/volo-discord/volo/engine"
)

// A refusal words itself with any Sprintf that takes the English format
// as the key of its translation, as internal/lang's does; here a small
// table of French stands for the catalogue. The clause "a Blue bird" is
// an argument that words itself in turn.
func ExampleIllegalMoveError_Words() {
	french := map[string]string{
		"%s already holds %s: add a bird on an empty point.": "Il y a déjà %[2]s en %[1]s : ajoutez un oiseau sur une intersection libre.",
		"a Blue bird": "un oiseau bleu",
	}
	var sprintf func(format string, args ...any) string
	sprintf = func(format string, args ...any) string {
		args = append([]any(nil), args...) // the caller's, not ours to change
		for i, a := range args {
			if w, ok := a.(interface {
				Words(func(string, ...any) string) string
			}); ok {
				args[i] = w.Words(sprintf)
			}
		}
		return fmt.Sprintf(french[format], args...)
	}
	m, _ := engine.ParseMove("b7")
	_, err := engine.StartPosition().Check(m, engine.Standard)
	var refusal *engine.IllegalMoveError
	if errors.As(err, &refusal) {
		fmt.Println(refusal.Error())
		fmt.Println(refusal.Words(sprintf))
	}
	// Output:
	// b7 already holds a Blue bird: add a bird on an empty point.
	// Il y a déjà un oiseau bleu en b7 : ajoutez un oiseau sur une intersection libre.
}

// DescribeWords describes a move as Describe does, in the language of the
// Sprintf it is given: fmt.Sprintf for English.
func ExamplePosition_DescribeWords() {
	p := engine.StartPosition()
	for _, s := range []string{"f5", "c3"} {
		m, _ := engine.ParseMove(s)
		fmt.Println(p.DescribeWords(m, engine.Standard, fmt.Sprintf))
	}
	// Output:
	// adds a bird at f5
	// c3 is next to your bird on b2: a new bird may not touch your own birds.
}
