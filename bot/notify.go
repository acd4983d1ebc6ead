package bot

import (
	"cmp"
	"strings"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// directNote is a direct message to a player that rides with an
// announcement: sent once the announcement's own message is delivered,
// with its board. A player whose direct messages are closed to the bot
// (Discord's 50007) is pinged in the game's channel with Fallback
// instead, so they hear of it either way.
type directNote struct {
	User     string `json:"user"`
	Content  string `json:"content"`
	Fallback string `json:"fallback"`
}

// notifyOf returns how the player wants to hear it is their move. A
// setting that cannot be read counts as the default, the channel ping:
// the game goes on.
func (b *Bot) notifyOf(user string) string {
	us, err := b.store.UserSettings(user)
	if err != nil {
		b.log.Error("user settings", "user", user, "err", err)
		return store.NotifyChannel
	}
	return cmp.Or(us.Notify, store.NotifyChannel)
}

// pings reports whether a public board of g in play pings the player to
// move (see tellTurn), and so mentions them in its turn line.
func (b *Bot) pings(g *store.Game, eg *engine.Game) bool {
	if g.Outcome.Over() {
		return false
	}
	p := g.Players[eg.Position().ToMove()]
	if p.Level != "" || p.ID == "" {
		return false
	}
	switch b.notifyOf(p.ID) {
	case store.NotifyOff:
		return false
	case store.NotifyDM:
		return g.TimePerMove == 0
	}
	return true
}

// tellTurn decides how r, a public board of g in play, tells the player
// to move that it is their move: a ping (their default), no ping
// (notify:off), or, in a game with a time limit, a direct message
// (notify:dm) with the board, the last move and a link.
func (b *Bot) tellTurn(r *reply, g *store.Game, eg *engine.Game) {
	c := eg.Position().ToMove()
	p := g.Players[c]
	if p.Level != "" || p.ID == "" {
		return // the computer needs no telling
	}
	switch b.notifyOf(p.ID) {
	case store.NotifyOff:
		return
	case store.NotifyDM:
		if g.TimePerMove > 0 {
			r.direct = &directNote{
				User:     p.ID,
				Content:  turnDM(g, c, lastMove(g, eg, trTo(g, c))),
				Fallback: trTo(g, c).Sprintf("%s, it is your move as %s, and your time runs out %s. (I could not send you a direct message; /volo settings notify:channel stops me trying.)", mention(p.ID), c, when(g.Deadline)),
			}
			return
		}
	}
	r.mention = []string{p.ID}
}

// lastMove says in t what the last move was, "The last move: Orange
// (ana) c3:c5-NE2, move 17.", or that the game has just begun.
func lastMove(g *store.Game, eg *engine.Game, t lang.Tag) string {
	n := eg.Ply()
	if n == 0 {
		return t.Sprint("The game has just begun.")
	}
	pos, _ := eg.PositionAt(n - 1)
	mover := pos.ToMove()
	return t.Sprintf("The last move: %s (%s) %s, move %d.", mover, plainName(g.Players[mover].Name), eg.Moves()[n-1], n)
}

// turnDM is the direct message telling a player it is their move as c:
// what just happened, the time left and where the game is.
// It is in the player's language.
func turnDM(g *store.Game, c engine.Colour, said string) string {
	t := trTo(g, c)
	parts := []string{t.Sprintf("It is your move as %s in your Volo game against %s.", c, plainName(g.Players[c.Other()].Name))}
	if said != "" {
		parts = append(parts, said)
	}
	if !g.Deadline.IsZero() {
		parts = append(parts, t.Sprintf("Your time runs out %s.", when(g.Deadline)))
	}
	return strings.Join(parts, " ") + "\n" + gameLink(t, g)
}

// channelLink links to a channel, in a server or a direct message.
func channelLink(guild, channel string) string {
	return "https://discord.com/channels/" + cmp.Or(guild, "@me") + "/" + channel
}
