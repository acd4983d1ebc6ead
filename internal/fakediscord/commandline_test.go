package fakediscord

import (
	"errors"
	"reflect"
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
		{line: "/volo move c3", wantErr: ErrUnknownOption},
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
