package activity

import (
	"math"
	"testing"

	"github.com/volo-discord/volo/engine"
)

func TestSkyIsTheBoardImagesGeometry(t *testing.T) {
	s := newSky()
	if len(s.Points) != engine.NumPoints || len(s.Holes) != 7 || len(s.Rim) != 6 {
		t.Fatalf("%d points, %d holes, %d rim corners; want 120, 7, 6", len(s.Points), len(s.Holes), len(s.Rim))
	}
	edges := 0
	for i, p := range s.Points {
		if p.Name != engine.Point(i).String() {
			t.Fatalf("point %d is named %s, want %s", i, p.Name, engine.Point(i))
		}
		for d, q := range p.Neighbours {
			if q < 0 {
				continue
			}
			edges++
			back := s.Points[q].Neighbours[(d+3)%6]
			if back != i {
				t.Errorf("%s's neighbour in direction %d is %s, whose opposite neighbour is %d", p.Name, d, s.Points[q].Name, back)
			}
			if dist := math.Hypot(p.X-s.Points[q].X, p.Y-s.Points[q].Y); math.Abs(dist-1) > 1e-3 {
				t.Errorf("%s and %s are %.4f apart, want 1", p.Name, s.Points[q].Name, dist)
			}
		}
	}
	if edges != 2*len(s.Edges) {
		t.Errorf("%d neighbour pairs but %d grid lines", edges/2, len(s.Edges))
	}
	// Row a is at the bottom: y grows downwards.
	a2, m2 := s.Points[0], s.Points[engine.NumPoints-5]
	if a2.Name != "a2" || m2.Name != "m2" || a2.Y <= m2.Y {
		t.Errorf("%s at y %.2f, %s at y %.2f: row a must be drawn below row m", a2.Name, a2.Y, m2.Name, m2.Y)
	}
	if want := engine.NumRows + 1 + 24; len(s.Labels) != want {
		t.Errorf("%d labels, want %d: each row's letter on the left, g's on the right too, and each number at both ends of its line", len(s.Labels), want)
	}
	if len(s.Leads) != 20 || s.LeadWidth <= 0 {
		t.Errorf("%d lines lead to the numbers (width %v), want 20: both ends of 1 to 12's lines but those that end in a corner (1 and 7)", len(s.Leads), s.LeadWidth)
	}
	minX, minY, w, h := s.ViewBox[0], s.ViewBox[1], s.ViewBox[2], s.ViewBox[3]
	for _, l := range s.Labels {
		if l.X < minX || l.X > minX+w || l.Y < minY || l.Y > minY+h {
			t.Errorf("label %q at (%.2f, %.2f) lies outside the view box %v", l.Text, l.X, l.Y, s.ViewBox)
		}
	}
}
