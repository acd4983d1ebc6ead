package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
)

// The widths a chart may have, in pixels: Discord shows an image about 500
// pixels wide on a computer and 310 on a phone, where a chart must still
// be read.
const (
	ChartDefaultWidth = 500
	ChartMinWidth     = 300
	ChartMaxWidth     = 2000
)

// ErrBadChart is wrapped by the errors DrawChart returns for a chart that
// cannot be drawn: too few chances, a chance outside 0–1, a mark off the
// curve, a width out of range.
var ErrBadChart = errors.New("bad chart")

// Chart is the win-chance chart of a reviewed game: Orange's chance of
// winning after every move, from 0 to 100%, drawn as the share of a band
// that Orange's colour fills from below and Blue's from above, with the
// moves that swung the game marked on the curve. Every word on it comes
// from the caller, so that it can be in the reader's language.
type Chart struct {
	// Chances[k] is Orange's chance of winning, 0 to 1, in the position
	// after k moves, Chances[0] at the start: at least two.
	Chances []float64
	// Marks are the moves marked on the curve: a ring on the point after
	// the move, and its label beside it.
	Marks []ChartMark
	// Labels are the chart's words.
	Labels ChartLabels
	// Theme is the colour scheme, Dark or Light.
	Theme Theme
	// Width is the image's width in pixels, ChartMinWidth to
	// ChartMaxWidth; zero means ChartDefaultWidth. The height is about
	// three fifths of it.
	Width int
}

// ChartMark is one move marked on a chart.
type ChartMark struct {
	// Ply is the move's number, 1 to len(Chances)−1: the mark stands on
	// the point after it.
	Ply int
	// Label is written beside the mark, such as the move's number and
	// notation ("23. c3:c5-NE2"). Keep it short: it is shortened with an
	// ellipsis when it does not fit.
	Label string
}

// ChartLabels are the words on a chart, each left out when empty.
type ChartLabels struct {
	// Title is written above the chart.
	Title string
	// Orange and Blue name the two sides, written in their own areas:
	// Blue's at the top, Orange's at the bottom.
	Orange, Blue string
	// Top, Middle and Bottom are the scale's marks at Orange's 100%, 50%
	// and 0%, such as "100%", "50%" and "0%".
	Top, Middle, Bottom string
	// Axis names the horizontal axis, the moves, whose numbers are
	// written along it.
	Axis string
}

// chartFaces are the fonts of a chart, at its size.
type chartFaces struct {
	title, label, small *typeface
}

// chartLayout is where a chart's parts go.
type chartLayout struct {
	w, h       int
	plot       image.Rectangle // the band of the chances
	titleBase  int             // the title's baseline
	axisBase   int             // the baseline of the moves' numbers
	axisLabelY int             // the baseline of the axis's name
	line       float64         // the curve's width
	pad        int
}

// DrawChart draws a chart as a PNG image.
func DrawChart(c Chart) ([]byte, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if c.Width == 0 {
		c.Width = ChartDefaultWidth
	}
	p := c.Theme.scheme()
	faces, err := newChartFaces(c.Width)
	if err != nil {
		return nil, err
	}
	var sc scribe
	l := newChartLayout(&c, faces)
	dc := gg.NewContext(l.w, l.h)
	fillRGBA(dc, p.background, 1)
	dc.Clear()
	img := dc.Image().(*image.RGBA)
	pts := chartPoints(&c, &l)
	drawChartBands(dc, p, &l, pts)
	drawChartGrid(dc, p, &l, len(c.Chances)-1)
	drawChartCurve(dc, p, &l, pts)
	drawChartScale(&sc, img, p, &l, faces, &c)
	drawChartAxis(&sc, img, p, &l, faces, &c)
	plates := drawChartSides(&sc, img, p, &l, faces, &c)
	drawChartMarks(dc, &sc, img, p, &l, faces, &c, pts, plates)
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&out, img); err != nil {
		return nil, fmt.Errorf("chart: %w", err)
	}
	return out.Bytes(), nil
}

