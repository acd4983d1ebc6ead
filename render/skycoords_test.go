package render

import (
	"math"
	"testing"
)

// TestCoordinatesAreTheImagesScaled checks that the sky-unit coordinates
// are those the images draw, divided by the distance between points,
// about the centre: what another drawing of the board places by them
// stands where the images put it.
func TestCoordinatesAreTheImagesScaled(t *testing.T) {
	l := newLayout(DefaultSize)
	px := l.coords()
	sky, leads := Coordinates()
	if len(px) != len(sky) || len(leads) == 0 {
		t.Fatalf("%d coordinates in pixels, %d in sky units, %d leads", len(px), len(sky), len(leads))
	}
	u := float64(l.u)
	for i, c := range px {
		s := sky[i]
		x, y := (c.x-float64(l.cx))/u, (c.y-float64(l.cy))/u
		// The images' rows are a whole number of pixels apart, so their
		// places stray from the exact ones by a little.
		if s.Text != c.text || s.Number != c.number || math.Abs(s.X-x) > 0.02 || math.Abs(s.Y-y) > 0.05 {
			t.Errorf("%q: sky (%.3f, %.3f), image (%.3f, %.3f)", c.text, s.X, s.Y, x, y)
		}
	}
}
