package bot

import (
	"errors"
	"fmt"

	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// The move picker works on a puzzle as on a game: the Solve button opens
// it on the puzzle's position, its steps carry the puzzle's ID, and
// Confirm answers the puzzle.

// openPuzzle answers the Solve button of a posted puzzle: the clicker
// now solves it, and the picker opens on it for them alone.
func (b *Bot) openPuzzle(in *interaction, bt button) error {
	id, _ := bt.puzzleID()
	p, err := b.puzzleOf(in, id, bt.arg)
	if err != nil {
		return err
	}
	attempt := store.PuzzleAttempt{ID: p.ID, Line: p.String(), Guild: in.GuildID, Channel: in.ChannelID, Started: b.clock()}
	if bt.arg != "-" {
		d, err := b.store.DailyPuzzle(in.GuildID, bt.arg)
		if err != nil {
			return fmt.Errorf("daily puzzle: %w", err)
		}
		if solved, answered := d.Answers[in.user]; answered {
			if solved {
				return refuse("You solved this puzzle of the day already. Come back tomorrow, or try /volo puzzle.")
			}
			return refuse("You answered this puzzle of the day already. Come back tomorrow, or try /volo puzzle.")
		}
		attempt.Daily = bt.arg
	}
	// The reply is drawn before the commit: only its sending can fail
	// after it.
	r, err := b.puzzlePickReply(in, p, newPicker(p.Position, p.Rules, in.lang).opening())
	if err != nil {
		return err
	}
	if err := b.committed(commitPuzzle, func() error { return b.store.SetPuzzleAttempt(in.user, attempt) }); err != nil {
		return fmt.Errorf("puzzle attempt: %w", err)
	}
	return afterCommit(b.respond(in, r))
}

// puzzlePicker answers a step of the picker on the puzzle the user is
// solving, and Confirm, which answers it.
func (b *Bot) puzzlePicker(in *interaction, bt button) error {
	id, _ := bt.puzzleID()
	attempt, p, err := b.solving(in.user)
	var ue *userError
	if errors.As(err, &ue) || err == nil && p.ID != id {
		return refuse("You are no longer solving this puzzle: /volo puzzle gives you one.")
	}
	if err != nil {
		return err
	}
	if bt.action == actConfirm {
		m, err := parseMoveArg(bt.arg)
		if err != nil {
			return movedOn()
		}
		content, err := b.judgePuzzle(in, attempt, p, m)
		if err != nil {
			return err
		}
		// Recorded in the streak: a lost reply must not say that nothing
		// changed.
		return afterCommit(b.updateEphemeral(in, reply{content: content, ephemeral: true, replace: true}))
	}
	view, ok := newPicker(p.Position, p.Rules, in.lang).chosen(in, bt)
	if !ok {
		return movedOn()
	}
	r, err := b.puzzlePickReply(in, p, view)
	if err != nil {
		return err
	}
	return b.updateEphemeral(in, r)
}

// puzzlePickReply draws a picker view of a puzzle.
func (b *Bot) puzzlePickReply(in *interaction, p ai.Puzzle, v pickView) (reply, error) {
	id := func(action, arg string) string { return puzzleButtonID(action, p.ID, arg) }
	sc := render.Scene{Position: p.Position, Rules: p.Rules, Ply: p.Source.Ply, Lang: in.lang}
	img, err := b.pickBoard(sc, p.Position, p.Rules, v, in.user)
	if err != nil {
		return reply{}, fmt.Errorf("render the picker's board of puzzle %s: %w", p.ID, err)
	}
	return pickMessage(v, id, in.lang, img), nil
}
