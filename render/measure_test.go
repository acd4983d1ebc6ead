package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/fixed"
)

// The widths at which Discord shows a board image: about 310 pixels on a
// phone and 500 on a desktop, whatever the image's own width.
const (
	phoneWidth   = 310
	desktopWidth = 500
)

// minInkHeight is the least height, in pixels where the image is shown,
// of the ink of any label: the x-height of a row letter such as a, c, e
// or m, the height of a digit. Seven pixels is the cap height of 10-point
// text, a little under that of the 12-pixel text Discord's own timestamps
// use and of the 11-point minimum of Apple's guidelines: the smallest text
// a player is asked to read anywhere on the screen. Below about 5 pixels
// digits such as 6, 8 and 9 run together.
const minInkHeight = 7

// minContrast is WCAG 2's contrast ratio for body text (level AA),
// between a label's colour and the colour it is written on.
const minContrast = 4.5

// shown returns img scaled to width pixels wide, as a browser scales it
// down (a Catmull-Rom filter, widened to the scale).
func shown(img *image.RGBA, width int) *image.RGBA {
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, width, (b.Dy()*width+b.Dx()/2)/b.Dx()))
	xdraw.CatmullRom.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
	return dst
}

// blankBoard returns scene s drawn at DefaultSize in theme's colours as
// p changes them, shown width pixels wide: with p giving some labels the
// colour of the ground they stand on, the board without them that ink
// measures the labels against.
func blankBoard(t *testing.T, theme Theme, p *scheme, s Scene, width int) *image.RGBA {
	t.Helper()
	twin, err := build(Options{Theme: theme, Size: DefaultSize}, p)
	if err != nil {
		t.Fatal(err)
	}
	return shown(decodePNG(t, must(twin.Board(s))), width)
}

// legibility measures the labels of one kind, such as "row letter", on a
// board shown width pixels wide: each must be tall enough, and stand out
// from its ground in colour and where it is shown.
type legibility struct {
	t     *testing.T
	theme Theme
	kind  string
	where string // where the labels stand, such as " on the plate"; may be empty
	width int
	want  int // the least height of a label's ink, minInkHeight unless set

	least, most   int     // the shortest and tallest ink, in pixels
	leastContrast float64 // the least contrast at a label's strongest pixel
}

func newLegibility(t *testing.T, theme Theme, kind string, width int) *legibility {
	return &legibility{t: t, theme: theme, kind: kind, width: width, want: minInkHeight, least: math.MaxInt, leastContrast: math.Inf(1)}
}

// measure measures label, written in colour c inside box on img, against
// blank, and asks that it be at least l.want tall.
func (l *legibility) measure(img, blank *image.RGBA, box image.Rectangle, c color.NRGBA, label string) {
	l.t.Helper()
	h, contrast := ink(img, blank, box, c)
	if h < l.want {
		l.t.Errorf("%v: %s %s%s is %d pixels tall at %d pixels wide, want %d or more", l.theme, l.kind, label, l.where, h, l.width, l.want)
	}
	l.least, l.most, l.leastContrast = min(l.least, h), max(l.most, h), min(l.leastContrast, contrast)
}

// report logs what was measured and asks for at least minContrast twice:
// between c, the labels' colour, and ground, and, once the image is
// scaled, at the strongest pixel of the faintest label. Scaling blends
// thin strokes with the ground, so a label whose colour passes can still
// be too faint where it is shown.
func (l *legibility) report(c, ground color.NRGBA) {
	l.t.Helper()
	nominal := contrastRatio(c, ground)
	l.t.Logf("%v %ss%s at %d px: %d–%d px tall; contrast %.2f:1 (%.2f:1 where a glyph is darkest or brightest once scaled)",
		l.theme, l.kind, l.where, l.width, l.least, l.most, nominal, l.leastContrast)
	for _, m := range []struct {
		where    string
		contrast float64
	}{
		{"in colour", nominal},
		{fmt.Sprintf("where a glyph is darkest or brightest at %d pixels wide", l.width), l.leastContrast},
	} {
		if m.contrast < minContrast {
			l.t.Errorf("%v: %ss%s contrast %.2f:1 with the ground %s, want %.1f:1 or more", l.theme, l.kind, l.where, m.contrast, m.where, minContrast)
		}
	}
}

