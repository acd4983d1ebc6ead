package render

import (
	"math"

	"github.com/volo-discord/volo/engine"
)

// Coordinate is a row letter or a point number written beside the sky,
// for what draws the board elsewhere in the images' look (the Activity's
// SVG), in sky units: neighbouring points 1 apart, the centre g7 at
// (0, 0), y downwards.
type Coordinate struct {
	Text string
	// X and Y are the middle of the text; Size its font size.
	X, Y, Size float64
	// Number: a point number, else a row letter.
	Number bool
}

// Lead is a line that continues a numbered line towards its number, from
// (X0, Y0) to (X1, Y1), in sky units; LeadWidth is its width.
type Lead struct{ X0, Y0, X1, Y1 float64 }

// LeadWidth is the width of a Lead in sky units, at the images' default
// size (where it is 1.56 pixels).
const LeadWidth = 0.03

// Coordinates returns the row letters and point numbers beside the sky,
// and the lines leading to the numbers, as the images draw them, in sky
// units.
func Coordinates() ([]Coordinate, []Lead) {
	h := math.Sqrt(3) / 2
	p := plane{
		at: func(row, number int) (float64, float64) {
			x, _ := engine.Coord(row, number)
			return x, -float64(row-engine.NumRows/2) * h
		},
		step: func(d engine.Direction) (float64, float64) {
			switch d {
			case engine.E:
				return 1, 0
			case engine.NE:
				return 0.5, -h
			case engine.NW:
				return -0.5, -h
			case engine.W:
				return -1, 0
			case engine.SW:
				return -0.5, h
			}
			return 0.5, h // SE
		},
		u: 1,
	}
	var cs []Coordinate
	for _, c := range p.coords() {
		size := letterSizeU
		if c.number {
			size = numberSizeU
		}
		cs = append(cs, Coordinate{Text: c.text, X: c.x, Y: c.y, Size: size, Number: c.number})
	}
	var ls []Lead
	for _, l := range p.leads() {
		ls = append(ls, Lead{X0: l[0], Y0: l[1], X1: l[2], Y1: l[3]})
	}
	return cs, ls
}
