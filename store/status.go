package store

import "fmt"

// Status is where a game stands: a challenge waiting for an answer, a
// game being played, or a game over.
type Status uint8

// The statuses. The zero Status is none of them, so a Game the bot forgot
// to give one is refused.
const (
	Challenge Status = iota + 1 // a challenge waiting for an answer
	Active                      // a game being played
	Finished                    // a game over, kept for history
)

var statusNames = [...]string{Challenge: "challenge", Active: "active", Finished: "finished"}

// String returns "challenge", "active" or "finished".
func (s Status) String() string {
	if int(s) < len(statusNames) && statusNames[s] != "" {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// ParseStatus reads a status as String writes it.
func ParseStatus(s string) (Status, error) {
	for i, name := range statusNames {
		if name != "" && s == name {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("unknown status %q: use challenge, active or finished", s)
}
