package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"

	"github.com/volo-discord/volo/tournament"
)

// The sizes of a crosstable image. Discord shows an image about 500
// pixels wide on a computer and 310 to 360 on a phone. The text is drawn
// some 20 pixels high, larger for a table of few columns, and the image is
// at least CrosstableMinWidth wide, so that a table of up to four or five
// rounds keeps text some 12 pixels high on a computer; a table of more
// rounds is as wide as its columns need, and read by opening it. The
// limits keep the largest image, 128 players over 40 rounds, within some
// 4,100 by 4,000 pixels.
const (
	CrosstableMinWidth  = 800
	CrosstableMaxRounds = 40
	CrosstableMaxRows   = tournament.MaxPlayers
)

// ErrBadCrosstable is wrapped by the errors DrawCrosstable returns for a
// crosstable that cannot be drawn: no players, too many players or
// rounds, tie-breaks that do not match their names.
var ErrBadCrosstable = errors.New("bad crosstable")

// Crosstable is a tournament's crosstable as an image: a row a player in
// the order of the standings, with their rank, name, every round's result
// (the opponent's row, their colour's initial and the points, as
// tournament.Cell writes it, beside a bird of the player's colour), their
// points and their tie-breaks. The header row stands out, rows are shaded
// in turn and the leader's row is lit. Every word on it comes from the
// caller, so that it can be in the reader's language.
type Crosstable struct {
	// Table is the crosstable, as tournament.Event.Crosstable gives it:
	// 1 to CrosstableMaxRows rows, each of at most CrosstableMaxRounds
	// cells and with a value for each of Table.TieBreaks.
	Table tournament.Crosstable
	// Names are the players' display names by their ID; a player without
	// one is named by their ID. A long name is shortened with an ellipsis.
	Names map[string]string
	// Labels are the table's words.
	Labels CrosstableLabels
	// Theme is the colour scheme, Dark or Light.
	Theme Theme
}

// CrosstableLabels are the words on a crosstable, each left out when
// empty. The rounds' heads are their numbers.
type CrosstableLabels struct {
	// Title is written above the table, such as the tournament's name
	// and how far it has come ("Spring Swiss — round 4 of 4").
	Title string
	// Rank, Player and Points head their columns, such as "#", "Player"
	// and "Pts".
	Rank, Player, Points string
	// TieBreaks head the tie-breaks' columns, one for each of
	// Table.TieBreaks; nil means their FIDE acronyms ("BH-C1", "SB").
	TieBreaks []string
	// Decimal separates the decimals of a tie-break ("12.75"); empty
	// means ".". Halves are written "12½" either way.
	Decimal string
}

// crosstableFaces are the fonts of a crosstable, at one size.
type crosstableFaces struct {
	size                    float64 // the text's, in pixels
	title, head, body, bold *typeface
}

// The crosstable's text size, in pixels: at least, and at most for a
// table of few columns, which is drawn larger to fill CrosstableMinWidth.
const (
	crosstableTextSize    = 20
	crosstableTextSizeMax = 28
)

// align is how a column sets its text.
type align uint8

const (
	alignLeft align = iota
	alignRight
	alignCentre
)

// crosstableColumn is one column of a crosstable: where it stands, its
// head and how it sets its text.
type crosstableColumn struct {
	x, w  int
	head  string
	align align
	// text is the column's text in row k.
	text func(k int) string
}

// crosstableLayout is where a crosstable's parts go.
type crosstableLayout struct {
	w, h      int
	pad       int // around the table
	cellPad   int // inside a cell, either side
	titleBase int // the title's baseline
	top       int // the header row's top
	headH     int
	rowH      int
	bird      float64        // the radius of a round's bird
	birds     [2]*image.RGBA // Orange's and Blue's, drawn once
	roundIn   int            // from a round's column to its bird
	rank      crosstableColumn
	name      crosstableColumn
	rounds    []crosstableColumn
	points    crosstableColumn
	tieBreaks []crosstableColumn
}

