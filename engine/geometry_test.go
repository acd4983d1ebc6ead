package engine

import (
	"testing"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// TestSkyNumbering checks that package sky numbers points and directions
// as Point and Direction do, which every conversion between them assumes.
func TestSkyNumbering(t *testing.T) {
	if NumPoints != sky.NumPoints || NoPoint != Point(sky.NoPoint) || NumRows != sky.NumRows || numDirections != Direction(sky.NumDirections) {
		t.Fatalf("engine: %d points, no point %d, %d rows, %d directions; sky: %d, %d, %d, %d",
			NumPoints, NoPoint, NumRows, numDirections, sky.NumPoints, sky.NoPoint, sky.NumRows, sky.NumDirections)
	}
	for _, d := range Directions() {
		if d.String() != sky.Direction(d).String() {
			t.Errorf("direction %d is %v, the sky's %v", d, d, sky.Direction(d))
		}
	}
	for p := Point(0); p < NumPoints; p++ {
		if p.String() != sky.Point(p).String() {
			t.Errorf("point %d is %v, the sky's %v", p, p, sky.Point(p))
		}
		for _, d := range Directions() {
			if q, _ := p.Neighbour(d); q != Point(sky.Point(p).Step(sky.Direction(d))) {
				t.Errorf("%v %v: neighbour %v, the sky's step %v", p, d, q, sky.Point(p).Step(sky.Direction(d)))
			}
		}
	}
}
