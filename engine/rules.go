package engine

import (
	"fmt"
	"strings"
)

// Rules selects the rule set. They differ only in the pass and the end of
// the game when nobody can act.
type Rules uint8

const (
	// Standard is the designer's English rules: a pass is forced when no
	// action is possible, allowed when only adds into the mover's own
	// regions are; two passes in a row draw the game.
	Standard Rules = iota
	// LastAct is the French translation's rule: a pass only when no action
	// is possible; if the next player cannot act either, the game ends and
	// the last player who acted wins.
	LastAct
)

// String returns the rule set's name as the command line and records
// write it: "standard" or "last-act".
func (r Rules) String() string {
	switch r {
	case Standard:
		return "standard"
	case LastAct:
		return "last-act"
	}
	return fmt.Sprintf("Rules(%d)", uint8(r))
}

// ParseRules reads "standard" or "last-act" (any case; "lastact" and
// "last_act" too).
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "standard":
		return Standard, nil
	case "last-act", "lastact", "last_act":
		return LastAct, nil
	}
	return 0, fmt.Errorf("unknown rule set %q: use standard or last-act", s)
}
