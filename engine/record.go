package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBadRecord is wrapped by every error ParseRecord returns.
var ErrBadRecord = errors.New("unreadable game record")

// derivedTag reports whether a record derives the tag from the game
// itself rather than keeping it in Game.Tags.
func derivedTag(name string) bool {
	switch name {
	case "Rules", "Start", "Result", "Reason":
		return true
	}
	return false
}

// Record returns the game as a plain-text record: tag lines such as
// [Orange "ana"], a blank line, then the moves one a line, each with its
// number in the game (its ply plus one), as the board, the picker and the
// review count them:
//
//	[Rules "standard"]
//	[Orange "ana"]
//	[Blue "ben"]
//	[Result "1-0"]
//	[Reason "flock completed"]
//
//	1. f5
//	2. h7
//	3. c3:c5-NE2/e7
//	4. pass
//
// A game that did not start from the start position has a Start tag with
// its position. Records numbered in pairs ("1. f5 h7", "1. ... h7"), as
// they were written before, read back the same: the numbers are skipped.
// ParseRecord reads it back.
func (g *Game) Record() string {
	var sb strings.Builder
	writeTag(&sb, "Rules", g.rules.String())
	if start := g.Start(); start != StartPosition() {
		writeTag(&sb, "Start", start.String())
	}
	for _, t := range g.Tags {
		if !derivedTag(t.Name) && validTagName(t.Name) {
			writeTag(&sb, t.Name, t.Value)
		}
	}
	writeTag(&sb, "Result", g.outcome.Result.String())
	if g.outcome.Reason != NoReason {
		writeTag(&sb, "Reason", g.outcome.Reason.String())
	}
	sb.WriteByte('\n')
	for i, m := range g.moves {
		fmt.Fprintf(&sb, "%d. %s\n", i+1, m)
	}
	return sb.String()
}

func writeTag(sb *strings.Builder, name, value string) {
	fmt.Fprintf(sb, "[%s %s]\n", name, strconv.Quote(value))
}

func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// ParseRecord reads a game record as Game.Record writes it and replays it,
// so every move is checked. The result tag must agree with the replay; a
// resignation, timeout or agreed draw is taken from the tags.
func ParseRecord(s string) (*Game, error) {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	rules, start := Standard, StartPosition()
	var tags []Tag
	result, reason := Ongoing, NoReason
	hasResult := false
	i := 0
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "[") {
			break
		}
		name, value, err := parseTag(line)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadRecord, i+1, err)
		}
		switch name {
		case "Rules":
			if rules, err = ParseRules(value); err != nil {
				return nil, fmt.Errorf("%w: line %d: %v", ErrBadRecord, i+1, err)
			}
		case "Start":
			if start, err = ParsePosition(value); err != nil {
				return nil, fmt.Errorf("%w: line %d: %v", ErrBadRecord, i+1, err)
			}
		case "Result":
			if result, err = ParseResult(value); err != nil {
				return nil, fmt.Errorf("%w: line %d: %v", ErrBadRecord, i+1, err)
			}
			hasResult = true
		case "Reason":
			if reason, err = ParseReason(value); err != nil {
				return nil, fmt.Errorf("%w: line %d: %v", ErrBadRecord, i+1, err)
			}
		default:
			tags = append(tags, Tag{name, value})
		}
	}
	g := NewGame(rules, start)
	g.Tags = tags
	for ; i < len(lines); i++ {
		for _, tok := range strings.Fields(lines[i]) {
			if isMoveNumber(tok) || tok == "..." {
				continue
			}
			if _, err := g.PlayNotation(tok); err != nil {
				return nil, fmt.Errorf("%w: line %d: move %d %q: %v", ErrBadRecord, i+1, g.Ply()+1, tok, err)
			}
		}
	}
	if err := settle(g, result, reason, hasResult); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRecord, err)
	}
	return g, nil
}

// settle reconciles the replayed game with its Result and Reason tags.
func settle(g *Game, result Result, reason Reason, hasResult bool) error {
	switch reason {
	case Resignation, Timeout, AgreedDraw:
		return g.End(Outcome{result, reason})
	}
	if !hasResult && reason == NoReason {
		return nil
	}
	if got := g.Outcome(); got != (Outcome{result, reason}) {
		return fmt.Errorf("the tags say %s (%s) but the moves give %s (%s)", result, reason, got.Result, got.Reason)
	}
	return nil
}

func parseTag(line string) (name, value string, err error) {
	inner, ok := strings.CutSuffix(strings.TrimPrefix(line, "["), "]")
	if !ok {
		return "", "", fmt.Errorf("tag %q does not end with ]", line)
	}
	name, quoted, ok := strings.Cut(inner, " ")
	if !ok || !validTagName(name) {
		return "", "", fmt.Errorf("tag %q: want [Name \"value\"]", line)
	}
	value, err = strconv.Unquote(strings.TrimSpace(quoted))
	if err != nil {
		return "", "", fmt.Errorf("tag %q: the value must be a quoted string", line)
	}
	return name, value, nil
}

func isMoveNumber(tok string) bool {
	digits := strings.TrimRight(tok, ".")
	if digits == tok || digits == "" {
		return false
	}
	_, err := strconv.Atoi(digits)
	return err == nil
}