// check refuses a chart that cannot be drawn.
func (c *Chart) check() error {
	if c.Width != 0 && (c.Width < ChartMinWidth || c.Width > ChartMaxWidth) {
		return fmt.Errorf("%w: width %d (use %d–%d)", ErrBadChart, c.Width, ChartMinWidth, ChartMaxWidth)
	}
	if len(c.Chances) < 2 {
		return fmt.Errorf("%w: %d chances, want at least two", ErrBadChart, len(c.Chances))
	}
	for k, v := range c.Chances {
		if !(v >= 0 && v <= 1) {
			return fmt.Errorf("%w: the chance after move %d is %v, not 0 to 1", ErrBadChart, k, v)
		}
	}
	for _, m := range c.Marks {
		if m.Ply < 1 || m.Ply >= len(c.Chances) {
			return fmt.Errorf("%w: a mark on move %d, the curve has moves 1 to %d", ErrBadChart, m.Ply, len(c.Chances)-1)
		}
	}
	return nil
}

// newChartFaces loads the fonts at sizes that stay legible on a phone.
func newChartFaces(width int) (chartFaces, error) {
	u := float64(width) / ChartDefaultWidth
	var f chartFaces
	err := loadTypefaces(
		faceSpec{&f.title, gobold.TTF, math.Max(13, 16*u)},
		faceSpec{&f.label, gobold.TTF, math.Max(11.5, 13*u)},
		faceSpec{&f.small, gomedium.TTF, math.Max(11, 11.5*u)},
	)
	if err != nil {
		return chartFaces{}, fmt.Errorf("chart: %w", err)
	}
	return f, nil
}

func newChartLayout(c *Chart, f chartFaces) chartLayout {
	w := c.Width
	l := chartLayout{w: w, pad: max(8, w/40), line: math.Max(2, float64(w)/200)}
	var sc scribe
	left := l.pad
	for _, s := range []string{c.Labels.Top, c.Labels.Middle, c.Labels.Bottom} {
		if s != "" {
			left = max(left, l.pad+sc.width(f.small, s)+l.pad/2)
		}
	}
	top := l.pad
	if c.Labels.Title != "" {
		l.titleBase = l.pad + f.title.ascent
		top = l.titleBase + f.title.descent + l.pad/2
	}
	plotH := int(math.Round(float64(w) * 0.42))
	l.plot = image.Rect(left, top, w-l.pad, top+plotH)
	l.axisBase = l.plot.Max.Y + l.pad/2 + f.small.ascent
	l.h = l.axisBase + f.small.descent + l.pad/2
	if c.Labels.Axis != "" {
		l.axisLabelY = l.h + f.small.ascent
		l.h = l.axisLabelY + f.small.descent + l.pad/2
	}
	l.h += l.pad / 2
	return l
}

// chartPoints returns the curve's points: one a move, Orange's chance
// measured up from the bottom of the plot.
func chartPoints(c *Chart, l *chartLayout) [][2]float64 {
	pts := make([][2]float64, len(c.Chances))
	n := float64(len(c.Chances) - 1)
	for k, v := range c.Chances {
		x := float64(l.plot.Min.X) + float64(l.plot.Dx())*float64(k)/n
		y := float64(l.plot.Max.Y) - float64(l.plot.Dy())*v
		pts[k] = [2]float64{x, y}
	}
	return pts
}

// chartBandAlpha is the opacity of the sides' colours over the
// background: enough to tell them at a glance, not so much that the curve
// and the labels drown.
const chartBandAlpha = 0.6

// drawChartBands fills the plot: Blue's colour above the curve, Orange's below.
func drawChartBands(dc *gg.Context, p *scheme, l *chartLayout, pts [][2]float64) {
	fillChartBand(dc, l, pts, float64(l.plot.Min.Y), p.blue.bond)
	fillChartBand(dc, l, pts, float64(l.plot.Max.Y), p.orange.bond)
}

