package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/lang"
)

// statusLineCase is a scene and the status line it should have, with its
// move or without.
type statusLineCase struct {
	name     string
	scene    Scene
	withMove bool
	want     string
}

// testStatusLines checks each case's status line in language tag.
func testStatusLines(t *testing.T, tag lang.Tag, cases []statusLineCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.scene
			s.Lang = tag
			v, err := look(&s)
			if s.Last.Kind == engine.KindPass {
				// A pass is seldom legal; the line only needs the scene.
				v, err = view{pos: s.Position, mover: s.Before.ToMove()}, nil
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := statusLine(&s, &v, tc.withMove); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// passedScene is Orange's pass at the start, which look refuses, as the
// rules do.
func passedScene(t testing.TB) Scene {
	return Scene{Position: enginetest.Position(t, "5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 B 1"), Before: engine.StartPosition(), Last: engine.Pass(), Ply: 1}
}

// leftOneFlockScene is the end of game 3 with the longest way of ending a
// game: Blue wins as Orange's move left Blue in one flock.
func leftOneFlockScene(t testing.TB) Scene {
	s := played(t, endBefore, endMove, 135)
	s.Outcome = engine.Outcome{Result: engine.BlueWins, Reason: engine.OpponentLeftOneFlock}
	return s
}

func TestStatusLineSaysWhatHappenedAndWhatComesNext(t *testing.T) {
	testStatusLines(t, lang.English, []statusLineCase{
		{"start", Scene{Position: engine.StartPosition()}, true, "Start · Orange to play"},
		{"add", played(t, engine.StartText, "f5", 1), true, "Move 1 · Orange added f5 · Blue to play"},
		{"pass", passedScene(t), true, "Move 1 · Orange passed · Blue to play"},
		{"flight clearing", played(t, flightBefore, flightMove, 70), true, "Move 70 · Blue flew a2:b2-NW4/a2, clearing 1 · Orange to play"},
		{"won", played(t, endBefore, endMove, 135), true, "Move 135 · Orange flew e1:f1-NE1 · Orange wins: all its birds form one flock."},
		{"won, short", leftOneFlockScene(t), false, "Move 135 · Blue wins: Orange's move left all of Blue's birds in one flock."},
		{"pending", regionsScene(t), true, "Orange flies h8:h9-W2: which region does Blue keep? A, B or C"},
	})
}

func TestNameAndRatingShortenTheNameBeforeDroppingTheRating(t *testing.T) {
	r := renderer(t, Options{})
	var sc scribe
	em := r.lay.em
	const (
		long   = "Benedetta the Magnificent of the Northern Skies and of the Southern Seas"
		rating = "1662 ± 290?"
	)
	// room is what a line leaves for the name and rating.
	room := r.nameRoom()
	nameW := func(s string) int { return sc.width(r.faces.name, s) }
	ratingW := sc.width(r.faces.stats, rating)
	// tight leaves the rating and minNameE for the name, and not a
	// pixel more.
	tight := int(minNameE*em) + int(ratingGapE*em) + 2 + ratingW
	for _, tc := range []struct {
		name, rating string
		room         int
		wantName     string // "…" for the name shortened, whatever it keeps
		wantRating   string
	}{
		{"ana", rating, room, "ana", rating},
		{"  ana ", "  " + rating + " ", room, "ana", rating},
		{"ana", "", room, "ana", ""},
		{"ana", "   ", room, "ana", ""},
		{"", rating, room, "", rating}, // the colour's name
		{long, rating, room, "…", rating},
		{long, "", room, "…", ""},
		{long, rating, tight, "…", rating},
		{long, rating, tight - 1, "…", ""},
		{"ana", rating, nameW("ana") + tight - int(minNameE*em), "ana", rating},
		{"ana", rating, nameW("ana") + tight - int(minNameE*em) - 1, "ana", ""},
		{"ana", strings.Repeat("1662 ± 290? ", 20), room, "ana", ""},
	} {
		for _, c := range []engine.Colour{engine.Orange, engine.Blue} {
			t.Run(fmt.Sprintf("%v/%q/%q/%d", c, tc.name, tc.rating, tc.room), func(t *testing.T) {
				// The other player's name and rating are not this line's.
				s := Scene{Orange: tc.name, OrangeRating: tc.rating, Blue: "zed", BlueRating: "9999 ± 1"}
				if c == engine.Blue {
					s = Scene{Orange: "zed", OrangeRating: "9999 ± 1", Blue: tc.name, BlueRating: tc.rating}
				}
				wantName := tc.wantName
				if tc.name == "" {
					wantName = c.String()
				}
				name, rating := r.nameAndRating(&sc, &s, c, tc.room)
				if rating != tc.wantRating {
					t.Errorf("rating %q, want %q", rating, tc.wantRating)
				}
				if tc.wantName == "…" {
					if !strings.HasSuffix(name, "…") || !strings.HasPrefix(long, strings.TrimSuffix(name, "…")) {
						t.Errorf("name %q, want %q shortened", name, long)
					}
				} else if name != wantName {
					t.Errorf("name %q, want %q", name, wantName)
				}
				used := nameW(name)
				if rating != "" {
					used += 2 + int(ratingGapE*em) + sc.width(r.faces.stats, rating)
					if left := tc.room - (used - nameW(name)); name != strings.TrimSpace(tc.name) && left < int(minNameE*em) {
						t.Errorf("name %q squeezed into %d pixels for the rating", name, left)
					}
				}
				if used > tc.room {
					t.Errorf("%q and %q take %d pixels of %d", name, rating, used, tc.room)
				}
				if rating == "" && tc.name == long && nameW(name) < tc.room-nameW("M…") {
					t.Errorf("name %q, %d pixels, does not take the room of %d the rating left", name, nameW(name), tc.room)
				}
			})
		}
	}
}

func TestEmptyOrDroppedRatingsLeaveTheImageAsWithout(t *testing.T) {
	huge := strings.Repeat("1662 ± 290? ", 20) // no room for it
	for _, opts := range []Options{{}, {Theme: Light, Size: MinSize}} {
		r := renderer(t, opts)
		for _, tc := range []struct {
			name  string
			scene func(testing.TB) Scene
		}{
			{"start", startScene},
			{"flight", func(t testing.TB) Scene { return played(t, flightBefore, flightMove, 70) }},
			{"regions", regionsScene},
			{"end", func(t testing.TB) Scene { return played(t, endBefore, endMove, 135) }},
		} {
			t.Run(fmt.Sprintf("%v/%d/%s", opts.Theme, opts.Size, tc.name), func(t *testing.T) {
				want := must(r.Board(tc.scene(t)))
				for _, ratings := range [][2]string{{"", ""}, {" ", "\t"}, {huge, huge}} {
					s := tc.scene(t)
					s.OrangeRating, s.BlueRating = ratings[0], ratings[1]
					if got := must(r.Board(s)); !bytes.Equal(got, want) {
						t.Errorf("ratings %q change the image", ratings)
					}
				}
				s := tc.scene(t)
				s.BlueRating = "1487 ± 62"
				if got := must(r.Board(s)); bytes.Equal(got, want) {
					t.Error("a rating that fits is not drawn")
				}
			})
		}
	}
}

func TestTheFacesHaveThePlusMinusSign(t *testing.T) {
	r := renderer(t, Options{})
	var sc scribe
	for _, tf := range []*typeface{r.faces.name, r.faces.stats} {
		if g := sc.glyph(tf, '±'); g == nil || g == tf.glyphs['?'] || g != tf.glyphs['±'] {
			t.Errorf("the face of %g pixels draws ± as %v, not its own shared glyph", tf.size, g)
		}
	}
}

// minStripInk is the least height, in pixels where the image is shown, of
// a line of the strip's text from the top of its tallest letters (b, d,
// f, l) to the foot of those that hang below the line (g, p, y): 11 pixels
// is that height in text set 11 pixels high, a little under Discord's
// own 12-pixel timestamps.
const minStripInk = 11

// TestStripCanBeReadOnAPhone draws a board whose strip has letters that
// rise and hang in every line, shows each line of the strip alone on the
// static background 310 pixels wide, as Discord shows the image on a
// phone, and measures it against the background: every line must be
// minStripInk tall, and stand out as body text must (minContrast). The
// strip's text is sized by the image's width, so this holds at every
// size.
func TestStripCanBeReadOnAPhone(t *testing.T) {
	s := played(t, flightBefore, flightMove, 70)
	s.Orange, s.Blue = "Kelly Joy", "Philippa"
	s.OrangeRating, s.BlueRating = "1662 ± 290?", "1487 ± 62"
	for _, size := range []int{MinSize, DefaultSize, 1000} {
		for _, theme := range []Theme{Dark, Light} {
			// The outline around the side to move is drawn in the
			// strip's colour, so that only text is measured.
			p := theme.scheme()
			p.accent = p.panel
			r, err := build(Options{Theme: theme, Size: size}, p)
			if err != nil {
				t.Fatal(err)
			}
			l := &r.lay
			if em := l.em * phoneWidth / float64(size); em < minStripInk {
				t.Errorf("size %d: the strip's text is %.1f pixels high at %d pixels wide, want %d or more", size, em, phoneWidth, minStripInk)
			}
			var sc scribe
			layers, err := r.compose(&sc, &s)
			if err != nil {
				t.Fatal(err)
			}
			blank := shown(r.bg, phoneWidth)
			half := l.status
			half.Max.Y = half.Min.Y + half.Dy()/2
			for _, line := range []struct {
				kind string
				box  image.Rectangle
				c    color.NRGBA
			}{
				{"name and rating", l.rows[0], p.text},
				{"name and rating", l.rows[1], p.text},
				{"counts", l.counts[0], p.textDim},
				{"counts", l.counts[1], p.textDim},
				{"status", half, p.text},
				{"status", half.Add(image.Pt(0, half.Dy())), p.text},
			} {
				alone := image.NewRGBA(r.bg.Rect)
				copy(alone.Pix, r.bg.Pix)
				for _, ly := range layers {
					if b := ly.bounds(); ly.img != nil && b.Max.Y <= l.strip.Max.Y {
						if mid := (b.Min.Y + b.Max.Y) / 2; line.box.Min.Y <= mid && mid < line.box.Max.Y {
							r.paint(alone, ly, alone.Rect)
						}
					}
				}
				m := newLegibility(t, theme, "strip line", phoneWidth)
				m.want = minStripInk
				m.where = fmt.Sprintf(" (%s) of a %d-pixel image", line.kind, size)
				m.measure(shown(alone, phoneWidth), blank, scaleOut(line.box, size, phoneWidth), line.c, fmt.Sprint(line.box))
				m.report(line.c, p.panel)
			}
		}
	}
}
