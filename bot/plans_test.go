package bot_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// planWorld is a correspondence game where ana (Orange) played f5 and ben
// (Blue) h7: ana is to move, and ben waits.
func planWorld(t *testing.T, french bool) *world {
	t.Helper()
	w := newWorld(t)
	if french {
		w = newFrenchWorld(t)
	}
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	w.do("ben", "/volo move move:h7")
	return w
}

// movesOf returns the notations of the moves stored for the world's game.
func movesOf(t *testing.T, w *world) []string {
	t.Helper()
	g, err := w.store.Get(w.channel)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range g.Moves {
		out = append(out, m.Notation)
	}
	return out
}

// plansOf returns a user's stored plans in the world's game.
func plansOf(t *testing.T, w *world, user string) []string {
	t.Helper()
	lines, err := w.store.Plans(w.channel, w.userID(user))
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestPlanIsPlayedInTheCommitOfTheMoveItAnswers(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	saved := w.do("ben", "/volo move if:d4 move:j9")
	if saved.Flags&64 == 0 || !strings.Contains(saved.Content, "if ana plays d4, I play j9 for you") {
		t.Fatalf("the plan's answer: %q (flags %d), want it for ben alone", saved.Content, saved.Flags)
	}
	if got := plansOf(t, w, "ben"); !slices.Equal(got, []string{"d4 j9"}) {
		t.Fatalf("stored plans %q", got)
	}
	board := w.do("ana", "/volo move move:d4")
	if !strings.Contains(board.Content, "d4 · move 3") || !strings.Contains(board.Content, "j9, as planned · move 4") {
		t.Errorf("the board after the move and its planned reply: %q", board.Content)
	}
	if len(board.Attachments) != 1 {
		t.Errorf("the board has %d attachments, want its image", len(board.Attachments))
	}
	w.saidOnce(w.channel, "j9, as planned · move 4", "ana")
	if got := movesOf(t, w); !slices.Equal(got, []string{"f5", "h7", "d4", "j9"}) {
		t.Errorf("stored moves %q", got)
	}
	g, _ := w.store.Get(w.channel)
	if g.Moves[3].Player != w.userID("ben") {
		t.Errorf("the planned reply is stored as played by %s, want ben", g.Moves[3].Player)
	}
	if got := plansOf(t, w, "ben"); len(got) != 0 {
		t.Errorf("a plan played out is still stored: %q", got)
	}
	if msg := w.do("ana", "/volo move move:a3"); !strings.Contains(msg.Content, "a3 · move 5") {
		t.Errorf("ana's next move: %q", msg.Content)
	}
}

func TestAnotherMoveCancelsThePlansAndTellsTheirAuthorAlone(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	w.do("ben", "/volo move if:d4 move:j9")
	w.restart()
	board := w.do("ana", "/volo move move:a3")
	if !strings.Contains(board.Content, "a3 · move 3") || strings.Contains(board.Content, "planned") {
		t.Errorf("the board of a move no plan answers: %q", board.Content)
	}
	w.saidOnce(w.channel, "a3 · move 3", "ben")
	if got := plansOf(t, w, "ben"); len(got) != 0 {
		t.Errorf("plans after a move none answered: %q", got)
	}
	if dms := w.dms("ben", "none of your plans answered"); len(dms) != 1 {
		t.Errorf("%d direct messages tell ben his plans are cancelled, want 1", len(dms))
	}
	if len(w.said(w.channel, "plans")) != 0 {
		t.Error("the channel hears of ben's plans")
	}
	if got := movesOf(t, w); len(got) != 3 {
		t.Errorf("stored moves %q", got)
	}
}

func TestALineOfTwoRepliesIsPlayedOut(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	if msg := w.do("ben", "/volo move if:d4 j9 a3 move:c3"); !strings.Contains(msg.Content, "if d4, j9; then if a3, c3") {
		t.Fatalf("the line's answer: %q", msg.Content)
	}
	w.do("ana", "/volo move move:d4")
	if got := plansOf(t, w, "ben"); !slices.Equal(got, []string{"a3 c3"}) {
		t.Errorf("the rest of the line: %q", got)
	}
	w.restart()
	board := w.do("ana", "/volo move move:a3")
	if !strings.Contains(board.Content, "c3, as planned · move 6") {
		t.Errorf("the second reply's board: %q", board.Content)
	}
	if got := movesOf(t, w); !slices.Equal(got, []string{"f5", "h7", "d4", "j9", "a3", "c3"}) {
		t.Errorf("stored moves %q", got)
	}
	if got := plansOf(t, w, "ben"); len(got) != 0 {
		t.Errorf("plans after the line: %q", got)
	}
}

// No request the bot sends shows ben's plan before ana plays into it,
// but ben's own private answers.
func TestAPlanIsSeenByItsAuthorAlone(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	own := map[string]bool{}
	for _, line := range []string{"/volo move if:d4 move:j9", "/volo plans"} {
		in, err := w.srv.RunCommandLine(w.channel, "ben", line)
		if err != nil {
			t.Fatal(err)
		}
		own[in.ID] = true
		if msg := w.answer(in, "ben "+line); msg.Flags&64 == 0 {
			t.Errorf("%s: answered in public", line)
		}
	}
	w.do("cleo", "/volo board")
	w.do("ana", "/volo board")
	w.do("ana", "/volo plans")
	w.flush()
	for _, r := range w.srv.Requests() {
		if len(r.Payload) == 0 || strings.Contains(r.Route, "/commands") || ownCallback(r.Path, own) {
			continue
		}
		var v any
		if json.Unmarshal(r.Payload, &v) != nil {
			continue
		}
		for _, s := range jsonStrings(v) {
			if strings.Contains(s, "j9") {
				t.Errorf("%s %s shows ben's planned reply: %q", r.Method, r.Path, s)
			}
		}
	}
	if msg := w.do("ana", "/volo move move:d4"); !strings.Contains(msg.Content, "j9, as planned") {
		t.Errorf("the plan once played: %q", msg.Content)
	}
}

// ownCallback reports whether path answers one of the interactions own.
func ownCallback(path string, own map[string]bool) bool {
	for id := range own {
		if strings.Contains(path, "/interactions/"+id+"/") {
			return true
		}
	}
	return false
}

// jsonStrings returns every string in a decoded JSON value.
func jsonStrings(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			out = append(out, jsonStrings(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, e := range v {
			out = append(out, jsonStrings(e)...)
		}
		return out
	}
	return nil
}

func TestAPlanOutlivesARestart(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	w.do("ben", "/volo move if:d4 move:j9")
	w.restart()
	if msg := w.do("ana", "/volo move move:d4"); !strings.Contains(msg.Content, "j9, as planned · move 4") {
		t.Errorf("the plan after a restart: %q", msg.Content)
	}
	if got := movesOf(t, w); !slices.Equal(got, []string{"f5", "h7", "d4", "j9"}) {
		t.Errorf("stored moves %q", got)
	}
}

func TestPlansListsAndCancels(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	if msg := w.do("ben", "/volo plans"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "You have no plans in this game") {
		t.Errorf("/volo plans with none: %q", msg.Content)
	}
	w.do("ben", "/volo move if:d4 move:j9")
	w.do("ben", "/volo move if:a3 move:c3")
	w.do("ben", "/volo move if:d4 move:c3") // replaces the plan for d4
	list := w.do("ben", "/volo plans")
	if list.Flags&64 == 0 || !strings.Contains(list.Content, "1. if d4, c3") || !strings.Contains(list.Content, "2. if a3, c3") {
		t.Fatalf("/volo plans: %q", list.Content)
	}
	after := w.click("ben", list, "Cancel 1")
	if !strings.Contains(after.Content, "Plan cancelled.") || !strings.Contains(after.Content, "1. if a3, c3") {
		t.Errorf("after cancelling: %q", after.Content)
	}
	if got := plansOf(t, w, "ben"); !slices.Equal(got, []string{"a3 c3"}) {
		t.Errorf("stored plans %q", got)
	}
}

func TestAPlanRefusedChangesNothing(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	for _, tc := range []struct{ user, line, want string }{
		{"ana", "/volo move if:a3 move:c3", "It is your move"},
		{"ben", "/volo move if:d4 move:f5", "Move 2 of your plan"},
		{"ben", "/volo move if:d4 j9 move:a3", "Write your opponent's moves in if"},
		{"ben", "/volo move if:zz9 move:j9", "Move 1 of your plan"},
		{"cleo", "/volo move if:d4 move:j9", "You are not playing in this game"},
	} {
		if msg := w.do(tc.user, tc.line); msg.Flags&64 == 0 || !strings.Contains(msg.Content, tc.want) || !strings.Contains(msg.Content, "Nothing was saved") && tc.user != "cleo" {
			t.Errorf("%s %s: %q, want a refusal saying %q", tc.user, tc.line, msg.Content, tc.want)
		}
	}
	for _, user := range []string{"ana", "ben", "cleo"} {
		if got := plansOf(t, w, user); len(got) != 0 {
			t.Errorf("%s's plans after refusals: %q", user, got)
		}
	}
	live := w.addChannel(w.guild, "live")
	w.startGame(live)
	w.doIn(live, "ana", "/volo move move:f5")
	if msg := w.doIn(live, "ana", "/volo move if:h7 move:d4"); !strings.Contains(msg.Content, "Plans are for correspondence games") {
		t.Errorf("a plan in a live game: %q", msg.Content)
	}
}

func TestATakebackCancelsThePlans(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)
	w.do("ben", "/volo move if:d4 move:j9")
	w.do("ben", "/volo takeback")
	request := w.lastPublic()
	w.clickAction("ana", &request, "tbyes")
	if got := movesOf(t, w); !slices.Equal(got, []string{"f5"}) {
		t.Errorf("moves after the takeback: %q", got)
	}
	if got := plansOf(t, w, "ben"); len(got) != 0 {
		t.Errorf("plans after a takeback: %q", got)
	}
}

func TestPlansInFrench(t *testing.T) {
	t.Parallel()
	w := planWorld(t, true)
	if msg := w.do("ben", "/volo move if:d4 move:j9"); !strings.Contains(msg.Content, "Plan enregistré, vu de vous seul\u00a0: si ana joue d4, je joue j9 pour vous aussitôt.") {
		t.Errorf("the plan's answer in French: %q", msg.Content)
	}
	if msg := w.do("ben", "/volo plans"); !strings.Contains(msg.Content, "1. si d4, j9") {
		t.Errorf("/volo plans in French: %q", msg.Content)
	}
	if msg := w.do("ana", "/volo move move:d4"); !strings.Contains(msg.Content, "j9, comme prévu · coup 4") {
		t.Errorf("the planned reply's board in French: %q", msg.Content)
	}
	w.do("ben", "/volo move if:a5 move:c3")
	w.do("ana", "/volo move move:a3")
	if dms := w.dms("ben", "aucun de vos plans ne répondait"); len(dms) != 1 {
		t.Errorf("%d French direct messages say the plans are cancelled, want 1", len(dms))
	}
}
