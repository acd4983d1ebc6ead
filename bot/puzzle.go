package bot

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// Puzzles: /volo puzzle gives a player a position from the server's own
// finished games (else one of engine/ai's curated ones) where the side to
// move has a unique forced win, proved by the solver; the player answers
// with the move picker (the Solve button) or /volo puzzle answer:MOVE,
// and hears "correct" or the refutation, and their streak. What a player
// is solving is kept in the store (PuzzleAttempt), so an answer is judged
// against it after a restart too.

// actPuzzle opens the picker on a posted puzzle: the Solve button. Its
// custom ID's game part is puzzleKey's, its argument the date of a daily
// puzzle or "-".
const actPuzzle = "pzopen"

// puzzlePrefix starts the game part of a puzzle's custom IDs, followed by
// the puzzle's ID: the picker's steps on a puzzle carry it there.
const puzzlePrefix = "pz"

// puzzleJudgeTime bounds the solver judging one answer.
const puzzleJudgeTime = 10 * time.Second

// puzzleID returns the ID of a puzzle's custom IDs, and whether bt is one.
func (bt button) puzzleID() (string, bool) {
	id, ok := strings.CutPrefix(bt.game, puzzlePrefix)
	return id, ok && id != ""
}

// puzzleButtonID builds a custom ID of a step on puzzle id.
func puzzleButtonID(action, id, arg string) string {
	return strings.Join([]string{"volo", action, puzzlePrefix + id, "0", arg}, "/")
}

// puzzleCommand handles /volo puzzle: a new puzzle, today's puzzle of the
// server, or an answer to the one being solved.
func (b *Bot) puzzleCommand(in *interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	if answer := optString(opts, optAnswer); answer != "" {
		return b.answerPuzzle(in, answer)
	}
	if daily, _ := optBool(opts, optDaily); daily {
		return b.dailyCommand(in)
	}
	d := ai.PuzzleMedium
	if level := optString(opts, optLevel); level != "" {
		var err error
		if d, err = ai.ParseDifficulty(level); err != nil {
			return refuse("A puzzle is easy, medium or hard.")
		}
	}
	p, err := b.choosePuzzle(in, d)
	if err != nil {
		return err
	}
	// The reply is drawn before the puzzle is stored as the one being
	// solved, so that only its sending can fail after the commit.
	r, err := b.puzzleReply(in.public, p, "-", in.user)
	if err != nil {
		return err
	}
	r.content = in.public.Sprintf("Puzzle for %s: %s", plainName(in.name), r.content)
	attempt := store.PuzzleAttempt{ID: p.ID, Line: p.String(), Guild: in.GuildID, Channel: in.ChannelID, Started: b.clock()}
	if err := b.committed(commitPuzzle, func() error { return b.store.SetPuzzleAttempt(in.user, attempt) }); err != nil {
		return fmt.Errorf("puzzle attempt: %w", err)
	}
	return afterCommit(b.respond(in, r))
}

// choosePuzzle picks a puzzle of difficulty d for the user: from the
// games of the server (or, outside servers, of the games played outside
// them), else from the curated ones; not the last one they answered, and
// a different one each time they answer one.
func (b *Bot) choosePuzzle(in *interaction, d ai.Difficulty) (ai.Puzzle, error) {
	streak, err := b.store.PuzzleStreak(in.user)
	if err != nil {
		return ai.Puzzle{}, fmt.Errorf("puzzle streak: %w", err)
	}
	var candidates []ai.Puzzle
	pool, err := b.store.PoolPuzzles(in.GuildID)
	if err != nil {
		b.log.Error("puzzle pool", "guild", in.GuildID, "err", err)
	}
	for _, pp := range pool {
		if pp.Difficulty != d.String() || pp.ID == streak.Last {
			continue
		}
		p, err := ai.ParsePuzzle(pp.Line)
		if err != nil {
			b.log.Error("pooled puzzle", "guild", in.GuildID, "id", pp.ID, "err", err)
			continue
		}
		candidates = append(candidates, p)
	}
	if len(candidates) == 0 {
		for _, p := range ai.CuratedPuzzles() {
			if p.Difficulty == d && p.ID != streak.Last {
				candidates = append(candidates, p)
			}
		}
	}
	if len(candidates) == 0 {
		return ai.Puzzle{}, refuse("I have no %s puzzle for you yet.", d)
	}
	h := fnv.New32a()
	h.Write([]byte(in.user))
	return candidates[(int(h.Sum32()%1024)+streak.Tried)%len(candidates)], nil
}