// scaleOut returns r, in the pixels of an image width pixels wide, scaled
// to one shown pixels wide and grown to whole pixels and one more.
func scaleOut(r image.Rectangle, width, shownWidth int) image.Rectangle {
	f := float64(shownWidth) / float64(width)
	return image.Rect(
		int(math.Floor(float64(r.Min.X)*f))-1, int(math.Floor(float64(r.Min.Y)*f))-1,
		int(math.Ceil(float64(r.Max.X)*f))+1, int(math.Ceil(float64(r.Max.Y)*f))+1,
	)
}

// ink measures the text that img has and blank, the same image without
// it, does not, inside box: it returns the number of rows from the first
// to the last that hold a pixel at least halfway from blank's colour to
// the text's colour c, and the contrast ratio between img's and blank's
// colours at the pixel that comes nearest c.
func ink(img, blank *image.RGBA, box image.Rectangle, c color.NRGBA) (height int, contrast float64) {
	box = box.Intersect(img.Rect)
	first, last, most := -1, -1, 0.0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			o := img.PixOffset(x, y)
			got, under := img.Pix[o:o+3], blank.Pix[o:o+3]
			want := [3]uint8{c.R, c.G, c.B}
			// The channel in which c differs most from the ground.
			ch := 0
			for i := 1; i < 3; i++ {
				if absDiff(want[i], under[i]) > absDiff(want[ch], under[ch]) {
					ch = i
				}
			}
			if absDiff(want[ch], under[ch]) < 16 {
				continue
			}
			cover := (float64(got[ch]) - float64(under[ch])) / (float64(want[ch]) - float64(under[ch]))
			if cover < 0.5 {
				continue
			}
			if first < 0 {
				first = y
			}
			last = y
			if cover > most {
				most = cover
				contrast = contrastRatio(rgb(got), rgb(under))
			}
		}
	}
	if first < 0 {
		return 0, 0
	}
	return last - first + 1, contrast
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func rgb(p []uint8) color.NRGBA { return color.NRGBA{p[0], p[1], p[2], 255} }

// contrastRatio is WCAG 2's contrast ratio of two colours, from 1 to 21.
func contrastRatio(a, b color.NRGBA) float64 {
	la, lb := relativeLuminance(a), relativeLuminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// relativeLuminance is WCAG 2's relative luminance of an sRGB colour.
func relativeLuminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func TestContrastRatio(t *testing.T) {
	for _, tc := range []struct {
		a, b color.NRGBA
		want float64
	}{
		{hex("#000000"), hex("#ffffff"), 21},
		{hex("#777777"), hex("#ffffff"), 4.48}, // the grey just short of AA
		{hex("#ffffff"), hex("#ffffff"), 1},
	} {
		if got := contrastRatio(tc.a, tc.b); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("contrast of %v and %v is %.3f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}

// labelBox returns the rectangle label gives text centred on (x, y): its
// advance wide, from the face's ascent to its descent.
func labelBox(sc *scribe, tf *typeface, text string, x, y float64) image.Rectangle {
	w := sc.width(tf, text)
	x0, base := int(math.Round(x-float64(w)/2)), int(math.Round(y+float64(tf.capTop)/2))
	return image.Rect(x0, base-tf.ascent, x0+w, base+tf.descent)
}

// inkPixels returns the pixels label paints for text centred on (x, y).
func inkPixels(sc *scribe, tf *typeface, text string, x, y float64) []image.Point {
	w := sc.width(tf, text)
	x0, base := int(math.Round(x-float64(w)/2)), int(math.Round(y+float64(tf.capTop)/2))
	var ps []image.Point
	dot := fixed.I(x0)
	for _, c := range text {
		g := sc.glyph(tf, c)
		at := image.Pt(dot.Round(), base)
		m := g.mask
		for py := m.Rect.Min.Y; py < m.Rect.Max.Y; py++ {
			for px := m.Rect.Min.X; px < m.Rect.Max.X; px++ {
				if m.AlphaAt(px, py).A > 0 {
					ps = append(ps, image.Pt(px, py).Add(at))
				}
			}
		}
		dot += g.advance
	}
	return ps
}

// bounds returns the smallest rectangle holding ps.
func bounds(ps []image.Point) image.Rectangle {
	var r image.Rectangle
	for _, p := range ps {
		r = r.Union(image.Rectangle{p, p.Add(image.Pt(1, 1))})
	}
	return r
}
