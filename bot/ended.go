package bot

import (
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// endedSince answers a click refused as stale when the button's game has
// ended since it was shown (a resignation clicked again after its answer
// was lost, a board's Make a move after the win, a draw offer outlived by
// the game): the player hears how the game ended, and an offer's message
// loses its buttons. A challenge's button says what became of the
// challenge. It returns nil when the button's game is not the channel's
// last finished one, leaving the refusal as it was.
func (b *Bot) endedSince(in *interaction, bt button) error {
	channel, challenge := in.ChannelID, false
	switch bt.action {
	case actKeep, actResign, actDrawYes, actDrawNo, actTakebackYes, actTakebackNo,
		actPick, actKind, actRow, actSource, actDir, actMove, actConfirm, actBack:
	case actAccept, actDecline, actWithdraw:
		channel, challenge = buttonChannel(in, bt), true
	default:
		return nil // rematches, puzzles and pages say it themselves
	}
	if _, puzzle := bt.puzzleID(); puzzle {
		return nil
	}
	games, err := b.store.ChannelHistory(channel, "", 1)
	if err != nil {
		b.log.Warn("could not read a channel's last game for a stale click", "channel", channel, "err", err)
		return nil
	}
	ended := len(games) > 0 && gameKey(games[0]) == bt.game
	switch {
	case challenge && ended:
		return refuse("This challenge was accepted, and its game is over. %s", games[0].Outcome)
	case challenge:
		g, err := b.store.Get(channel)
		switch {
		case err != nil && !errors.Is(err, store.ErrNotFound):
			b.log.Warn("could not read a channel's game for a stale click", "channel", channel, "err", err)
			return nil
		case err == nil && gameKey(g) == bt.game && g.Status != store.Challenge:
			return refuse("This challenge was accepted: the game is on in <#%s>.", g.Channel)
		}
		// A challenge declined, withdrawn or lapsed leaves no record; a
		// click on its own buttons is most likely on one that lapsed (the
		// others lose their buttons when answered). Where its message
		// says so once put in the past tense, the line need not guess.
		line := in.lang.Sprint("This challenge is no longer open: it was declined, withdrawn or it lapsed. /volo challenge starts a new one.")
		if in.Message != nil && lapsedBefore(in.Message.Content, b.clock()) != in.Message.Content {
			line = in.lang.Sprint("This challenge is no longer open. /volo challenge starts a new one.")
		}
		return b.lapsed(in, line)
	case !ended:
		return nil
	}
	o := games[0].Outcome
	// An offer the game ended with (a second Accept the draw after the
	// first's answer was lost) did not lapse: it was taken.
	taken := o.Reason == engine.AgreedDraw && len(games[0].Moves) == bt.ply
	switch {
	case (bt.action == actDrawYes || bt.action == actDrawNo) && !taken:
		return b.lapsed(in, in.lang.Sprintf("This draw offer lapsed: the game is over. %s", o))
	case bt.action == actTakebackYes || bt.action == actTakebackNo:
		return b.lapsed(in, in.lang.Sprintf("This takeback request lapsed: the game is over. %s", o))
	}
	return refuse("This game is over. %s /volo board shows how it ended.", o)
}

// movedPast reports whether a move has been played in g since the button
// was shown: an offer on it has lapsed. A game with fewer moves than then
// had one taken back, perhaps by agreeing to this very request, so the
// offer's message is left as it is.
func movedPast(bt button, g *store.Game) bool {
	return bt.game == gameKey(g) && len(g.Moves) > bt.ply
}

// lapsed edits an offer or challenge whose buttons can do nothing any
// more: it keeps its words, adds line, what became of it, and loses its
// buttons, for everyone who sees it; a challenge's time to lapse, if past,
// is told in the past tense. A click on a button the message does not
// carry (forged) is only refused.
func (b *Bot) lapsed(in *interaction, line string) error {
	if in.Message == nil || !carries(in.Message.Components, in.MessageComponentData().CustomID) {
		return refuse("%s", line)
	}
	content := lapsedBefore(in.Message.Content, b.clock()) + "\n" + line
	if in.Message.Content == "" || length(content) > maxContent {
		content = line
	}
	return b.updateEphemeral(in, reply{content: content, mention: pinged(in.Message)})
}

// pinged returns the users a message pinged when it was sent: an edit
// that keeps its text keeps their names as they were (an edit notifies
// no one).
func pinged(m *discordgo.Message) []string {
	var ids []string
	for _, u := range m.Mentions {
		if u != nil {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// carries reports whether the components hold a button or menu with the
// custom ID id.
func carries(components []discordgo.MessageComponent, id string) bool {
	return anyControl(components, func(c string) bool { return c == id })
}

// anyControl reports whether the components hold a button or menu whose
// custom ID match accepts.
func anyControl(components []discordgo.MessageComponent, match func(id string) bool) bool {
	for _, c := range components {
		switch c := c.(type) {
		case *discordgo.ActionsRow:
			if anyControl(c.Components, match) {
				return true
			}
		case *discordgo.Button:
			if match(c.CustomID) {
				return true
			}
		case *discordgo.SelectMenu:
			if match(c.CustomID) {
				return true
			}
		}
	}
	return false
}
