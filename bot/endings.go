package bot

import (
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// resignCommand asks the player to confirm with a button.
func (b *Bot) resignCommand(in *interaction) error {
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if _, plays := g.Colour(in.user); !plays {
		return refuse("You are not playing in this game, so there is nothing to resign.")
	}
	return b.respond(in, reply{
		ephemeral: true,
		content:   in.lang.Sprint("Do you really want to resign? Your opponent wins the game."),
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: in.lang.Sprint("Resign"), Style: discordgo.DangerButton, CustomID: buttonID(actResign, g, eg.Ply(), "")},
		}}},
	})
}

// resignButton ends the game: the clicking player resigns.
func (b *Bot) resignButton(in *interaction, bt button) error {
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if !bt.current(g) {
		return movedOn()
	}
	c, plays := g.Colour(in.user)
	if !plays {
		return refuse("You are not playing in this game.")
	}
	if err := eg.Resign(c); err != nil {
		return refuse("%s", err)
	}
	return b.finish(in, g, eg, tr(g).Sprintf("%s resigned: %s wins.", who(g, c), c.Other()), in.lang.Sprint("You resigned."))
}

// finish commits a game ended outside the rules (a resignation, an
// agreed draw) by a click: the message clicked says done, its buttons
// gone, and the channel gets line with the last board, the record and the
// replay. line and done are worded already: line in the language of g's
// channel, done in the interaction's.
func (b *Bot) finish(in *interaction, g *store.Game, eg *engine.Game, line, done string) error {
	g.Outcome = eg.Outcome()
	g.RegionChoice, g.DrawOffer = nil, nil
	img, err := b.boardImage(g, eg)
	if err != nil {
		return err
	}
	r, err := b.withEnd(reply{content: numbered(g, line), image: img}, g, eg)
	if err != nil {
		return err
	}
	clicked, err := b.announce(in.ChannelID, in, true, reply{content: done})
	if err != nil {
		return err
	}
	end, err := b.announce(g.Channel, nil, false, r)
	if err != nil {
		return err
	}
	return b.commitGame(g, clicked, end)
}

// drawCommand offers a draw; the opponent gets Accept and Decline buttons.
func (b *Bot) drawCommand(in *interaction) error {
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	c, plays := g.Colour(in.user)
	switch {
	case !plays:
		return refuse("You are not playing in this game, so you can't offer a draw.")
	case g.DrawOffer != nil && g.DrawOffer.By == in.user:
		return refuse("You have already offered a draw; it stands until your opponent answers or a move is made.")
	case g.Players[c.Other()].Level != "":
		return refuse("I don't take draws: play on, or resign with /volo resign.")
	case g.DrawOffer != nil:
		return refuse("Your opponent has offered you a draw: answer with the buttons on their offer.")
	}
	g.DrawOffer = &store.DrawOffer{By: in.user, At: b.clock()}
	opp := g.Players[c.Other()].ID
	t := tr(g)
	ann, err := b.announce(g.Channel, in, false, reply{
		content: t.Sprintf("%s offers a draw. %s, do you accept? The offer lapses when a move is made.", nameOf(g, in.user), mention(opp)),
		mention: []string{opp},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: t.Sprint("Accept the draw"), Style: discordgo.SuccessButton, CustomID: buttonID(actDrawYes, g, eg.Ply(), "")},
			discordgo.Button{Label: t.Sprint("Decline"), Style: discordgo.DangerButton, CustomID: buttonID(actDrawNo, g, eg.Ply(), "")},
		}}},
	})
	if err != nil {
		return err
	}
	return b.commitGame(g, ann)
}

// drawButton answers a draw offer.
func (b *Bot) drawButton(in *interaction, bt button, accept bool) error {
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if movedPast(bt, g) {
		return b.lapsed(in, in.lang.Sprint("This draw offer lapsed: a move was made after it."))
	}
	if !bt.current(g) || g.DrawOffer == nil {
		return movedOn()
	}
	if _, plays := g.Colour(in.user); !plays || in.user == g.DrawOffer.By {
		return refuse("Only the opponent of %s can answer this draw offer.", nameOf(g, g.DrawOffer.By))
	}
	if !accept {
		g.DrawOffer = nil
		ann, err := b.announce(g.Channel, in, true, reply{content: tr(g).Sprintf("%s declined the draw. Play on!", nameOf(g, in.user))})
		if err != nil {
			return err
		}
		return b.commitGame(g, ann)
	}
	if err := eg.AgreeDraw(); err != nil {
		return refuse("%s", err)
	}
	by := nameOf(g, g.DrawOffer.By)
	line := tr(g).Sprintf("%s accepted the draw offered by %s. %s", nameOf(g, in.user), by, eg.Outcome())
	return b.finish(in, g, eg, line, in.lang.Sprintf("%s accepted the draw offered by %s.", nameOf(g, in.user), by))
}

