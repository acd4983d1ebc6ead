package engine

import (
	"fmt"
	"strings"
)

// Colour is the colour of a player's birds. Orange moves first.
type Colour uint8

// The two colours.
const (
	Orange Colour = iota
	Blue
)

// Other returns the opponent's colour.
func (c Colour) Other() Colour { return c ^ 1 }

// String returns "Orange" or "Blue".
func (c Colour) String() string {
	switch c {
	case Orange:
		return "Orange"
	case Blue:
		return "Blue"
	}
	return fmt.Sprintf("Colour(%d)", uint8(c))
}

// letter returns the position notation's letter for c: 'O' or 'B'.
func (c Colour) letter() byte { return "OB"[c&1] }

// ParseColour reads "orange", "blue", "o" or "b" in any case.
func ParseColour(s string) (Colour, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "orange", "o":
		return Orange, nil
	case "blue", "b":
		return Blue, nil
	}
	return 0, fmt.Errorf("%q is not a colour: use orange or blue", s)
}