// DrawCrosstable draws a crosstable as a PNG image.
func DrawCrosstable(c Crosstable) ([]byte, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	var sc scribe
	faces, l, err := crosstableSize(&sc, &c)
	if err != nil {
		return nil, err
	}
	p := c.Theme.scheme()
	l.birds = crosstableBirds(p, l.bird)
	dc := gg.NewContext(l.w, l.h)
	fillRGBA(dc, p.background, 1)
	dc.Clear()
	img := dc.Image().(*image.RGBA)
	if c.Labels.Title != "" {
		s := sc.fit(faces.title, c.Labels.Title, l.w-2*l.pad)
		sc.draw(img, faces.title, s, l.pad, l.titleBase, p.text)
	}
	drawCrosstableHead(&sc, img, p, &l, faces)
	for k := range c.Table.Rows {
		drawCrosstableRow(&sc, img, p, &l, faces, &c, k)
	}
	drawCrosstableRules(img, p, &l, len(c.Table.Rows))
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, crosstablePaletted(img, p)); err != nil {
		return nil, fmt.Errorf("crosstable: %w", err)
	}
	return out.Bytes(), nil
}

// crosstableSize returns the faces and layout of c: at the least text
// size, or, when the table is narrower than CrosstableMinWidth, at the
// size that fills it, up to crosstableTextSizeMax.
func crosstableSize(sc *scribe, c *Crosstable) (crosstableFaces, crosstableLayout, error) {
	faces, err := newCrosstableFaces(crosstableTextSize)
	if err != nil {
		return crosstableFaces{}, crosstableLayout{}, err
	}
	l, natural := newCrosstableLayout(sc, c, faces)
	if natural >= CrosstableMinWidth {
		return faces, l, nil
	}
	size := math.Min(crosstableTextSizeMax, math.Floor(crosstableTextSize*CrosstableMinWidth/float64(natural)))
	if faces, err = newCrosstableFaces(size); err != nil {
		return crosstableFaces{}, crosstableLayout{}, err
	}
	l, _ = newCrosstableLayout(sc, c, faces)
	return faces, l, nil
}

// crosstablePaletted maps img to a palette of its theme's colours and
// their blends, which keeps the PNG some three times smaller.
func crosstablePaletted(img *image.RGBA, p *scheme) *image.Paletted {
	h := newHistogram()
	h.add(img, img.Rect)
	exact := []color.NRGBA{
		p.background, p.panel, p.panelLine, p.text, p.textDim, p.glow,
		crosstableTint(p.background, p.glow, crosstableLeaderTint), crosstableTint(p.panel, p.glow, crosstableLeaderTint),
		p.orange.light, p.orange.dark, p.orange.rim, p.blue.light, p.blue.dark, p.blue.rim, p.blue.ring,
	}
	pal := buildPalette(exact, h)
	cols := make([][3]int32, len(pal))
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		cols[i] = [3]int32{int32(r >> 8), int32(g >> 8), int32(b >> 8)}
	}
	// A table is mostly runs of a few flat colours: each colour met is
	// looked up once, and a run's pixels after the first not at all.
	out := image.NewPaletted(img.Rect, pal)
	seen := make(map[[3]int32]uint8)
	last, lastIndex := [3]int32{-1}, uint8(0)
	for i := range out.Pix {
		px := img.Pix[4*i : 4*i+3 : 4*i+3]
		c := [3]int32{int32(px[0]), int32(px[1]), int32(px[2])}
		if c != last {
			index, ok := seen[c]
			if !ok {
				index = crosstableNearest(cols, c)
				seen[c] = index
			}
			last, lastIndex = c, index
		}
		out.Pix[i] = lastIndex
	}
	return out
}

