package activity

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// positions plays random games under rules and returns every position
// met, the start included, so that the board's layout of legal moves is
// checked over openings, middle games and ends, splits among them.
func positions(t testing.TB, rules engine.Rules, games int, seed uint64) []engine.Position {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var out []engine.Position
	for range games {
		pos := engine.StartPosition()
		for ply := 0; ply < 200; ply++ {
			out = append(out, pos)
			moves := pos.LegalMoves(rules)
			if len(moves) == 0 {
				break
			}
			next, o := pos.Apply(moves[rnd.IntN(len(moves))], rules)
			if o.Over() {
				break
			}
			pos = next
		}
	}
	return out
}

// TestLegalReachesEveryMoveOnce checks that the board's layout offers
// every legal move of the engine, and nothing else, each by exactly one
// click path: an add by its point, a flight by its source and target, a
// flight that splits the opponent by its source, target and region.
func TestLegalReachesEveryMoveOnce(t *testing.T) {
	splits, inFile, sideBySide := 0, 0, 0
	for _, rules := range []engine.Rules{engine.Standard, engine.LastAct} {
		for _, pos := range positions(t, rules, 12, uint64(rules)+1) {
			want := map[string]bool{}
			for _, m := range pos.LegalMoves(rules) {
				if m.Kind != engine.KindPass {
					want[m.String()] = true
				}
			}
			l := legal(pos, rules, lang.English)
			got := map[string]int{}
			for _, a := range l.Adds {
				got[a.Move]++
				if a.Point != a.Move {
					t.Fatalf("%s: add %s is offered on %s", pos, a.Move, a.Point)
				}
			}
			for _, src := range l.Sources {
				targets := map[string]bool{}
				for _, f := range src.Flights {
					if targets[f.Target] {
						t.Fatalf("%s: two flights of %v land their lead on %s", pos, src.Ends, f.Target)
					}
					targets[f.Target] = true
					if m, err := engine.ParseMove(f.Move); err == nil && m.Length() > 1 {
						if d, _, _ := engine.Line(m.From, m.To); d == m.Dir || d == m.Dir.Opposite() {
							inFile++
						} else {
							sideBySide++
						}
					}
					if _, taken := pos.At(mustPoint(t, f.Target)); taken && !slices.Contains(src.Birds, f.Target) {
						t.Fatalf("%s: flight %s's target %s is taken", pos, f.Move, f.Target)
					}
					if len(f.Regions) == 0 {
						got[f.Move]++
						continue
					}
					splits++
					if len(f.Regions) < 2 {
						t.Fatalf("%s: flight %s splits the opponent into %d region", pos, f.Move, len(f.Regions))
					}
					seen := map[string]bool{}
					for _, r := range f.Regions {
						got[r.Move]++
						if !slices.Contains(r.Points, r.Badge) {
							t.Fatalf("%s: region %s of %s is lettered outside it, on %s", pos, r.Letter, f.Move, r.Badge)
						}
						for _, p := range r.Points {
							if seen[p] {
								t.Fatalf("%s: %s lies in two regions of %s", pos, p, f.Move)
							}
							seen[p] = true
						}
					}
				}
			}
			for m, n := range got {
				if !want[m] {
					t.Fatalf("%s: the board offers %s, which is not legal", pos, m)
				}
				if n != 1 {
					t.Fatalf("%s: the board offers %s %d times", pos, m, n)
				}
			}
			for m := range want {
				if got[m] == 0 {
					t.Fatalf("%s: the board does not offer %s", pos, m)
				}
			}
		}
	}
	if splits == 0 || inFile == 0 || sideBySide == 0 {
		t.Fatalf("%d flights split the opponent, %d lines flew in file and %d side by side: some went unchecked", splits, inFile, sideBySide)
	}
}

// TestNotesSayWhatEndsTheGame checks the notes of moves that win or hand
// the opponent the win, in both languages.
func TestNotesSayWhatEndsTheGame(t *testing.T) {
	found := map[string]bool{}
	for _, pos := range positions(t, engine.Standard, 20, 7) {
		for _, tag := range []lang.Tag{lang.English, lang.French} {
			l := legal(pos, engine.Standard, tag)
			for _, a := range l.Adds {
				if a.Note != "" {
					found[a.Note] = true
				}
			}
			for _, src := range l.Sources {
				for _, f := range src.Flights {
					if f.Note != "" {
						found[f.Note] = true
					}
					for _, r := range f.Regions {
						if r.Note != "" {
							found[r.Note] = true
						}
					}
				}
			}
		}
	}
	for _, want := range []string{"wins the game", "gagne la partie"} {
		if !found[want] {
			t.Errorf("no move is noted %q; notes seen: %v", want, found)
		}
	}
}

func mustPoint(t *testing.T, s string) engine.Point {
	t.Helper()
	p, err := engine.ParsePoint(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLegalWhereLeavesOutWhatEndsTheGame checks the layout of the
// opponent's moves a plan may answer: every legal move that leaves the
// game going, once, and none that ends it (no reply can follow those).
func TestLegalWhereLeavesOutWhatEndsTheGame(t *testing.T) {
	left := 0
	for _, rules := range []engine.Rules{engine.Standard, engine.LastAct} {
		for _, pos := range positions(t, rules, 12, uint64(rules)+7) {
			goesOn := func(m engine.Move) bool { _, o := pos.Apply(m, rules); return !o.Over() }
			want := map[string]bool{}
			for _, m := range pos.LegalMoves(rules) {
				if m.Kind == engine.KindPass {
					continue
				}
				if goesOn(m) {
					want[m.String()] = true
				} else {
					left++
				}
			}
			got := map[string]int{}
			l := legalWhere(pos, rules, lang.English, goesOn)
			for _, a := range l.Adds {
				got[a.Move]++
			}
			for _, src := range l.Sources {
				if len(src.Flights) == 0 {
					t.Fatalf("%s: %v is offered with no flight", pos, src.Ends)
				}
				for _, f := range src.Flights {
					if len(f.Regions) == 0 {
						got[f.Move]++
					}
					for _, r := range f.Regions {
						got[r.Move]++
					}
				}
			}
			for m := range want {
				if got[m] != 1 {
					t.Fatalf("%s: %s, which leaves the game going, is offered %d times", pos, m, got[m])
				}
			}
			for m := range got {
				if !want[m] {
					t.Fatalf("%s: %s is offered, which ends the game or is not legal", pos, m)
				}
			}
		}
	}
	if left == 0 {
		t.Fatal("no move ended a game: nothing was left out, so nothing was checked")
	}
}
