package bot

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// The picker's positions with more choices than a select menu holds.
const (
	// manySingles: 35 single Orange birds, none touching another, every
	// one able to fly: "Which bird flies?" goes by row first.
	manySingles = "O2OB/3O4/O1O2O1O1/4O4O/1O1O2O1O2/O4O5O/1O1O2O1O1/O5O5/2O1O3O1O/O5O3/2O1O3O/O5O1/BO1O1 O 0"
	// everyOtherRow: Orange fills rows a, c, e, i, k and m: 80 lines can
	// fly, at most 18 from one row, so "Which line flies?" goes by row
	// first and every row fits a menu.
	everyOtherRow = "OOOOO/8/OOOOOOOOO/10/OOOOOOOOOOO/12/B8B/12/OOOOOOOOOOO/10/OOOOOOOOO/8/OOOOO O 0"
	// longFlights: the bird on e6 alone, with Orange birds beside every
	// point of its six rays: it has 32 flights, so "Where does e6 fly?"
	// goes by direction first.
	longFlights = "5/8/O7O/1O6O1/11/3O4O3/10/4O2O4/5O5/OO4O1OO/4O4/B5B1/1O1O1 O 0"
)

// crowdedRowGame is a game of 58 moves, from the start, after which 26
// lines whose lower end is on row d can fly.
const crowdedRowGame = "d3 a2 b6 k4 b2-E3 f7 e2 k4-SE5 e6 j6 g6 h5 b5:b6-NW2 j2 e2-E2 h5-NE3 b4 j6:k5-NE2 d3:e4-E1 i5 e9 g2-SE5 g12-SW3 k4 d9:e9-W2 k4-W3 c8 h8 g8 g12 d2 d8 b6 d8-NE3 c8-NW1 f7:f8-E4 g8-SE2 f3 g8 e9 g8-SW1 i5-E3 b8 k4 b1 i1 b1-NW2 h8:i8-NE2 f4 k4-SW4 g6-SW3 b7-NE3 d10 f3:g4-NW2 f4-SE1 c1 d1:d8-E1 l3"

// replayed plays a game's moves from the start and returns the position.
func replayed(t *testing.T, moves string) engine.Position {
	t.Helper()
	g := engine.NewGame(engine.Standard, engine.StartPosition())
	for _, s := range strings.Fields(moves) {
		if _, err := g.PlayNotation(s); err != nil {
			t.Fatalf("move %d, %s: %v", g.Ply()+1, s, err)
		}
	}
	return g.Position()
}

// legalSources returns the sources of the legal flights of a kind (bird
// or line), and the legal flights of each, without their kept region.
func legalSources(pk picker, kind string) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, m := range pk.moves {
		if kindOf(m) != kind {
			continue
		}
		src := sourceOf(m)
		if out[src] == nil {
			out[src] = map[string]bool{}
		}
		out[src][m.Keeping(engine.NoPoint).String()] = true
	}
	return out
}

// pickerGame is the game whose custom IDs the limits are checked with.
var pickerGame = &store.Game{Channel: "1234567890123456789", Created: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}

// In positions with more birds, lines or flights than a menu holds, in
// English and in French, every menu fits Discord's limits and the picker
// reaches every legal move and nothing else.
func TestPickerGroupsReachEveryLegalMove(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, pos string }{
		{"35 single birds", manySingles},
		{"80 lines", everyOtherRow},
		{"a bird with 32 flights", longFlights},
	} {
		for _, tag := range lang.Tags() {
			t.Run(tc.name+"/"+tag.String(), func(t *testing.T) {
				pk := newPicker(enginetest.Position(t, tc.pos), engine.Standard, tag)
				if got, want := walk(t, pk, func(v pickView) { fits(t, v) }), legal(pk); !slices.Equal(got, want) {
					t.Errorf("the picker reaches %d moves, the position has %d legal ones", len(got), len(want))
				}
			})
		}
	}
}

