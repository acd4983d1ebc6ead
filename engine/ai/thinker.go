package ai

import (
	"context"

	"github.com/volo-discord/volo/engine"
)

// Thinker plays at whichever level each call names: the form a server
// hosting many games against the computer asks for. It is safe for
// concurrent use.
type Thinker struct {
	players [Hard + 1]Player
}

// NewThinker returns a Thinker whose players all share opts. The zero
// Options give every level its own thinking time, as the bot plays them;
// a non-zero opts.Budget replaces every level's own, which makes tests
// quick and repeatable.
func NewThinker(opts Options) *Thinker {
	t := &Thinker{}
	for _, l := range Levels() {
		t.players[l], _ = New(l, opts)
	}
	return t
}

// Think returns the move the player of the named level (see ParseLevel)
// would play in pos under rules, or ctx.Err() when ctx ends first. An
// unknown level is an error naming it.
func (t *Thinker) Think(ctx context.Context, pos engine.Position, rules engine.Rules, level string) (engine.Move, error) {
	l, err := ParseLevel(level)
	if err != nil {
		return engine.Move{}, err
	}
	return t.players[l].Move(ctx, pos, rules)
}
