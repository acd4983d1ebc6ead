package bot_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// puzzleGame finds a short game, won by a flock, whose positions hold
// puzzles of a win in one or two: what the bot finds after it ends.
func puzzleGame(t *testing.T) ([]engine.Move, []ai.Puzzle) {
	t.Helper()
	for seed := uint64(1); seed < 2000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		g := engine.NewGame(engine.Standard, engine.StartPosition())
		for !g.Outcome().Over() && g.Ply() < 120 {
			moves := g.LegalMoves()
			if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if g.Outcome().Reason != engine.FlockCompleted || g.Ply() < 20 {
			continue
		}
		found, err := ai.PuzzlesInGame(context.Background(), g, "x", ai.PuzzleLimits{MaxDepth: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(found) >= 1 {
			return g.Moves(), found
		}
	}
	t.Fatal("no short game holds a puzzle")
	return nil, nil
}

// playScript plays moves as ana (Orange) and ben in the world's channel.
func (w *world) playScript(moves []engine.Move) {
	w.t.Helper()
	w.startGame(w.channel)
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	for _, m := range moves {
		w.answerMove(players[pos.ToMove()], pos, m)
		pos, _ = pos.Apply(m, engine.Standard)
	}
	w.flush()
}

var puzzleIDPattern = regexp.MustCompile("`([0-9a-f]{10})` \\((easy|medium|hard)\\)")

// The judge for puzzles: after a game ends, its positions with a
// unique forced win become the server's puzzles; a player is given one,
// answers by notation or with the picker, hears "correct" or the
// refutation with the solution, and keeps a streak; an unreadable or
// illegal answer changes nothing.
func TestPuzzles(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{puzzleDepth: 2})
	moves, found := puzzleGame(t)
	w.playScript(moves)
	byID := map[string]ai.Puzzle{}
	for _, p := range found {
		byID[p.ID] = p
	}
	first := found[0]

	msg := w.do("ana", "/volo puzzle level:"+first.Difficulty.String())
	m := puzzleIDPattern.FindStringSubmatch(msg.Content)
	if m == nil || msg.Flags&64 != 0 || len(msg.Attachments) != 1 || !strings.Contains(msg.Content, "From game #1, after move") {
		t.Fatalf("the puzzle, public with its board, from the game just played: %q", msg.Content)
	}
	p, ok := byID[m[1]]
	if !ok || p.Difficulty.String() != m[2] {
		t.Fatalf("puzzle %s is not one of the game's %s puzzles", m[1], first.Difficulty)
	}
	c := p.Position.ToMove()
	if !strings.Contains(msg.Content, c.String()+" to play") {
		t.Errorf("the puzzle does not say who plays: %q", msg.Content)
	}

	// An unreadable answer and an illegal one are refused and count for
	// nothing.
	if got := w.do("ana", "/volo puzzle answer:zz9"); !strings.Contains(got.Content, "can't read") || got.Flags&64 == 0 {
		t.Errorf("an unreadable answer: %q", got.Content)
	}
	if got := w.do("ana", "/volo puzzle answer:"+illegalMove(p).String()); strings.Contains(got.Content, "Streak") {
		t.Errorf("an illegal answer counted: %q", got.Content)
	}
	got := w.do("ana", "/volo puzzle answer:"+p.Key().String())
	if !strings.Contains(got.Content, "Correct!") || !strings.Contains(got.Content, "Streak: 1 in a row (best 1); 1 solved of 1.") || got.Flags&64 == 0 {
		t.Errorf("the right answer: %q", got.Content)
	}
	if got := w.do("ana", "/volo puzzle answer:"+p.Key().String()); !strings.Contains(got.Content, "not solving a puzzle") {
		t.Errorf("answering twice: %q", got.Content)
	}

	// A wrong answer hears the refutation and the solution, and ends the
	// streak.
	msg = w.do("ana", "/volo puzzle level:"+first.Difficulty.String())
	q := puzzleFrom(t, msg, found)
	got = w.do("ana", "/volo puzzle answer:"+wrongMove(t, q).String())
	if !strings.Contains(got.Content, "Not this one") || !strings.Contains(got.Content, "The solution: "+q.Key().String()) || !strings.Contains(got.Content, "Streak: 0 in a row (best 1); 1 solved of 2.") {
		t.Errorf("a wrong answer: %q", got.Content)
	}

	// With the picker: Solve, the menus, Confirm; anyone may take a
	// posted puzzle up.
	msg = w.do("ana", "/volo puzzle level:easy")
	q = puzzleFrom(t, msg, found)
	pick := w.clickAction("cleo", msg, "pzopen")
	if pick.Flags&64 == 0 || !strings.Contains(pick.Content, "What do you do?") {
		t.Fatalf("Solve opens the picker for cleo alone: %q", pick.Content)
	}
	done := w.pickTo("cleo", pick, q.Key())
	if !strings.Contains(done.Content, "Correct!") || !strings.Contains(done.Content, "Streak: 1 in a row") {
		t.Errorf("cleo's answer with the picker: %q", done.Content)
	}
	w.noValidationFailures()
}

// puzzleFrom reads the puzzle a message gives: one of the game's, or a
// curated one.
func puzzleFrom(t *testing.T, msg *fakediscord.Message, found []ai.Puzzle) ai.Puzzle {
	t.Helper()
	m := puzzleIDPattern.FindStringSubmatch(msg.Content)
	if m == nil {
		t.Fatalf("no puzzle in %q", msg.Content)
	}
	for _, p := range append(found, ai.CuratedPuzzles()...) {
		if p.ID == m[1] {
			return p
		}
	}
	t.Fatalf("puzzle %s is neither the game's nor a curated one", m[1])
	return ai.Puzzle{}
}

// illegalMove returns an add on one of the mover's own birds.
func illegalMove(p ai.Puzzle) engine.Move {
	for row := range 13 {
		for n := 1; n <= 13; n++ {
			if q, ok := engine.PointAt(row, n); ok {
				if c, taken := p.Position.At(q); taken && c == p.Position.ToMove() {
					return engine.Add(q)
				}
			}
		}
	}
	return engine.Pass()
}

// wrongMove returns a legal move that is not the key and does not win.
func wrongMove(t *testing.T, p ai.Puzzle) engine.Move {
	t.Helper()
	for _, m := range p.Position.LegalMoves(p.Rules) {
		if m == p.Key() {
			continue
		}
		if v, err := p.Judge(context.Background(), m, ai.PuzzleLimits{}); err == nil && !v.Correct() {
			return m
		}
	}
	t.Fatal("every move solves the puzzle")
	return engine.Move{}
}

// pickTo makes move m with the picker open in msg, choosing by the menus'
// values, and confirms it; it returns the picker's last message.
func (w *world) pickTo(user string, msg *fakediscord.Message, m engine.Move) *fakediscord.Message {
	w.t.Helper()
	base := m
	base.Keep = engine.NoPoint
	src := m.From.String()
	if m.Kind == engine.KindFly && m.Length() > 1 {
		src += ":" + m.To.String()
	}
	kind := map[engine.MoveKind]string{engine.KindAdd: "add", engine.KindPass: "pass", engine.KindFly: "bird"}[m.Kind]
	if m.Kind == engine.KindFly && m.Length() > 1 {
		kind = "line"
	}
	want := []string{m.String(), base.String(), src, m.Dir.String(), m.From.String()[:1], kind}
	for range 8 {
		if strings.Contains(string(msg.Components), `"custom_id":"volo/pok/`) {
			return w.clickAction(user, msg, "pok")
		}
		menu := menuOf(w.t, msg)
		var value string
		for _, v := range want {
			if slices.ContainsFunc(menu.Options, func(o struct {
				Label string `json:"label"`
				Value string `json:"value"`
			}) bool {
				return o.Value == v
			}) {
				value = v
				break
			}
		}
		if value == "" {
			w.t.Fatalf("no way to %s in %q", m, msg.Content)
		}
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: user, CustomID: menu.CustomID, Values: []string{value}})
		if err != nil {
			w.t.Fatal(err)
		}
		msg = w.answer(in, user+" picks "+value)
	}
	w.t.Fatalf("the picker never reached %s", m)
	return nil
}

