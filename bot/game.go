package bot

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// load returns the challenge or game of a channel, with refusals worded
// for players.
func (b *Bot) load(channel string) (*store.Game, error) {
	g, err := b.store.Get(channel)
	if err != nil {
		return nil, b.explain(channel, err)
	}
	return g, nil
}

// explain words the error of reading a channel's game for the player.
func (b *Bot) explain(channel string, err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return noGame()
	case errors.Is(err, store.ErrCorrupt):
		b.log.Error("unreadable game record", "channel", channel, "err", err)
		return refuse("The record of this channel's game cannot be read. A server admin can remove it with `volo db discard %s`; every other game is fine.", channel)
	}
	return fmt.Errorf("load game %s: %w", channel, err)
}

// loadFor returns the challenge or game of the interaction's channel,
// spoken to in the interaction's language from now on (see adopt).
func (b *Bot) loadFor(in *interaction) (*store.Game, error) {
	g, err := b.load(in.ChannelID)
	if err == nil {
		in.adopt(g)
	}
	return g, err
}

// activeFor returns the game being played in the interaction's channel,
// spoken to in the interaction's language from now on (see adopt). A game
// whose time has run out is over, though not yet ended: see timeUp.
func (b *Bot) activeFor(in *interaction) (*store.Game, *engine.Game, error) {
	g, eg, err := b.loadActive(in.ChannelID)
	if err != nil {
		return nil, nil, err
	}
	in.adopt(g)
	if err := in.checkBoard(g); err != nil {
		return nil, nil, err
	}
	if overdue(g, b.clock()) {
		// A player with vacation left has their time refilled first.
		if refilled, err := b.spendVacation(g, eg); err != nil || !refilled {
			return nil, nil, cmp.Or(err, b.timeUp(in, g, eg))
		}
	}
	return g, eg, nil
}

// timeUp is the answer to anything done in g, whose time has run out,
// before the scheduler ended it (asking Discord about its channel, or kept
// from it): the player to move has lost on time, and nothing can change
// that. It wakes the scheduler, which ends the game and announces it.
func (b *Bot) timeUp(in *interaction, g *store.Game, eg *engine.Game) error {
	b.wake()
	c := eg.Position().ToMove()
	if g.Players[c].ID == in.user {
		return refuse("Your time ran out %s: you lose on time, and the game can no longer change.", when(g.Deadline))
	}
	name := plainName(g.Players[c].Name)
	return refuse("%s's time ran out %s, so %s loses on time, and the game can no longer change.", name, when(g.Deadline), name)
}

// adopt sets the languages of g from the interaction: the user's, when
// they play in g, for what only they read (their direct messages); the
// channel's for what everyone there reads: the server's language in a
// server, whoever acted, and outside a server the language g started in,
// so that a game stays in one language for everyone watching. Once g is
// committed, what the bot says later on its own uses them too.
func (in *interaction) adopt(g *store.Game) {
	if g.Lang == "" || (in.GuildID != "" && in.GuildLocale != nil) {
		g.Lang = in.public.String()
	}
	for c := range g.Players {
		if g.Players[c].ID == in.user {
			g.Players[c].Lang = in.lang.String()
		}
	}
}

// tr returns the language of g's channel.
func tr(g *store.Game) lang.Tag { return lang.Parse(g.Lang) }

// trTo returns the language of the player of colour c in g: theirs if
// known, else the channel's.
func trTo(g *store.Game, c engine.Colour) lang.Tag {
	if l := g.Players[c].Lang; l != "" {
		return lang.Parse(l)
	}
	return tr(g)
}

// loadActive returns the game being played in a channel.
func (b *Bot) loadActive(channel string) (*store.Game, *engine.Game, error) {
	g, err := b.load(channel)
	if err != nil {
		return nil, nil, err
	}
	return b.playing(g)
}

// playing replays a channel's game, refusing a challenge not yet accepted.
func (b *Bot) playing(g *store.Game) (*store.Game, *engine.Game, error) {
	channel := g.Channel
	if g.Status == store.Challenge {
		return nil, nil, refuse("The challenge in this channel has not been accepted yet.")
	}
	eg, err := g.Replay()
	if err != nil {
		b.log.Error("game record does not replay", "channel", channel, "err", err)
		return nil, nil, refuse("This channel's game cannot be replayed from its record. A server admin can remove it with `volo db discard %s`.", channel)
	}
	return g, eg, nil
}

