package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sync"
	"time"

	"github.com/volo-discord/volo/engine"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
)

// The image sizes a Renderer accepts, as widths in pixels. The height is
// about an eighth more than the width.
const (
	DefaultSize = 800
	MinSize     = 320
	MaxSize     = 3200
)

// ErrBadSize is returned by New for a size outside MinSize–MaxSize.
var ErrBadSize = errors.New("image size out of range")

// Options configure a Renderer.
type Options struct {
	// Theme is the colour scheme: Dark, the default, or Light.
	Theme Theme
	// Size is the image width in pixels, from MinSize to MaxSize; zero
	// means DefaultSize. Discord shows images about 400–550 pixels wide
	// and lets players open them larger.
	Size int
	// PointNames writes each empty point's name faintly on the sky in
	// every image, as Scene.PointNames does for one.
	PointNames bool
	// Observer, when set, is told how long each image took to draw, so
	// that a caller can measure its renders without wrapping every call;
	// nil measures nothing.
	Observer Observer
}

// Observer hears how long each image took to draw, with its kind:
// "board" or "gif". It must be safe for concurrent use, and comparable
// (a pointer, say), as Options are.
type Observer interface {
	Rendered(kind string, took time.Duration)
}

// Renderer draws boards and games for one theme and size. It draws what
// never changes (background, grid, labels) and the birds once, in New, and
// composites them for each image: build one per theme and size, and share
// it. It is safe for concurrent use, and the same input always gives the
// same bytes.
type Renderer struct {
	opts   Options
	lay    layout
	scheme *scheme
	faces  typefaces
	sp     *sprites
	names  [engine.NumPoints]*sprite // the points' names, for PointNames
	cells  *cells                    // the points whose cells cover each pixel

	bg         *image.RGBA   // the static layer
	bgIdx      []uint8       // the static layer in palette indices
	palette    color.Palette // what images are encoded with
	gifPalette color.Palette // palette and the transparent index
	lut        []uint8

	workers sync.Pool // *worker
	pngBufs pngPool
}

// typefaces are the fonts a Renderer writes with, at their sizes.
type typefaces struct {
	letter, number, pointName *typeface
	nameSample                *typeface // the names the palette samples
	name, stats, status       *typeface
	badge                     *typeface
}

// worker holds what one goroutine needs to make an image. Its canvas and
// frame hold the last image it made; drawn says where that differs from
// the static layer.
type worker struct {
	scribe
	canvas *image.RGBA
	frame  *image.Paletted
	drawn  *dirt
	fresh  *dirt
	out    bytes.Buffer
	old    []uint8 // a GIF frame's indices before it changed
}

// New builds a Renderer: it draws the static layer and the sprites, and
// chooses the palette.
func New(opts Options) (*Renderer, error) {
	if opts.Size == 0 {
		opts.Size = DefaultSize
	}
	if opts.Size < MinSize || opts.Size > MaxSize {
		return nil, fmt.Errorf("%w: %d pixels (use %d–%d)", ErrBadSize, opts.Size, MinSize, MaxSize)
	}
	return build(opts, opts.Theme.scheme())
}

// Options returns the options the renderer was built with, its size
// filled in: render.New(r.Options()) builds its twin, and changing the
// Theme first builds it in other colours.
func (r *Renderer) Options() Options { return r.opts }

// build builds a Renderer for opts, a valid size, in the colours of p.
func build(opts Options, p *scheme) (*Renderer, error) {
	r := &Renderer{opts: opts, lay: newLayout(opts.Size), scheme: p}
	if err := r.loadFaces(); err != nil {
		return nil, err
	}
	r.sp = newSprites(&r.lay, r.scheme)
	r.cells = r.lay.cells()
	var sc scribe
	r.bg = r.drawStatic(&sc)
	r.names = r.drawPointNames(&sc)
	r.choosePalette(&sc)
	frame := image.NewPaletted(r.bg.Rect, r.palette)
	quantise(frame, r.bg, r.bg.Rect, r.lut)
	r.bgIdx = frame.Pix
	r.workers.New = func() any {
		w := &worker{
			canvas: image.NewRGBA(r.bg.Rect),
			frame:  image.NewPaletted(r.bg.Rect, r.palette),
			drawn:  newDirt(r.bg.Rect),
			fresh:  newDirt(r.bg.Rect),
		}
		copy(w.canvas.Pix, r.bg.Pix)
		copy(w.frame.Pix, r.bgIdx)
		return w
	}
	return r, nil
}

