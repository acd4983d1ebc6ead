package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/race"
)

// TestGIFFramesShowEachPositionAsBoardDoes plays the frames of a game's
// GIF one over the other and checks that after each the picture is the
// Board image of that moment of the game, pixel for pixel.
func TestGIFFramesShowEachPositionAsBoardDoes(t *testing.T) {
	for _, tc := range []struct {
		opts    Options
		plies   int
		ratings [2]string
	}{
		{Options{Size: MinSize}, 400, [2]string{}}, // 93 plies, clearings and a win
		{Options{Size: 555, Theme: Light}, 30, [2]string{"1662 ± 290?", "1487 ± 62"}},
	} {
		plies := tc.plies
		if testing.Short() || race.Enabled {
			plies = 20
		}
		g := randomGame(t, 7, plies)
		opts := tc.opts
		r := renderer(t, opts)
		b, err := r.GIF(g, GIFOptions{Orange: "ana", OrangeRating: tc.ratings[0], BlueRating: tc.ratings[1], Delay: 500 * time.Millisecond, Hold: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		anim, err := gif.DecodeAll(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if len(anim.Image) != g.Ply()+1 {
			t.Fatalf("%d frames for %d moves", len(anim.Image), g.Ply())
		}
		if anim.Delay[0] != 50 || anim.Delay[len(anim.Delay)-1] != 300 || anim.LoopCount != 0 {
			t.Errorf("delays %d…%d, loop count %d; want 50…300 and 0 (forever)", anim.Delay[0], anim.Delay[len(anim.Delay)-1], anim.LoopCount)
		}
		screen := image.NewRGBA(r.Bounds())
		for ply, frame := range anim.Image {
			draw.Draw(screen, frame.Rect, frame, frame.Rect.Min, draw.Over)
			s, err := GameScene(g, ply)
			if err != nil {
				t.Fatal(err)
			}
			s.Orange, s.OrangeRating, s.BlueRating = "ana", tc.ratings[0], tc.ratings[1]
			want := decodePNG(t, must(r.Board(s)))
			if !bytes.Equal(screen.Pix, want.Pix) {
				t.Fatalf("%v: after frame %d the picture is not the board after move %d", opts, ply, ply)
			}
		}
	}
}

func TestGIFOfALongGameIsSmallEnoughToPost(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("a 150-move game; BenchmarkGIF150 checks it too")
	}
	g := randomGame(t, 18, 150)
	b, err := renderer(t, Options{}).GIF(g, GIFOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 4<<20 {
		t.Errorf("GIF of %d moves is %d bytes, over 4 MB", g.Ply(), len(b))
	}
}

func TestMergeJoinsTheRectanglesOfAChangeInOnePlace(t *testing.T) {
	r := image.Rect
	for _, tc := range []struct {
		in, want []image.Rectangle
	}{
		// A text's old and new sprites, one a little longer.
		{[]image.Rectangle{r(10, 10, 200, 40), r(10, 10, 230, 40)}, []image.Rectangle{r(10, 10, 230, 40)}},
		// Apart, or overlapping at a corner only: each its own.
		{[]image.Rectangle{r(0, 0, 10, 10), r(20, 0, 30, 10)}, []image.Rectangle{r(0, 0, 10, 10), r(20, 0, 30, 10)}},
		{[]image.Rectangle{r(0, 0, 10, 10), r(9, 9, 19, 19)}, []image.Rectangle{r(0, 0, 10, 10), r(9, 9, 19, 19)}},
		// A merge that makes room for another.
		{[]image.Rectangle{r(0, 0, 10, 10), r(20, 0, 30, 10), r(5, 0, 25, 10)}, []image.Rectangle{r(0, 0, 30, 10)}},
		{nil, nil},
	} {
		got := merge(append([]image.Rectangle(nil), tc.in...))
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("merge(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
