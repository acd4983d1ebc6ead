package fakediscord

import (
	"strings"
	"testing"
)

// A command's names, descriptions and values count toward 8,000
// characters, the longest localization of each field; an integer option
// takes whole numbers within its bounds.
func TestCommandSizeAndIntegers(t *testing.T) {
	one := 1.0
	ten := 10.0
	c := Command{Name: "volo", Description: "d", NameLocalizations: map[string]string{"fr": "volox"}, Options: []CommandOption{
		{Type: OptionInteger, Name: "rounds", Description: "how many", MinValue: &one, MaxValue: &ten},
	}}
	if n := commandSize(c); n != 5+1+6+8 {
		t.Errorf("size %d, want %d", n, 5+1+6+8)
	}
	c.Options[0].DescriptionLocalizations = map[string]string{"fr": strings.Repeat("é", maxCommandSize)}
	fields := fieldErrors{}
	checkCommand(fields, "0", c)
	if len(fields) == 0 {
		t.Error("a command of more than 8,000 characters is taken")
	}
	def := c.Options[0]
	for _, tc := range []struct {
		given any
		ok    bool
	}{{"3", true}, {4.0, true}, {"0", false}, {"11", false}, {"2.5", false}, {"two", false}, {1e16, false}} {
		_, err := integerValue(def, tc.given)
		if (err == nil) != tc.ok {
			t.Errorf("integer %v: err %v, want ok %v", tc.given, err, tc.ok)
		}
	}
}