// puzzleReply is a puzzle's message: the board, a sentence saying who is
// to play and win in how many moves, and the Solve button. date is the
// day of a daily puzzle, or "-"; viewer chooses the board's theme ("" for
// the bot's own).
func (b *Bot) puzzleReply(t lang.Tag, p ai.Puzzle, date, viewer string) (reply, error) {
	c := p.Position.ToMove()
	task := t.Sprintf("**%s to play and win at once.**", c)
	if p.Depth > 1 {
		task = t.Sprintf("**%s to play and force a win in %d moves.**", c, p.Depth)
	}
	from := t.Sprint("From the puzzles that come with Volo.")
	if p.Source.Game != "" {
		from = t.Sprintf("From game %s, after move %d.", b.sourceName(p.Source.Game), p.Source.Ply)
	}
	text := t.Sprintf("`%s` (%s). %s Only one first move does it. %s Answer with **Solve**, or /volo puzzle answer:MOVE.", p.ID, p.Difficulty, task, from)
	r := renderer(b, viewer)
	img, err := r.Board(render.Scene{Position: p.Position, Rules: p.Rules, Ply: p.Source.Ply, Lang: t})
	if err != nil {
		return reply{}, fmt.Errorf("render puzzle %s: %w", p.ID, err)
	}
	return reply{content: text, image: img, components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: t.Sprint("Solve"), Style: discordgo.PrimaryButton, CustomID: puzzleButtonID(actPuzzle, p.ID, date)},
	}}}}, nil
}

// renderer returns the viewer's own renderer, or the bot's for none.
func renderer(b *Bot, viewer string) *render.Renderer {
	if viewer == "" {
		return b.render
	}
	return b.themed(viewer)
}

// answerPuzzle judges a typed answer to the puzzle the user is solving.
func (b *Bot) answerPuzzle(in *interaction, text string) error {
	if n := length(text); n > maxMoveLength {
		return refuse("That move is %d characters long; a move is at most %d, like f5, l2-SE3 or c3:c5-NE2/e7.", n, maxMoveLength)
	}
	attempt, p, err := b.solving(in.user)
	if err != nil {
		return err
	}
	m, err := engine.ParseMove(text)
	if err != nil {
		return refuse("%s", err)
	}
	content, err := b.judgePuzzle(in, attempt, p, m)
	if err != nil {
		return err
	}
	// The answer is recorded in the streak: a lost reply must not say
	// that nothing changed.
	return afterCommit(b.respond(in, reply{content: content, ephemeral: true}))
}

// solving returns the puzzle the user is solving, refusing when there is
// none.
func (b *Bot) solving(user string) (store.PuzzleAttempt, ai.Puzzle, error) {
	attempt, err := b.store.PuzzleAttempt(user)
	if errors.Is(err, store.ErrNotFound) {
		return attempt, ai.Puzzle{}, refuse("You are not solving a puzzle now: /volo puzzle gives you one.")
	}
	if err != nil {
		return attempt, ai.Puzzle{}, fmt.Errorf("puzzle attempt: %w", err)
	}
	p, err := ai.ParsePuzzle(attempt.Line)
	if err != nil {
		b.log.Error("stored puzzle attempt", "user", user, "err", err)
		return attempt, ai.Puzzle{}, refuse("The puzzle you were solving cannot be read; /volo puzzle gives you another.")
	}
	return attempt, p, nil
}

// judgePuzzle judges m as the answer to p, records it in the player's
// streak (and the server's daily puzzle) and says how it fared. A move
// the position does not allow is refused and counts for nothing.
func (b *Bot) judgePuzzle(in *interaction, attempt store.PuzzleAttempt, p ai.Puzzle, m engine.Move) (string, error) {
	canon, err := p.Position.Check(m, p.Rules)
	if err != nil {
		return "", refuse("%s", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), puzzleJudgeTime)
	defer cancel()
	v, err := p.Judge(ctx, canon, ai.PuzzleLimits{})
	if err != nil {
		return "", fmt.Errorf("judge puzzle %s: %w", p.ID, err)
	}
	var res store.PuzzleResult
	err = b.committed(commitPuzzle, func() (err error) {
		res, err = b.store.AnswerPuzzle(store.PuzzleAnswer{User: in.user, Puzzle: p.ID, Solved: v.Correct(), Guild: attempt.Guild, Daily: attempt.Daily})
		return err
	})
	if err != nil {
		return "", fmt.Errorf("answer puzzle %s: %w", p.ID, err)
	}
	return verdictText(in.lang, p, v) + " " + streakText(in.lang, res), nil
}

