package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// The takeback buttons' actions.
const (
	actTakebackYes = "tbyes"
	actTakebackNo  = "tbno"
)

// takebackCommand asks to take back the player's last move. Against the
// computer it is granted at once (with the computer's reply, if it has
// made one) and the game no longer counts for ratings; against a person,
// the opponent agrees or declines with buttons, until a move is made.
func (b *Bot) takebackCommand(in *interaction) error {
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	c, plays := g.Colour(in.user)
	if !plays {
		return refuse("You are not playing in this game, so there is nothing to take back.")
	}
	n := len(g.Moves)
	vsBot := g.Players[c.Other()].ID == b.me()
	back := 0
	switch {
	case n > 0 && g.Moves[n-1].Player == in.user:
		back = 1
	case vsBot && n > 1 && g.Moves[n-2].Player == in.user:
		back = 2 // the player's move and the computer's reply
	default:
		return refuse("You can take back only your own last move, before your opponent has moved.")
	}
	if vsBot {
		g.Unrated = true
		return b.takeBack(in, g, back, tookBack(tr(g), g, nameOf(g, in.user), back))
	}
	if g.Takeback != nil {
		return refuse("You have asked already; your opponent answers with the buttons on your request.")
	}
	g.Takeback = &store.DrawOffer{By: in.user, At: b.clock()}
	opp := g.Players[c.Other()].ID
	t := tr(g)
	ann, err := b.announce(g.Channel, in, false, reply{
		content: t.Sprintf("%s asks to take back %s. %s, do you agree? The request lapses when a move is made.", nameOf(g, in.user), g.Moves[n-1].Notation, mention(opp)),
		mention: []string{opp},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: t.Sprint("Agree"), Style: discordgo.SuccessButton, CustomID: buttonID(actTakebackYes, g, eg.Ply(), "")},
			discordgo.Button{Label: t.Sprint("Decline"), Style: discordgo.DangerButton, CustomID: buttonID(actTakebackNo, g, eg.Ply(), "")},
		}}},
	})
	if err != nil {
		return err
	}
	return b.commitGame(g, ann)
}

// tookBack says in t that who took back the last back moves of g: "@ana
// took back f5", or against the computer "@ana took back f5 and my h7".
func tookBack(t lang.Tag, g *store.Game, who string, back int) string {
	n := len(g.Moves)
	if back == 2 {
		return t.Sprintf("%s took back %s and my %s", who, g.Moves[n-2].Notation, g.Moves[n-1].Notation)
	}
	return t.Sprintf("%s took back %s", who, g.Moves[n-1].Notation)
}

// takebackButton answers a takeback request.
func (b *Bot) takebackButton(in *interaction, bt button, agree bool) error {
	defer b.locks.lock(in.ChannelID)()
	g, _, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if movedPast(bt, g) {
		return b.lapsed(in, in.lang.Sprint("This takeback request lapsed: the game moved on after it."))
	}
	if !bt.current(g) || g.Takeback == nil {
		return movedOn()
	}
	if _, plays := g.Colour(in.user); !plays || in.user == g.Takeback.By {
		return refuse("Only the opponent of %s can answer this request.", nameOf(g, g.Takeback.By))
	}
	by := g.Takeback.By
	g.Takeback = nil
	if !agree {
		ann, err := b.announce(in.ChannelID, in, true, reply{content: tr(g).Sprintf("%s declined to take back %s. Play on!", nameOf(g, in.user), g.Moves[len(g.Moves)-1].Notation)})
		if err != nil {
			return err
		}
		return b.commitGame(g, ann)
	}
	what := tr(g).Sprintf("%s agreed: %s takes back %s", nameOf(g, in.user), nameOf(g, by), g.Moves[len(g.Moves)-1].Notation)
	return b.takeBack(in, g, 1, what)
}

// takeBack removes the last back moves of g and posts the board to its
// channel, saying what (a clause worded in the language of g's channel,
// without its full stop). A click (in, on a takeback request) updates the
// request, its buttons gone; a command's answer is the board itself. The
// players' plans go with the moves taken back, in the same commit.
func (b *Bot) takeBack(in *interaction, g *store.Game, back int, what string) error {
	g.Moves = g.Moves[:len(g.Moves)-back]
	g.RegionChoice, g.DrawOffer, g.Takeback = nil, nil, nil
	eg, err := g.Replay()
	if err != nil {
		return fmt.Errorf("replay %s after a takeback: %w", g.Channel, err)
	}
	b.setClock(g)
	t := tr(g)
	board, err := b.boardReply(g, eg, strings.Join([]string{what, progress(t, eg.Ply()), b.turnLine(g, eg)}, " · "))
	if err != nil {
		return err
	}
	var anns []*store.Announcement
	if in.Type == discordgo.InteractionMessageComponent {
		done, err := b.announce(in.ChannelID, in, true, reply{content: what + "."})
		if err != nil {
			return err
		}
		anns, in = append(anns, done), nil
	}
	ann, err := b.announce(g.Channel, in, false, board)
	if err != nil {
		return err
	}
	return b.commitGamePlans(g, noPlans(g), append(anns, ann)...)
}
