package render

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// Positions of seeded random games, frozen so that the images do not
// depend on the order in which the engine lists moves.
const (
	// Blue to play a2:b2-NW4/a2, a line flying in file that clears an
	// orange bird (move 70 of random game 3).
	flightBefore = "2B2/4BB1O/BBOOB4/1BB1O1O3/OOBBO2B3/4OB5O/2OO2OOB1/B2BO2B2BO/O2B3BOBO/B3O2O2/4O2B1/1BOO4/B3B B 0"
	flightMove   = "a2:b2-NW4/a2"
	// Orange to play e1:f1-NE1 and win with one flock (move 135 of
	// random game 3).
	endBefore = "B4/2BB4/OBB1BB1B1/OB4BBB1/OOBB7/OBB9/1B4B1B1/O1BB1B1B2B1/OB1B3B1B1/BBB4BB1/B4BBB1/8/1B2B O 0"
	endMove   = "e1:f1-NE1"
	// Orange to fly h8:h9-W2, which leaves Blue three regions (found by
	// searching random games: game 79 before move 135).
	regionsBefore = "2B1O/B1O1BBO1/1BO1B2O1/OOOBB1OOBB/2BBB1O1OOB/B2OO2OO1B1/B1O2BBBB1/BOOBOOB1BBB1/B1OO1OOOOO1/1O2BO3O/BOBBBBBB1/1BB2BO1/1OOOO O 0"
	regionsMove   = "h8:h9-W2"
)

// played returns the scene after move from position before, the move
// marked.
func played(t testing.TB, before, move string, ply int) Scene {
	t.Helper()
	b := enginetest.Position(t, before)
	m := enginetest.Move(t, move)
	after, outcome, err := b.Play(m, engine.Standard)
	if err != nil {
		t.Fatal(err)
	}
	return Scene{Position: after, Last: m, Before: b, Ply: ply, Outcome: outcome, Orange: "ana", Blue: "ben"}
}

func startScene(t testing.TB) Scene {
	return Scene{Position: engine.StartPosition(), Orange: "ana", Blue: "ben"}
}

// named returns s with the empty points named.
func named(s Scene) Scene {
	s.PointNames = true
	return s
}

// ratingsScene is the flight scene with the players' ratings, Orange's
// long name shortened to leave room for Orange's.
func ratingsScene(t testing.TB) Scene {
	s := played(t, flightBefore, flightMove, 70)
	s.Orange = "Benedetta the Magnificent of the Northern Skies"
	s.OrangeRating, s.BlueRating = "1662 ± 290?", "1487 ± 62"
	return s
}

func regionsScene(t testing.TB) Scene {
	return Scene{Position: enginetest.Position(t, regionsBefore), Pending: enginetest.Move(t, regionsMove), Ply: 134, Orange: "ana", Blue: "ben"}
}

// renderers are built once per options for all the tests: New is the slow
// part.
var (
	renderersMu sync.Mutex
	renderers   = map[Options]*Renderer{}
)

func renderer(t testing.TB, opts Options) *Renderer {
	t.Helper()
	renderersMu.Lock()
	defer renderersMu.Unlock()
	if r, ok := renderers[opts]; ok {
		return r
	}
	r, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	renderers[opts] = r
	return r
}

func TestBoardMatchesGoldenImages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  Options
		scene func(testing.TB) Scene
	}{
		{"start", Options{}, startScene},
		{"flight", Options{}, func(t testing.TB) Scene { return played(t, flightBefore, flightMove, 70) }},
		{"regions", Options{}, regionsScene},
		{"end", Options{}, func(t testing.TB) Scene { return played(t, endBefore, endMove, 135) }},
		{"flight-light", Options{Theme: Light}, func(t testing.TB) Scene { return played(t, flightBefore, flightMove, 70) }},
		{"regions-light", Options{Theme: Light}, regionsScene},
		{"points-light", Options{Theme: Light, PointNames: true}, startScene},
		{"names", Options{}, func(t testing.TB) Scene { return named(played(t, flightBefore, flightMove, 70)) }},
		{"names-regions-light", Options{Theme: Light}, func(t testing.TB) Scene { return named(regionsScene(t)) }},
		{"ratings", Options{}, ratingsScene},
		{"ratings-small-light", Options{Theme: Light, Size: MinSize}, ratingsScene},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := renderer(t, tc.opts).Board(tc.scene(t))
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", tc.name+".png"), got)
		})
	}
}

