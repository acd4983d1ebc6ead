package render

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/volo-discord/volo/tournament"
)

var crosstables = flag.String("crosstables", "", "write the images of TestCrosstableSizeGrowsWithTheTable to this folder")

// crosstableWords are the English heads of the tests' tables; the bot
// passes its own, in the reader's language.
var crosstableWords = CrosstableLabels{Rank: "#", Player: "Player", Points: "Pts"}

// crosstableFrench are the French heads.
var crosstableFrench = CrosstableLabels{
	Rank: "#", Player: "Joueur", Points: "Pts",
	TieBreaks: []string{"BH-C1", "BH", "SB", "V"},
	Decimal:   ",",
}

// nineNames are the display names of the Swiss of nine, by ID; 1009 has
// none, and is shown by its ID.
var nineNames = map[string]string{
	"1001": "Ana", "1002": "Benedetta Castellammare di Stabia", "1003": "Cyrus",
	"1004": "Dee", "1005": "Éloïse", "1006": "Farid", "1007": "Gus", "1008": "Françoise",
}

// nineResults are the results of the Swiss of nine, board by board; the
// withdrawn player's opponent on board 2 of round 3 wins by forfeit.
var nineResults = [][]tournament.Result{
	{tournament.OrangeWins, tournament.Draw, tournament.BlueWins, tournament.OrangeWins},
	{tournament.Draw, tournament.OrangeWins, tournament.OrangeWins, tournament.BlueWins},
	{tournament.OrangeWins, tournament.OrangeWinsByForfeit, tournament.Draw, tournament.BlueWins},
	{tournament.BlueWins, tournament.OrangeWins, tournament.Draw, tournament.OrangeWins},
}

// swissOfNine plays a Swiss of nine players over four rounds: a bye in
// each of the first two, Gus (1007) withdrawing after round 2 (so "−" in
// rounds 3 and 4), a forfeit in round 3. Of round 4 only the first
// recorded boards have their result, the others are being played.
func swissOfNine(t testing.TB, recorded int) tournament.Crosstable {
	t.Helper()
	var players []tournament.Player
	for i := range 9 {
		players = append(players, tournament.Player{ID: strconv.Itoa(1001 + i), Rating: float64(1900 - 40*i)})
	}
	e, err := tournament.New(tournament.Swiss, 4, players)
	if err != nil {
		t.Fatal(err)
	}
	for r, results := range nineResults {
		if r == 2 {
			if _, err := e.Withdraw("1007"); err != nil {
				t.Fatal(err)
			}
		}
		round, err := e.PairNext()
		if err != nil {
			t.Fatal(err)
		}
		for b, res := range results {
			if r == 3 && b >= recorded {
				break
			}
			if round.Games[b].Blue == "" {
				t.Fatalf("round %d board %d is a %s", r+1, b+1, round.Games[b].Result)
			}
			if err := e.Record(r+1, b+1, res); err != nil {
				t.Fatal(err)
			}
		}
	}
	return e.Crosstable()
}

// twoPlayers is a round robin of two, one round, won by Orange.
func twoPlayers(t testing.TB) tournament.Crosstable {
	t.Helper()
	e, err := tournament.New(tournament.RoundRobin, 0, []tournament.Player{{ID: "ana", Rating: 1600}, {ID: "ben", Rating: 1500}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.PairNext(); err != nil {
		t.Fatal(err)
	}
	if err := e.Record(1, 1, tournament.BlueWins); err != nil {
		t.Fatal(err)
	}
	return e.Crosstable()
}

// randomSwiss plays a Swiss of n players over the given rounds, each
// game's result drawn from a generator seeded with seed: Orange wins 45%,
// draws 15%, Blue wins 37%, forfeits 3%.
func randomSwiss(t testing.TB, n, rounds int, seed uint64) tournament.Crosstable {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 2))
	var players []tournament.Player
	for i := range n {
		players = append(players, tournament.Player{ID: "player " + strconv.Itoa(i+1), Rating: float64(2200 - 10*i)})
	}
	e, err := tournament.New(tournament.Swiss, rounds, players)
	if err != nil {
		t.Fatal(err)
	}
	for !e.Over() {
		round, err := e.PairNext()
		if err != nil {
			t.Fatal(err)
		}
		for b, g := range round.Games {
			if g.Blue == "" {
				continue
			}
			res := tournament.OrangeWins
			switch x := rnd.IntN(100); {
			case x < 3:
				res = tournament.BlueWinsByForfeit
			case x < 40:
				res = tournament.BlueWins
			case x < 55:
				res = tournament.Draw
			}
			if err := e.Record(len(e.Paired), b+1, res); err != nil {
				t.Fatal(err)
			}
		}
	}
	return e.Crosstable()
}

func TestCrosstableMatchesGoldenImages(t *testing.T) {
	fr := crosstableFrench
	fr.Title = "Suisse de printemps — ronde 4 sur 4, en cours"
	for _, tc := range []struct {
		name string
		c    Crosstable
	}{
		{"crosstable-two", Crosstable{Table: twoPlayers(t), Labels: crosstableWords}},
		{"crosstable-swiss", Crosstable{Table: swissOfNine(t, 4), Names: nineNames, Labels: titled("Spring Swiss — round 4 of 4"), Theme: Dark}},
		{"crosstable-swiss-light", Crosstable{Table: swissOfNine(t, 4), Names: nineNames, Labels: titled("Spring Swiss — round 4 of 4"), Theme: Light}},
		{"fr-crosstable-light", Crosstable{Table: swissOfNine(t, 2), Names: nineNames, Labels: fr, Theme: Light}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DrawCrosstable(tc.c)
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", tc.name+".png"), got)
		})
	}
}

// titled returns the English heads with a title.
func titled(title string) CrosstableLabels {
	l := crosstableWords
	l.Title = title
	return l
}

// The image is at least CrosstableMinWidth wide, its text larger when few
// columns leave room, wider with more rounds, a row taller for each
// player, and the same bytes each time. The table of 64 players over nine
// rounds is too big a file for a golden image: -crosstables writes the
// images to look at.
func TestCrosstableSizeGrowsWithTheTable(t *testing.T) {
	size := func(c Crosstable) (w, h int) {
		t.Helper()
		first, err := DrawCrosstable(c)
		if err != nil {
			t.Fatal(err)
		}
		if *crosstables != "" {
			name := fmt.Sprintf("crosstable-%dx%d.png", len(c.Table.Rows), crosstableRounds(&c.Table))
			if err := os.WriteFile(filepath.Join(*crosstables, name), first, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		again, _ := DrawCrosstable(c)
		if !bytes.Equal(first, again) {
			t.Errorf("%d players, %d rounds: the same table gave other bytes", len(c.Table.Rows), crosstableRounds(&c.Table))
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(first))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Width, cfg.Height
	}
	w2, h2 := size(Crosstable{Table: twoPlayers(t), Labels: crosstableWords})
	w9, h9 := size(Crosstable{Table: swissOfNine(t, 4), Names: nineNames, Labels: crosstableWords})
	w64, h64 := size(Crosstable{Table: randomSwiss(t, 64, 9, 1), Labels: crosstableWords})
	w20, h20 := size(Crosstable{Table: randomSwiss(t, 64, 20, 3), Labels: crosstableWords})
	t.Logf("2×1: %d×%d, 9×4: %d×%d, 64×9: %d×%d, 64×20: %d×%d", w2, h2, w9, h9, w64, h64, w20, h20)
	if w2 < CrosstableMinWidth || w2 > CrosstableMinWidth+20 || w9 < CrosstableMinWidth || w9 > CrosstableMinWidth+40 {
		t.Errorf("small tables are %d and %d wide, want about %d", w2, w9, CrosstableMinWidth)
	}
	if !(w64 > w9 && w20 > w64) {
		t.Errorf("widths %d, %d, %d for 4, 9 and 20 rounds", w9, w64, w20)
	}
	rowH := 31 // 1.55 times the text, 20 pixels
	if h64-h9 != (64-9)*rowH || h20 != h64 || h2 < 2*rowH*crosstableTextSizeMax/crosstableTextSize {
		t.Errorf("heights %d, %d, %d, %d for 2, 9, 64 and 64 players", h2, h9, h64, h20)
	}
	if w20 > 2200 || h64 > 2100 {
		t.Errorf("64 players over 20 rounds: %d×%d", w20, h64)
	}
}

// The largest table draws; one more player or round is refused.
func TestCrosstableLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a 128-player table")
	}
	table := fakeCrosstable(CrosstableMaxRows, CrosstableMaxRounds)
	img, err := DrawCrosstable(Crosstable{Table: table, Labels: crosstableWords})
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := png.DecodeConfig(bytes.NewReader(img))
	t.Logf("%d players, %d rounds: %d×%d, %d KB", CrosstableMaxRows, CrosstableMaxRounds, cfg.Width, cfg.Height, len(img)/1024)
	if cfg.Width > 4200 || cfg.Height > 4100 {
		t.Errorf("the largest table is %d×%d", cfg.Width, cfg.Height)
	}
}

// fakeCrosstable makes a table of the given size by hand: every player
// won their odd rounds and lost their even ones.
func fakeCrosstable(players, rounds int) tournament.Crosstable {
	ct := tournament.Crosstable{TieBreaks: tournament.Swiss.TieBreaks()}
	for k := range players {
		row := tournament.Row{Standing: tournament.Standing{
			Rank: k + 1, Player: "player " + strconv.Itoa(k+1), Number: k + 1,
			Score: float64((rounds + 1) / 2), TieBreaks: []float64{101.5, 110.25, 1000.75, 20},
		}}
		for r := range rounds {
			c := tournament.Cell{Outcome: tournament.Played, Opponent: (k+r+1)%players + 1, Colour: tournament.Orange, Points: 1}
			if r%2 == 1 {
				c.Colour, c.Points = tournament.Blue, 0
			}
			row.Cells = append(row.Cells, c)
		}
		ct.Rows = append(ct.Rows, row)
	}
	return ct
}