// A kind with more than 25 birds or lines asks for the row first: one
// option per row holding some, its count in words, and each row's menu
// holds exactly that row's birds or lines.
func TestPickerGroupsByRow(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pos, kind, unit string
		atLeast               int // sources, to be sure the position has more than a menu holds
	}{
		{"birds", manySingles, kindBird, "birds", 35},
		{"lines", everyOtherRow, kindLine, "lines", 80},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pk := newPicker(enginetest.Position(t, tc.pos), engine.Standard, lang.English)
			sources := legalSources(pk, tc.kind)
			if len(sources) < tc.atLeast {
				t.Fatalf("%d %s can fly, want %d or more", len(sources), tc.unit, tc.atLeast)
			}
			byRow := map[string][]string{}
			for src := range sources {
				byRow[src[:1]] = append(byRow[src[:1]], src)
			}
			v, ok := pk.choose(actKind, "", tc.kind)
			if !ok || v.menu == nil {
				t.Fatalf("choosing %s: %q, %v", tc.kind, v.content, ok)
			}
			if v.menu.action != actRow || v.menu.arg != tc.kind || !strings.Contains(v.content, "First the row") {
				t.Fatalf("%d %s offered without a row first: %q (%s/%s)", len(sources), tc.unit, v.content, v.menu.action, v.menu.arg)
			}
			var rows []string
			for _, o := range v.menu.options {
				r := o.value
				rows = append(rows, r)
				if o.label != "Row "+r {
					t.Errorf("row option %q for row %q", o.label, r)
				}
				if want := lang.English.Sprintf("%d "+tc.unit, len(byRow[r])); o.description != want {
					t.Errorf("row %s says %q, want %q", r, o.description, want)
				}
			}
			if want := slices.Sorted(maps.Keys(byRow)); !slices.Equal(slices.Sorted(slices.Values(rows)), want) || len(rows) != len(want) {
				t.Errorf("rows offered %q, want each of %q once", rows, want)
			}
			reached := map[string]bool{}
			for _, r := range rows {
				in, ok := pk.choose(actRow, tc.kind, r)
				if !ok || in.menu == nil || in.menu.action != actSource {
					t.Fatalf("row %s: %q, %v", r, in.content, ok)
				}
				fits(t, in)
				var got []string
				for _, o := range in.menu.options {
					got = append(got, o.value)
					reached[o.value] = true
				}
				if want := slices.Sorted(slices.Values(byRow[r])); !slices.Equal(slices.Sorted(slices.Values(got)), want) {
					t.Errorf("row %s offers %q, want %q", r, got, want)
				}
			}
			if len(reached) != len(sources) {
				t.Errorf("the rows reach %d %s of %d", len(reached), tc.unit, len(sources))
			}
		})
	}
}

