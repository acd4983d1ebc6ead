package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on what the bot sends, and the bot's own on what it
// takes. Every message is checked against them where it is built (check,
// choices); user text is shortened before it is quoted (quote).
const (
	maxContent      = 2000 // characters of a message's content
	maxRows         = 5    // action rows on a message
	maxRowButtons   = 5    // buttons in a row
	maxCustomID     = 100  // characters of a component's custom_id
	maxButtonLabel  = 80   // characters of a button's label
	maxPlaceholder  = 150  // characters of a select menu's placeholder
	maxOptionText   = 100  // characters of a select option's label, value or description
	maxChoices      = 25   // autocomplete choices
	maxOptions      = 25   // options of a select menu
	maxChoiceName   = 100  // characters of a choice's name
	maxChoiceValue  = 100  // characters of a string choice's value
	maxOptionLength = 100  // the bot's max_length of a string option with choices

	// maxMoveLength is the longest move the bot reads; the longest
	// canonical move, a line's flight with its kept region
	// ("c3:c5-NE2/e7"), is 12 characters, and loose forms add spaces.
	maxMoveLength = 40
	// maxDurationLength is the longest time per move the bot reads, such
	// as "1d12h30m".
	maxDurationLength = 16
	// maxGameIDLength is the longest game ID the bot reads: 32 hex digits,
	// with room for spaces or backticks pasted along.
	maxGameIDLength = 40
	// maxQuoted is the most of a user's text a sentence quotes.
	maxQuoted = 40
)

// length counts characters as Discord does for its limits: one per
// Unicode code point.
func length(s string) int { return utf8.RuneCountInString(s) }

// quote returns user text fit to quote in a sentence: in Go quotes, cut
// to maxQuoted characters with an ellipsis, control characters escaped.
func quote(s string) string {
	if length(s) > maxQuoted {
		s = string([]rune(s)[:maxQuoted-1]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// userText is user text quoted in a sentence: in English as quote writes
// it, in French between guillemets.
type userText string

// quoted returns user text to quote in a sentence worded in a language.
func quoted(s string) userText { return userText(s) }

// String quotes the text as quote does.
func (u userText) String() string { return quote(string(u)) }

// Words quotes the text in the language of sprintf.
func (u userText) Words(sprintf func(format string, args ...any) string) string {
	q := quote(string(u))
	return sprintf(`"%s"`, q[1:len(q)-1])
}

// clip cuts s to at most n characters, ending with an ellipsis if cut.
func clip(s string, n int) string {
	if length(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// check reports a message Discord would refuse: content too long, too
// many rows or buttons, an ID or label too long. Every reply passes it
// before it is sent or stored.
func (r reply) check() error {
	if n := length(r.content); n > maxContent {
		return fmt.Errorf("message of %d characters, more than Discord's %d: %.60q", n, maxContent, r.content)
	}
	if d := r.direct; d != nil {
		for _, text := range []string{d.Content, d.Fallback} {
			if n := length(text); n > maxContent {
				return fmt.Errorf("direct message of %d characters, more than Discord's %d: %.60q", n, maxContent, text)
			}
		}
	}
	return checkComponents(r.components)
}

// checkComponents checks action rows of buttons and select menus against
// Discord's limits.
func checkComponents(rows []discordgo.MessageComponent) error {
	if len(rows) > maxRows {
		return fmt.Errorf("%d rows of components, more than Discord's %d", len(rows), maxRows)
	}
	for _, row := range rows {
		var r struct {
			Components []struct {
				CustomID    string `json:"custom_id"`
				Label       string `json:"label"`
				Placeholder string `json:"placeholder"`
				Options     []struct {
					Label       string `json:"label"`
					Value       string `json:"value"`
					Description string `json:"description"`
				} `json:"options"`
			} `json:"components"`
		}
		raw, err := json.Marshal(row)
		if err != nil {
			return fmt.Errorf("component row: %w", err)
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			return fmt.Errorf("component row: %w", err)
		}
		if len(r.Components) > maxRowButtons {
			return fmt.Errorf("%d components in a row, more than Discord's %d", len(r.Components), maxRowButtons)
		}
		for _, c := range r.Components {
			if length(c.CustomID) > maxCustomID {
				return fmt.Errorf("custom_id %q is longer than Discord's %d characters", c.CustomID, maxCustomID)
			}
			if length(c.Label) > maxButtonLabel {
				return fmt.Errorf("button label %q is longer than Discord's %d characters", c.Label, maxButtonLabel)
			}
			if length(c.Placeholder) > maxPlaceholder {
				return fmt.Errorf("placeholder %q is longer than Discord's %d characters", c.Placeholder, maxPlaceholder)
			}
			if len(c.Options) > maxOptions {
				return fmt.Errorf("%d options in a select menu, more than Discord's %d", len(c.Options), maxOptions)
			}
			for _, o := range c.Options {
				if n := length(o.Label); n == 0 || n > maxOptionText || length(o.Value) > maxOptionText || length(o.Description) > maxOptionText {
					return fmt.Errorf("select option %q (%q, %q) is not within Discord's 1 to %d characters", o.Label, o.Value, o.Description, maxOptionText)
				}
			}
		}
	}
	return nil
}

// checkChoices checks autocomplete choices against Discord's limits.
func checkChoices(cs []*discordgo.ApplicationCommandOptionChoice) error {
	if len(cs) > maxChoices {
		return fmt.Errorf("%d choices, more than Discord's %d", len(cs), maxChoices)
	}
	for _, c := range cs {
		if n := length(c.Name); n == 0 || n > maxChoiceName {
			return fmt.Errorf("choice name %q is not 1 to %d characters", c.Name, maxChoiceName)
		}
		if v, ok := c.Value.(string); ok && length(v) > maxChoiceValue {
			return fmt.Errorf("choice value %q is longer than Discord's %d characters", v, maxChoiceValue)
		}
	}
	return nil
}

// sentence makes a refusal's text fit Discord: a refusal that quotes
// user text through quote always fits; this is the last guard, cutting
// the sentence rather than leaving the user without an answer.
func sentence(s string) string {
	return clip(strings.TrimSpace(s), maxContent)
}
