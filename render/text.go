package render

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// A typeface is a font at one size with the glyphs a Renderer needs
// rasterised once: printable ASCII and a few signs. The glyphs are
// read-only after newTypeface, so goroutines share them; any other rune
// is rasterised by the calling worker with its own font.Face, since faces
// are not safe for concurrent use.
type typeface struct {
	font    *sfnt.Font
	size    float64
	ascent  int // above the baseline, whole pixels
	descent int
	capTop  int // height of a capital letter above the baseline
	glyphs  map[rune]*glyph
}

// glyph is a rasterised glyph: its coverage, placed relative to the dot on
// the baseline, and the advance to the next dot.
type glyph struct {
	mask    *image.Alpha
	advance fixed.Int26_6
}

// atlasRunes are the runes every typeface rasterises up front: signs,
// and the letters and marks of French.
const atlasRunes = "·…–—×±" + "àâçéèêëîïôùûüœÀÂÇÉÈÊÎÔ’«»\u00a0"

func newTypeface(ttf []byte, size float64) (*typeface, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	tf := &typeface{font: f, size: size, glyphs: make(map[rune]*glyph)}
	face, err := tf.newFace()
	if err != nil {
		return nil, err
	}
	m := face.Metrics()
	tf.ascent, tf.descent = m.Ascent.Ceil(), m.Descent.Ceil()
	for r := rune(' '); r <= '~'; r++ {
		tf.glyphs[r] = rasterise(face, r)
	}
	for _, r := range atlasRunes {
		tf.glyphs[r] = rasterise(face, r)
	}
	if g := tf.glyphs['H']; g != nil {
		tf.capTop = -g.mask.Rect.Min.Y
	}
	return tf, nil
}

// faceSpec is a typeface to load: where it goes, the font and its size
// in pixels.
type faceSpec struct {
	dst  **typeface
	ttf  []byte
	size float64
}

// loadTypefaces loads each typeface of specs into its place.
func loadTypefaces(specs ...faceSpec) error {
	for _, f := range specs {
		tf, err := newTypeface(f.ttf, f.size)
		if err != nil {
			return fmt.Errorf("loading a font: %w", err)
		}
		*f.dst = tf
	}
	return nil
}

func (tf *typeface) newFace() (font.Face, error) {
	return opentype.NewFace(tf.font, &opentype.FaceOptions{Size: tf.size, DPI: 72, Hinting: font.HintingNone})
}

// rasterise draws r with the dot at the origin and keeps a copy of it, as
// the face reuses its mask.
func rasterise(face font.Face, r rune) *glyph {
	dr, mask, mp, adv, ok := face.Glyph(fixed.Point26_6{}, r)
	if !ok {
		return nil
	}
	a := image.NewAlpha(dr)
	if m, isAlpha := mask.(*image.Alpha); isAlpha {
		for y := dr.Min.Y; y < dr.Max.Y; y++ {
			src := m.Pix[m.PixOffset(mp.X, mp.Y+y-dr.Min.Y):]
			copy(a.Pix[a.PixOffset(dr.Min.X, y):a.PixOffset(dr.Max.X, y)], src)
		}
	}
	return &glyph{mask: a, advance: adv}
}

// scribe sets text for one goroutine: it owns a face per typeface for the
// runes outside the shared glyphs, and their glyphs once drawn.
type scribe struct {
	buf   sfnt.Buffer
	faces map[*typeface]font.Face
	extra map[*typeface]map[rune]*glyph
	// keep, when not nil, keeps the sprites of text set for the last two
	// frames of a GIF (the players take turns), so that text that did not
	// change comes back as the same sprite; kept gathers this frame's.
	keep [2]map[textKey]*sprite
	kept map[textKey]*sprite
}

type textKey struct {
	tf    *typeface // nil for a pill
	text  string
	width int
	c     color.NRGBA
}

// glyph returns the glyph of r in tf, or of '?' when the font lacks r.
func (s *scribe) glyph(tf *typeface, r rune) *glyph {
	if g, ok := tf.glyphs[r]; ok {
		return g
	}
	if g, ok := s.extra[tf][r]; ok {
		return g
	}
	if i, err := tf.font.GlyphIndex(&s.buf, r); err != nil || i == 0 {
		return tf.glyphs['?']
	}
	if s.faces == nil {
		s.faces = make(map[*typeface]font.Face)
		s.extra = make(map[*typeface]map[rune]*glyph)
	}
	face := s.faces[tf]
	if face == nil {
		var err error
		if face, err = tf.newFace(); err != nil {
			return tf.glyphs['?']
		}
		s.faces[tf] = face
		s.extra[tf] = make(map[rune]*glyph)
	}
	g := rasterise(face, r)
	if g == nil {
		g = tf.glyphs['?']
	}
	s.extra[tf][r] = g
	return g
}