// crosstableNearest returns the index of the colour of cols nearest to c.
func crosstableNearest(cols [][3]int32, c [3]int32) uint8 {
	best, bestD := 0, int32(math.MaxInt32)
	for i, p := range cols {
		if d := distance(c, p); d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}

// check refuses a crosstable that cannot be drawn.
func (c *Crosstable) check() error {
	rows := c.Table.Rows
	if len(rows) == 0 || len(rows) > CrosstableMaxRows {
		return fmt.Errorf("%w: %d players (draw 1 to %d)", ErrBadCrosstable, len(rows), CrosstableMaxRows)
	}
	if n := crosstableRounds(&c.Table); n > CrosstableMaxRounds {
		return fmt.Errorf("%w: %d rounds (draw up to %d)", ErrBadCrosstable, n, CrosstableMaxRounds)
	}
	tbs := len(c.Table.TieBreaks)
	if c.Labels.TieBreaks != nil && len(c.Labels.TieBreaks) != tbs {
		return fmt.Errorf("%w: %d tie-breaks' heads for %d tie-breaks", ErrBadCrosstable, len(c.Labels.TieBreaks), tbs)
	}
	for _, r := range rows {
		if len(r.TieBreaks) != tbs {
			return fmt.Errorf("%w: player %q has %d tie-breaks' values, want %d", ErrBadCrosstable, r.Player, len(r.TieBreaks), tbs)
		}
	}
	return nil
}

// crosstableRounds returns the number of rounds of the table: its longest
// row's.
func crosstableRounds(t *tournament.Crosstable) int {
	n := 0
	for _, r := range t.Rows {
		n = max(n, len(r.Cells))
	}
	return n
}

// newCrosstableFaces loads the fonts for text size pixels high, the
// title's a quarter larger.
func newCrosstableFaces(size float64) (crosstableFaces, error) {
	f := crosstableFaces{size: size}
	err := loadTypefaces(
		faceSpec{&f.title, gobold.TTF, math.Round(1.25 * size)},
		faceSpec{&f.head, gobold.TTF, size},
		faceSpec{&f.body, gomedium.TTF, size},
		faceSpec{&f.bold, gobold.TTF, size},
	)
	if err != nil {
		return crosstableFaces{}, fmt.Errorf("crosstable: %w", err)
	}
	return f, nil
}

// newCrosstableLayout sizes each column for its widest text, the names'
// to at most some nine letters' width, and widens the table to
// CrosstableMinWidth if it is narrower: the names' column first, up to its
// longest name, then every column alike. It also returns the table's
// width before widening.
func newCrosstableLayout(sc *scribe, c *Crosstable, f crosstableFaces) (l crosstableLayout, natural int) {
	t := &c.Table
	em := f.size
	l = crosstableLayout{
		pad:     int(math.Round(0.6 * em)),
		cellPad: int(math.Round(0.35 * em)),
		headH:   int(math.Round(1.7 * em)),
		rowH:    int(math.Round(1.55 * em)),
		bird:    0.33 * em,
	}
	l.top = l.pad
	if c.Labels.Title != "" {
		l.titleBase = l.pad + f.title.ascent
		l.top = l.titleBase + f.title.descent + l.pad
	}
	rows := t.Rows
	l.rank = crosstableColumn{head: c.Labels.Rank, align: alignRight, text: func(k int) string { return itoa(rows[k].Rank) }}
	l.name = crosstableColumn{head: c.Labels.Player, align: alignLeft, text: func(k int) string { return c.name(k) }}
	for r := range crosstableRounds(t) {
		l.rounds = append(l.rounds, crosstableColumn{head: itoa(r + 1), align: alignCentre, text: func(k int) string {
			if r >= len(rows[k].Cells) {
				return ""
			}
			return rows[k].Cells[r].String()
		}})
	}
	l.points = crosstableColumn{head: c.Labels.Points, align: alignRight, text: func(k int) string { return tournament.Points(rows[k].Score) }}
	for i, tb := range t.TieBreaks {
		head := string(tb)
		if c.Labels.TieBreaks != nil {
			head = c.Labels.TieBreaks[i]
		}
		l.tieBreaks = append(l.tieBreaks, crosstableColumn{head: head, align: alignRight, text: func(k int) string {
			return crosstableNumber(rows[k].TieBreaks[i], c.Labels.Decimal)
		}})
	}

	widest := func(col *crosstableColumn, extra int) int {
		w := sc.width(f.head, col.head)
		for k := range rows {
			w = max(w, sc.width(f.bold, col.text(k))+extra)
		}
		return w + 2*l.cellPad
	}
	l.rank.w = widest(&l.rank, 0)
	nameMax := int(9 * em)
	names := widest(&l.name, 0)
	l.name.w = min(names, nameMax+2*l.cellPad)
	birdW := int(math.Ceil(2*l.bird)) + l.birdGap()
	roundW := 0
	for i := range l.rounds {
		roundW = max(roundW, widest(&l.rounds[i], birdW))
	}
	for i := range l.rounds {
		l.rounds[i].w = roundW
	}
	l.points.w = widest(&l.points, 0)
	for i := range l.tieBreaks {
		l.tieBreaks[i].w = widest(&l.tieBreaks[i], 0)
	}

	cols := l.columns()
	natural = 2 * l.pad
	for _, col := range cols {
		natural += col.w
	}
	if extra := CrosstableMinWidth - natural; extra > 0 {
		grow := min(extra, max(0, names-l.name.w))
		l.name.w += grow
		extra -= grow
		for i, col := range cols {
			col.w += extra / len(cols)
			if i < extra%len(cols) {
				col.w++
			}
		}
	}
	l.roundIn = l.cellPad
	if len(l.rounds) > 0 {
		l.roundIn += (l.rounds[0].w - roundW) / 2
	}
	x := l.pad
	for _, col := range l.columns() {
		col.x = x
		x += col.w
	}
	l.w = x + l.pad
	l.h = l.top + l.headH + len(rows)*l.rowH + l.pad
	return l, natural
}

// birdGap is the room between a round's bird and its text.
func (l *crosstableLayout) birdGap() int { return max(3, l.cellPad*2/3) }

// columns returns the layout's columns, left to right.
func (l *crosstableLayout) columns() []*crosstableColumn {
	cols := []*crosstableColumn{&l.rank, &l.name}
	for i := range l.rounds {
		cols = append(cols, &l.rounds[i])
	}
	cols = append(cols, &l.points)
	for i := range l.tieBreaks {
		cols = append(cols, &l.tieBreaks[i])
	}
	return cols
}

// name returns the display name of row k's player.
func (c *Crosstable) name(k int) string {
	id := c.Table.Rows[k].Player
	if n := c.Names[id]; n != "" {
		return n
	}
	return id
}

// crosstableNumber writes a tie-break's value: whole and half values as
// tournament.Points does ("12", "12½"), others with up to two decimals
// after dec ("12.75").
func crosstableNumber(v float64, dec string) string {
	v = math.Round(v*100) / 100
	if v*2 == math.Trunc(v*2) && v >= 0 {
		return tournament.Points(v)
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if dec != "" {
		s = strings.Replace(s, ".", dec, 1)
	}
	return strings.Replace(s, "-", "−", 1)
}

// crosstableBirds draws Orange's and Blue's birds of radius r, each on
// a transparent square of its own.
func crosstableBirds(p *scheme, r float64) [2]*image.RGBA {
	side := int(math.Ceil(2 * r))
	var birds [2]*image.RGBA
	for i, st := range [2]birdStyle{p.orange, p.blue} {
		dc := gg.NewContext(side, side)
		drawBird(dc, st, float64(side)/2, float64(side)/2, r)
		birds[i] = dc.Image().(*image.RGBA)
	}
	return birds
}

// crosstableLeaderTint is how much of the theme's glow lights the
// leader's row: enough to find it, not so much that it reads as a
// warning.
const crosstableLeaderTint = 0.16

// crosstableTint mixes share t of c into base.
func crosstableTint(base, c color.NRGBA, t float64) color.NRGBA {
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a)*(1-t) + float64(b)*t)) }
	return color.NRGBA{mix(base.R, c.R), mix(base.G, c.G), mix(base.B, c.B), 255}
}

