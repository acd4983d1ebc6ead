package render

import (
	"fmt"
	"image/color"
)

// Colours are a theme's colours as CSS hex colours ("#1e1f22"), for what
// draws the board elsewhere in the images' look: the Activity's board is
// an SVG in the same colours. Each field is the colour the images paint
// the same thing in; see Theme.Colours.
type Colours struct {
	Background, Sky, SkyEdge, Grid, Dot     string
	Letter, Number, PointName               string
	Orange, Blue                            BirdColours
	Ring, RingOut, Arrow, ArrowOut          string
	Cross, Glow                             string
	Regions                                 []string
	RegionAlpha                             float64 // the region tints' opacity, 0 to 1
	InkDark, InkLight                       string
	Panel, PanelLine, Text, TextDim, Accent string
}

// BirdColours are one side's birds: the fill lit from the upper left
// (Light to Dark), the rim, the inner ring (empty for none: Orange has
// none) and the bar joining neighbours of a flock.
type BirdColours struct {
	Light, Dark, Rim, Ring, Bond string
}

// Colours returns the theme's colours.
func (t Theme) Colours() Colours {
	p := t.scheme()
	c := Colours{
		Background: css(p.background), Sky: css(p.sky), SkyEdge: css(p.skyEdge), Grid: css(p.grid), Dot: css(p.dot),
		Letter: css(p.letter), Number: css(p.number), PointName: css(p.pointName),
		Orange: p.orange.colours(), Blue: p.blue.colours(),
		Ring: css(p.ring), RingOut: css(p.ringOut), Arrow: css(p.arrow), ArrowOut: css(p.arrowOut),
		Cross: css(p.cross), Glow: css(p.glow),
		RegionAlpha: float64(p.regionA) / 255,
		InkDark:     css(p.inkDark), InkLight: css(p.inkLight),
		Panel: css(p.panel), PanelLine: css(p.panelLine), Text: css(p.text), TextDim: css(p.textDim), Accent: css(p.accent),
	}
	for _, r := range p.regions {
		c.Regions = append(c.Regions, css(r))
	}
	return c
}

func (s birdStyle) colours() BirdColours {
	b := BirdColours{Light: css(s.light), Dark: css(s.dark), Rim: css(s.rim), Bond: css(s.bond)}
	if s.ring.A != 0 {
		b.Ring = css(s.ring)
	}
	return b
}

// css writes an opaque colour as #rrggbb.
func css(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
