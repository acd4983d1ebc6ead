package render

import (
	"testing"

	"github.com/volo-discord/volo/engine"
)

func TestLookMarksWhatTheLastMoveDid(t *testing.T) {
	v, err := look(&Scene{})
	if err != nil || v.ringed != nil || v.ghosts != nil || v.removed != nil || v.winner {
		t.Errorf("a bare position marks something: %+v, %v", v, err)
	}
	s := played(t, flightBefore, flightMove, 70)
	if v, err = look(&s); err != nil {
		t.Fatal(err)
	}
	if got := names(v.ringed); got != "e2 f2" {
		t.Errorf("ringed %s, want the landing points e2 f2", got)
	}
	if got := names(v.ghosts); got != "a2 b2" {
		t.Errorf("ghosts %s, want the starting points a2 b2", got)
	}
	if got := names(v.removed); got != "e1" || v.mover != engine.Blue {
		t.Errorf("removed %s by %v, want e1 by Blue", got, v.mover)
	}
	s = played(t, endBefore, endMove, 135)
	if v, _ = look(&s); !v.winner || v.winColor != engine.Orange {
		t.Errorf("winner %v %v, want Orange's flock", v.winner, v.winColor)
	}
	s = regionsScene(t)
	if v, _ = look(&s); len(v.regions) != 3 || v.pos.Count(engine.Blue) != s.Position.Count(engine.Blue) {
		t.Errorf("pending flight: %d regions and %d blue birds, want 3 and all %d", len(v.regions), v.pos.Count(engine.Blue), s.Position.Count(engine.Blue))
	}
}

func names(ps []engine.Point) string {
	var s string
	for i, p := range ps {
		if i > 0 {
			s += " "
		}
		s += p.String()
	}
	return s
}

func TestRegionLetters(t *testing.T) {
	for i, want := range map[int]string{0: "A", 2: "C", 25: "Z", 26: "AA", 27: "AB", 52: "BA"} {
		if got := regionLetter(i); got != want {
			t.Errorf("regionLetter(%d) = %q, want %q", i, got, want)
		}
	}
}