// setText writes s in column col on the baseline y.
func setText(sc *scribe, img *image.RGBA, tf *typeface, col *crosstableColumn, pad int, s string, y int, c color.NRGBA) {
	w := sc.width(tf, s)
	x := col.x + pad
	switch col.align {
	case alignRight:
		x = col.x + col.w - pad - w
	case alignCentre:
		x = col.x + (col.w-w)/2
	}
	sc.draw(img, tf, s, x, y, c)
}

// drawCrosstableHead draws the header row: the columns' heads in bold on
// a band of their own.
func drawCrosstableHead(sc *scribe, img *image.RGBA, p *scheme, l *crosstableLayout, f crosstableFaces) {
	band := image.Rect(l.pad, l.top, l.w-l.pad, l.top+l.headH)
	chartFill(img, band, p.panelLine)
	base := l.top + (l.headH+f.head.capTop)/2
	for _, col := range l.columns() {
		if col.head == "" {
			continue
		}
		s := sc.fit(f.head, col.head, col.w-2*l.cellPad)
		setText(sc, img, f.head, col, l.cellPad, s, base, p.text)
	}
}

// drawCrosstableRow draws row k: its shading, the leader's light, and its
// text, each round's beside a bird of the player's colour.
func drawCrosstableRow(sc *scribe, img *image.RGBA, p *scheme, l *crosstableLayout, f crosstableFaces, c *Crosstable, k int) {
	row := c.Table.Rows[k]
	top := l.top + l.headH + k*l.rowH
	band := image.Rect(l.pad, top, l.w-l.pad, top+l.rowH)
	shade := p.background
	if k%2 == 1 {
		shade = p.panel
	}
	if row.Rank == 1 {
		shade = crosstableTint(shade, p.glow, crosstableLeaderTint)
		chartFill(img, band, shade)
		chartFill(img, image.Rect(band.Min.X, band.Min.Y, band.Min.X+max(3, l.cellPad/2), band.Max.Y), p.glow)
	} else {
		chartFill(img, band, shade)
	}
	base := top + (l.rowH+f.body.capTop)/2
	setText(sc, img, f.body, &l.rank, l.cellPad, l.rank.text(k), base, p.textDim)
	nameInk := p.text
	if row.Withdrawn {
		nameInk = p.textDim
	}
	name := sc.fit(f.body, l.name.text(k), l.name.w-2*l.cellPad)
	setText(sc, img, f.body, &l.name, l.cellPad, name, base, nameInk)
	for r, cell := range row.Cells {
		drawCrosstableCell(sc, img, p, l, f, &l.rounds[r], cell, top, base)
	}
	setText(sc, img, f.bold, &l.points, l.cellPad, l.points.text(k), base, p.text)
	for i := range l.tieBreaks {
		setText(sc, img, f.body, &l.tieBreaks[i], l.cellPad, l.tieBreaks[i].text(k), base, p.text)
	}
}

