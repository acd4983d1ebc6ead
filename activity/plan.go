package activity

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/plan"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// Planning a reply on the board. A player who waits for their opponent in
// a correspondence game picks the opponent's move by clicks, then their
// reply, as they pick a move: POST api/plan lays out the moves of each
// step (the opponent's, then the replies after the one chosen), and the
// act ActionPlan saves the plan through the bot, as /volo move if:X
// move:Y does. The viewer's plans come only in the answer to their own
// api/plan: never in a State, so never on a websocket.

// errPlanning is a request for planning moves the game refuses, with the
// sentence to show.
type errPlanning struct{ sentence string }

func (e *errPlanning) Error() string { return e.sentence }

// isMove reports whether s is a move in the project's notation.
func isMove(s string) bool {
	_, err := engine.ParseMove(s)
	return err == nil
}

// postPlan answers POST api/plan: the moves of a planning step, and the
// session's user's plans in the channel's game, for them alone.
func (s *Server) postPlan(w http.ResponseWriter, r *http.Request) {
	c, ok := s.authorize(w, r)
	if !ok {
		return
	}
	t := lang.FromLocale(c.Locale)
	var req PlanRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 4<<10)).Decode(&req); err != nil {
		s.problem(w, http.StatusBadRequest, CodeBadRequest, t.Sprint("The board sent something I cannot read. Reload it and try again."))
		return
	}
	if req.Channel != c.Channel {
		s.problem(w, http.StatusForbidden, CodeForbidden, t.Sprint("This board shows another channel's game: moves go only to the game of the channel it was opened in."))
		return
	}
	cg, err := load(s.opts.Store, c.Channel)
	if err != nil {
		s.log.Error("activity: the game of a board planning", "channel", c.Channel, "err", err)
		s.problem(w, http.StatusInternalServerError, CodeFailed, t.Sprint("The game of this channel cannot be read now. Try again in a moment."))
		return
	}
	p, err := planning(cg, c.User, t, req, s.opts.Clock)
	if pe, ok := errors.AsType[*errPlanning](err); ok {
		s.problem(w, http.StatusConflict, CodeRefused, pe.sentence)
		return
	}
	if err != nil {
		s.log.Error("activity: planning", "channel", c.Channel, "err", err) // the error names no move
		s.problem(w, http.StatusInternalServerError, CodeFailed, t.Sprint("The game of this channel cannot be read now. Try again in a moment."))
		return
	}
	lines, err := s.opts.Store.Plans(c.Channel, c.User)
	if err != nil {
		s.log.Error("activity: a player's plans", "channel", c.Channel, "err", err)
		s.problem(w, http.StatusInternalServerError, CodeFailed, t.Sprint("The game of this channel cannot be read now. Try again in a moment."))
		return
	}
	ps, err := plan.FromStrings(lines)
	if err != nil {
		s.log.Error("activity: a player's plans do not read", "channel", c.Channel) // the lines are private
		s.problem(w, http.StatusInternalServerError, CodeFailed, t.Sprint("The game of this channel cannot be read now. Try again in a moment."))
		return
	}
	p.Plans = plansOf(t, ps)
	writeJSON(w, http.StatusOK, p)
}

// plansOf lays out a player's plans for their page.
func plansOf(t lang.Tag, ps plan.Plans) []Plan {
	out := make([]Plan, 0, len(ps))
	for _, l := range ps {
		moves := make([]string, len(l))
		for i, m := range l {
			moves[i] = m.String()
		}
		out = append(out, Plan{Moves: moves, Text: bot.LineText(t, l)})
	}
	return out
}

// planning lays out the moves of a planning step of user in cg, as the
// request asks: the opponent's moves, or the user's replies after the
// opponent's move req.After. A request the game refuses is an
// *errPlanning.
func planning(cg *channelGame, user string, t lang.Tag, req PlanRequest, clock func() time.Time) (Planning, error) {
	refuse := func(format string, args ...any) (Planning, error) {
		return Planning{}, &errPlanning{sentence: t.Sprintf(format, args...)}
	}
	if cg == nil || cg.eg == nil || cg.g.Outcome.Over() || cg.g.Status == store.Finished {
		return refuse("No game is being played in this channel, so there is nothing to plan.")
	}
	g, eg := cg.g, cg.eg
	if bot.GameKey(g) != req.Game || len(g.Moves) != req.Ply {
		return refuse("The game has moved on since your board showed it, so nothing was done. Look at the board again.")
	}
	seat, plays := g.Colour(user)
	switch {
	case !plays:
		return refuse("You are not playing in this game. You can follow it with /volo board, or start your own game in a thread.")
	case !bot.Correspondence(g):
		return refuse("Plans are for correspondence games, with a time per move of an hour or more. Here, play your move when it is your turn. Nothing was saved.")
	case eg.Position().ToMove() == seat:
		return refuse("It is your move: play it on the board. A plan is for while you wait for your opponent.")
	case !g.Deadline.IsZero() && !clock().Before(g.Deadline):
		return refuse("Your opponent's time ran out, so there is nothing to plan.")
	}
	pos := eg.Position()
	goesOn := func(p engine.Position) func(engine.Move) bool {
		return func(m engine.Move) bool {
			_, o := p.Apply(m, g.Rules)
			return !o.Over()
		}
	}
	if req.After == "" {
		return Planning{Legal: legalWhere(pos, g.Rules, t, goesOn(pos)), Pass: canPass(pos, g.Rules, goesOn(pos))}, nil
	}
	m, err := engine.ParseMove(req.After)
	if err != nil {
		return refuse("The board sent something I cannot read. Reload it and try again.")
	}
	next, o, err := pos.Play(m, g.Rules)
	if err != nil {
		return refuse("%s is not a move your opponent can make now. Choose another.", req.After)
	}
	if o.Over() {
		return refuse("%s ends the game, so there is no reply to plan. Nothing was saved.", req.After)
	}
	played, _ := pos.Check(m, g.Rules)
	sc := render.Scene{Position: next, Before: pos, Last: played, Rules: g.Rules, Lang: t}
	return Planning{After: played.String(), Legal: legal(next, g.Rules, t), Pass: canPass(next, g.Rules, nil),
		Birds: birds(next), Last: marks(sc)}, nil
}

// canPass reports whether passing is legal in pos, and kept by keep when
// there is one.
func canPass(pos engine.Position, rules engine.Rules, keep func(engine.Move) bool) bool {
	for _, m := range pos.LegalMoves(rules) {
		if m.Kind == engine.KindPass && (keep == nil || keep(m)) {
			return true
		}
	}
	return false
}
