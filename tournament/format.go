package tournament

import (
	"errors"
	"fmt"
	"strings"
)

// Format is how an event pairs its players.
type Format string

// The formats.
const (
	// RoundRobin: everyone plays everyone once, by FIDE's Berger tables.
	RoundRobin Format = "round-robin"
	// DoubleRoundRobin: everyone plays everyone twice, the second cycle with colours reversed.
	DoubleRoundRobin Format = "double-round-robin"
	// Swiss: a set number of rounds paired by the core of FIDE's Dutch system.
	Swiss Format = "swiss"
)

// ErrFormat is returned for a format name that is none of the formats.
var ErrFormat = errors.New("no such tournament format")

// ParseFormat reads a format's name: "round-robin", "double-round-robin" or "swiss", in any
// case, with spaces or underscores for hyphens.
func ParseFormat(s string) (Format, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	name = strings.NewReplacer(" ", "-", "_", "-").Replace(name)
	switch f := Format(name); f {
	case RoundRobin, DoubleRoundRobin, Swiss:
		return f, nil
	}
	return "", fmt.Errorf("%w: %q (round-robin, double-round-robin or swiss)", ErrFormat, s)
}

// String returns the format's name, which ParseFormat reads back.
func (f Format) String() string { return string(f) }

// valid reports whether f is one of the formats.
func (f Format) valid() bool {
	return f == RoundRobin || f == DoubleRoundRobin || f == Swiss
}

// roundRobin reports whether f is a round robin, single or double.
func (f Format) roundRobin() bool { return f == RoundRobin || f == DoubleRoundRobin }

// TieBreaks returns the tie-breaks that rank players level on points, in the order they
// apply: for round robins Sonneborn-Berger, direct encounter, then wins; for a Swiss
// Buchholz cut 1, Buchholz, Sonneborn-Berger, then wins. [Standing.TieBreaks] holds their
// values in this order.
func (f Format) TieBreaks() []TieBreak {
	if f.roundRobin() {
		return []TieBreak{SonnebornBerger, DirectEncounter, Wins}
	}
	return []TieBreak{BuchholzCut1, Buchholz, SonnebornBerger, Wins}
}

// TieBreak names a tie-break by its acronym in FIDE's Tie-Break Regulations (Handbook C.07).
type TieBreak string

// The tie-breaks used.
const (
	// BuchholzCut1 (BH-C1, C.07 art. 14.1): Buchholz less its least significant value.
	BuchholzCut1 TieBreak = "BH-C1"
	// Buchholz (BH, C.07 art. 8.1): the sum of the opponents' scores.
	Buchholz TieBreak = "BH"
	// SonnebornBerger (SB, C.07 art. 9.1): the sum of each opponent's score times the points
	// scored against them.
	SonnebornBerger TieBreak = "SB"
	// DirectEncounter (DE, C.07 art. 6): the points scored in the games among the tied.
	DirectEncounter TieBreak = "DE"
	// Wins (WIN, C.07 art. 7.1): the rounds in which a player scored a win's points, with or
	// without playing.
	Wins TieBreak = "WIN"
)

// Name returns the tie-break's full name in FIDE's words.
func (t TieBreak) Name() string {
	switch t {
	case BuchholzCut1:
		return "Buchholz Cut-1"
	case Buchholz:
		return "Buchholz"
	case SonnebornBerger:
		return "Sonneborn-Berger"
	case DirectEncounter:
		return "Direct Encounter"
	case Wins:
		return "Number of Wins"
	}
	return string(t)
}
