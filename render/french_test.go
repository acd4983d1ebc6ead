package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/lang"
)

// french returns s in French.
func french(s Scene) Scene {
	s.Lang = lang.French
	return s
}

func TestStatusLineInFrench(t *testing.T) {
	fly := firstFlight(t, enginetest.Position(t, flightBefore)).String()
	testStatusLines(t, lang.French, []statusLineCase{
		{"start", Scene{Position: engine.StartPosition()}, true, "Départ · À Orange de jouer"},
		{"add", played(t, engine.StartText, "f5", 1), true, "Coup 1 · Orange a ajouté un oiseau en f5 · À Bleu de jouer"},
		{"pass", passedScene(t), true, "Coup 1 · Orange a passé · À Bleu de jouer"},
		{"flight", played(t, flightBefore, fly, 70), true, "Coup 70 · Bleu a fait voler " + fly + " · À Orange de jouer"},
		{"flight clearing", played(t, flightBefore, flightMove, 70), true, "Coup 70 · Bleu a fait voler a2:b2-NW4/a2, retirant 1 · À Orange de jouer"},
		{"won", played(t, endBefore, endMove, 135), false, "Coup 135 · Orange gagne\u00a0: tous ses oiseaux forment une seule nuée."},
		{"won, short", leftOneFlockScene(t), false, "Coup 135 · Bleu gagne\u00a0: Orange a laissé Bleu en une seule nuée."},
		{"pending", regionsScene(t), true, "Orange fait voler h8:h9-W2\u00a0: quelle région garde Bleu\u00a0? A, B ou C"},
	})
}

func TestCountsInFrench(t *testing.T) {
	// Blue has one bird, on b7.
	one := enginetest.Position(t, "5/1O6/9/10/11/12/10/6O5/11/10/2OOO4/6B1/5 O 0")
	for _, tc := range []struct {
		tag  lang.Tag
		pos  engine.Position
		c    engine.Colour
		want string
	}{
		{lang.English, engine.StartPosition(), engine.Orange, "3 birds · 57 in supply · 3 flocks"},
		{lang.French, engine.StartPosition(), engine.Orange, "3 oiseaux · 57 en réserve · 3 nuées"},
		{lang.English, one, engine.Blue, "1 bird · 59 in supply · 1 flock"},
		{lang.French, one, engine.Blue, "1 oiseau · 59 en réserve · 1 nuée"},
	} {
		if got := counts(tc.tag, tc.pos, tc.c); got != tc.want {
			t.Errorf("%v %v: got %q, want %q", tc.tag, tc.c, got, tc.want)
		}
	}
}

// The longest French counts fit their line whole, and a name of some
// eight letters keeps its rating beside it.
func TestFrenchCountsAndNamesFit(t *testing.T) {
	for _, opts := range []Options{{Size: MinSize}, {}} {
		r := renderer(t, opts)
		var sc scribe
		const longest = "60 oiseaux · 60 en réserve · 12 nuées"
		room := r.lay.w - int(nameStartE*r.lay.em) - int(lineEndE*r.lay.em)
		if w := sc.width(r.faces.stats, longest); w > room {
			t.Errorf("size %d: %q is %d pixels wide, its line has %d", r.lay.w, longest, w, room)
		}
		s := Scene{Orange: "Benedetta", OrangeRating: "1662 ± 290?"}
		name, rating := r.nameAndRating(&sc, &s, engine.Orange, r.nameRoom())
		if name != "Benedetta" || rating == "" {
			t.Errorf("size %d: %q and %q in %d pixels", r.lay.w, name, rating, r.nameRoom())
		}
	}
}

// The French scenes, as golden images: look at them before accepting
// them with -update.
func TestFrenchBoardsMatchGoldenImages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  Options
		scene func(testing.TB) Scene
	}{
		{"fr-flight", Options{}, func(t testing.TB) Scene { return played(t, flightBefore, flightMove, 70) }},
		{"fr-add-small", Options{Size: MinSize}, func(t testing.TB) Scene {
			s := played(t, engine.StartText, "f5", 1)
			s.Blue = "" // the colour stands for the name
			return s
		}},
		{"fr-regions", Options{}, regionsScene},
		{"fr-regions-small-light", Options{Theme: Light, Size: MinSize}, regionsScene},
		{"fr-end", Options{}, func(t testing.TB) Scene { return played(t, endBefore, endMove, 135) }},
		{"fr-ratings-small-light", Options{Theme: Light, Size: MinSize}, ratingsScene},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := renderer(t, tc.opts).Board(french(tc.scene(t)))
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", tc.name+".png"), got)
		})
	}
}

// A French game's GIF shows French words on every frame, as Board does:
// its first and last frames are golden images.
func TestFrenchGIF(t *testing.T) {
	g := randomGame(t, 7, 400)
	r := renderer(t, Options{Size: MinSize})
	b, err := r.GIF(g, GIFOptions{Orange: "ana", Blue: "ben", Lang: lang.French})
	if err != nil {
		t.Fatal(err)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	screen := image.NewRGBA(r.Bounds())
	for ply, frame := range anim.Image {
		draw.Draw(screen, frame.Rect, frame, frame.Rect.Min, draw.Over)
		if ply != 0 && ply != len(anim.Image)-1 {
			continue
		}
		s, err := GameScene(g, ply)
		if err != nil {
			t.Fatal(err)
		}
		s.Orange, s.Blue, s.Lang = "ana", "ben", lang.French
		if want := decodePNG(t, must(r.Board(s))); !bytes.Equal(screen.Pix, want.Pix) {
			t.Errorf("after frame %d the picture is not the French board after move %d", ply, ply)
		}
		var out bytes.Buffer
		if err := png.Encode(&out, screen); err != nil {
			t.Fatal(err)
		}
		name := map[bool]string{true: "first", false: "last"}[ply == 0]
		compareGolden(t, filepath.Join("testdata", fmt.Sprintf("fr-gif-%s.png", name)), out.Bytes())
	}
	if s, _ := GameScene(g, g.Ply()); !s.Outcome.Over() || strings.Contains(lang.French.Words(s.Outcome), "wins") {
		t.Errorf("the game does not end in French words: %v", s.Outcome)
	}
}

func TestFrenchBoardsAreSafeForConcurrentUse(t *testing.T) {
	r := renderer(t, Options{Size: MinSize})
	scenes := []Scene{french(played(t, flightBefore, flightMove, 70)), french(regionsScene(t)), played(t, endBefore, endMove, 135), french(played(t, endBefore, endMove, 135))}
	want := make([][]byte, len(scenes))
	for i, s := range scenes {
		want[i] = must(r.Board(s))
	}
	if bytes.Equal(want[2], want[3]) {
		t.Fatal("the end in English and in French are the same image")
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 8 {
				k := (g + i) % len(scenes)
				if got := must(r.Board(scenes[k])); !bytes.Equal(got, want[k]) {
					t.Errorf("scene %d drawn concurrently differs", k)
				}
			}
		})
	}
	wg.Wait()
}
