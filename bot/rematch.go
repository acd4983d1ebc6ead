package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// rematchRow is the Rematch button on the last message of a game, in the
// language of its channel.
func rematchRow(g *store.Game) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: tr(g).Sprint("Rematch"), Style: discordgo.PrimaryButton, CustomID: buttonID(actRematch, g, len(g.Moves), "")},
	}}}
}

// actRematch is the Rematch button's action.
const actRematch = "rematch"

// friendly reports whether g was unrated from its challenge on. Games
// stored before Friendly was kept say so by Unrated between people.
func friendly(g *store.Game) bool {
	return g.Friendly || g.Unrated && g.Players[0].Level == "" && g.Players[1].Level == ""
}

// rematchButton starts a new game between the players of the game that
// just ended in the channel, colours swapped and on the same terms: a
// challenge the other player accepts, or at once against the computer.
func (b *Bot) rematchButton(in *interaction, bt button) error {
	games, err := b.store.ChannelHistory(in.ChannelID, "", 1)
	if err != nil && len(games) == 0 {
		return fmt.Errorf("last game of %s: %w", in.ChannelID, err)
	}
	if len(games) == 0 || gameKey(games[0]) != bt.game {
		return refuse("A newer game has been played here since; start a new one with /volo challenge.")
	}
	old := games[0]
	c, plays := old.Colour(in.user)
	if !plays {
		return refuse("Only %s and %s can ask for a rematch. Start your own game with /volo challenge.", nameOf(old, old.Players[0].ID), nameOf(old, old.Players[1].ID))
	}
	if in.place.denied() {
		return deniedChannel()
	}
	g := &store.Game{
		Guild: old.Guild, Channel: old.Channel, Parent: old.Parent,
		Status: store.Challenge, Rules: old.Rules, TimePerMove: old.TimePerMove,
		// A friendly game's rematch is friendly too, and not a game made
		// unrated by a move taken back against the computer.
		Unrated: friendly(old), Friendly: friendly(old),
		// What the bot may do in the channel is what the click says now.
		Detached: !in.place.member,
	}
	// Colours swapped: who played Orange plays Blue.
	g.Players[engine.Orange], g.Players[engine.Blue] = old.Players[engine.Blue], old.Players[engine.Orange]
	for i := range g.Players {
		g.Players[i].Challenger = false
	}
	g.Players[c.Other()].Challenger = true // the clicker, now on the other colour
	g.Players[c.Other()].Name = in.name
	in.adopt(g)
	if g.Players[c].ID == b.me() {
		if b.thinker == nil {
			return refuse("I can't play on this server any more.")
		}
		return b.startAgainstBot(in, g, "")
	}
	return b.postChallenge(in, g, "")
}
