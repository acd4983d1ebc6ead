package bot

import (
	"fmt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/plan"
	"github.com/volo-discord/volo/store"
)

// planAnswer is what the plans of the player now to move make of the move
// just played: the reply to play for them, if one answers it, the plans
// to commit with the move, and the direct message telling them their
// plans are spent, if they are.
type planAnswer struct {
	reply *engine.Move
	plans map[string][]string
	note  *store.Announcement
}

// answerPlans looks up the plans of the opponent of c, who just played m
// in g (eg and g already hold m). A plan starting with m has its reply
// played on eg and g, by the plan's author; the rest of its line stays
// their plan. A move no plan answers spends them all, and a reply no
// longer legal spends them too: either way the author is told in a direct
// message, never in the channel. Plans apply in correspondence games
// alone. Nothing is logged of a plan's moves.
func (b *Bot) answerPlans(g *store.Game, eg *engine.Game, c engine.Colour, m engine.Move) (planAnswer, error) {
	var a planAnswer
	if g.Outcome.Over() || !correspondence(g) {
		return a, nil
	}
	author := g.Players[c.Other()]
	if author.ID == "" || author.Level != "" {
		return a, nil
	}
	lines, err := b.store.Plans(g.Channel, author.ID)
	if err != nil {
		return a, fmt.Errorf("plans of %s in %s: %w", author.ID, g.Channel, err)
	}
	if len(lines) == 0 {
		return a, nil
	}
	a.plans = map[string][]string{author.ID: nil}
	ps, err := plan.FromStrings(lines)
	if err != nil {
		b.log.Error("stored plans do not read; dropped", "channel", g.Channel, "user", author.ID)
		return a, nil
	}
	reply, rest, ok := ps.Answer(m)
	if !ok {
		a.note, err = b.planNote(g, c.Other(), "In your Volo game against %s, %s played %s, which none of your plans answered: they are cancelled, and it is your move.", m.String())
		return a, err
	}
	pos := eg.Position()
	canon, err := pos.Check(reply, g.Rules)
	if err == nil {
		_, err = eg.Play(canon)
	}
	if err != nil {
		a.note, err = b.planNote(g, c.Other(), "In your Volo game against %s, %s played %s, but your planned reply can no longer be played: your plans there are cancelled, and it is your move.", m.String())
		return a, err
	}
	g.Moves = append(g.Moves, store.Move{Notation: canon.String(), Player: author.ID, At: b.clock()})
	g.Outcome = eg.Outcome()
	a.reply, a.plans[author.ID] = &canon, rest.Strings()
	if len(rest) == 0 {
		a.plans[author.ID] = nil
	}
	return a, nil
}

// planNote is the direct message to the author (colour author) telling
// them what became of their plans after the opponent's move: format
// takes the opponent's name twice and the move. It has no fallback in the
// channel: a plan, even spent, is its author's business alone.
func (b *Bot) planNote(g *store.Game, author engine.Colour, format, move string) (*store.Announcement, error) {
	t := trTo(g, author)
	them := plainName(g.Players[author.Other()].Name)
	text := t.Sprintf(format, them, them, move) + "\n" + gameLink(t, g)
	return b.announce(g.Channel, nil, false, reply{direct: &directNote{User: g.Players[author].ID, Content: text}})
}

// plannedReply is the public message after a move and the planned reply
// it called for: the board after both and a line such as "Orange (@ana)
// f5 · move 1 · Blue (@ben) h7, as planned · move 2 · @ana (Orange) to
// move", pinging the player to move.
func (b *Bot) plannedReply(g *store.Game, eg *engine.Game, mover engine.Colour, m, reply engine.Move) (reply, error) {
	line := tr(g).Sprintf("%s %s · move %d · %s %s, as planned · move %d · %s", who(g, mover), m, eg.Ply()-1, who(g, mover.Other()), reply, eg.Ply(), b.turnLine(g, eg))
	return b.boardReply(g, eg, line)
}

// noPlans is the change that removes both players' plans in g, as a
// takeback does; nil outside correspondence games, which have none.
func noPlans(g *store.Game) map[string][]string {
	if !correspondence(g) {
		return nil
	}
	out := map[string][]string{}
	for _, p := range g.Players {
		if p.ID != "" {
			out[p.ID] = nil
		}
	}
	return out
}
