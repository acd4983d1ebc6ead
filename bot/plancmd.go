package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/plan"
	"github.com/volo-discord/volo/store"
)

// actPlanCancel is the button of /volo plans that cancels one plan (arg:
// its first move, see planArg).
const actPlanCancel = "plancancel"

// maxIfLength caps /volo move's if option: the opponent's moves and the
// replies between them, all but the last reply.
const maxIfLength = 100

// planCommand handles /volo move with if: the moves in cond (the
// opponent's, alternating with the player's replies, the opponent's
// first and last) and the reply to the last, move, make one plan, checked
// from the position and kept for the player alone.
func (b *Bot) planCommand(in *interaction, cond, move string) error {
	if n := length(cond); n > maxIfLength {
		return refuse("The if option is %d characters long; it is at most %d. Nothing was saved.", n, maxIfLength)
	}
	l, err := plan.Parse(cond + " " + move)
	if err != nil {
		return planRefusal(err)
	}
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if err := in.checkBoard(g); err != nil {
		return err
	}
	c, plays := g.Colour(in.user)
	if !plays {
		return refuse("You are not playing in this game. You can follow it with /volo board, or start your own game in a thread.")
	}
	if !correspondence(g) {
		return refuse("Plans are for correspondence games, with a time per move of an hour or more. Here, play your move when it is your turn. Nothing was saved.")
	}
	l, err = plan.Check(eg.Position(), g.Rules, c, l)
	if err != nil {
		return planRefusal(err)
	}
	ps, err := b.plansOf(g, in.user)
	if err != nil {
		return err
	}
	if ps.Full(l[0]) {
		return refuse("You have %d plans in this game, the most you can keep. Cancel one with /volo plans first. Nothing was saved.", plan.MaxPlans)
	}
	ps = ps.Add(l)
	if err := b.store.SetPlans(g, in.user, ps.Strings()); err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return refuse("The game changed while I was working on your request; nothing was changed. Please look at the board and try again.")
		}
		return fmt.Errorf("set plans of %s in %s: %w", in.user, g.Channel, err)
	}
	return b.respond(in, reply{content: planSaved(in.lang, g, c, l), ephemeral: true})
}

// planSaved says, to the plan's author alone, what the plan will do.
func planSaved(t lang.Tag, g *store.Game, c engine.Colour, l plan.Line) string {
	them := plainName(g.Players[c.Other()].Name)
	if len(l) == 2 {
		return t.Sprintf("Plan saved, seen by you alone: if %s plays %s, I play %s for you at once. /volo plans lists your plans and cancels them.", them, l[0], l[1])
	}
	return t.Sprintf("Plan saved, seen by you alone: %s. I play each of your replies for you at once, as long as %s keeps to the line. /volo plans lists your plans and cancels them.", lineText(t, l), them)
}

// lineText says a line in t: "if f5, h7; then if d4, j9".
func lineText(t lang.Tag, l plan.Line) string {
	parts := make([]string, 0, len(l)/2)
	for i := 0; i+1 < len(l); i += 2 {
		if i == 0 {
			parts = append(parts, t.Sprintf("if %s, %s", l[i], l[i+1]))
		} else {
			parts = append(parts, t.Sprintf("then if %s, %s", l[i], l[i+1]))
		}
	}
	return strings.Join(parts, "; ")
}

// planRefusal words why a plan was refused, changing nothing.
func planRefusal(err error) error {
	var me *plan.MoveError
	switch {
	case errors.As(err, &me):
		return refuse("Move %d of your plan: %s Nothing was saved.", me.Ply+1, me.Err)
	case errors.Is(err, plan.ErrYourMove):
		return refuse("It is your move: play it with /volo move. A plan is for while you wait for your opponent. Nothing was saved.")
	case errors.Is(err, plan.ErrTooLong):
		return refuse("A plan is at most %d moves, theirs and yours together. Nothing was saved.", plan.MaxPlies)
	case errors.Is(err, plan.ErrNoReply), errors.Is(err, plan.ErrEmpty):
		return refuse("Write your opponent's moves in if, with your replies between them (f5, or f5 h7 d4), and your reply to the last in move. Nothing was saved.")
	case errors.Is(err, plan.ErrGameOver):
		return refuse("A move of your plan ends the game, so no move can follow it. Nothing was saved.")
	}
	return fmt.Errorf("check a plan: %w", err)
}

