package activity

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/store"
)

// planFixture is the fixture's game made a correspondence game (a day a
// move) where ana played f5 and ben h7: ana ("1") is to move, ben ("2")
// waits, and ben has planned j9 in reply to d4. Sessions open as user.
func planFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	g, err := f.st.Get("9")
	if err != nil {
		t.Fatal(err)
	}
	g.TimePerMove = 24 * time.Hour
	g.Moves = append(g.Moves, store.Move{Notation: "f5", Player: "1", At: time.Now()}, store.Move{Notation: "h7", Player: "2", At: time.Now()})
	if err := f.st.Update(g); err != nil {
		t.Fatal(err)
	}
	if err := f.st.SetPlans(g, "2", []string{"d4 j9"}); err != nil {
		t.Fatal(err)
	}
	f.game = g
	f.discord.instance.Users = []string{"1", "2", "3"}
	return f
}

// as opens a session for user.
func (f *fixture) as(user, name string) Session {
	f.t.Helper()
	f.discord.user = DiscordUser{ID: user, Username: name, Locale: "en-US"}
	return f.session()
}

// plan asks api/plan for a step of planning, in the fixture's game as it
// stands.
func (f *fixture) plan(s Session, after string, out any) int {
	f.t.Helper()
	return f.call("POST", "/api/plan", s.Token, PlanRequest{Channel: "9", Game: bot.GameKey(f.game), Ply: len(f.game.Moves), After: after}, out)
}

func TestPlanningLaysOutTheOpponentsMovesThenTheReplies(t *testing.T) {
	f := planFixture(t)
	ben := f.as("2", "ben")
	var st State
	if f.call("GET", "/api/state", ben.Token, nil, &st); !st.Can.Plan || st.Can.Move || st.Legal != nil {
		t.Fatalf("ben, who waits in a correspondence game: can %+v, legal %v", st.Can, st.Legal != nil)
	}
	var theirs Planning
	if status := f.plan(ben, "", &theirs); status != 200 {
		t.Fatalf("POST api/plan: %d", status)
	}
	if theirs.After != "" || theirs.Legal == nil || !hasAdd(theirs.Legal, "d4") || hasAdd(theirs.Legal, "f5") || theirs.Birds != nil {
		t.Fatalf("the opponent's moves: %+v", theirs)
	}
	for _, src := range theirs.Legal.Sources {
		if !hasBird(st.Birds, src.Ends[0], "orange") {
			t.Errorf("a source %v that is not ana's", src.Ends)
		}
	}
	if len(theirs.Plans) != 1 || strings.Join(theirs.Plans[0].Moves, " ") != "d4 j9" || theirs.Plans[0].Text != "if d4, j9" {
		t.Errorf("ben's plans: %+v", theirs.Plans)
	}

	var replies Planning
	if status := f.plan(ben, "d4", &replies); status != 200 {
		t.Fatalf("POST api/plan after d4: %d", status)
	}
	if replies.After != "d4" || !hasAdd(replies.Legal, "j9") || hasAdd(replies.Legal, "d4") || replies.Last == nil || replies.Last.Move != "d4" || replies.Last.Colour != "orange" {
		t.Fatalf("the replies after d4: after %q, last %+v", replies.After, replies.Last)
	}
	if !hasBird(replies.Birds, "d4", "orange") || !hasBird(replies.Birds, "h7", "blue") || len(replies.Birds) != len(st.Birds)+1 {
		t.Errorf("the board after d4: %+v", replies.Birds)
	}

	for _, tc := range []struct{ after, want string }{
		{"zz9", "cannot read"},
		{"h7", "not a move your opponent can make"},
	} {
		var p Problem
		if status := f.plan(ben, tc.after, &p); status/100 != 4 || !strings.Contains(p.Error, tc.want) {
			t.Errorf("after %q: %d %+v, want a sentence saying %q", tc.after, status, p, tc.want)
		}
	}
}

func hasAdd(l *Legal, point string) bool {
	for _, a := range l.Adds {
		if a.Point == point {
			return true
		}
	}
	return false
}

func hasBird(bs []Bird, point, colour string) bool {
	for _, b := range bs {
		if b.Point == point && b.Colour == colour {
			return true
		}
	}
	return false
}

func TestPlanningIsRefusedOnYourMoveInALiveGameAndToSpectators(t *testing.T) {
	f := planFixture(t)
	ana, cleo := f.as("1", "ana"), f.as("3", "cleo")
	for _, tc := range []struct {
		name string
		s    Session
		want string
	}{
		{"ana, to move", ana, "It is your move"},
		{"cleo, who watches", cleo, "You are not playing in this game"},
	} {
		var st State
		f.call("GET", "/api/state", tc.s.Token, nil, &st)
		if st.Can.Plan {
			t.Errorf("%s: can plan", tc.name)
		}
		var p Problem
		if status := f.plan(tc.s, "", &p); status != 409 || p.Code != CodeRefused || !strings.Contains(p.Error, tc.want) {
			t.Errorf("%s: %d %+v, want a refusal saying %q", tc.name, status, p, tc.want)
		}
	}
	ben := f.as("2", "ben")
	var p Problem
	if status := f.call("POST", "/api/plan", ben.Token, PlanRequest{Channel: "9", Game: bot.GameKey(f.game), Ply: 1}, &p); status != 409 || !strings.Contains(p.Error, "moved on") {
		t.Errorf("a board that showed an earlier move: %d %+v", status, p)
	}
	if status := f.call("POST", "/api/plan", ben.Token, PlanRequest{Channel: "10"}, &p); status != 403 {
		t.Errorf("another channel: %d %+v", status, p)
	}

	// A live game: no plans.
	g, _ := f.st.Get("9")
	g.TimePerMove = 10 * time.Minute
	if err := f.st.Update(g); err != nil {
		t.Fatal(err)
	}
	f.game = g
	var st State
	if f.call("GET", "/api/state", ben.Token, nil, &st); st.Can.Plan {
		t.Error("ben can plan in a live game")
	}
	if status := f.plan(ben, "", &p); status != 409 || !strings.Contains(p.Error, "Plans are for correspondence games") {
		t.Errorf("planning in a live game: %d %+v", status, p)
	}
}