// width returns the advance of s in tf, in pixels.
func (s *scribe) width(tf *typeface, text string) int {
	var w fixed.Int26_6
	for _, r := range text {
		if g := s.glyph(tf, r); g != nil {
			w += g.advance
		}
	}
	return w.Ceil()
}

// fit shortens text with an ellipsis until it is at most max pixels wide.
func (s *scribe) fit(tf *typeface, text string, max int) string {
	if s.width(tf, text) <= max {
		return text
	}
	for text != "" {
		_, n := utf8.DecodeLastRuneInString(text)
		text = text[:len(text)-n]
		if t := strings.TrimSpace(text) + "…"; s.width(tf, t) <= max {
			return t
		}
	}
	return "…"
}

// draw paints text on dst with its baseline starting at (x, y).
func (s *scribe) draw(dst *image.RGBA, tf *typeface, text string, x, y int, c color.NRGBA) {
	dot := fixed.I(x)
	for _, r := range text {
		g := s.glyph(tf, r)
		if g == nil {
			continue
		}
		paintMask(dst, g.mask, image.Pt(dot.Round(), y), c)
		dot += g.advance
	}
}

// sprite sets text on a transparent image of its own, with the anchor at
// the start of the baseline.
func (s *scribe) sprite(tf *typeface, text string, c color.NRGBA) *sprite {
	return s.keptOr(textKey{tf: tf, text: text, c: c}, func() *sprite {
		w := s.width(tf, text) + 2
		img := image.NewRGBA(image.Rect(0, 0, w, tf.ascent+tf.descent))
		s.draw(img, tf, text, 0, tf.ascent, c)
		return &sprite{img: img, ax: 0, ay: tf.ascent}
	})
}

// keptOr returns the sprite kept under key from the last frame, or draws
// it; either way it keeps it for the next frame.
func (s *scribe) keptOr(key textKey, draw func() *sprite) *sprite {
	sp, ok := s.keep[0][key]
	if !ok {
		sp, ok = s.keep[1][key]
	}
	if !ok {
		sp = draw()
	}
	if s.kept != nil {
		s.kept[key] = sp
	}
	return sp
}

// keepFrames starts or stops keeping sprites from frame to frame.
func (s *scribe) keepFrames(on bool) {
	s.keep, s.kept = [2]map[textKey]*sprite{}, nil
	if on {
		s.kept = make(map[textKey]*sprite)
	}
}

// nextFrame forgets the sprites the last two frames did not use.
func (s *scribe) nextFrame() {
	older := s.keep[1]
	s.keep = [2]map[textKey]*sprite{s.kept, s.keep[0]}
	if older == nil {
		older = make(map[textKey]*sprite)
	}
	clear(older)
	s.kept = older
}

// paintMask composites colour c through mask, the mask's origin at at.
func paintMask(dst *image.RGBA, mask *image.Alpha, at image.Point, c color.NRGBA) {
	r := mask.Rect.Add(at).Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		m := mask.Pix[mask.PixOffset(r.Min.X-at.X, y-at.Y):]
		d := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		for i := 0; i < len(d); i += 4 {
			a := div255(uint32(m[i/4]) * uint32(c.A))
			if a == 0 {
				continue
			}
			k := 255 - a
			d[i] = uint8(div255(uint32(c.R)*a + uint32(d[i])*k))
			d[i+1] = uint8(div255(uint32(c.G)*a + uint32(d[i+1])*k))
			d[i+2] = uint8(div255(uint32(c.B)*a + uint32(d[i+2])*k))
			d[i+3] = uint8(a + div255(uint32(d[i+3])*k))
		}
	}
}

// div255 returns x/255 rounded, exactly, for x up to 255*255.
func div255(x uint32) uint32 {
	x += 128
	return (x + x>>8) >> 8
}

// pill returns the outline of a strip line, width pixels wide, kept like
// text.
func (s *scribe) pill(l *layout, width int, c color.NRGBA) *sprite {
	return s.keptOr(textKey{width: width, c: c}, func() *sprite { return pill(l, width, c) })
}
