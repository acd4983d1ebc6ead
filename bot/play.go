package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// moveCommand handles /volo move and /volo pass.
func (b *Bot) moveCommand(in *interaction, text string) error {
	if text == "" {
		return refuse("Write your move, like f5 to add a bird or c3:c5-NE2 to fly a line.")
	}
	if n := length(text); n > maxMoveLength {
		return refuse("That move is %d characters long; a move is at most %d, like f5, l2-SE3 or c3:c5-NE2/e7.", n, maxMoveLength)
	}
	m, err := engine.ParseMove(text)
	if err != nil {
		return refuse("%s", err)
	}
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	c, err := b.yourTurn(in, g, eg)
	if err != nil {
		return err
	}
	pos := eg.Position()
	canon, err := pos.Check(m, g.Rules)
	if errors.Is(err, engine.ErrRegionChoiceNeeded) && in.board != nil {
		// The board asks before it sends a flight that needs a choice.
		return refuse("%s", err)
	}
	if errors.Is(err, engine.ErrRegionChoiceNeeded) {
		return b.askRegion(in, g, eg, canon)
	}
	if err != nil {
		return refuse("%s", err)
	}
	return b.play(in, g, eg, c, canon)
}

// yourTurn checks that the user may move now, and returns their colour.
func (b *Bot) yourTurn(in *interaction, g *store.Game, eg *engine.Game) (engine.Colour, error) {
	c, plays := g.Colour(in.user)
	if !plays {
		return 0, refuse("You are not playing in this game. You can follow it with /volo board, or start your own game in a thread.")
	}
	pos := eg.Position()
	if n := len(g.Moves); pos.ToMove() != c && n > 0 && g.Moves[n-1].Player == in.user {
		// Most likely a retry after Discord lost the answer to the move.
		return 0, refuse("Your move %s is played (move %d) and the board is in the channel. It is %s's turn now (%s); I'll ping you when it's yours.", g.Moves[n-1].Notation, n, pos.ToMove(), plainName(g.Players[pos.ToMove()].Name))
	}
	if pos.ToMove() != c {
		return 0, refuse("It is %s's turn (%s), not yours: you play %s. I'll ping you when it's your move.", pos.ToMove(), plainName(g.Players[pos.ToMove()].Name), c)
	}
	return c, nil
}

// play applies a checked move and commits it with its announcement: the
// board, answering in (nil for the computer's move) or else posted to the
// channel.
func (b *Bot) play(in *interaction, g *store.Game, eg *engine.Game, c engine.Colour, m engine.Move) error {
	return b.playAnnounced(in, g, eg, c, m)
}

// playAnnounced is play with announcements to commit before the board's.
// In a correspondence game the opponent's plans answer the move in the
// same commit (see answerPlans).
func (b *Bot) playAnnounced(in *interaction, g *store.Game, eg *engine.Game, c engine.Colour, m engine.Move, first ...*store.Announcement) error {
	if _, err := eg.Play(m); err != nil {
		return refuse("%s", err)
	}
	g.Moves = append(g.Moves, store.Move{Notation: m.String(), Player: g.Players[c].ID, At: b.clock()})
	g.RegionChoice, g.DrawOffer, g.Takeback = nil, nil, nil
	g.Outcome = eg.Outcome()
	planned, err := b.answerPlans(g, eg, c, m)
	if err != nil {
		return err
	}
	b.setClock(g)
	var r reply
	if planned.reply != nil {
		r, err = b.plannedReply(g, eg, c, m, *planned.reply)
	} else {
		r, err = b.moveReply(g, eg, c, m)
	}
	if err != nil {
		return err
	}
	ann, err := b.announce(g.Channel, in, false, r)
	if err != nil {
		return err
	}
	if err := b.commitGamePlans(g, planned.plans, append(first, ann, planned.note)...); err != nil {
		return err
	}
	b.botTurn(g, eg)
	return nil
}