// verdictText says how an answer fared: right, or why not, with the
// solution.
func verdictText(t lang.Tag, p ai.Puzzle, v ai.Verdict) string {
	them := p.Position.ToMove().Other()
	line := solutionLine(p)
	var why string
	switch v.Kind {
	case ai.AnswerSolved:
		if p.Depth == 1 {
			return t.Sprintf("Correct! %s wins at once.", v.Move)
		}
		return t.Sprintf("Correct! %s forces the win: %s.", v.Move, line)
	case ai.AnswerEndsGame:
		why = t.Sprintf("%s ends the game. %s", v.Move, v.Outcome)
	case ai.AnswerOpponentWins:
		why = t.Sprintf("Not this one: after %s, %s answers %s and wins at once.", v.Move, them, v.Reply)
	case ai.AnswerHeld:
		if v.Reply == (engine.Move{}) {
			why = t.Sprintf("Not this one: after %s, %s holds out.", v.Move, them)
		} else {
			why = t.Sprintf("Not this one: after %s, %s answers %s and holds out.", v.Move, them, v.Reply)
		}
	default:
		why = t.Sprintf("Not this one: %s does not win at once.", v.Move)
	}
	return why + " " + t.Sprintf("The solution: %s.", line)
}

// solutionLine writes a puzzle's solution, its moves in order.
func solutionLine(p ai.Puzzle) string {
	moves := make([]string, len(p.Solution))
	for i, m := range p.Solution {
		moves[i] = m.String()
	}
	return strings.Join(moves, " ")
}

// streakText says where the player's streak stands after an answer.
func streakText(t lang.Tag, res store.PuzzleResult) string {
	s := res.Streak
	if !res.Counted {
		return t.Sprintf("You had answered this puzzle already, so this answer does not count: your streak stays at %d.", s.Current)
	}
	return t.Sprintf("Streak: %d in a row (best %d); %d solved of %d.", s.Current, s.Best, s.Solved, s.Tried)
}

// puzzleOf finds the puzzle a Solve button names: the server's daily
// puzzle of the button's date, the user's own, one found in the server's
// games or a curated one.
func (b *Bot) puzzleOf(in *interaction, id, date string) (ai.Puzzle, error) {
	var line string
	switch {
	case date != "-":
		d, err := b.store.DailyPuzzle(in.GuildID, date)
		if err != nil || d.ID != id {
			return ai.Puzzle{}, refuse("That puzzle of the day is gone.")
		}
		line = d.Line
	default:
		if a, err := b.store.PuzzleAttempt(in.user); err == nil && a.ID == id {
			line = a.Line
		} else if pp, err := b.store.PoolPuzzle(in.GuildID, id); err == nil {
			line = pp.Line
		} else {
			i := slices.IndexFunc(ai.CuratedPuzzles(), func(p ai.Puzzle) bool { return p.ID == id })
			if i < 0 {
				return ai.Puzzle{}, refuse("That puzzle is no longer open; /volo puzzle gives you one.")
			}
			return ai.CuratedPuzzles()[i], nil
		}
	}
	p, err := ai.ParsePuzzle(line)
	if err != nil {
		return ai.Puzzle{}, fmt.Errorf("puzzle %s: %w", id, err)
	}
	return p, nil
}

// sourceName names the finished game a puzzle was found in: by its number
// when it was played in a server, whose puzzles come from its own games;
// by its ID for a game outside servers, whose number counts in a
// conversation of others, or one that cannot be read.
func (b *Bot) sourceName(id string) string {
	g, err := b.store.GetFinished(id)
	if err != nil || g.Guild == "" || g.Number <= 0 {
		return "`" + id + "`"
	}
	return gameName(g)
}