// fillChartBand fills, in colour c, the plot between the curve and its
// edge at height y.
func fillChartBand(dc *gg.Context, l *chartLayout, pts [][2]float64, y float64, c color.NRGBA) {
	dc.MoveTo(float64(l.plot.Min.X), y)
	for _, q := range pts {
		dc.LineTo(q[0], q[1])
	}
	dc.LineTo(float64(l.plot.Max.X), y)
	dc.ClosePath()
	fillRGBA(dc, c, chartBandAlpha)
	dc.Fill()
}

// drawChartGrid draws the even line across the middle and faint lines at
// round numbers of moves.
func drawChartGrid(dc *gg.Context, p *scheme, l *chartLayout, moves int) {
	mid := float64(l.plot.Min.Y+l.plot.Max.Y) / 2
	dc.SetDash(4, 4)
	dc.SetLineWidth(1)
	fillRGBA(dc, p.text, 0.55)
	dc.DrawLine(float64(l.plot.Min.X), mid, float64(l.plot.Max.X), mid)
	dc.Stroke()
	dc.SetDash()
	step := chartTickStep(moves, l.plot.Dx())
	fillRGBA(dc, p.background, 0.35)
	for k := step; k < moves; k += step {
		x := math.Round(float64(l.plot.Min.X)+float64(l.plot.Dx())*float64(k)/float64(moves)) + 0.5
		dc.DrawLine(x, float64(l.plot.Min.Y), x, float64(l.plot.Max.Y))
		dc.Stroke()
	}
}

// chartTickStep returns the moves between numbers on the axis: a round step
// that leaves some 45 pixels between them.
func chartTickStep(moves, width int) int {
	want := max(1, moves*45/max(width, 1))
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500} {
		if s >= want {
			return s
		}
	}
	return 1000
}

// drawChartCurve draws the line of the chances, with an edge that sets it off
// from both colours.
func drawChartCurve(dc *gg.Context, p *scheme, l *chartLayout, pts [][2]float64) {
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	for i, pass := range []struct {
		c     color.NRGBA
		width float64
	}{{p.background, l.line + 2}, {p.text, l.line}} {
		_ = i
		dc.MoveTo(pts[0][0], pts[0][1])
		for _, q := range pts[1:] {
			dc.LineTo(q[0], q[1])
		}
		dc.SetLineWidth(pass.width)
		fillRGBA(dc, pass.c, 1)
		dc.Stroke()
	}
}

// drawChartScale writes the scale's marks left of the plot.
func drawChartScale(sc *scribe, img *image.RGBA, p *scheme, l *chartLayout, f chartFaces, c *Chart) {
	right := l.plot.Min.X - l.pad/2
	for i, s := range []string{c.Labels.Top, c.Labels.Middle, c.Labels.Bottom} {
		if s == "" {
			continue
		}
		y := l.plot.Min.Y + l.plot.Dy()*i/2
		base := y + f.small.capTop/2
		switch i {
		case 0:
			base = l.plot.Min.Y + f.small.capTop
		case 2:
			base = l.plot.Max.Y
		}
		sc.draw(img, f.small, s, right-sc.width(f.small, s), base, p.textDim)
	}
}

// drawChartAxis writes the moves' numbers under the plot, the axis's name under
// them, and the title above.
func drawChartAxis(sc *scribe, img *image.RGBA, p *scheme, l *chartLayout, f chartFaces, c *Chart) {
	moves := len(c.Chances) - 1
	step := chartTickStep(moves, l.plot.Dx())
	for k := 0; k <= moves; k += step {
		s := itoa(k)
		x := l.plot.Min.X + int(math.Round(float64(l.plot.Dx())*float64(k)/float64(moves)))
		w := sc.width(f.small, s)
		x = min(max(x-w/2, l.plot.Min.X), l.plot.Max.X-w)
		sc.draw(img, f.small, s, x, l.axisBase, p.textDim)
	}
	if c.Labels.Axis != "" {
		s := sc.fit(f.small, c.Labels.Axis, l.plot.Dx())
		sc.draw(img, f.small, s, l.plot.Min.X+(l.plot.Dx()-sc.width(f.small, s))/2, l.axisLabelY, p.textDim)
	}
	if c.Labels.Title != "" {
		s := sc.fit(f.title, c.Labels.Title, l.w-2*l.pad)
		sc.draw(img, f.title, s, l.pad, l.titleBase, p.text)
	}
}