// askRegion stores a flight that needs a region choice and shows the mover
// the lettered regions with a button each.
func (b *Bot) askRegion(in *interaction, g *store.Game, eg *engine.Game, flight engine.Move) error {
	pos := eg.Position()
	regions, err := pos.PendingRegions(flight, g.Rules)
	if err != nil {
		return refuse("%s", err)
	}
	if len(regions) < 2 {
		return fmt.Errorf("flight %s asked for a region choice but leaves %d regions", flight, len(regions))
	}
	choice := &store.RegionChoice{Flight: flight.String(), Player: in.user, At: b.clock()}
	for _, r := range regions {
		choice.Regions = append(choice.Regions, r.Name.String())
	}
	sc := b.scene(g, eg)
	sc.Pending = flight
	img, err := b.render.Board(sc)
	if err != nil {
		return fmt.Errorf("render regions %s: %w", g.Channel, err)
	}
	var buttons []discordgo.MessageComponent
	var names []string
	them := pos.ToMove().Other()
	t := in.lang
	for i, r := range regions {
		letter := string(rune('A' + i))
		label := t.Sprintf("Keep %s (%s, %d birds)", letter, r.Name, len(r.Birds))
		if winsFor(pos, flight.Keeping(r.Name), g.Rules, them) {
			label = t.Sprintf("Keep %s (%s, %d birds) — hands %s the win", letter, r.Name, len(r.Birds), them)
		}
		buttons = append(buttons, discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: buttonID(actKeep, g, len(g.Moves), r.Name.String())})
		names = append(names, letter)
	}
	question := reply{
		ephemeral:  true,
		image:      img,
		content:    t.Sprintf("%s splits %s's birds into %d regions, lettered %s on the board. Choose the one %s keeps; the birds in the others fly away.", flight, them, len(regions), strings.Join(names, ", "), them),
		components: rows(buttons),
	}
	if err := question.check(); err != nil {
		return fmt.Errorf("region question: %w", err)
	}
	g.RegionChoice = choice
	if err := b.commitGame(g); err != nil {
		return err
	}
	// The choice is stored; a question lost on the way is asked again
	// when the player plays the flight again.
	if err := b.respond(in, question); err != nil {
		b.log.Warn("could not ask for a region choice", "channel", g.Channel, "err", err)
	}
	return nil
}

// winsFor reports whether playing m leaves c the winner.
func winsFor(pos engine.Position, m engine.Move, r engine.Rules, c engine.Colour) bool {
	_, o := pos.Apply(m, r)
	w, won := o.Result.Winner()
	return won && w == c
}

// rows lays buttons out five to a row, as Discord allows.
func rows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for len(buttons) > 0 {
		n := min(5, len(buttons))
		out = append(out, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	return out
}

// keepButton completes a flight with the region chosen.
func (b *Bot) keepButton(in *interaction, bt button) error {
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if !bt.current(g) || g.RegionChoice == nil {
		return movedOn()
	}
	c, err := b.yourTurn(in, g, eg)
	if err != nil {
		return err
	}
	flight, err := engine.ParseMove(g.RegionChoice.Flight)
	if err != nil {
		return fmt.Errorf("stored region choice %q: %w", g.RegionChoice.Flight, err)
	}
	keep, err := engine.ParsePoint(bt.arg)
	if err != nil {
		return movedOn()
	}
	pos := eg.Position()
	m, err := pos.Check(flight.Keeping(keep), g.Rules)
	if err != nil {
		return refuse("%s", err)
	}
	return b.playClicked(in, g, eg, c, m)
}

// playClicked plays a move chosen with a private message's buttons (a
// region question, the picker): that message says the move is played, its
// buttons gone, and the board goes to the channel.
func (b *Bot) playClicked(in *interaction, g *store.Game, eg *engine.Game, c engine.Colour, m engine.Move) error {
	done, err := b.announce(in.ChannelID, in, true, reply{content: in.lang.Sprintf("You played %s (move %d). The board is in the channel.", m, eg.Ply()+1)})
	if err != nil {
		return err
	}
	return b.playAnnounced(nil, g, eg, c, m, done)
}
