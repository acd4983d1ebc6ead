package render

import (
	"testing"

	"github.com/volo-discord/volo/engine"
)

func TestStatusLineSaysWhatHappenedAndWhatComesNext(t *testing.T) {
	start := engine.StartPosition()
	added := played(t, engine.StartText, "f5", 1)
	// A pass is seldom legal; the line only needs the scene.
	passed := Scene{Position: mustPosition(t, "5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 B 1"), Before: start, Last: engine.Pass(), Ply: 1}
	long := played(t, endBefore, endMove, 135)
	long.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.OpponentLeftOneFlock}
	for _, tc := range []struct {
		name     string
		scene    Scene
		withMove bool
		want     string
	}{
		{"start", Scene{Position: start}, true, "Start · Orange to play"},
		{"add", added, true, "Move 1 · Orange added f5 · Blue to play"},
		{"pass", passed, true, "Move 1 · Orange passed · Blue to play"},
		{"flight clearing", played(t, flightBefore, flightMove, 70), true, "Move 70 · Blue flew a2:b2-NW4/a2, clearing 1 · Orange to play"},
		{"won", played(t, endBefore, endMove, 135), true, "Move 135 · Orange flew e1:f1-NE1 · Orange wins: all its birds form one flock."},
		{"won, short", long, false, "Move 135 · Blue wins: Orange's move left all of Blue's birds in one flock."},
		{"pending", regionsScene(t), true, "Orange flies h8:h9-W2: which region does Blue keep? A, B or C"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := look(&tc.scene)
			if tc.scene.Last.Kind == engine.KindPass {
				v, err = view{pos: tc.scene.Position, mover: tc.scene.Before.ToMove()}, nil
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := statusLine(&tc.scene, &v, tc.withMove); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

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