// commitGame stores g after a change, with the announcements of it
// (Finish when the game is over, else Update), and hands the
// announcements to the outbox once they are on disk with the change.
func (b *Bot) commitGame(g *store.Game, anns ...*store.Announcement) error {
	return b.commitGamePlans(g, nil, anns...)
}

// commitGamePlans is commitGame that also sets the plans of the players
// named in plans (none removes a player's) in the same transaction, when
// g goes on (a game that ends takes its plans with it).
func (b *Bot) commitGamePlans(g *store.Game, plans map[string][]string, anns ...*store.Announcement) error {
	anns = present(anns)
	tidy, err := b.tidyAfter(g, anns)
	if err != nil {
		return err
	}
	if tidy != nil {
		anns = append(anns, tidy)
	}
	if g.Outcome.Over() {
		g.RemindAt, g.Deadline = time.Time{}, time.Time{}
		news, inTournament, unlock := b.tournamentGameEnd(g, false)
		defer unlock()
		anns = append(anns, news...)
		if g.Parent != "" && !inTournament { // a tournament's results go to its thread
			result, err := b.resultInParent(g)
			if err != nil {
				return err
			}
			anns = append(anns, result)
		}
		err = b.committed(commitFinish, func() error { return b.store.Finish(g, anns...) })
		if err == nil {
			// Queued before the announcements go, so that a Flush
			// after them waits for the search.
			b.searchForPuzzles(g)
			if inTournament {
				b.tourneys.Store(true) // its round may be over: b.wake below
			}
		}
	} else {
		b.watchThread(g)
		err = b.committed(commitUpdate, func() error {
			if len(plans) > 0 {
				return b.store.UpdatePlans(g, plans, anns...)
			}
			return b.store.Update(g, anns...)
		})
	}
	if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
		return refuse("The game changed while I was working on your request; nothing was changed. Please look at the board and try again.")
	}
	if err != nil {
		return fmt.Errorf("commit game %s: %w", g.Channel, err)
	}
	b.wake()
	b.outbox.send(anns...)
	return nil
}

// present drops the announcements that are none: what an act of the
// board's player alone reads (see announce).
func present(anns []*store.Announcement) []*store.Announcement {
	return slices.DeleteFunc(anns, func(a *store.Announcement) bool { return a == nil })
}

// setClock sets the deadlines of the player to move, after a move or at
// the start.
func (b *Bot) setClock(g *store.Game) {
	g.RemindAt, g.Deadline = time.Time{}, time.Time{}
	if g.TimePerMove <= 0 || g.Outcome.Over() {
		return
	}
	now := b.clock()
	g.Deadline = now.Add(g.TimePerMove)
	if b.cfg.ReminderAt > 0 {
		g.RemindAt = g.Deadline.Add(-time.Duration(float64(g.TimePerMove) * b.cfg.ReminderAt))
	}
	b.vacationClock(g)
}

// gameKey names a game in button IDs: its creation time, so that a button
// from an earlier game in the same channel is recognised as stale.
func gameKey(g *store.Game) string {
	return strconv.FormatInt(g.Created.UnixNano(), 36)
}

// buttonID builds a button's custom ID: action, game, ply, argument.
func buttonID(action string, g *store.Game, ply int, arg string) string {
	return strings.Join([]string{"volo", action, gameKey(g), strconv.Itoa(ply), arg}, "/")
}

// button is a parsed custom ID.
type button struct {
	action, game, arg string
	ply               int
}

func parseButton(id string) (button, bool) {
	parts := strings.Split(id, "/")
	if len(parts) != 5 || parts[0] != "volo" {
		return button{}, false
	}
	ply, err := strconv.Atoi(parts[3])
	if err != nil {
		return button{}, false
	}
	return button{action: parts[1], game: parts[2], ply: ply, arg: parts[4]}, true
}

// current reports whether the button belongs to the game as it stands.
func (bt button) current(g *store.Game) bool {
	return bt.game == gameKey(g) && bt.ply == len(g.Moves)
}

// movedOn is the answer to a stale or second click.
func movedOn() error {
	return &userError{format: "This game has moved on since that button was shown, so it does nothing now. Use /volo board to see where things stand.", stale: true}
}

