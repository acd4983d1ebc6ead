package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/bot"
)

// planAct does what user does on the Activity's board to plan reply to
// their opponent's move ifMove (ActPlan), or to cancel the plan starting
// with reply (ActCancelPlan, ifMove empty), on the game as stored now.
func planAct(w *world, user string, kind bot.ActKind, ifMove, reply string) (string, error) {
	w.t.Helper()
	g := w.stored(w.channel)
	said, err := w.bot.Do(bot.Act{Kind: kind, Channel: w.channel, User: w.userID(user), Name: user, Locale: "en-US",
		If: ifMove, Move: reply, Game: bot.GameKey(g), Ply: len(g.Moves)})
	w.flush()
	return said, err
}

// A plan made on the board takes the path of /volo move if:…: checked by
// the same rules, stored for its author alone, played in the commit of
// the move it answers; cancelled on the board as by /volo plans.
func TestPlanFromTheBoard(t *testing.T) {
	t.Parallel()
	w := planWorld(t, false)

	said, err := planAct(w, "ben", bot.ActPlan, "d4", "j9")
	if err != nil || !strings.Contains(said, "if ana plays d4, I play j9 for you") {
		t.Fatalf("ben's plan on the board: %q, %v", said, err)
	}
	if got := plansOf(t, w, "ben"); !slices.Equal(got, []string{"d4 j9"}) {
		t.Fatalf("stored plans %q", got)
	}
	if len(w.said(w.channel, "j9")) != 0 {
		t.Error("the channel hears of ben's plan")
	}

	_, err = planAct(w, "ana", bot.ActPlan, "a3", "c3")
	refused(t, "ana planning on her own move", err, "It is your move")
	_, err = planAct(w, "ben", bot.ActPlan, "d4", "f5")
	refused(t, "a reply that is not legal", err, "Move 2 of your plan")
	_, err = planAct(w, "cleo", bot.ActPlan, "d4", "j9")
	refused(t, "cleo planning", err, "You are not playing in this game")
	g := w.stored(w.channel)
	_, err = w.bot.Do(bot.Act{Kind: bot.ActPlan, Channel: w.channel, User: w.userID("ben"), Name: "ben", If: "a3", Move: "c3", Game: bot.GameKey(g), Ply: 1})
	refused(t, "a plan from a board that showed an earlier move", err, "moved on since your board showed it")
	_, err = planAct(w, "ben", bot.ActCancelPlan, "", "a3")
	refused(t, "cancelling a plan ben does not have", err, "You have no plan for that move")
	if got := plansOf(t, w, "ben"); !slices.Equal(got, []string{"d4 j9"}) {
		t.Fatalf("plans after refusals %q", got)
	}

	if said, err := planAct(w, "ben", bot.ActCancelPlan, "", "d4"); err != nil || said != "Plan cancelled." {
		t.Fatalf("cancel on the board: %q, %v", said, err)
	}
	if got := plansOf(t, w, "ben"); len(got) != 0 {
		t.Fatalf("plans after cancelling %q", got)
	}

	if _, err := planAct(w, "ben", bot.ActPlan, "d4", "j9"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.act("ana", bot.ActMove, "d4"); err != nil {
		t.Fatal(err)
	}
	if got := movesOf(t, w); !slices.Equal(got, []string{"f5", "h7", "d4", "j9"}) {
		t.Errorf("after ana's d4 on the board: moves %q", got)
	}
}

func TestPlanFromTheBoardInALiveGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	w.do("ana", "/volo move move:f5")
	_, err := planAct(w, "ana", bot.ActPlan, "h7", "d4")
	refused(t, "a plan in a live game", err, "Plans are for correspondence games")
}
