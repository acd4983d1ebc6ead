package render

import (
	"encoding/binary"
	"image"
	"slices"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// The pace of a game's GIF.
const (
	DefaultDelay = 800 * time.Millisecond
	DefaultHold  = 6 * time.Second
)

// GIFOptions configure the animation of a game.
type GIFOptions struct {
	// Orange and Blue are the players' names; empty names are taken from
	// the record's Orange and Blue tags.
	Orange, Blue string
	// OrangeRating and BlueRating are written after the names on every
	// frame, as Scene's are; empty for none.
	OrangeRating, BlueRating string
	// Delay is how long each move shows; zero means DefaultDelay.
	Delay time.Duration
	// Hold is how long the last frame shows before the game starts over;
	// zero means DefaultHold.
	Hold time.Duration
	// Lang is the language of every frame's words, as Scene's is; the
	// zero Tag is English.
	Lang lang.Tag
}

// GIF draws game g as an animated GIF: the start, then one frame per move
// with that move marked as Board marks a scene's last move, the last frame
// held. Each frame holds only what changed since the one before, so a long
// game stays small enough to post.
func (r *Renderer) GIF(g *engine.Game, opts GIFOptions) ([]byte, error) {
	if r.opts.Observer != nil {
		defer r.observe("gif", time.Now())
	}
	if opts.Delay <= 0 {
		opts.Delay = DefaultDelay
	}
	if opts.Hold <= 0 {
		opts.Hold = DefaultHold
	}
	w := r.workers.Get().(*worker)
	defer r.workers.Put(w)
	w.keepFrames(true)
	defer w.keepFrames(false)

	out := r.gifHeader()
	var (
		prev  []layer
		enc   lzw
		frame []uint8
	)
	for ply := 0; ply <= g.Ply(); ply++ {
		s, err := GameScene(g, ply)
		if err != nil {
			return nil, err
		}
		if opts.Orange != "" {
			s.Orange = opts.Orange
		}
		if opts.Blue != "" {
			s.Blue = opts.Blue
		}
		s.OrangeRating, s.BlueRating = opts.OrangeRating, opts.BlueRating
		s.Lang = opts.Lang
		layers, err := r.compose(&w.scribe, &s)
		if err != nil {
			return nil, err
		}
		var box image.Rectangle
		if ply == 0 {
			r.paintAll(w, layers)
			box, frame = r.bg.Rect, append(frame[:0], w.frame.Pix...)
		} else {
			box, frame = r.repaint(w, prev, layers, frame)
		}
		prev = layers
		w.nextFrame()
		delay := opts.Delay
		if ply == g.Ply() {
			delay = opts.Hold
		}
		enc.out = enc.out[:0]
		enc.encode(frame, transparent)
		out = appendFrame(out, box, centiseconds(delay), enc.out)
	}
	return append(out, 0x3b), nil // the trailer
}

// centiseconds rounds d to GIF's unit of time, at most some 11 minutes.
func centiseconds(d time.Duration) int {
	return int(min((d+5*time.Millisecond)/(10*time.Millisecond), 0xffff))
}

// repaint brings w's canvas and frame from the layers prev to the layers
// next, redrawing only where a layer differs. It returns what a GIF frame
// must paint over the previous one: the smallest rectangle holding every
// changed pixel, with its palette indices (appended to buf[:0]),
// unchanged pixels transparent.
func (r *Renderer) repaint(w *worker, prev, next []layer, buf []uint8) (image.Rectangle, []uint8) {
	dirty := changed(prev, next)
	var box image.Rectangle
	for i, d := range dirty {
		dirty[i] = d.Intersect(r.bg.Rect)
		box = box.Union(dirty[i])
	}
	if box.Empty() {
		// Nothing changed; a one-pixel frame keeps the timing.
		box = image.Rect(0, 0, 1, 1)
	}
	stride := box.Dx()
	n := stride * box.Dy()
	buf = slices.Grow(buf[:0], n)[:n]
	buf[0] = transparent
	for i := 1; i < n; i *= 2 {
		copy(buf[i:], buf[:i])
	}
	// Keep the old indices of the dirty rectangles, repaint them, and
	// then keep in buf only the indices that changed.
	w.old = w.old[:0]
	for _, d := range dirty {
		for y := d.Min.Y; y < d.Max.Y; y++ {
			w.old = append(w.old, w.frame.Pix[w.frame.PixOffset(d.Min.X, y):w.frame.PixOffset(d.Max.X, y)]...)
		}
	}
	for _, d := range dirty {
		w.drawn.mark(d)
		for y := d.Min.Y; y < d.Max.Y; y++ {
			copy(w.canvas.Pix[w.canvas.PixOffset(d.Min.X, y):w.canvas.PixOffset(d.Max.X, y)],
				r.bg.Pix[r.bg.PixOffset(d.Min.X, y):r.bg.PixOffset(d.Max.X, y)])
		}
		for _, l := range next {
			if l.bounds().Overlaps(d) {
				r.paint(w.canvas, l, d)
			}
		}
		quantise(w.frame, w.canvas, d, r.lut)
	}
	old := w.old
	for _, d := range dirty {
		for y := d.Min.Y; y < d.Max.Y; y++ {
			now := w.frame.Pix[w.frame.PixOffset(d.Min.X, y):w.frame.PixOffset(d.Max.X, y)]
			was := old[:len(now)]
			old = old[len(now):]
			o := (y-box.Min.Y)*stride + d.Min.X - box.Min.X
			dst := buf[o : o+len(now)]
			for i, c := range now {
				if c != was[i] {
					dst[i] = c
				}
			}
		}
	}
	return box, buf
}

// changed returns the rectangles of the layers in one list and not the
// other, those that overlap merged (see merge).
func changed(prev, next []layer) []image.Rectangle {
	var dirty []image.Rectangle
	for _, pair := range [2][2][]layer{{prev, next}, {next, prev}} {
		for _, l := range pair[0] {
			if !contains(pair[1], l) {
				dirty = append(dirty, l.bounds())
			}
		}
	}
	return merge(dirty)
}

// merge replaces any two of rs that overlap by the rectangle holding both,
// when that is no larger than the two apart, until no two do: a text
// that changed, whose old and new sprites stand in the same place, is
// then repainted once rather than twice. Overlapping rectangles left
// apart are each repainted whole, which is correct, only slower.
func merge(rs []image.Rectangle) []image.Rectangle {
	area := func(r image.Rectangle) int { return r.Dx() * r.Dy() }
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(rs); i++ {
			for j := i + 1; j < len(rs); j++ {
				u := rs[i].Union(rs[j])
				if !rs[i].Overlaps(rs[j]) || area(u) > area(rs[i])+area(rs[j]) {
					continue
				}
				rs[i] = u
				rs = append(rs[:j], rs[j+1:]...)
				merged = true
				j = i
			}
		}
	}
	return rs
}

