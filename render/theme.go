package render

import (
	"fmt"
	"image/color"
	"strings"
)

// Theme is a colour scheme for the images.
type Theme uint8

// The themes. Dark is the default: it sits well on Discord's dark theme,
// and Light on its light theme.
const (
	Dark Theme = iota
	Light
)

// ParseTheme reads "dark" or "light" in any case.
func ParseTheme(s string) (Theme, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "dark":
		return Dark, nil
	case "light":
		return Light, nil
	}
	return 0, fmt.Errorf("unknown theme %q: use dark or light", s)
}

// String returns "dark" or "light".
func (t Theme) String() string {
	if t == Light {
		return "light"
	}
	return "dark"
}

// birdStyle is how one colour's birds are painted. The two colours differ
// in value and outline as well as hue, so that they read apart in grey and
// for colour-blind players: Orange is a light bird with a dark rim, Blue a
// dark bird with a light inner ring.
type birdStyle struct {
	light, dark color.NRGBA // the fill, lit from the upper left
	rim         color.NRGBA // the outer edge
	ring        color.NRGBA // Blue's inner ring; zero for none
	bond        color.NRGBA // the bar joining neighbours of a flock
}

// scheme holds the colours of a theme.
type scheme struct {
	background color.NRGBA // around the sky
	sky        color.NRGBA // the plate under the grid
	skyEdge    color.NRGBA
	grid       color.NRGBA // lines between points
	dot        color.NRGBA // the points themselves
	letter     color.NRGBA // row letters
	number     color.NRGBA // point numbers
	pointName  color.NRGBA // names of empty points: quieter than numbers, 4.5:1 on a phone

	orange, blue birdStyle

	ring     color.NRGBA // around the birds the last move put down
	ringOut  color.NRGBA // the ring's contrasting edge
	arrow    color.NRGBA
	arrowOut color.NRGBA
	cross    color.NRGBA // over birds removed by the last move
	glow     color.NRGBA // around the winning flock

	regions  []color.NRGBA // tints of regions A, B, C…
	regionA  uint8         // the tints' opacity
	inkDark  color.NRGBA   // letters on light badges
	inkLight color.NRGBA   // letters on dark badges

	panel     color.NRGBA // the status strip
	panelLine color.NRGBA
	text      color.NRGBA
	textDim   color.NRGBA
	accent    color.NRGBA // the marker of the side to move
}

func hex(s string) color.NRGBA {
	var c color.NRGBA
	c.A = 255
	fmt.Sscanf(s, "#%02x%02x%02x", &c.R, &c.G, &c.B)
	return c
}

func (t Theme) scheme() *scheme {
	if t == Light {
		return lightScheme()
	}
	return darkScheme()
}

func darkScheme() *scheme {
	return &scheme{
		background: hex("#1e1f22"),
		sky:        hex("#2b2d33"),
		skyEdge:    hex("#3a3d45"),
		grid:       hex("#565b66"),
		dot:        hex("#6d7280"),
		letter:     hex("#c9ccd3"),
		number:     hex("#b4b9c4"),
		pointName:  hex("#9aa0ac"),
		orange: birdStyle{
			light: hex("#ffc15e"), dark: hex("#f28a12"),
			rim: hex("#6b3300"), bond: hex("#e07d0c"),
		},
		blue: birdStyle{
			light: hex("#4a84f5"), dark: hex("#1c46b0"),
			rim: hex("#0b1d4d"), ring: hex("#dce7ff"), bond: hex("#3d74e8"),
		},
		ring:     hex("#ffffff"),
		ringOut:  hex("#1e1f22"),
		arrow:    hex("#ffffff"),
		arrowOut: hex("#1e1f22"),
		cross:    hex("#ff6b6b"),
		glow:     hex("#ffe066"),
		regions: []color.NRGBA{
			hex("#2ec4b6"), hex("#c18cff"), hex("#f4e04d"),
			hex("#ff7aa8"), hex("#8be28b"), hex("#bfc4cc"),
		},
		regionA:   115,
		inkDark:   hex("#15161a"),
		inkLight:  hex("#ffffff"),
		panel:     hex("#26282d"),
		panelLine: hex("#3a3d45"),
		text:      hex("#f2f3f5"),
		textDim:   hex("#a3a8b3"),
		accent:    hex("#ffffff"),
	}
}

func lightScheme() *scheme {
	return &scheme{
		background: hex("#fbfaf7"),
		sky:        hex("#efe8da"),
		skyEdge:    hex("#ddd3bf"),
		grid:       hex("#ae9f84"),
		dot:        hex("#8f8068"),
		letter:     hex("#3d382f"),
		number:     hex("#524a3e"),
		pointName:  hex("#625642"),
		orange: birdStyle{
			light: hex("#ffc766"), dark: hex("#f58f1a"),
			rim: hex("#6b3300"), bond: hex("#d97706"),
		},
		blue: birdStyle{
			light: hex("#3f7df2"), dark: hex("#173fa6"),
			rim: hex("#0a1a45"), ring: hex("#dce7ff"), bond: hex("#2a58c8"),
		},
		ring:     hex("#111111"),
		ringOut:  hex("#fbfaf7"),
		arrow:    hex("#111111"),
		arrowOut: hex("#fbfaf7"),
		cross:    hex("#c62828"),
		glow:     hex("#e0a800"),
		regions: []color.NRGBA{
			hex("#14a89b"), hex("#9a5cf0"), hex("#e0c200"),
			hex("#e8457f"), hex("#3fae4f"), hex("#8a8f99"),
		},
		regionA:   90,
		inkDark:   hex("#1f1d1a"),
		inkLight:  hex("#ffffff"),
		panel:     hex("#f1eee7"),
		panelLine: hex("#ddd3bf"),
		text:      hex("#1f1d1a"),
		textDim:   hex("#6b655b"),
		accent:    hex("#1f1d1a"),
	}
}
