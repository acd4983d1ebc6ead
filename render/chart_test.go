package render

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math"
	"path/filepath"
	"testing"
)

// reviewChances are Orange's chances in a game of 80 plies that Blue won,
// as a review at easy's playouts found them (engine/ai's
// testdata/review/game80.txt).
var reviewChances = []float64{
	0.54, 0.63, 0.54, 0.50, 0.57, 0.48, 0.43, 0.37, 0.29, 0.23, 0.30, 0.42, 0.33, 0.38, 0.41, 0.39,
	0.39, 0.34, 0.25, 0.27, 0.23, 0.24, 0.13, 0.24, 0.30, 0.34, 0.28, 0.31, 0.26, 0.38, 0.34, 0.31,
	0.15, 0.17, 0.13, 0.14, 0.13, 0.17, 0.15, 0.16, 0.16, 0.16, 0.16, 0.18, 0.12, 0.16, 0.17, 0.15,
	0.24, 0.28, 0.33, 0.36, 0.34, 0.36, 0.31, 0.33, 0.33, 0.29, 0.28, 0.34, 0.38, 0.43, 0.42, 0.39,
	0.43, 0.43, 0.43, 0.42, 0.40, 0.40, 0.38, 0.45, 0.34, 0.36, 0.33, 0.34, 0.25, 0.00, 0.00, 0.00,
	0.00,
}

// chartLabels are the words of the charts of the tests; the bot passes
// its own, in the player's language.
var chartLabels = ChartLabels{
	Title:  "Orange's chance of winning",
	Orange: "easy (Orange)",
	Blue:   "medium (Blue)",
	Top:    "100%", Middle: "50%", Bottom: "0%",
	Axis: "move",
}

func reviewChart(theme Theme, width int) Chart {
	return Chart{
		Chances: reviewChances,
		Marks:   []ChartMark{{Ply: 77, Label: "77. a4-NE1"}, {Ply: 32, Label: "32. e3:g3-NE2"}, {Ply: 29, Label: "29. j2"}},
		Labels:  chartLabels,
		Theme:   theme,
		Width:   width,
	}
}

func TestChartMatchesGoldenImages(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chart Chart
	}{
		{"chart", reviewChart(Dark, 0)},
		{"chart-light", reviewChart(Light, 0)},
		{"chart-phone", reviewChart(Dark, 310)},
		{"chart-phone-light", reviewChart(Light, 310)},
		{"chart-bare", Chart{Chances: []float64{0.5, 0.6, 0.4, 1}, Width: 400}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DrawChart(tc.chart)
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", tc.name+".png"), got)
		})
	}
}

func TestChartIsAsWideAsAskedAndTheSameEachTime(t *testing.T) {
	for _, width := range []int{0, ChartMinWidth, 310, 777} {
		c := reviewChart(Light, width)
		first, err := DrawChart(c)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(first))
		if err != nil {
			t.Fatal(err)
		}
		want := max(width, ChartDefaultWidth*(1-min(width, 1)))
		if img.Bounds().Dx() != want || img.Bounds().Dy() < want/2 || img.Bounds().Dy() > want*7/10 {
			t.Errorf("width %d: the chart is %v", width, img.Bounds())
		}
		again, _ := DrawChart(c)
		if !bytes.Equal(first, again) {
			t.Errorf("width %d: the same chart gave other bytes", width)
		}
	}
}

func TestChartRefusesWhatCannotBeDrawn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chart Chart
	}{
		{"no chances", Chart{}},
		{"one chance", Chart{Chances: []float64{0.5}}},
		{"a chance above 1", Chart{Chances: []float64{0.5, 1.5}}},
		{"a chance below 0", Chart{Chances: []float64{-0.1, 0.5}}},
		{"not a number", Chart{Chances: []float64{0.5, math.NaN()}}},
		{"a mark on the start", Chart{Chances: []float64{0.5, 0.6}, Marks: []ChartMark{{Ply: 0}}}},
		{"a mark after the end", Chart{Chances: []float64{0.5, 0.6}, Marks: []ChartMark{{Ply: 2}}}},
		{"too narrow", Chart{Chances: []float64{0.5, 0.6}, Width: ChartMinWidth - 1}},
		{"too wide", Chart{Chances: []float64{0.5, 0.6}, Width: ChartMaxWidth + 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := DrawChart(tc.chart); !errors.Is(err, ErrBadChart) {
				t.Errorf("got %v, want ErrBadChart", err)
			}
		})
	}
}

func TestChartLabelsDoNotOverlap(t *testing.T) {
	// Three marks on neighbouring moves, where a side's name stands, on a
	// phone.
	c := Chart{
		Chances: reviewChances,
		Marks:   []ChartMark{{Ply: 1, Label: "1. g6"}, {Ply: 2, Label: "2. c3"}, {Ply: 3, Label: "3. l2-SE4"}},
		Labels:  chartLabels,
		Width:   310,
	}
	faces, err := newChartFaces(c.Width)
	if err != nil {
		t.Fatal(err)
	}
	l := newChartLayout(&c, faces)
	pts := chartPoints(&c, &l)
	var sc scribe
	taken := chartSidePlates(&sc, &l, faces, &c)
	for _, m := range c.Marks {
		w := sc.width(faces.label, m.Label) + 8
		h := faces.label.ascent + faces.label.descent + 4
		plate := chartPlace(&l, pts[m.Ply], chartMarkRadius(&l), image.Pt(w, h), taken)
		for _, o := range taken {
			if plate.Overlaps(o) {
				t.Errorf("the label of move %d at %v covers %v", m.Ply, plate, o)
			}
		}
		taken = append(taken, plate)
	}
}

// BenchmarkDrawChart draws the chart of a game of 80 plies at 500 pixels.
func BenchmarkDrawChart(b *testing.B) {
	c := reviewChart(Dark, 0)
	for b.Loop() {
		if _, err := DrawChart(c); err != nil {
			b.Fatal(err)
		}
	}
}