// noGame is the answer where the channel has no game.
func noGame() error {
	return &userError{format: "There is no game in this channel. Start one with /volo challenge.", stale: true}
}

// stale reports whether err refuses a click because its game has moved
// on or is no longer in the channel.
func stale(err error) bool {
	var ue *userError
	return errors.As(err, &ue) && ue.stale
}

// mention returns a Discord mention of a user.
func mention(id string) string { return "<@" + id + ">" }

// nameOf names the user id in a message about g in plain text, which
// pings and highlights no one: their name as a player of g. A mention is
// kept for a message that calls someone to act now (see pings).
func nameOf(g *store.Game, id string) string {
	for _, p := range g.Players {
		if p.ID == id && p.Name != "" {
			return plainName(p.Name)
		}
	}
	return mention(id)
}

// who names a player for a message about g: "Orange (ana)".
func who(g *store.Game, c engine.Colour) string {
	return tr(g).Sprintf("%s (%s)", c, nameOf(g, g.Players[c].ID))
}

// scene is what the board image of g shows now.
func (b *Bot) scene(g *store.Game, eg *engine.Game) render.Scene {
	s := render.Scene{
		Position: eg.Position(),
		Orange:   g.Players[engine.Orange].Name,
		Blue:     g.Players[engine.Blue].Name,
		Ply:      eg.Ply(),
		Outcome:  eg.Outcome(),
		Rules:    eg.Rules(),
		Lang:     tr(g),
	}
	if g.Outcome.Over() {
		s.Outcome = g.Outcome
	}
	s.OrangeRating, s.BlueRating = b.shownRating(g.Players[engine.Orange]), b.shownRating(g.Players[engine.Blue])
	if n := eg.Ply(); n > 0 {
		moves := eg.Moves()
		s.Last = moves[n-1]
		s.Before, _ = eg.PositionAt(n - 1)
	}
	return s
}

// shownRating is a player's global rating as the board shows it beside
// their name, "1662 ± 290?"; nothing for a seat still open, or when it
// cannot be read.
func (b *Bot) shownRating(p store.Player) string {
	id := p.StandingID()
	if id == "" {
		return ""
	}
	st, err := b.store.Standing(store.Global, id)
	if err != nil {
		b.log.Error("standing", "player", id, "err", err)
		return ""
	}
	return st.Rating.String()
}

// boardImage renders the board of g now.
func (b *Bot) boardImage(g *store.Game, eg *engine.Game) ([]byte, error) {
	img, err := b.render.Board(b.scene(g, eg))
	if err != nil {
		return nil, fmt.Errorf("render board %s: %w", g.Channel, err)
	}
	return img, nil
}

// turnLine says whose turn it is, with the time left, pinging that player.
func (b *Bot) turnLine(g *store.Game, eg *engine.Game) string {
	return b.turnLineFor(g, eg, b.pings(g, eg))
}

// turnLineFor says whose turn it is, with the time left, mentioning that
// player when ping (the message pings them: see tellTurn), else naming
// them in plain text.
func (b *Bot) turnLineFor(g *store.Game, eg *engine.Game, ping bool) string {
	t := tr(g)
	if g.Outcome.Over() {
		return t.Sprintf("%s", g.Outcome)
	}
	pos := eg.Position()
	c := pos.ToMove()
	name := nameOf(g, g.Players[c].ID)
	if ping {
		name = mention(g.Players[c].ID)
	}
	switch {
	case overdue(g, b.clock()): // the scheduler is about to end it: see timeUp
		return t.Sprintf("%s (%s) to move, but their time ran out %s", name, c, when(g.Deadline))
	case !g.Deadline.IsZero():
		return t.Sprintf("%s (%s) to move, time runs out %s", name, c, when(g.Deadline))
	}
	return t.Sprintf("%s (%s) to move", name, c)
}

// moveReply is the public message after a move: the board and a line such
// as "Orange (@ana) c3:c5-NE2 · move 17 · @ben (Blue) to move", pinging
// only the player to move.
func (b *Bot) moveReply(g *store.Game, eg *engine.Game, mover engine.Colour, m engine.Move) (reply, error) {
	return b.boardReply(g, eg, tr(g).Sprintf("%s %s · move %d · %s", who(g, mover), m, eg.Ply(), b.turnLine(g, eg)))
}