// A bird with more than 25 flights asks for the direction first: one
// option per direction it can fly in, and each direction's menu holds
// exactly its flights that way, named by where they land.
func TestPickerGroupsByDirection(t *testing.T) {
	t.Parallel()
	pk := newPicker(enginetest.Position(t, longFlights), engine.Standard, lang.English)
	flights := legalSources(pk, kindBird)["e6"]
	if len(flights) <= maxOptions {
		t.Fatalf("e6 has %d flights, want more than %d", len(flights), maxOptions)
	}
	byDir := map[string][]string{}
	for f := range flights {
		m, err := engine.ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		byDir[m.Dir.String()] = append(byDir[m.Dir.String()], f)
	}
	v, ok := pk.choose(actSource, "", "e6")
	if !ok || v.menu == nil || v.menu.action != actDir || v.menu.arg != "e6" || v.content != "Where does e6 fly? First the direction." {
		t.Fatalf("e6's %d flights offered without a direction first: %q", len(flights), v.content)
	}
	fits(t, v)
	var dirs []string
	for _, o := range v.menu.options {
		dirs = append(dirs, o.value)
		if o.label != o.value {
			t.Errorf("direction option %q for %q", o.label, o.value)
		}
	}
	// Each direction once, in the order of engine.Direction's values.
	all := engine.Directions()
	slices.Sort(all[:])
	var want []string
	for _, d := range all {
		if byDir[d.String()] != nil {
			want = append(want, d.String())
		}
	}
	if !slices.Equal(dirs, want) {
		t.Errorf("directions offered %q, want %q", dirs, want)
	}
	reached := 0
	for _, d := range dirs {
		in, ok := pk.choose(actDir, "e6", d)
		if !ok || in.menu == nil || in.menu.action != actMove || in.content != "Where does e6 fly?" {
			t.Fatalf("direction %s: %q, %v", d, in.content, ok)
		}
		fits(t, in)
		var got []string
		for i, o := range in.menu.options {
			m, err := engine.ParseMove(o.value)
			if err != nil || m.Dir.String() != d {
				t.Errorf("direction %s offers %q (%v)", d, o.value, err)
				continue
			}
			if i > 0 {
				if prev, _ := engine.ParseMove(in.menu.options[i-1].value); prev.Dist >= m.Dist {
					t.Errorf("direction %s: %s before %s, want nearest first", d, prev, m)
				}
			}
			to, _ := m.Landing()
			if want := d + " " + strconv.Itoa(int(m.Dist)) + ", to " + to[0].String(); o.label != want {
				t.Errorf("option %q for %s, want %q", o.label, m, want)
			}
			got = append(got, o.value)
		}
		if want := slices.Sorted(slices.Values(byDir[d])); !slices.Equal(slices.Sorted(slices.Values(got)), want) {
			t.Errorf("direction %s offers %q, want %q", d, got, want)
		}
		reached += len(got)
	}
	if reached != len(flights) {
		t.Errorf("the directions reach %d flights of %d", reached, len(flights))
	}
	// A direction that is no direction, or a bird without flights that
	// way, leads nowhere.
	for _, c := range []struct{ src, dir string }{{"e6", "XX"}, {"a2", "NE"}, {"e7", "E"}} {
		if _, ok := pk.choose(actDir, c.src, c.dir); ok {
			t.Errorf("direction %q of %s was taken", c.dir, c.src)
		}
	}
}

// A row can hold more lines than a menu does: after 58 moves of a game
// from the start, 26 lines whose lower end is on row d can fly,
// and the picker's "Row d" menu must still fit Discord's 25 options.
//
// It does not: the row step groups a kind by row only once (picker.kind
// does not group again when row is set), so the menu of row d offers
// every line of the row, and the bot's own check refuses the message: a
// player who picks Row d is told something went wrong.
func TestPickerRowOfManyLinesFitsAMenu(t *testing.T) {
	t.Parallel()
	pos := replayed(t, crowdedRowGame)
	pk := newPicker(pos, engine.Standard, lang.English)
	var inRow int
	for src := range legalSources(pk, kindLine) {
		if src[:1] == "d" {
			inRow++
		}
	}
	if inRow <= maxOptions {
		t.Fatalf("%d lines of row d can fly in %s, want more than %d", inRow, pos, maxOptions)
	}
	v, ok := pk.choose(actKind, "", kindLine)
	if !ok || v.menu == nil || v.menu.action != actRow {
		t.Fatalf("choosing a line: %q, %v", v.content, ok)
	}
	in, ok := pk.choose(actRow, kindLine, "d")
	if !ok {
		t.Fatal("row d leads nowhere")
	}
	fits(t, in)
	// Every line of the row is reachable all the same, by whatever steps.
	if got, want := walk(t, pk, func(v pickView) { fits(t, v) }), legal(pk); !slices.Equal(got, want) {
		t.Errorf("the picker reaches %d moves, the position has %d legal ones", len(got), len(want))
	}
}