func contains(ls []layer, l layer) bool {
	for _, m := range ls {
		if m.same(l) {
			return true
		}
	}
	return false
}

// gifHeader starts a GIF: the screen, the palette and the loop forever.
func (r *Renderer) gifHeader() []byte {
	out := make([]byte, 0, 1<<20)
	out = append(out, "GIF89a"...)
	out = binary.LittleEndian.AppendUint16(out, uint16(r.bg.Rect.Dx()))
	out = binary.LittleEndian.AppendUint16(out, uint16(r.bg.Rect.Dy()))
	out = append(out, 0xf7, 0, 0) // a global table of 256 colours
	for _, c := range r.gifPalette {
		cr, cg, cb, _ := c.RGBA()
		out = append(out, uint8(cr>>8), uint8(cg>>8), uint8(cb>>8))
	}
	out = append(out, 0x21, 0xff, 11)
	out = append(out, "NETSCAPE2.0"...)
	return append(out, 3, 1, 0, 0, 0)
}

// appendFrame adds a frame: its timing and transparent index, its
// rectangle, and its LZW data in blocks of up to 255 bytes.
func appendFrame(out []byte, box image.Rectangle, delay int, data []byte) []byte {
	out = append(out, 0x21, 0xf9, 4, 1<<2|1) // do not dispose, transparent
	out = binary.LittleEndian.AppendUint16(out, uint16(delay))
	out = append(out, transparent, 0, 0x2c)
	for _, v := range []int{box.Min.X, box.Min.Y, box.Dx(), box.Dy()} {
		out = binary.LittleEndian.AppendUint16(out, uint16(v))
	}
	out = append(out, 0, lzwLiteral)
	for len(data) > 0 {
		n := min(len(data), 255)
		out = append(out, uint8(n))
		out = append(out, data[:n]...)
		data = data[n:]
	}
	return append(out, 0)
}
