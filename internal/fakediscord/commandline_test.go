package fakediscord

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// voloDefinition is the /volo command as the stand-in stores it after registration.
func voloDefinition() Command {
	return Command{Name: "volo", Type: CommandChatInput, Options: []CommandOption{
		{Type: OptionSubCommand, Name: "challenge", Options: []CommandOption{
			{Type: OptionUser, Name: "opponent", Required: true},
			{Type: OptionString, Name: "rules"},
		}},
		{Type: OptionSubCommand, Name: "move", Options: []CommandOption{
			{Type: OptionString, Name: "move", Required: true, Autocomplete: true},
		}},
		{Type: OptionSubCommandGroup, Name: "admin", Options: []CommandOption{
			{Type: OptionSubCommand, Name: "say", Options: []CommandOption{{Type: OptionString, Name: "text"}}},
		}},
	}}
}

func findVolo(name string) (Command, bool) {
	if name == "volo" {
		return voloDefinition(), true
	}
	return Command{}, false
}

func TestParseCommandLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line    string
		partial bool
		want    []OptionValue
		wantErr error
	}{
		{line: "/volo challenge opponent:@ben rules:last-act", want: []OptionValue{{Name: "challenge", Options: []OptionValue{
			{Name: "opponent", Value: "@ben"}, {Name: "rules", Value: "last-act"}}}}},
		{line: "/volo move move:c3:c5-NE2", want: []OptionValue{{Name: "move", Options: []OptionValue{{Name: "move", Value: "c3:c5-NE2"}}}}},
		{line: `  /volo challenge rules:"last act" opponent:<@42>`, want: []OptionValue{{Name: "challenge", Options: []OptionValue{
			{Name: "rules", Value: "last act"}, {Name: "opponent", Value: "<@42>"}}}}},
		{line: "/volo admin say text:hello  there world", want: []OptionValue{{Name: "admin", Options: []OptionValue{
			{Name: "say", Options: []OptionValue{{Name: "text", Value: "hello there world"}}}}}}},
		{line: "/volo move move:c", partial: true, want: []OptionValue{{Name: "move", Options: []OptionValue{{Name: "move", Value: "c", Focused: true}}}}},
		{line: "/volo move move:", partial: true, want: []OptionValue{{Name: "move", Options: []OptionValue{{Name: "move", Value: "", Focused: true}}}}},
		{line: "/volo", wantErr: ErrMissingOption},
		{line: "/volo move", partial: true, wantErr: ErrMissingOption},
		{line: "/volo castle", wantErr: ErrUnknownOption},
		{line: "/volo move c3", want: []OptionValue{{Name: "move", Options: []OptionValue{{Name: "move", Value: "c3"}}}}},
		{line: "/volo move c3:c5-NE2", want: []OptionValue{{Name: "move", Options: []OptionValue{{Name: "move", Value: "c3:c5-NE2"}}}}},
		{line: "/volo move c", partial: true, want: []OptionValue{{Name: "move", Options: []OptionValue{{Name: "move", Value: "c", Focused: true}}}}},
		{line: "/volo challenge @ben rules:last-act", want: []OptionValue{{Name: "challenge", Options: []OptionValue{
			{Name: "opponent", Value: "@ben"}, {Name: "rules", Value: "last-act"}}}}},
		{line: "/volo challenge rules:last-act @ben", want: []OptionValue{{Name: "challenge", Options: []OptionValue{
			{Name: "rules", Value: "last-act @ben"}}}}},
		{line: "/volo admin say hello", wantErr: ErrUnknownOption},
		{line: "/chess", wantErr: ErrUnknownCommand},
		{line: "volo move", wantErr: ErrBadCommandLine},
		{line: "/", wantErr: ErrBadCommandLine},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, err := parseCommandLine(tt.line, findVolo, tt.partial)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err == nil && (got.Name != "volo" || !reflect.DeepEqual(got.Options, tt.want)) {
				t.Errorf("got %+v\nwant %+v", got.Options, tt.want)
			}
		})
	}
}

func FuzzParseCommandLine(f *testing.F) {
	for _, seed := range []string{"/volo challenge opponent:@ben rules:last-act", "/volo move move:c3:c5-NE2", `/volo admin say text:"a b`, "/", ""} {
		f.Add(seed, false)
	}
	f.Fuzz(func(t *testing.T, line string, partial bool) {
		cmd, err := parseCommandLine(line, findVolo, partial)
		if err == nil && cmd.Name != "volo" {
			t.Errorf("parsed %q as /%s", line, cmd.Name)
		}
	})
}

func TestFirstRequired(t *testing.T) {
	t.Parallel()
	volo := voloDefinition()
	if _, ok := FirstRequired(volo.Options); ok {
		t.Error("a choice of subcommands has a first required option")
	}
	challenge := volo.Options[0].Options
	if o, ok := FirstRequired(challenge); !ok || o.Name != "opponent" {
		t.Errorf("/volo challenge: %q, %v; want opponent", o.Name, ok)
	}
	if o, ok := FirstRequired(volo.Options[2].Options[0].Options); ok {
		t.Errorf("/volo admin say has no required option, got %q", o.Name)
	}
}

func TestSplitLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line     string
		texts    []string
		starts   []int
		trailing bool
	}{
		{"volo challenge", []string{"volo", "challenge"}, []int{0, 5}, false},
		{"volo  move ", []string{"volo", "move"}, []int{0, 6}, true},
		{`a rules:"last act" b`, []string{"a", "rules:last act", "b"}, []int{0, 2, 19}, false},
		{`x "open quote `, []string{"x", "open quote "}, []int{0, 2}, false},
		{"", nil, nil, false},
		{"   ", nil, nil, true},
	} {
		got, trailing := SplitLine(tc.line)
		var texts []string
		var starts []int
		for _, w := range got {
			texts, starts = append(texts, w.Text), append(starts, w.Start)
		}
		if !slices.Equal(texts, tc.texts) || !slices.Equal(starts, tc.starts) || trailing != tc.trailing {
			t.Errorf("SplitLine(%q) = %q at %v, trailing %v; want %q at %v, %v", tc.line, texts, starts, trailing, tc.texts, tc.starts, tc.trailing)
		}
	}
}

func FuzzSplitLine(f *testing.F) {
	for _, s := range []string{"volo challenge opponent:@ben", `a "b c" d`, "  x\t\ny ", `"`, "é ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, _ := SplitLine(s)
		last := -1
		for _, w := range got {
			if w.Start <= last || w.Start >= len(s) {
				t.Fatalf("SplitLine(%q): word %q starts at %d after %d", s, w.Text, w.Start, last)
			}
			last = w.Start
		}
	})
}