func (r *Renderer) loadFaces() error {
	u, em := float64(r.lay.u), r.lay.em
	err := loadTypefaces(
		faceSpec{&r.faces.letter, gomedium.TTF, letterSizeU * u},
		faceSpec{&r.faces.number, gomedium.TTF, numberSizeU * u},
		faceSpec{&r.faces.pointName, gomedium.TTF, pointNameSizeU * u},
		faceSpec{&r.faces.nameSample, gomedium.TTF, nameSampleSizeU * u},
		faceSpec{&r.faces.name, gobold.TTF, em},
		faceSpec{&r.faces.stats, goregular.TTF, em},
		faceSpec{&r.faces.status, gomedium.TTF, em},
		faceSpec{&r.faces.badge, gobold.TTF, 0.46 * u},
	)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	return nil
}

// Bounds returns the rectangle of the images, the same for every image of
// the Renderer.
func (r *Renderer) Bounds() image.Rectangle { return r.bg.Rect }

// Board draws scene s as a PNG image.
func (r *Renderer) Board(s Scene) ([]byte, error) {
	if r.opts.Observer != nil {
		defer r.observe("board", time.Now())
	}
	w := r.workers.Get().(*worker)
	defer r.workers.Put(w)
	layers, err := r.compose(&w.scribe, &s)
	if err != nil {
		return nil, err
	}
	r.paintAll(w, layers)
	w.out.Reset()
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &r.pngBufs}
	if err := enc.Encode(&w.out, w.frame); err != nil {
		return nil, err
	}
	return bytes.Clone(w.out.Bytes()), nil
}

// observe tells the Observer how long an image of kind took since start.
func (r *Renderer) observe(kind string, start time.Time) {
	r.opts.Observer.Rendered(kind, time.Since(start))
}

// paintAll draws layers over the static layer, in w's canvas and, in
// palette indices, in w's frame. It wipes only what w drew last time, and
// turns into indices only what it draws now.
func (r *Renderer) paintAll(w *worker, layers []layer) {
	w.drawn.spans(func(t image.Rectangle) { r.wipe(w, t) })
	for _, l := range layers {
		r.paint(w.canvas, l, r.bg.Rect)
		w.fresh.mark(l.bounds())
	}
	for _, i := range w.fresh.list {
		w.drawn.mark(w.fresh.tile(i))
	}
	w.fresh.spans(func(t image.Rectangle) { quantise(w.frame, w.canvas, t, r.lut) })
}

// wipe puts the static layer back inside t.
func (r *Renderer) wipe(w *worker, t image.Rectangle) {
	for y := t.Min.Y; y < t.Max.Y; y++ {
		copy(w.canvas.Pix[w.canvas.PixOffset(t.Min.X, y):w.canvas.PixOffset(t.Max.X, y)],
			r.bg.Pix[r.bg.PixOffset(t.Min.X, y):r.bg.PixOffset(t.Max.X, y)])
		copy(w.frame.Pix[w.frame.PixOffset(t.Min.X, y):w.frame.PixOffset(t.Max.X, y)],
			r.bgIdx[w.frame.PixOffset(t.Min.X, y):w.frame.PixOffset(t.Max.X, y)])
	}
}

// paint draws one layer inside clip.
func (r *Renderer) paint(dst *image.RGBA, l layer, clip image.Rectangle) {
	if l.tint != nil {
		wash(dst, l.tint, r.cells, clip)
		return
	}
	over(dst, l.img, l.at, clip)
}

// pngPool lends the PNG encoder its buffers, so that encoding allocates
// little.
type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }
