package store

import "time"

// AwayAfter is how long the last Beat must be old for a bot that starts
// to find that the whole service was away, and to give the players that
// time (Resume): longer than a restart takes, and than a beat (every
// minute) late behind a busy store.
const AwayAfter = 3 * time.Minute

// Absence is a time when the whole service was away: no process of the
// bot was running, so nobody could move or answer a challenge. Resume
// finds it and gives the time back.
type Absence struct {
	// From is the last time a process of the bot said it was alive
	// (Beat), and Until when Resume found the service away.
	From, Until time.Time
	// Games is how many challenges and games Resume gave the time to.
	Games int
	// Overdue are those of them whose deadline fell while the service
	// was away, which would have lapsed or been lost on time, as Resume
	// left them. Resume reads and writes only the headers of the records,
	// so each holds only what a header does: its Channel, Guild,
	// Players, Status, CheckThreadAt, its new RemindAt, Deadline and
	// Version, and no moves, rules or other fields (Get reads the whole
	// game).
	Overdue []*Game
	// Challenges are the challenges Resume gave the time to, overdue or
	// not, as it left them, with a header's fields as Overdue's: their
	// messages say when they lapse, which is now later.
	Challenges []*Game
}

// Given counts g, which Resume has just given the time, in a: in Games,
// in Overdue if its deadline was (before it) during the absence, and in
// Challenges if it is a challenge. It is exported for package
// store/pgstore.
func (a *Absence) Given(deadline time.Time, g *Game) {
	a.Games++
	if a.During(deadline) {
		a.Overdue = append(a.Overdue, g)
	}
	if g.Status == Challenge {
		a.Challenges = append(a.Challenges, g)
	}
}

// Duration is how long the service was away; zero for no absence.
func (a Absence) Duration() time.Duration { return a.Until.Sub(a.From) }

// During reports whether t fell while the service was away.
func (a Absence) During(t time.Time) bool { return t.After(a.From) && !t.After(a.Until) }

// GiveBack moves g's Deadline and RemindAt on by a's Duration where they
// are later than a.From, the last time the service was alive, so that
// each player has the time they had when it went: what Resume does to
// every challenge and game. It reports whether it moved either. It is
// exported for package store/pgstore.
func GiveBack(g *Game, a Absence) bool {
	moved := false
	for _, t := range []*time.Time{&g.Deadline, &g.RemindAt} {
		if t.After(a.From) {
			*t = t.Add(a.Duration())
			moved = true
		}
	}
	return moved
}
