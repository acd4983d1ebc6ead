package bot

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// A tournament's creator, or a member who can manage the server, starts,
// pauses, resumes or cancels it.

// runTournamentCommand starts, pauses, resumes or cancels a tournament.
func (b *Bot) runTournamentCommand(in *interaction, sub, name string) error {
	t, err := b.tournamentNamed(in, name)
	if err != nil {
		return err
	}
	if in.user != t.Creator && !in.canManageGuild() {
		return refuse("Only the creator of %s, or a member who can manage the server, may do that.", quoted(t.Name))
	}
	defer b.locks.lock(tournamentLock(t.ID))()
	if t, err = b.store.Tournament(t.ID); err != nil {
		return fmt.Errorf("tournament %d: %w", t.ID, err)
	}
	pt := lang.Parse(t.Lang)
	who := plainName(in.name)
	var line, done string
	var change func(t *store.Tournament, anns ...*store.Announcement) error
	switch sub {
	case tcStart:
		if t.Status != store.TournamentOpen {
			return refuse("%s has already started.", quoted(t.Name))
		}
		if len(t.Entrants) < 2 {
			return refuse("%s has %d players; it starts with 2 at least.", quoted(t.Name), len(t.Entrants))
		}
		line = pt.Sprintf("**%s** has begun, started by %s, with %d players: %s. The first round's pairings follow.", plainName(t.Name), who, len(t.Entrants), entrantNames(t))
		done, change = in.lang.Sprintf("%s has started.", quoted(t.Name)), b.store.StartTournament
	case tcPause:
		if t.Status != store.TournamentRunning {
			return refuse("%s is not running, so it cannot be paused.", quoted(t.Name))
		}
		line = pt.Sprintf("**%s** is paused by %s: the games being played go on, and no new round starts until it is resumed.", plainName(t.Name), who)
		done, change = in.lang.Sprintf("%s is paused. /volo tournament resume runs it again.", quoted(t.Name)), b.store.PauseTournament
	case tcResume:
		if t.Status != store.TournamentPaused {
			return refuse("%s is not paused.", quoted(t.Name))
		}
		line = pt.Sprintf("**%s** is resumed by %s.", plainName(t.Name), who)
		done, change = in.lang.Sprintf("%s runs again.", quoted(t.Name)), b.store.ResumeTournament
	case tcCancel:
		if !t.Status.Live() {
			return refuse("%s is over already.", quoted(t.Name))
		}
		line = pt.Sprintf("**%s** is cancelled by %s. The games being played go on to their end.", plainName(t.Name), who)
		done, change = in.lang.Sprintf("%s is cancelled.", quoted(t.Name)), b.store.CancelTournament
	}
	ann, err := b.announce(cmp.Or(t.Thread, t.Channel), nil, false, reply{content: line})
	if err != nil {
		return err
	}
	err = b.committed(commitTourney, func() error { return change(t, ann) })
	switch {
	case errors.Is(err, store.ErrConflict):
		return refuse("%s changed while I was working on your request; nothing was changed. Please try again.", quoted(t.Name))
	case errors.Is(err, store.ErrTooFewPlayers):
		return refuse("%s has %d players; it starts with 2 at least.", quoted(t.Name), len(t.Entrants))
	case errors.Is(err, store.ErrTournamentStatus):
		return refuse("%s cannot do that now: it is %s.", quoted(t.Name), statusWord(in.lang, t.Status))
	case err != nil:
		return fmt.Errorf("%s tournament %d: %w", sub, t.ID, err)
	}
	b.outbox.send(ann)
	b.tournamentsChanged() // a round to pair, or none any more
	return b.respond(in, reply{ephemeral: true, content: done})
}

// entrantNames lists a tournament's players, as plain names.
func entrantNames(t *store.Tournament) string {
	names := make([]string, len(t.Entrants))
	for i, e := range t.Entrants {
		names[i] = plainName(e.Name)
	}
	return clip(strings.Join(names, ", "), 1200)
}

// statusWord names a tournament's status.
func statusWord(t lang.Tag, s store.TournamentStatus) string {
	switch s {
	case store.TournamentOpen:
		return t.Sprint("open for entries")
	case store.TournamentRunning:
		return t.Sprint("under way")
	case store.TournamentPaused:
		return t.Sprint("paused")
	case store.TournamentFinished:
		return t.Sprint("finished")
	}
	return t.Sprint("cancelled")
}
