package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/plan"
	"github.com/volo-discord/volo/store"
)

// The picker plans a reply too. A player who clicks a board's Make a move
// while their opponent is to move, in a correspondence game, is offered
// Plan a reply: the picker's steps pick the opponent's move, then, over
// the position after it, the player's reply, and Confirm saves the plan
// (see plancmd.go). The planning travels in the game part of the custom
// IDs, as the picker's choices travel in their arguments: the game's key,
// a ".", then "?" while the opponent's move is picked, or that move (see
// moveArg) while the reply is. Those IDs are shown to the player alone,
// and never logged whole (see loggedID).

// planMark separates a game's key from the planning in a custom ID's
// game part, and planFirst is the planning of the first step.
const (
	planMark  = "."
	planFirst = "?"
)

// splitPlanGame reads a custom ID's game part: the game's key, and the
// planning if the picker is planning a reply.
func splitPlanGame(game string) (key, planning string, ok bool) {
	return strings.Cut(game, planMark)
}

// loggedID is a custom ID as a log line may show it: the actions of plans
// without their game part and argument, which may hold a plan's moves.
func loggedID(id string) string {
	bt, ok := parseButton(id)
	if !ok {
		return shorten(id, 120)
	}
	if _, _, planning := splitPlanGame(bt.game); planning || bt.action == actPlanCancel {
		return "volo/" + bt.action + "/…"
	}
	return shorten(id, 120)
}

// mayPlan reports whether the player of in may plan a reply in g: they
// play it, by correspondence, and their opponent, a person, is to move.
func mayPlan(in *interaction, g *store.Game, eg *engine.Game) bool {
	c, plays := g.Colour(in.user)
	if !plays || !correspondence(g) || g.Outcome.Over() {
		return false
	}
	them := g.Players[c.Other()]
	return eg.Position().ToMove() != c && them.Level == ""
}

// offerPlan answers a click on Make a move when it is the opponent's
// turn in a correspondence game: whose turn it is, and Plan a reply.
func (b *Bot) offerPlan(in *interaction, g *store.Game, eg *engine.Game) error {
	c := eg.Position().ToMove()
	t := in.lang
	return b.respond(in, reply{
		ephemeral: true,
		content:   t.Sprintf("It is %s's turn (%s), not yours. You can plan your reply to their move: I play it for you the moment they play it, and nobody else sees it.", c, plainName(g.Players[c].Name)),
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: t.Sprint("Plan a reply"), Style: discordgo.PrimaryButton, CustomID: planPickID(actPick, g, planFirst, len(g.Moves), "")},
		}}},
	})
}

// planPickID is the custom ID of a step of the picker planning a reply.
func planPickID(action string, g *store.Game, planning string, ply int, arg string) string {
	return strings.Join([]string{"volo", action, gameKey(g) + planMark + planning, strconv.Itoa(ply), arg}, "/")
}

// planPickerButton answers every step of the picker planning a reply:
// its opening, the choices, Back, and Confirm of each move.
func (b *Bot) planPickerButton(in *interaction, bt button, key, planning string) error {
	unlock := b.locks.lock(in.ChannelID)
	defer unlock()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if key != gameKey(g) || bt.ply != len(g.Moves) || !mayPlan(in, g, eg) {
		return movedOn()
	}
	c, _ := g.Colour(in.user)
	pos := eg.Position()
	var first *engine.Move // the opponent's move, once picked
	if planning != planFirst {
		m, err := parseMoveArg(planning)
		if err != nil {
			return movedOn()
		}
		first = &m
	}
	if bt.action == actConfirm {
		m, err := parseMoveArg(bt.arg)
		if err != nil {
			return movedOn()
		}
		if first == nil {
			return b.planSecondStep(in, g, eg, c, m)
		}
		return b.savePickedPlan(in, g, pos, c, plan.Line{*first, m})
	}
	after := eg
	if first != nil {
		if after, err = g.Replay(); err == nil {
			_, err = after.Play(*first)
		}
		if err != nil {
			return movedOn()
		}
		pos = after.Position()
	}
	pk := newPicker(pos, g.Rules, in.lang)
	view := pk.opening()
	if bt.action != actPick {
		var ok bool
		if view, ok = pk.chosen(in, bt); !ok {
			return movedOn()
		}
	}
	r, err := b.planPickReply(in, g, after, planning, first, view)
	if err != nil {
		return err
	}
	if bt.action == actPick {
		return b.respond(in, r)
	}
	return b.updateEphemeral(in, r)
}

// planSecondStep takes the opponent's move m the player picked, and
// opens the picker over the position after it, for their reply.
func (b *Bot) planSecondStep(in *interaction, g *store.Game, eg *engine.Game, c engine.Colour, m engine.Move) error {
	pos := eg.Position()
	canon, err := pos.Check(m, g.Rules)
	if err != nil {
		return refuse("%s", err)
	}
	if _, o := pos.Apply(canon, g.Rules); o.Over() {
		return refuse("%s ends the game, so there is no reply to plan. Nothing was saved.", canon)
	}
	after, err := g.Replay()
	if err == nil {
		_, err = after.Play(canon)
	}
	if err != nil {
		return fmt.Errorf("replay %s for a plan: %w", g.Channel, err)
	}
	view := newPicker(after.Position(), g.Rules, in.lang).opening()
	r, err := b.planPickReply(in, g, after, moveArg(canon), &canon, view)
	if err != nil {
		return err
	}
	return b.updateEphemeral(in, r)
}

// planPickReply is a step of the picker planning a reply, over eg (the
// game as it stands, or after the opponent's move first), saying which
// move is being picked.
func (b *Bot) planPickReply(in *interaction, g *store.Game, eg *engine.Game, planning string, first *engine.Move, v pickView) (reply, error) {
	c, _ := g.Colour(in.user)
	them := plainName(g.Players[c.Other()].Name)
	if first == nil {
		v.content = in.lang.Sprintf("Plan a reply, step 1: the move you expect from %s.", them) + "\n" + v.content
	} else {
		v.content = in.lang.Sprintf("Plan a reply, step 2: your reply if %s plays %s.", them, *first) + "\n" + v.content
	}
	id := func(action, arg string) string { return planPickID(action, g, planning, len(g.Moves), arg) }
	if v.plain {
		return pickMessage(v, id, in.lang, nil), nil
	}
	img, err := b.pickBoard(b.scene(g, eg), eg.Position(), g.Rules, v, in.user)
	if err != nil {
		return reply{}, fmt.Errorf("render the planning picker's board %s: %w", g.Channel, err)
	}
	return pickMessage(v, id, in.lang, img), nil
}

// savePickedPlan saves the plan the picker made, l, checked again from
// pos, where g stands, and says so to the player alone, the picker's
// message giving way to it.
func (b *Bot) savePickedPlan(in *interaction, g *store.Game, pos engine.Position, c engine.Colour, l plan.Line) error {
	l, err := plan.Check(pos, g.Rules, c, l)
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
	if err := b.store.SetPlans(g, in.user, ps.Add(l).Strings()); err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return movedOn()
		}
		return fmt.Errorf("set plans of %s in %s: %w", in.user, g.Channel, err)
	}
	return b.updateEphemeral(in, reply{content: planSaved(in.lang, g, c, l), ephemeral: true, replace: true})
}