// drawChartSides writes Blue's name in the top corner of the plot and
// Orange's in the bottom one, each on a plate of its colour so that it
// reads wherever the curve runs. It returns the plates.
func drawChartSides(sc *scribe, img *image.RGBA, p *scheme, l *chartLayout, f chartFaces, c *Chart) []image.Rectangle {
	plates := chartSidePlates(sc, l, f, c)
	for i, side := range chartSides(c, p) {
		if side.name == "" {
			continue
		}
		plate := plates[0]
		plates = plates[1:]
		chartFill(img, plate, side.st.dark)
		ink := p.inkLight
		if i == 1 {
			ink = p.inkDark
		}
		s := sc.fit(f.label, side.name, l.plot.Dx()/2)
		sc.draw(img, f.label, s, plate.Min.X+4, plate.Min.Y+2+f.label.ascent, ink)
	}
	return chartSidePlates(sc, l, f, c)
}

// chartSide is one side's name on a chart, and its colours.
type chartSide struct {
	name string
	st   birdStyle
}

// chartSides returns Blue's side, written at the top, and Orange's.
func chartSides(c *Chart, p *scheme) [2]chartSide {
	return [2]chartSide{{c.Labels.Blue, p.blue}, {c.Labels.Orange, p.orange}}
}

// chartSidePlates returns where the sides' names go: Blue's plate in the
// top left corner of the plot, Orange's in the bottom left, each only
// when the side has a name.
func chartSidePlates(sc *scribe, l *chartLayout, f chartFaces, c *Chart) []image.Rectangle {
	var plates []image.Rectangle
	for i, name := range []string{c.Labels.Blue, c.Labels.Orange} {
		if name == "" {
			continue
		}
		w := sc.width(f.label, sc.fit(f.label, name, l.plot.Dx()/2))
		h := f.label.ascent + f.label.descent
		x := l.plot.Min.X + l.pad/2
		y := l.plot.Min.Y + l.pad/2
		if i == 1 {
			y = l.plot.Max.Y - l.pad/2 - h - 4
		}
		plates = append(plates, image.Rect(x, y, x+w+8, y+h+4))
	}
	return plates
}

// chartMarkRadius is the radius of the dot on a marked move.
func chartMarkRadius(l *chartLayout) float64 { return math.Max(4, 1.6*l.line+2) }

