package render

import "image"

// tileSize is the side of the tiles in which images track what they drew.
const tileSize = 16

// dirt records which tiles of an image were drawn on, so that only they
// are turned into palette indices, and only they are wiped for the next
// image.
type dirt struct {
	bounds image.Rectangle
	cols   int
	marked []bool
	list   []int // the marked tiles, in no particular order
}

func newDirt(bounds image.Rectangle) *dirt {
	cols := (bounds.Dx() + tileSize - 1) / tileSize
	rows := (bounds.Dy() + tileSize - 1) / tileSize
	return &dirt{bounds: bounds, cols: cols, marked: make([]bool, cols*rows)}
}

// mark records that r was drawn on.
func (d *dirt) mark(r image.Rectangle) {
	r = r.Intersect(d.bounds)
	if r.Empty() {
		return
	}
	for ty := r.Min.Y / tileSize; ty <= (r.Max.Y-1)/tileSize; ty++ {
		for tx := r.Min.X / tileSize; tx <= (r.Max.X-1)/tileSize; tx++ {
			i := ty*d.cols + tx
			if !d.marked[i] {
				d.marked[i] = true
				d.list = append(d.list, i)
			}
		}
	}
}

// tile returns the rectangle of tile i.
func (d *dirt) tile(i int) image.Rectangle {
	x, y := (i%d.cols)*tileSize, (i/d.cols)*tileSize
	return image.Rect(x, y, x+tileSize, y+tileSize).Intersect(d.bounds)
}

// spans calls f with the marked area as rectangles, runs of marked tiles
// along a row of tiles joined into one, and clears the marks.
func (d *dirt) spans(f func(image.Rectangle)) {
	for _, i := range d.list {
		if !d.marked[i] {
			continue // already part of a run
		}
		start, end := i, i+1
		for start%d.cols > 0 && d.marked[start-1] {
			start--
		}
		for end%d.cols > 0 && d.marked[end] {
			end++
		}
		for j := start; j < end; j++ {
			d.marked[j] = false
		}
		ty := i / d.cols
		r := image.Rect((start%d.cols)*tileSize, ty*tileSize, (start%d.cols+end-start)*tileSize, (ty+1)*tileSize)
		f(r.Intersect(d.bounds))
	}
	d.list = d.list[:0]
}