// compareGolden compares a PNG with the golden file, allowing small
// differences (a font rasteriser's, say): a pixel may differ by up to
// pixelTolerance in each channel, and a few pixels by more.
func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	const (
		pixelTolerance = 12
		maxOff         = 0.001 // of the pixels
	)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	a, b := decodePNG(t, got), decodePNG(t, want)
	if a.Bounds() != b.Bounds() {
		t.Fatalf("image is %v, golden %s is %v", a.Bounds(), path, b.Bounds())
	}
	off := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 3 {
			if d := int(a.Pix[i+c]) - int(b.Pix[i+c]); d > pixelTolerance || d < -pixelTolerance {
				off++
				break
			}
		}
	}
	if n := a.Bounds().Dx() * a.Bounds().Dy(); float64(off) > maxOff*float64(n) {
		failed := filepath.Join(t.TempDir(), filepath.Base(path))
		os.WriteFile(failed, got, 0o644)
		t.Errorf("%d of %d pixels differ from %s; the image drawn is in %s (go test -update accepts it)", off, n, path, failed)
	}
}

func decodePNG(t testing.TB, b []byte) *image.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Rect, img, img.Bounds().Min, draw.Src)
	return rgba
}

func TestBoardGivesTheSameBytesForTheSameScene(t *testing.T) {
	r := renderer(t, Options{Size: MinSize})
	first, err := r.Board(regionsScene(t))
	if err != nil {
		t.Fatal(err)
	}
	// Whatever was drawn before, and by a Renderer of its own.
	other, err := New(Options{Size: MinSize})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*Renderer{r, other} {
		if _, err := r.Board(played(t, flightBefore, flightMove, 70)); err != nil {
			t.Fatal(err)
		}
		again, err := r.Board(regionsScene(t))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatal("the same scene gave different bytes")
		}
	}
}

func TestBoardIsSafeForConcurrentUse(t *testing.T) {
	r := renderer(t, Options{Size: MinSize})
	scenes := []Scene{startScene(t), played(t, flightBefore, flightMove, 70), regionsScene(t), played(t, endBefore, endMove, 135)}
	want := make([][]byte, len(scenes))
	for i, s := range scenes {
		var err error
		if want[i], err = r.Board(s); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 6 {
				k := (g + i) % len(scenes)
				got, err := r.Board(scenes[k])
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(got, want[k]) {
					t.Errorf("scene %d drawn concurrently differs", k)
				}
			}
		})
	}
	wg.Wait()
}

func TestBoardRefusesScenesThatDoNotHoldTogether(t *testing.T) {
	start := engine.StartPosition()
	flight := played(t, flightBefore, flightMove, 70)
	for _, tc := range []struct {
		name  string
		scene Scene
	}{
		{"last move illegal before", Scene{Position: start, Before: start, Last: enginetest.Move(t, "b2-E1")}},
		{"last move leads elsewhere", Scene{Position: start, Before: start, Last: enginetest.Move(t, "e5")}},
		{"last move from another position", Scene{Position: flight.Position, Before: start, Last: flight.Last}},
		{"pending add", Scene{Position: start, Pending: enginetest.Move(t, "e5")}},
		{"pending illegal flight", Scene{Position: start, Pending: enginetest.Move(t, "b2-E3")}},
		{"pending flight without a choice", Scene{Position: enginetest.Position(t, flightBefore), Pending: firstFlight(t, enginetest.Position(t, flightBefore))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := renderer(t, Options{}).Board(tc.scene)
			if !errors.Is(err, ErrBadScene) {
				t.Errorf("got %v, want ErrBadScene", err)
			}
		})
	}
}

// firstFlight returns a legal flight from p that clears nothing.
func firstFlight(t testing.TB, p engine.Position) engine.Move {
	for _, m := range p.LegalMoves(engine.Standard) {
		if m.Kind == engine.KindFly && m.Keep == engine.NoPoint {
			return m
		}
	}
	t.Fatal("no flight")
	return engine.Move{}
}

