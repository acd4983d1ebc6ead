package bot

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// Entering and leaving tournaments: join and leave before the start,
// withdraw after it.

// joinTournament enters the player in a tournament: by name from the
// command, or by its thread from the Join button.
func (b *Bot) joinTournament(in *interaction, name, thread string) error {
	var t *store.Tournament
	var err error
	if thread != "" {
		t, err = b.tournamentOfThread(in.GuildID, thread)
	} else {
		t, err = b.tournamentNamed(in, name)
	}
	if err != nil {
		return err
	}
	// No post for the thread: a join a line would bury it under
	// sixty-four; the start names everyone.
	next, err := b.store.JoinTournament(t.ID, store.Entrant{ID: in.user, Name: in.name})
	switch {
	case errors.Is(err, store.ErrEntered):
		return refuse("You are already in %s.", quoted(t.Name))
	case errors.Is(err, store.ErrTournamentFull):
		return refuse("%s is full: it takes %d players.", quoted(t.Name), t.Capacity())
	case errors.Is(err, store.ErrTournamentStatus):
		return refuse("%s has started or is over: entries are closed.", quoted(t.Name))
	case err != nil:
		return fmt.Errorf("join tournament %d: %w", t.ID, err)
	}
	return b.respond(in, reply{ephemeral: true, content: in.lang.Sprintf("You are in **%s**: %d players so far. %s You will be pinged in each game's thread when a round starts.", plainName(next.Name), len(next.Entrants), startLine(in.lang, next))})
}

// tournamentOfThread finds the server's tournament posted in a thread.
func (b *Bot) tournamentOfThread(guild, thread string) (*store.Tournament, error) {
	all, err := b.store.Tournaments(guild)
	if err != nil {
		return nil, fmt.Errorf("tournaments of %s: %w", guild, err)
	}
	for _, t := range all {
		if t.Thread == thread {
			return t, nil
		}
	}
	return nil, refuse("This tournament is no longer kept. /volo tournament list names this server's tournaments.")
}

// leaveTournament takes the player out of a tournament not started.
func (b *Bot) leaveTournament(in *interaction, name string) error {
	t, err := b.tournamentNamed(in, name)
	if err != nil {
		return err
	}
	_, err = b.store.LeaveTournament(t.ID, in.user)
	switch {
	case errors.Is(err, store.ErrNotEntered):
		return refuse("You are not in %s.", quoted(t.Name))
	case errors.Is(err, store.ErrTournamentStatus):
		return refuse("%s has started: /volo tournament withdraw takes you out, your games left lost.", quoted(t.Name))
	case err != nil:
		return fmt.Errorf("leave tournament %d: %w", t.ID, err)
	}
	return b.respond(in, reply{ephemeral: true, content: in.lang.Sprintf("You left %s.", quoted(t.Name))})
}

// withdrawFromTournament withdraws the player from a tournament under way:
// the game they are playing in it, if any, is scored as a forfeit and
// ended, and a round robin scores their games to come as forfeits too.
func (b *Bot) withdrawFromTournament(in *interaction, name string) error {
	t, err := b.tournamentNamed(in, name)
	if err != nil {
		return err
	}
	if _, ok := t.Entrant(in.user); !ok {
		return refuse("You are not in %s.", quoted(t.Name))
	}
	if t.Status == store.TournamentOpen {
		return refuse("%s has not started: /volo tournament leave takes you out.", quoted(t.Name))
	}
	next, err := b.withdraw(t.ID, in.user, in.name)
	if err != nil {
		return err
	}
	// Not under the tournament's lock: a game's end takes its channel's
	// lock, then the tournament's.
	if err := b.endWithdrawnGames(next, in.user, in.name); err != nil {
		return keptAfter(err, "You have withdrawn from %s, but something went wrong on my side as I ended your game in it; it ends when its time runs out.", quoted(t.Name))
	}
	return b.respond(in, reply{ephemeral: true, content: in.lang.Sprintf("You have withdrawn from %s.", quoted(t.Name))})
}