// drawCrosstableCell draws one round of a row: a bird of the player's
// colour, then the cell's text, bold for a win, dim for a loss or a round
// without a game. The birds and the texts of a column line up.
func drawCrosstableCell(sc *scribe, img *image.RGBA, p *scheme, l *crosstableLayout, f crosstableFaces, col *crosstableColumn, cell tournament.Cell, top, base int) {
	s := cell.String()
	tf, ink := f.body, p.text
	switch {
	case cell.Outcome == tournament.Absent || cell.Outcome == tournament.Resting:
		ink = p.textDim
	case cell.Outcome == tournament.Playing:
	case cell.Points == 1:
		tf = f.bold
	case cell.Points == 0:
		ink = p.textDim
	}
	d := int(math.Ceil(2 * l.bird))
	text := col.x + l.roundIn + d + l.birdGap()
	var bird *image.RGBA
	switch cell.Colour {
	case tournament.Orange:
		bird = l.birds[0]
	case tournament.Blue:
		bird = l.birds[1]
	}
	if bird != nil {
		at := image.Pt(col.x+l.roundIn, top+(l.rowH-bird.Rect.Dy())/2)
		draw.Draw(img, bird.Rect.Add(at), bird, image.Point{}, draw.Over)
	}
	sc.draw(img, tf, s, text, base, ink)
}

// drawCrosstableRules draws thin lines that part the names from the
// rounds, and the rounds from the points.
func drawCrosstableRules(img *image.RGBA, p *scheme, l *crosstableLayout, rows int) {
	bottom := l.top + l.headH + rows*l.rowH
	for _, x := range []int{l.name.x + l.name.w, l.points.x} {
		chartFill(img, image.Rect(x, l.top+l.headH, x+1, bottom), p.panelLine)
	}
	chartFill(img, image.Rect(l.pad, bottom-1, l.w-l.pad, bottom), p.panelLine)
}
