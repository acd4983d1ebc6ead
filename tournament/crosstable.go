package tournament

import (
	"fmt"
	"strconv"
)

// Crosstable is the event's results as a table: a row a player, in the order of the
// standings, a cell a round.
type Crosstable struct {
	// TieBreaks names the columns of each row's Standing.TieBreaks.
	TieBreaks []TieBreak
	// Rows are the players in the order of the standings.
	Rows []Row
}

// Row is one player's line of the crosstable.
type Row struct {
	Standing
	// Cells are the player's rounds, round 1 first.
	Cells []Cell
}

// Cell is one player's round.
type Cell struct {
	// Outcome is what the round was for the player.
	Outcome Outcome
	// Opponent is the opponent's row, counted from 1 (their place in Rows), or 0 for a round
	// without an opponent.
	Opponent int
	// Colour is the player's colour, or NoColour without an opponent.
	Colour Colour
	// Points is what the player scored in the round.
	Points float64
}

// Crosstable returns the event's crosstable, with the results recorded so far.
func (e *Event) Crosstable() Crosstable {
	standings := e.Standings()
	h := newHistory(e)
	row := make([]int, len(e.Players)) // player index to row, from 1
	for k, s := range standings {
		row[s.Number-1] = k + 1
	}
	ct := Crosstable{TieBreaks: e.Format.TieBreaks(), Rows: make([]Row, len(standings))}
	for k, s := range standings {
		i := s.Number - 1
		cells := make([]Cell, len(h.rounds[i]))
		for r, en := range h.rounds[i] {
			c := Cell{Outcome: en.outcome, Colour: en.colour, Points: en.points}
			if en.opponent >= 0 {
				c.Opponent = row[en.opponent]
			}
			cells[r] = c
		}
		ct.Rows[k] = Row{Standing: s, Cells: cells}
	}
	return ct
}

// String writes the cell as crosstables do: the opponent's row, their colour's initial (o
// orange, b blue) and the result ("3o1", "12b½", "5o0"); a forfeit as "+" or "−" ("7b+");
// "bye" or "rest"; "−" for a round after the player withdrew, "*" for a game being played
// ("4o*").
func (c Cell) String() string {
	switch c.Outcome {
	case PairingBye:
		return "bye"
	case Resting:
		return "rest"
	case Absent:
		return "−"
	}
	s := strconv.Itoa(c.Opponent) + c.Colour.String()[:1]
	switch c.Outcome {
	case Playing:
		return s + "*"
	case ForfeitWin:
		return s + "+"
	case ForfeitLoss:
		return s + "−"
	}
	return s + Points(c.Points)
}

// Points writes a score as people do: "3", "2½", "½", "0".
func Points(p float64) string {
	whole := int(p)
	switch {
	case p == float64(whole):
		return strconv.Itoa(whole)
	case whole == 0:
		return "½"
	case p-float64(whole) == 0.5:
		return strconv.Itoa(whole) + "½"
	}
	return fmt.Sprint(p)
}