// withdraw commits a player's withdrawal from tournament id, with its post
// and, where it ends a round or the tournament, the standings.
func (b *Bot) withdraw(id uint64, user, name string) (*store.Tournament, error) {
	defer b.locks.lock(tournamentLock(id))()
	t, err := b.store.Tournament(id)
	if err != nil {
		return nil, fmt.Errorf("tournament %d: %w", id, err)
	}
	after, err := t.Clone()
	if err != nil {
		return nil, err
	}
	if err := after.Withdraw(user, b.clock()); err != nil {
		switch {
		case errors.Is(err, store.ErrNotEntered):
			return nil, refuse("You have already withdrawn from %s.", quoted(t.Name))
		case errors.Is(err, store.ErrTournamentStatus):
			return nil, refuse("%s is over.", quoted(t.Name))
		}
		return nil, fmt.Errorf("withdraw from tournament %d: %w", t.ID, err)
	}
	pt := lang.Parse(t.Lang)
	line := pt.Sprintf("%s withdrew from **%s**.", plainName(name), plainName(t.Name))
	if t.Format != tournament.Swiss {
		line += " " + pt.Sprint("Their games left are lost by forfeit.")
	}
	for r, round := range after.Event.Paired { // the game being played, scored
		for b, g := range round.Games {
			if t.Event.Paired[r].Games[b].Result == tournament.Pending && g.Result != tournament.Pending {
				line += "\n" + pt.Sprintf("Round %d, board %d: %s %s %s.", r+1, b+1, entrantName(t, g.Orange), resultWords(pt, g.Result), entrantName(t, g.Blue))
			}
		}
	}
	said, err := b.announce(cmp.Or(t.Thread, t.Channel), nil, false, reply{content: line})
	if err != nil {
		return nil, err
	}
	news, err := b.roundNews(t, after)
	if err != nil {
		return nil, err
	}
	anns := append([]*store.Announcement{said}, news...)
	next, err := b.store.WithdrawFromTournament(t.ID, user, anns...)
	switch {
	case errors.Is(err, store.ErrNotEntered):
		return nil, refuse("You have already withdrawn from %s.", quoted(t.Name))
	case err != nil:
		return nil, fmt.Errorf("withdraw from tournament %d: %w", t.ID, err)
	}
	b.outbox.send(anns...)
	b.tournamentsChanged()
	return next, nil
}

// endWithdrawnGames ends the games a withdrawn player is still playing in
// a tournament: they resign them, their result already a forfeit.
func (b *Bot) endWithdrawnGames(t *store.Tournament, user, name string) error {
	for _, channel := range t.GamesPlaying() {
		if err := b.endWithdrawnGame(channel, user, name); err != nil {
			return err
		}
	}
	return nil
}

func (b *Bot) endWithdrawnGame(channel, user, name string) error {
	defer b.locks.lock(channel)()
	g, eg, err := b.loadActive(channel)
	if err != nil {
		return nil // ended already, or another's
	}
	c, plays := g.Colour(user)
	if !plays || eg.Outcome().Over() {
		return nil
	}
	if err := eg.Resign(c); err != nil {
		return fmt.Errorf("resign %s for a withdrawal: %w", channel, err)
	}
	g.Outcome = eg.Outcome()
	g.RegionChoice, g.DrawOffer = nil, nil
	t := tr(g)
	end, err := b.endAnnouncement(g, eg, t.Sprintf("%s withdrew from the tournament: %s wins.", plainName(name), c.Other()))
	if err != nil {
		return err
	}
	return b.commitGame(g, end)
}

// endAnnouncement is the end of a game for its channel: line, the last
// board, the record and the replay.
func (b *Bot) endAnnouncement(g *store.Game, eg *engine.Game, line string) (*store.Announcement, error) {
	img, err := b.boardImage(g, eg)
	if err != nil {
		return nil, err
	}
	r, err := b.withEnd(reply{content: numbered(g, line), image: img}, g, eg)
	if err != nil {
		return nil, err
	}
	return b.announce(g.Channel, nil, false, r)
}