// The puzzle of the day: a server's manager turns it on in a channel;
// from the configured hour the scheduler posts one a day there, once;
// each member's first answer counts; /volo puzzle daily:true shows it.
func TestPuzzleOfTheDay(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addManager("dana")
	if got := w.do("ana", "/volo puzzle daily:true"); !strings.Contains(got.Content, "no puzzle of the day yet") {
		t.Errorf("before any: %q", got.Content)
	}
	if got := w.changeAsManager("dana", "/volo settings daily_puzzle:true"); !strings.Contains(got.Content, "Puzzle of the day: in <#"+w.channel+">, every day at 09:00 UTC.") {
		t.Errorf("dana turning it on: %q", got.Content)
	}
	// The world's clock stands at 12:00 UTC: today's is due.
	w.runDue()
	w.runDue()
	posted := w.said(w.channel, "The puzzle of the day, 2026-11-22:")
	if len(posted) != 1 || len(posted[0].Attachments) != 1 {
		t.Fatalf("the puzzle of the day is posted %d times, want once with its board", len(posted))
	}
	p := puzzleFrom(t, &posted[0], nil)
	pick := w.clickAction("ana", &posted[0], "pzopen")
	if done := w.pickTo("ana", pick, p.Key()); !strings.Contains(done.Content, "Correct!") {
		t.Errorf("ana's answer: %q", done.Content)
	}
	if got := w.clickAction("ana", &posted[0], "pzopen"); !strings.Contains(got.Content, "solved this puzzle of the day already") {
		t.Errorf("ana again: %q", got.Content)
	}
	// ben answers wrong: his first answer is the one that counts.
	w.clickAction("ben", &posted[0], "pzopen")
	if got := w.do("ben", "/volo puzzle answer:"+wrongMove(t, p).String()); !strings.Contains(got.Content, "Not this one") {
		t.Errorf("ben's answer: %q", got.Content)
	}
	if got := w.clickAction("ben", &posted[0], "pzopen"); !strings.Contains(got.Content, "answered this puzzle of the day already") {
		t.Errorf("ben again: %q", got.Content)
	}
	if got := w.do("cleo", "/volo puzzle daily:true"); got.Flags&64 == 0 || !strings.Contains(got.Content, "`"+p.ID+"`") {
		t.Errorf("cleo asking for it: %q", got.Content)
	}
	// The next day, another one; then the manager turns it off.
	w.passTime(24 * time.Hour)
	next := w.said(w.channel, "The puzzle of the day, 2026-11-23:")
	if len(next) != 1 || strings.Contains(next[0].Content, p.ID) {
		t.Errorf("the next day's puzzle: %d posts", len(next))
	}
	w.do("dana", "/volo settings daily_puzzle:false")
	w.passTime(24 * time.Hour)
	if got := w.said(w.channel, "The puzzle of the day, 2026-11-24:"); len(got) != 0 {
		t.Errorf("a puzzle of the day after it was turned off")
	}
	w.noValidationFailures()
}