// abortCommand calls a game off: either player before both have moved, or
// a member who may manage messages at any time.
func (b *Bot) abortCommand(in *interaction) error {
	defer b.locks.lock(in.ChannelID)()
	g, err := b.loadFor(in)
	if err != nil {
		return err
	}
	_, plays := g.Colour(in.user)
	if plays && !in.canManageMessages() {
		if _, _, _, err := b.store.TournamentOfGame(g); err == nil {
			return refuse("A tournament's game cannot be called off by its players: resign it, or withdraw from the tournament. A member who can manage messages may call it off, and it then counts as lost by both.")
		}
	}
	said := tr(g).Sprintf("%s called off the game between %s and %s. The channel is free for a new challenge.", plainName(in.name), nameOf(g, g.Players[0].ID), nameOf(g, g.Players[1].ID))
	switch {
	case in.canManageMessages():
	case !plays:
		return refuse("Only the players (before both have moved) or a member who can manage messages can call off this game.")
	case len(g.Moves) >= 2:
		opponent, idle, err := b.abandoned(in, g)
		if err != nil {
			return err
		}
		said = tr(g).Sprintf("%s called off the game between %s and %s: %s had not moved for %s. It does not count for the ratings. The channel is free for a new challenge.",
			plainName(in.name), nameOf(g, g.Players[0].ID), nameOf(g, g.Players[1].ID), nameOf(g, opponent), formatDurationIn(tr(g), idle))
	}
	ann, err := b.announce(g.Channel, in, false, reply{content: said})
	if err != nil {
		return err
	}
	return b.deleteGame(g, ann)
}

// abandoned returns in's opponent and how long they have kept in
// waiting, in whole days, where that lets in call off g, a game both have
// moved in (see abandonedAt). Otherwise it refuses, saying when in may.
func (b *Bot) abandoned(in *interaction, g *store.Game) (opponent string, idle time.Duration, err error) {
	opponent = toAct(g)
	at := b.abandonedAt(g, in.user, opponent)
	switch {
	case at.IsZero():
		return "", 0, refuse("Both players have moved, so the game can't be called off any more. You can offer a draw with /volo draw or resign with /volo resign.")
	case b.clock().Before(at):
		return "", 0, refuse("Both players have moved. As this game has no time limit, you can call it off if %s has not moved by %s (%s without a move). Until then you can offer a draw with /volo draw or resign with /volo resign.",
			nameOf(g, opponent), stamp(at), formatDurationIn(in.lang, time.Duration(b.cfg.AbandonAfter)))
	}
	return opponent, b.clock().Sub(g.Updated).Truncate(24 * time.Hour), nil
}

// abandonedAt returns when user may call off g, a game both have moved
// in, for waiting on mover: g has no time limit (with one, the clock ends
// a game nobody plays), mover is user's opponent, and nothing has
// happened in g for the configured abandon_after. It is zero where user
// never may.
func (b *Bot) abandonedAt(g *store.Game, user, mover string) time.Time {
	after := time.Duration(b.cfg.AbandonAfter)
	if g.Status != store.Active || len(g.Moves) < 2 || g.TimePerMove > 0 || after == 0 || mover == "" || mover == user {
		return time.Time{}
	}
	return g.Updated.Add(after)
}

// deleteGame removes a challenge or game that ends without a record (a
// game called off, a challenge declined or lapsed) with its announcement,
// and sends that; a tournament's game is scored lost by both, and its
// thread told (tournamentGameEnd).
func (b *Bot) deleteGame(g *store.Game, anns ...*store.Announcement) error {
	anns = present(anns)
	inTournament := false
	if g.Status == store.Active { // a tournament's game is lost by both
		news, in, unlock := b.tournamentGameEnd(g, true)
		defer unlock()
		anns, inTournament = append(anns, news...), in
	}
	if err := b.committed(commitDelete, func() error { return b.store.Delete(g, anns...) }); err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return movedOn()
		}
		return fmt.Errorf("delete game %s: %w", g.Channel, err)
	}
	if inTournament {
		b.tourneys.Store(true) // its round may be over
	}
	b.wake()
	b.outbox.send(anns...)
	return nil
}