// drawChartMarks rings the marked moves' points and writes their labels
// beside them, each where it covers neither another label nor a side's
// name, with a thin line to its point when it had to stand aside.
func drawChartMarks(dc *gg.Context, sc *scribe, img *image.RGBA, p *scheme, l *chartLayout, f chartFaces, c *Chart, pts [][2]float64, taken []image.Rectangle) {
	r := chartMarkRadius(l)
	type placed struct {
		plate image.Rectangle
		text  string
		at    [2]float64
	}
	var labels []placed
	for _, m := range c.Marks {
		if m.Label == "" {
			continue
		}
		q := pts[m.Ply]
		s := sc.fit(f.label, m.Label, l.plot.Dx()/2)
		size := image.Pt(sc.width(f.label, s)+8, f.label.ascent+f.label.descent+4)
		plate := chartPlace(l, q, r, size, taken)
		taken = append(taken, plate)
		labels = append(labels, placed{plate, s, q})
	}
	for _, lb := range labels {
		c := image.Pt((lb.plate.Min.X+lb.plate.Max.X)/2, (lb.plate.Min.Y+lb.plate.Max.Y)/2)
		if math.Hypot(float64(c.X)-lb.at[0], float64(c.Y)-lb.at[1]) > float64(lb.plate.Dy())+r {
			dc.SetLineWidth(1.5)
			fillRGBA(dc, p.glow, 1)
			dc.DrawLine(lb.at[0], lb.at[1], float64(c.X), float64(c.Y))
			dc.Stroke()
		}
	}
	for _, m := range c.Marks {
		q := pts[m.Ply]
		dc.DrawCircle(q[0], q[1], r+1.5)
		fillRGBA(dc, p.background, 1)
		dc.Fill()
		dc.DrawCircle(q[0], q[1], r)
		fillRGBA(dc, p.glow, 1)
		dc.Fill()
	}
	for _, lb := range labels {
		chartFill(img, lb.plate, p.panel)
		chartOutline(img, lb.plate, p.glow)
		sc.draw(img, f.label, lb.text, lb.plate.Min.X+4, lb.plate.Min.Y+2+f.label.ascent, p.text)
	}
}

// chartPlace returns where a label of the given size goes for the point
// q, ringed with radius r: just above or below it, else beside it, else
// further up or down and to either side, the first place inside the plot
// that meets nothing taken; when every place does, the one that covers
// the least.
func chartPlace(l *chartLayout, q [2]float64, r float64, size image.Point, taken []image.Rectangle) image.Rectangle {
	x, y := int(math.Round(q[0])), int(math.Round(q[1]))
	gap := int(math.Ceil(r)) + 4
	at := func(left, top int) image.Rectangle {
		left = min(max(left, l.plot.Min.X), l.plot.Max.X-size.X)
		return image.Rect(left, top, left+size.X, top+size.Y)
	}
	up := func(j int) int { return y - gap - size.Y - j*(size.Y+2) }
	down := func(j int) int { return y + gap + j*(size.Y+2) }
	first, second := up, down
	if y < (l.plot.Min.Y+l.plot.Max.Y)/2 {
		first, second = down, up
	}
	lefts := []int{x - size.X/2, x + gap, x - gap - size.X, x + gap + size.X/2, x + gap + size.X}
	tries := []image.Rectangle{at(lefts[0], first(0)), at(lefts[0], second(0)), at(x+gap, y-size.Y/2), at(x-gap-size.X, y-size.Y/2)}
	for j := range 6 {
		for _, left := range lefts {
			tries = append(tries, at(left, first(j)), at(left, second(j)))
		}
		tries = append(tries, at(x+gap+j*size.X/2, y-size.Y/2))
	}
	inside := l.plot.Inset(-2)
	best, bestCover := tries[0], -1
	for _, t := range tries {
		if !t.In(inside) {
			continue
		}
		cover := 0
		for _, o := range taken {
			cover += chartArea(t.Intersect(o.Inset(-2)))
		}
		if cover == 0 {
			return t
		}
		if bestCover < 0 || cover < bestCover {
			best, bestCover = t, cover
		}
	}
	return best
}

// chartArea returns the number of pixels of r.
func chartArea(r image.Rectangle) int { return r.Dx() * r.Dy() }

// chartFill paints r in c.
func chartFill(img *image.RGBA, r image.Rectangle, c color.NRGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, color.RGBA{c.R, c.G, c.B, 255})
		}
	}
}

// chartOutline draws a one-pixel frame just inside r in c.
func chartOutline(img *image.RGBA, r image.Rectangle, c color.NRGBA) {
	for _, e := range []image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+1)},
		{image.Pt(r.Min.X, r.Max.Y-1), r.Max},
		{r.Min, image.Pt(r.Min.X+1, r.Max.Y)},
		{image.Pt(r.Max.X-1, r.Min.Y), r.Max},
	} {
		chartFill(img, e, c)
	}
}