func TestPlanActsGoToTheBot(t *testing.T) {
	f := planFixture(t)
	ben := f.as("2", "ben")
	game := bot.GameKey(f.game)
	f.actor.said = "Plan saved"
	var res ActResult
	if status := f.call("POST", "/api/act", ben.Token, ActRequest{Action: ActionPlan, If: "d4", Move: "j9", Channel: "9", Game: game, Ply: 2}, &res); status != 200 || res.Said != "Plan saved" {
		t.Fatalf("plan: %d %+v", status, res)
	}
	if status := f.call("POST", "/api/act", ben.Token, ActRequest{Action: ActionCancelPlan, Move: "d4", Channel: "9", Game: game, Ply: 2}, &res); status != 200 {
		t.Fatalf("cancel: %d", status)
	}
	want := []bot.Act{
		{Kind: bot.ActPlan, Channel: "9", User: "2", Name: "ben", Locale: "en-US", If: "d4", Move: "j9", Game: game, Ply: 2},
		{Kind: bot.ActCancelPlan, Channel: "9", User: "2", Name: "ben", Locale: "en-US", Move: "d4", Game: game, Ply: 2},
	}
	if len(f.actor.acts) != 2 || f.actor.acts[0] != want[0] || f.actor.acts[1] != want[1] {
		t.Fatalf("the bot got %+v, want %+v", f.actor.acts, want)
	}
	var p Problem
	if status := f.call("POST", "/api/act", ben.Token, ActRequest{Action: ActionCancelPlan, Move: "not a move", Channel: "9", Game: game, Ply: 2}, &p); status != 400 || p.Error == "" {
		t.Errorf("a cancel naming no move: %d %+v", status, p)
	}
	for _, bad := range []ActRequest{
		{Action: ActionPlan, Move: "j9", Channel: "9", Game: game, Ply: 2},
		{Action: ActionPlan, If: "d4 j9 a3", Move: "c3", Channel: "9", Game: game, Ply: 2},
		{Action: ActionPlan, If: "d4", Channel: "9", Game: game, Ply: 2},
	} {
		if status := f.call("POST", "/api/act", ben.Token, bad, &p); status != 400 || p.Error == "" {
			t.Errorf("a plan of no move, or of more than one: %+v answered %d %+v", bad, status, p)
		}
	}
	if len(f.actor.acts) != 2 {
		t.Errorf("%d acts reached the bot, want the 2 that name their moves", len(f.actor.acts))
	}
}

// Ben's plan reaches no state: not his, not ana's, not cleo's, and no
// push of any board, his own included. Only his own api/plan lists it.
func TestPlansReachNoStateAndNoBoard(t *testing.T) {
	f := planFixture(t)
	sessions := []Session{f.as("1", "ana"), f.as("2", "ben"), f.as("3", "cleo")}
	private := func(what string, v any) {
		t.Helper()
		data, _ := json.Marshal(v)
		if s := string(data); strings.Contains(s, "d4 j9") || strings.Contains(s, "if d4") || strings.Contains(s, `"plans"`) && !strings.Contains(what, "api/plan") {
			t.Errorf("%s carries ben's plan: %s", what, s)
		}
	}
	var boards []*websocketConn
	for _, s := range sessions {
		var st State
		f.call("GET", "/api/state", s.Token, nil, &st)
		private(s.User.Name+"'s state", st)
		boards = append(boards, &websocketConn{f.dial(s.Token), s.User.Name})
	}
	for _, b := range boards {
		private(b.name+"'s first push", f.next(b.conn))
	}
	// A move of ana's that ben's plan does not answer, committed with his
	// plans spent, as the bot commits it: every board hears of it at once.
	st := f.srv.Watch(f.st)
	g, _ := st.Get("9")
	g.Moves = append(g.Moves, store.Move{Notation: "a3", Player: "1", At: time.Now()})
	if err := st.UpdatePlans(g, map[string][]string{"2": nil}); err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		p := f.next(b.conn)
		if p.State == nil || p.State.Ply != 3 {
			t.Fatalf("%s's board after a3: %+v", b.name, p)
		}
		private(b.name+"'s push after a3", p)
	}
	var ps Planning
	f.call("POST", "/api/plan", sessions[0].Token, PlanRequest{Channel: "9", Game: bot.GameKey(g), Ply: 3}, &ps)
	private("ana's api/plan", ps)
}

// websocketConn is a board's websocket and whose it is.
type websocketConn struct {
	conn *websocket.Conn
	name string
}
