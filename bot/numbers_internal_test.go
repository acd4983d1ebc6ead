package bot

import (
	"testing"

	"github.com/volo-discord/volo/store"
)

func TestParseGameNumber(t *testing.T) {
	tests := []struct {
		typed  string
		want   int
		wantOK bool
	}{
		{"#42", 42, true},
		{"42", 42, true},
		{" # 42 ", 42, true},
		{"`#42`", 42, true},
		{"0042", 42, true},
		{"#0", 0, false},
		{"0", 0, false},
		{"#", 0, false},
		{"", 0, false},
		{"-3", 0, false},
		{"#4a", 0, false},
		{"1234567890", 0, false}, // longer than any server's count
		{"18ec1b1d2ec474d10000000000000001", 0, false},
		{"０４２", 0, false}, // full-width digits are not ASCII ones
	}
	for _, tt := range tests {
		got, ok := parseGameNumber(tt.typed)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("parseGameNumber(%q) = %d, %v; want %d, %v", tt.typed, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestGameName(t *testing.T) {
	tests := []struct {
		g    store.Game
		want string
	}{
		{store.Game{Number: 42, ID: "0a1b"}, "#42"},
		{store.Game{Number: 1}, "#1"},
		{store.Game{ID: "0a1b"}, "`0a1b`"}, // none without a number reaches the bot once migrated
	}
	for _, tt := range tests {
		if got := gameName(&tt.g); got != tt.want {
			t.Errorf("gameName(%+v) = %q, want %q", tt.g, got, tt.want)
		}
	}
}
