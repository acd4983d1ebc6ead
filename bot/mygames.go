package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// The kinds of wait a game of mine is in, most urgent first.
const (
	waitMyMove      = iota // my move (or region choice, or an answer to a draw or takeback)
	waitMyAnswer           // a challenge waiting for me to accept
	waitTheirMove          // my opponent's move
	waitTheirAnswer        // my challenge, waiting for an answer
)

// myGame is one game of the user's as /volo mygames lists it.
type myGame struct {
	g    *store.Game
	wait int
	what string    // "your move", "a draw offered to you", … in the user's language
	by   time.Time // when it must be done: the deadline, or zero
	late bool      // by has passed: the game is about to be lost on time
	ply  int
	// idle is set where the user has waited so long for their opponent
	// that they may call the game off (abandon_after).
	idle bool
}

// myGamesCommand lists every game and challenge of the user, in every
// server and direct message, the most urgent first, for them alone.
func (b *Bot) myGamesCommand(in *interaction) error {
	games, err := b.store.ListUser(in.user)
	if err != nil && len(games) == 0 {
		return fmt.Errorf("games of %s: %w", in.user, err)
	}
	if err != nil {
		b.log.Error("unreadable games left out of mygames", "user", in.user, "err", err)
	}
	mine := make([]myGame, 0, len(games))
	for _, g := range games {
		mine = append(mine, b.myGame(in.lang, g, in.user))
	}
	sortMyGames(mine)
	content := myGamesText(in.lang, mine)
	if line := b.vacationLine(in.lang, in.user); line != "" {
		content += "\n" + line
	}
	return b.respond(in, reply{ephemeral: true, content: content})
}

// myGame says in t where a game of user's stands.
func (b *Bot) myGame(t lang.Tag, g *store.Game, user string) myGame {
	m := myGame{g: g, by: g.Deadline, late: overdue(g, b.clock()), ply: len(g.Moves)}
	if g.Status == store.Challenge {
		m.wait, m.what = waitTheirAnswer, t.Sprint("your challenge, waiting for an answer")
		if challenger, _ := b.challenger(g); challenger != user {
			m.wait, m.what = waitMyAnswer, t.Sprint("a challenge to you: accept it in the channel")
		}
		return m
	}
	mover := toAct(g)
	switch {
	case g.RegionChoice != nil: // asked before any offer, of mover
	case g.DrawOffer != nil && g.DrawOffer.By != user:
		m.wait, m.what = waitMyMove, t.Sprint("a draw offered to you")
		return m
	case g.Takeback != nil && g.Takeback.By != user:
		m.wait, m.what = waitMyMove, t.Sprint("a takeback asked of you")
		return m
	}
	m.wait, m.what = waitTheirMove, t.Sprint("their move")
	at := b.abandonedAt(g, user, mover)
	m.idle = !at.IsZero() && !b.clock().Before(at)
	if mover == user {
		m.wait, m.what = waitMyMove, t.Sprint("**your move**")
		if g.RegionChoice != nil {
			m.what = t.Sprint("**your region choice**")
		}
	}
	return m
}

// sortMyGames puts the most urgent first: by kind of wait, then the
// nearest deadline (games without one after those with one), then the
// game waiting longest.
func sortMyGames(mine []myGame) {
	slices.SortStableFunc(mine, func(a, b myGame) int {
		if c := cmp.Compare(a.wait, b.wait); c != 0 {
			return c
		}
		switch az, bz := a.by.IsZero(), b.by.IsZero(); {
		case az != bz && az:
			return 1
		case az != bz:
			return -1
		case !az:
			if c := a.by.Compare(b.by); c != 0 {
				return c
			}
		}
		return a.g.Updated.Compare(b.g.Updated)
	})
}

// myGamesText is the list in t, within Discord's length.
func myGamesText(t lang.Tag, mine []myGame) string {
	if len(mine) == 0 {
		return t.Sprint("You have no games or challenges right now. Start one with /volo challenge.")
	}
	var sb strings.Builder
	sb.WriteString(t.Sprintf("Your %d games, the most urgent first:", len(mine)) + "\n")
	for i, m := range mine {
		line := myGameLine(t, m)
		if length(sb.String())+length(line) > maxListLength {
			sb.WriteString(t.Sprintf("… and %d more.", len(mine)-i) + "\n")
			break
		}
		sb.WriteString(line)
	}
	return strings.TrimSpace(sb.String())
}

// myGameLine is one game in t: what it waits for, against whom, where.
func myGameLine(t lang.Tag, m myGame) string {
	g := m.g
	anyone := t.Sprint("anyone")
	vs := t.Sprintf("%s vs %s", plainName(cmp.Or(g.Players[engine.Orange].Name, anyone)), plainName(cmp.Or(g.Players[engine.Blue].Name, anyone)))
	if g.Status == store.Active && g.Number > 0 {
		vs = gameName(g) + " " + vs // its number where it is played, which the link names
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "• %s · %s", m.what, vs)
	if g.Status == store.Active {
		sb.WriteString(" · " + progress(t, m.ply))
	}
	if !m.by.IsZero() {
		switch {
		case g.Status == store.Challenge:
			sb.WriteString(" · " + t.Sprintf("lapses %s", when(m.by)))
		case m.late:
			sb.WriteString(" · " + t.Sprintf("time ran out %s", when(m.by)))
		default:
			sb.WriteString(" · " + t.Sprintf("time runs out %s", when(m.by)))
		}
	}
	if m.idle {
		sb.WriteString(" · " + t.Sprint("no move for a long while: /volo abort calls it off"))
	}
	if g.Guild == "" {
		sb.WriteString(" · " + t.Sprint("in a direct message"))
	}
	fmt.Fprintf(&sb, " · %s\n", channelLink(g.Guild, g.Channel))
	return sb.String()
}