func TestNewRefusesSizesOutOfRange(t *testing.T) {
	for _, size := range []int{-1, MinSize - 1, MaxSize + 1} {
		if _, err := New(Options{Size: size}); !errors.Is(err, ErrBadSize) {
			t.Errorf("size %d: got %v, want ErrBadSize", size, err)
		}
	}
}

func TestImagesAreAsWideAsTheSizeAsked(t *testing.T) {
	for _, opts := range []Options{{Size: MinSize}, {Size: 555, Theme: Light}} {
		size := opts.Size
		r := renderer(t, opts)
		img := decodePNG(t, must(r.Board(played(t, endBefore, endMove, 135))))
		if img.Bounds() != r.Bounds() || img.Bounds().Dx() != size {
			t.Errorf("size %d: image %v, Bounds %v", size, img.Bounds(), r.Bounds())
		}
	}
	if got := renderer(t, Options{}).Bounds().Dx(); got != DefaultSize {
		t.Errorf("default width %d, want %d", got, DefaultSize)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestParseTheme(t *testing.T) {
	for in, want := range map[string]Theme{"dark": Dark, "Light": Light, " LIGHT ": Light} {
		if got, err := ParseTheme(in); err != nil || got != want {
			t.Errorf("ParseTheme(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseTheme("sepia"); err == nil {
		t.Error("ParseTheme(sepia) accepted")
	}
}

func TestLongAndStrangeNamesFit(t *testing.T) {
	r := renderer(t, Options{})
	var sc scribe
	for _, name := range []string{
		"ana", "Benedetta the Magnificent of the Northern Skies and Beyond",
		"🐦 birdy 🐦", "Ωμέγα", "日本語の名前", "",
	} {
		fitted := sc.fit(r.faces.name, name, 300)
		if w := sc.width(r.faces.name, fitted); w > 300 {
			t.Errorf("%q fitted to %q, %d pixels wide", name, fitted, w)
		}
		s := startScene(t)
		s.Orange = name
		if _, err := r.Board(s); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
}

func TestPaletteHoldsTheThemesColoursExactly(t *testing.T) {
	for _, theme := range []Theme{Dark, Light} {
		r := renderer(t, Options{Theme: theme})
		for _, c := range theme.scheme().flat() {
			i := r.lut[cell(c.R, c.G, c.B)]
			pr, pg, pb, _ := r.palette[i].RGBA()
			if uint8(pr>>8) != c.R || uint8(pg>>8) != c.G || uint8(pb>>8) != c.B {
				t.Errorf("%v: %v is drawn as %v", theme, c, r.palette[i])
			}
		}
	}
}

func TestGameSceneMarksTheMoveThatLedThere(t *testing.T) {
	g := randomGame(t, 3, 400)
	s, err := GameScene(g, 70)
	if err != nil {
		t.Fatal(err)
	}
	if s.Last.String() != flightMove || s.Before.String() != flightBefore || s.Ply != 70 || s.Outcome.Over() {
		t.Errorf("scene after move 70: last %v, before %v, ply %d, outcome %v", s.Last, s.Before.String(), s.Ply, s.Outcome)
	}
	if s, _ := GameScene(g, g.Ply()); s.Outcome != g.Outcome() {
		t.Errorf("last scene's outcome %v, want %v", s.Outcome, g.Outcome())
	}
	if _, err := GameScene(g, g.Ply()+1); err == nil {
		t.Error("a scene after the end of the game")
	}
}

func FuzzBoard(f *testing.F) {
	for _, s := range []string{engine.StartText, flightBefore, endBefore, regionsBefore} {
		f.Add(s, "")
	}
	f.Add(regionsBefore, regionsMove)
	f.Add(flightBefore, flightMove)
	r := renderer(f, Options{Size: MinSize})
	f.Fuzz(func(t *testing.T, position, move string) {
		pos, err := engine.ParsePosition(position)
		if err != nil {
			return
		}
		s := Scene{Position: pos, Orange: position, Blue: move, OrangeRating: move, BlueRating: position}
		if m, err := engine.ParseMove(move); err == nil {
			s.Pending = m
		}
		img, err := r.Board(s)
		if err != nil && !errors.Is(err, ErrBadScene) {
			t.Fatal(err)
		}
		if err == nil {
			decodePNG(t, img)
		}
	})
}