// Asked for before the first round, the table has no round's column.
func TestCrosstableDrawsBeforeTheFirstRound(t *testing.T) {
	e, err := tournament.New(tournament.Swiss, 5, []tournament.Player{{ID: "ana"}, {ID: "ben"}, {ID: "cy"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DrawCrosstable(Crosstable{Table: e.Crosstable(), Labels: crosstableWords}); err != nil {
		t.Fatal(err)
	}
}

func TestCrosstableRefusesWhatCannotBeDrawn(t *testing.T) {
	nine := swissOfNine(t, 4)
	short := nine
	short.Rows = append([]tournament.Row(nil), nine.Rows...)
	short.Rows[3].TieBreaks = short.Rows[3].TieBreaks[:2]
	for _, tc := range []struct {
		name string
		c    Crosstable
	}{
		{"no players", Crosstable{}},
		{"too many players", Crosstable{Table: fakeCrosstable(CrosstableMaxRows+1, 1)}},
		{"too many rounds", Crosstable{Table: fakeCrosstable(2, CrosstableMaxRounds+1)}},
		{"a player short of tie-breaks", Crosstable{Table: short}},
		{"too few tie-breaks' heads", Crosstable{Table: nine, Labels: CrosstableLabels{TieBreaks: []string{"SB"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := DrawCrosstable(tc.c); !errors.Is(err, ErrBadCrosstable) {
				t.Errorf("got %v, want ErrBadCrosstable", err)
			}
		})
	}
}

func TestCrosstableNumbers(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		dec  string
		want string
	}{
		{0, "", "0"},
		{0.5, "", "½"},
		{12, "", "12"},
		{12.5, ",", "12½"},
		{12.75, "", "12.75"},
		{12.75, ",", "12,75"},
		{3.25, "", "3.25"},
		{0.1 + 0.2, "", "0.3"},
		{7.499999, "", "7½"},
		{2.333333, ",", "2,33"},
		{-1.25, "", "−1.25"},
	} {
		if got := crosstableNumber(tc.v, tc.dec); got != tc.want {
			t.Errorf("crosstableNumber(%v, %q) = %q, want %q", tc.v, tc.dec, got, tc.want)
		}
	}
}

// Every letter and sign a crosstable writes, in English or French, is in
// its fonts: none is drawn as a question mark.
func TestCrosstableFontsHaveEveryRune(t *testing.T) {
	faces, err := newCrosstableFaces(crosstableTextSize)
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"½−…—#", "Joueur Pts BH-C1 V 12,75", "Éloïse Françoise Benedetta", "Suisse de printemps — ronde 4 sur 4, en cours"}
	for _, row := range swissOfNine(t, 2).Rows {
		for _, c := range row.Cells {
			words = append(words, c.String())
		}
	}
	var sc scribe
	for _, tf := range []*typeface{faces.title, faces.head, faces.body, faces.bold} {
		for _, s := range words {
			for _, r := range s {
				if g := sc.glyph(tf, r); r != '?' && g == tf.glyphs['?'] {
					t.Errorf("%q of %q is missing from the %v-pixel font", r, s, tf.size)
				}
			}
		}
	}
}

// A long name is shortened with an ellipsis to its column.
func TestCrosstableShortensLongNames(t *testing.T) {
	c := Crosstable{Table: swissOfNine(t, 4), Names: nineNames, Labels: crosstableWords}
	var sc scribe
	faces, l, err := crosstableSize(&sc, &c)
	if err != nil {
		t.Fatal(err)
	}
	long := nineNames["1002"]
	got := sc.fit(faces.body, long, l.name.w-2*l.cellPad)
	if got == long || got[len(got)-len("…"):] != "…" || len(got) < 10 {
		t.Errorf("%q in %d pixels became %q", long, l.name.w, got)
	}
}

// BenchmarkDrawCrosstable draws the crosstable of the Swiss of nine after
// four rounds, and of 64 players after nine, reporting the PNG's size.
func BenchmarkDrawCrosstable(b *testing.B) {
	for _, bc := range []struct {
		name string
		c    Crosstable
	}{
		{"9x4", Crosstable{Table: swissOfNine(b, 4), Names: nineNames, Labels: titled("Spring Swiss — round 4 of 4")}},
		{"64x9", Crosstable{Table: randomSwiss(b, 64, 9, 1), Labels: titled("Autumn Open — final standings")}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var size int
			for b.Loop() {
				img, err := DrawCrosstable(bc.c)
				if err != nil {
					b.Fatal(err)
				}
				size = len(img)
			}
			b.ReportMetric(float64(size)/1024, "KB")
		})
	}
}