// boardReply is the public board of g with a line: in play, pinging the
// player to move and with the picker's button; over, with the record, the
// replay and Rematch.
func (b *Bot) boardReply(g *store.Game, eg *engine.Game, line string) (reply, error) {
	img, err := b.boardImage(g, eg)
	if err != nil {
		return reply{}, err
	}
	r := reply{content: numbered(g, line), image: img}
	if !g.Outcome.Over() {
		b.tellTurn(&r, g, eg)
		r.components = b.moveButtonRow(g, eg.Ply())
		return r, nil
	}
	return b.withEnd(r, g, eg)
}

// ratingsLine says what the game's end does to the players' ratings:
// " Ratings: ana 1500 → 1662 (+162), ben 1500 → 1338 (−162).", or that it
// was not rated. The computer is named with its level, whose rating it
// is. The figures are the store's preview of Finish's.
func (b *Bot) ratingsLine(g *store.Game) string {
	t := tr(g)
	if !g.Rated() {
		if g.Unrated {
			return " " + t.Sprint("The game was not rated.")
		}
		return ""
	}
	changes, err := b.store.Preview(g)
	if err != nil {
		b.log.Error("rating preview", "channel", g.Channel, "err", err)
		return ""
	}
	parts := make([]string, 2)
	for c, rc := range changes {
		name := plainName(g.Players[c].Name)
		if level := g.Players[c].Level; level != "" {
			name = t.Sprintf("%s (the computer, %s)", name, levelName(t, level)) // each level has its rating
		}
		parts[c] = fmt.Sprintf("%s %d → %s (%s)", name, points(rc.Before.R), rc.After, signed(points(rc.After.R)-points(rc.Before.R)))
	}
	return " " + t.Sprintf("Ratings: %s, %s.", parts[0], parts[1])
}

// withEnd adds to the last message of a game its record and its replay,
// and says so.
func (b *Bot) withEnd(r reply, g *store.Game, eg *engine.Game) (reply, error) {
	record, err := g.Record()
	if err != nil {
		return reply{}, fmt.Errorf("record %s: %w", g.Channel, err)
	}
	t := tr(g)
	gif, err := b.render.GIF(eg, render.GIFOptions{
		Orange: g.Players[engine.Orange].Name, Blue: g.Players[engine.Blue].Name, Lang: t,
		OrangeRating: b.shownRating(g.Players[engine.Orange]), BlueRating: b.shownRating(g.Players[engine.Blue]),
	})
	if err != nil {
		return reply{}, fmt.Errorf("replay %s: %w", g.Channel, err)
	}
	r.content += b.ratingsLine(g) + " " + t.Sprint("The game's record and a replay are attached; /volo history shows the moves.")
	r.components = rematchRow(g)
	r.attach = append(r.attach,
		attachment{Name: "volo-record.txt", ContentType: "text/plain", Data: []byte(record)},
		attachment{Name: "volo-replay.gif", ContentType: "image/gif", Data: gif})
	return r, nil
}

// toAct returns the ID of the player g waits for: the one who must choose
// a region, else the one to move; "" if g's record does not replay.
func toAct(g *store.Game) string {
	if g.RegionChoice != nil {
		return g.RegionChoice.Player
	}
	eg, err := g.Replay()
	if err != nil {
		return ""
	}
	return g.Players[eg.Position().ToMove()].ID
}

// stamp is Discord's markup for a date and time, "<t:1764000000:f>",
// shown as "December 8, 2026 9:00 PM" in each reader's own language and
// time zone.
func stamp(t time.Time) string {
	return "<t:" + strconv.FormatInt(t.Unix(), 10) + ":f>"
}

// when is Discord's markup for a time relative to now, "<t:1764000000:R>",
// shown as "in 3 hours" in each reader's own language. Pass it as a
// string: a message's %d would group the digits.
func when(t time.Time) string {
	return "<t:" + strconv.FormatInt(t.Unix(), 10) + ":R>"
}

// progress says how far a game is, after ply moves: "move 12", or "no
// move yet".
func progress(t lang.Tag, ply int) string {
	if ply == 0 {
		return t.Sprint("no move yet")
	}
	return t.Sprintf("move %d", ply)
}

// numbered puts g's number before a line about it, in the language of its
// channel: "Game #42 · line".
func numbered(g *store.Game, line string) string {
	if g.Number <= 0 {
		return line
	}
	return tr(g).Sprintf("Game %s", gameName(g)) + " · " + line
}
