package render

import (
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// TestStatusLinesKeepEveryWord sets, in both languages and at every
// size, the statuses with the most words (every way a game ends, at move
// 1000 and after a flight; a flight that cleared; the region question)
// and the start: each takes one or two lines that fit the strip, and
// keeps every word of its status, or of its status without the last move,
// with no ellipsis.
func TestStatusLinesKeepEveryWord(t *testing.T) {
	end := played(t, endBefore, endMove, engine.MaxPlies)
	var scenes []Scene
	for _, res := range []engine.Result{engine.OrangeWins, engine.BlueWins, engine.Draw} {
		for reason := engine.FlockCompleted; reason <= engine.AgreedDraw; reason++ {
			s := end
			s.Outcome = engine.Outcome{Result: res, Reason: reason}
			scenes = append(scenes, s)
		}
	}
	scenes = append(scenes, played(t, flightBefore, flightMove, engine.MaxPlies), regionsScene(t), startScene(t))
	for _, opts := range []Options{{Size: MinSize}, {Size: 555}, {}, {Size: MaxSize}} {
		r := renderer(t, opts)
		var sc scribe
		room := r.lay.w - 2*int(lineEndE*r.lay.em)
		withoutMove := 0
		for _, tag := range []lang.Tag{lang.English, lang.French} {
			for _, s := range scenes {
				s.Lang = tag
				v, err := look(&s)
				if err != nil {
					t.Fatal(err)
				}
				lines := r.statusLines(&sc, &s, &v)
				if len(lines) < 1 || len(lines) > 2 {
					t.Errorf("size %d: %q takes %d lines", r.lay.w, lines, len(lines))
				}
				for _, l := range lines {
					if w := sc.width(r.faces.status, l); w > room || l == "" {
						t.Errorf("size %d: the line %q is %d pixels wide, the strip has %d", r.lay.w, l, w, room)
					}
				}
				got := words(strings.Join(lines, " "))
				switch got {
				case words(statusLine(&s, &v, true)):
				case words(statusLine(&s, &v, false)):
					withoutMove++
				default:
					t.Errorf("size %d: %q says %q, not %q", r.lay.w, lines, got, statusLine(&s, &v, true))
				}
			}
		}
		t.Logf("size %d: %d of %d statuses without their move", r.lay.w, withoutMove, 2*len(scenes))
	}
}

// TestStatusSaysWhatComesNextOnItsSecondLine: a status of several parts
// that fits so has what happened on its first line and what comes next,
// or how the game ended, on its second.
func TestStatusSaysWhatComesNextOnItsSecondLine(t *testing.T) {
	r := renderer(t, Options{})
	var sc scribe
	for _, tc := range []struct {
		scene Scene
		want  []string
	}{
		{startScene(t), []string{"Start", "Orange to play"}},
		{played(t, flightBefore, flightMove, 70), []string{"Move 70 · Blue flew a2:b2-NW4/a2, clearing 1", "Orange to play"}},
		{french(played(t, flightBefore, flightMove, 70)), []string{"Coup 70 · Bleu a fait voler a2:b2-NW4/a2, retirant 1", "À Orange de jouer"}},
		{regionsScene(t), []string{"Orange flies h8:h9-W2:", "which region does Blue keep? A, B or C"}},
		// Too long with its move, the end breaks after a colon, not
		// in the middle of its clause.
		{french(played(t, endBefore, endMove, 135)), []string{"Coup 135 · Orange gagne\u00a0:", "tous ses oiseaux forment une seule nuée."}},
		{played(t, endBefore, endMove, 135), []string{"Move 135 · Orange flew e1:f1-NE1", "Orange wins: all its birds form one flock."}},
	} {
		v, err := look(&tc.scene)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.statusLines(&sc, &tc.scene, &v); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

func TestInTwoBreaksWhereItReadsBest(t *testing.T) {
	r := renderer(t, Options{})
	var sc scribe
	width := func(s string) int { return sc.width(r.faces.status, s) }
	for _, tc := range []struct {
		text string
		room string // the widest line that fits
		want []string
		rank int
	}{
		// Where the parts are joined, though another break is more even.
		{"Move 70 · Blue flew a2-NW4 · Orange to play", "Move 70 · Blue flew a2-NW4", []string{"Move 70 · Blue flew a2-NW4", "Orange to play"}, 2},
		{"Move 135 · Orange wins: all its birds form one flock.", "Orange wins: all its birds form one flock.", []string{"Move 135", "Orange wins: all its birds form one flock."}, 2},
		// After a sign that ends a clause.
		{"Orange flies h8:h9-W2: which region does Blue keep? A, B or C", "which region does Blue keep? A, B or C", []string{"Orange flies h8:h9-W2:", "which region does Blue keep? A, B or C"}, 1},
		// Never at a no-break space; else where the lines are most even.
		{"Bleu gagne\u00a0: Orange a laissé Bleu", "Bleu gagne\u00a0: Orange a", []string{"Bleu gagne\u00a0:", "Orange a laissé Bleu"}, 1},
		{"one two three four", "one two three", []string{"one two", "three four"}, 0},
	} {
		fits := func(s string) bool { return width(s) <= width(tc.room) }
		got, rank := inTwo(tc.text, fits, width)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || rank != tc.rank {
			t.Errorf("inTwo(%q) = %q, %d; want %q, %d", tc.text, got, rank, tc.want, tc.rank)
		}
	}
	if got, rank := inTwo("one two three", func(s string) bool { return len(s) <= 3 }, width); rank != -1 || got != nil {
		t.Errorf("three words in two lines of three letters: %q, %d", got, rank)
	}
}

// words returns the words of s, one space apart, without the dots that
// join a status's parts.
func words(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '·' }), " ")
}