// plansOf reads a player's plans in g.
func (b *Bot) plansOf(g *store.Game, user string) (plan.Plans, error) {
	lines, err := b.store.Plans(g.Channel, user)
	if err != nil {
		return nil, fmt.Errorf("plans of %s in %s: %w", user, g.Channel, err)
	}
	ps, err := plan.FromStrings(lines)
	if err != nil {
		return nil, fmt.Errorf("plans of %s in %s do not read", user, g.Channel) // the lines are private
	}
	return ps, nil
}

// plansCommand handles /volo plans: the caller's plans in the channel's
// game, for them alone, with a button each to cancel it.
func (b *Bot) plansCommand(in *interaction) error {
	g, _, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if _, plays := g.Colour(in.user); !plays {
		return refuse("You are not playing in this game. You can follow it with /volo board, or start your own game in a thread.")
	}
	ps, err := b.plansOf(g, in.user)
	if err != nil {
		return err
	}
	return b.respond(in, plansList(in.lang, g, ps, ""))
}

// plansList is the private list of a player's plans in g, after what
// (a sentence, or "").
func plansList(t lang.Tag, g *store.Game, ps plan.Plans, what string) reply {
	r := reply{ephemeral: true}
	if len(ps) == 0 {
		r.content = strings.TrimSpace(what + " " + t.Sprint("You have no plans in this game. While your opponent is to move in a correspondence game, /volo move if:f5 move:h7 plans your reply h7 to their f5."))
		return r
	}
	lines := []string{strings.TrimSpace(what + " " + t.Sprint("Your plans in this game, seen by you alone:"))}
	var buttons []discordgo.MessageComponent
	for i, l := range ps {
		lines = append(lines, strconv.Itoa(i+1)+". "+lineText(t, l))
		buttons = append(buttons, discordgo.Button{
			Label:    t.Sprintf("Cancel %d", i+1),
			Style:    discordgo.SecondaryButton,
			CustomID: buttonID(actPlanCancel, g, len(g.Moves), planArg(l[0])),
		})
	}
	r.content, r.components = strings.Join(lines, "\n"), rows(buttons)
	return r
}

// planArg names a plan's first move in a button's custom ID, whose parts
// are split at "/": a kept region's slash becomes "+".
func planArg(m engine.Move) string { return strings.ReplaceAll(m.String(), "/", "+") }

// cancelPlanButton cancels the plan a button of /volo plans names, and
// shows the list again.
func (b *Bot) cancelPlanButton(in *interaction, bt button) error {
	defer b.locks.lock(in.ChannelID)()
	g, _, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if err := in.checkBoard(g); err != nil {
		return err
	}
	if !bt.current(g) {
		return movedOn()
	}
	if _, plays := g.Colour(in.user); !plays {
		return movedOn()
	}
	first, err := engine.ParseMove(strings.ReplaceAll(bt.arg, "+", "/"))
	if err != nil {
		return movedOn()
	}
	ps, err := b.plansOf(g, in.user)
	if err != nil {
		return err
	}
	rest := ps.Remove(first)
	if len(rest) == len(ps) && in.board != nil {
		return refuse("You have no plan for that move in this game, so nothing was cancelled. Look at your plans on the board again.")
	}
	ps = rest
	if err := b.store.SetPlans(g, in.user, ps.Strings()); err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return movedOn()
		}
		return fmt.Errorf("set plans of %s in %s: %w", in.user, g.Channel, err)
	}
	if in.board != nil { // the board lists the plans left itself
		return b.respond(in, reply{content: in.lang.Sprint("Plan cancelled."), ephemeral: true})
	}
	return b.updateEphemeral(in, plansList(in.lang, g, ps, in.lang.Sprint("Plan cancelled.")))
}
