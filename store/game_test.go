package store

import (
	"testing"

	"github.com/volo-discord/volo/engine"
)

func TestColourOfAUser(t *testing.T) {
	g := newGame("c1")
	g.Players[engine.Blue] = Player{} // an open challenge
	tests := []struct {
		user   string
		want   engine.Colour
		player bool
	}{
		{"100", engine.Orange, true},
		{"200", 0, false},
		{"", 0, false}, // the empty seat is nobody's
	}
	for _, tt := range tests {
		c, ok := g.Colour(tt.user)
		if c != tt.want || ok != tt.player {
			t.Errorf("Colour(%q) = %v, %v; want %v, %v", tt.user, c, ok, tt.want, tt.player)
		}
	}
}
