package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// newAnywhereWorld is a world whose commands are registered globally, as
// user installs need, with ana and ben having added the app to their
// accounts, and a group DM of theirs where the bot is not a member.
func newAnywhereWorld(t *testing.T) (*world, fakediscord.Channel) {
	t.Helper()
	w := newWorldWith(t, worldOptions{global: true, sharedClock: true})
	for _, name := range []string{"ana", "ben"} {
		if err := w.srv.InstallForUser(name); err != nil {
			t.Fatal(err)
		}
	}
	gd, err := w.srv.AddGroupDM("ana and ben", "ana", "ben")
	if err != nil {
		t.Fatal(err)
	}
	return w, gd
}

const followUpRoute = "POST /webhooks/{webhook_id}/{webhook_token}"

// noMissingAccess checks that the bot sent no request the stand-in
// refused for want of access: none to post where it is not a member.
func (w *world) noMissingAccess() {
	w.t.Helper()
	if refused := w.srv.MissingAccessRequests(); len(refused) != 0 {
		w.t.Errorf("%d requests acted where the bot may not, the first %s %s", len(refused), refused[0].Method, refused[0].Path)
	}
}

// heldBack checks that channel, where the bot is not a member, has not
// heard s yet: what is said there waits for the next use of the bot.
func (w *world) heldBack(channel, s string) {
	w.t.Helper()
	if got := w.said(channel, s); len(got) != 0 {
		w.t.Fatalf("%q was said before anyone used the bot: %q", s, got[0].Content)
	}
}

// The judge: a whole game in a group DM where the bot is not a
// member, with a region choice, a correspondence deadline and a reminder
// by DM, and not one request to post where the bot may not.
func TestGameInAGroupDM(t *testing.T) {
	t.Parallel()
	w, gd := newAnywhereWorld(t)
	w.channel = gd.ID
	script := scriptedGame(t)
	msg := w.do("ana", "/volo challenge opponent:@ben colour:orange time_per_move:24h")
	if !strings.Contains(msg.Content, "challenges") || msg.Flags&64 != 0 {
		t.Fatalf("the challenge in the group DM: %q (flags %b)", msg.Content, msg.Flags)
	}
	w.click("ben", msg, "Accept")
	w.flush()
	if got := w.said(gd.ID, "The game begins."); len(got) != 1 {
		t.Fatalf("the first board in the group DM: %d messages", len(got))
	}
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	sawChoice, reminded := false, false
	for i, m := range script {
		user := players[pos.ToMove()]
		if i == 6 {
			// Half the day passes, then the reminder comes by DM.
			w.passTime(18*time.Hour + time.Minute)
			if got := w.dms(user, "A reminder: It is your move"); len(got) != 1 || len(got[0].Attachments) != 1 {
				t.Fatalf("the reminder to %s by DM: %+v", user, got)
			}
			reminded = true
		}
		answer := w.answerMove(user, pos, m)
		if m.Keep != engine.NoPoint {
			sawChoice = true
		}
		want := m.String() + " · move "
		if !strings.Contains(answer.Content, want) || answer.Flags&64 != 0 {
			t.Fatalf("move %d %s: answer %q lacks %q", i+1, m, answer.Content, want)
		}
		pos, _ = pos.Apply(m, engine.Standard)
	}
	if !sawChoice || !reminded {
		t.Fatal("the game had no region choice or no reminder")
	}
	if last := w.lastMessage(); !strings.Contains(last.Content, "wins: all its birds form one flock") {
		t.Errorf("the last message of the group DM: %q", last.Content)
	}
	if n := len(w.srv.RequestsTo(followUpRoute)); n < 2 {
		t.Errorf("%d follow-ups: the first board and the board after a region choice ride them", n)
	}
	w.noMissingAccess()
	w.noValidationFailures()
}

// A loss on time where the bot is not a member: both players hear it by
// DM at once, and the group DM at its next use of the bot.
func TestTimeoutInAGroupDM(t *testing.T) {
	t.Parallel()
	w, gd := newAnywhereWorld(t)
	w.channel = gd.ID
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	w.passTime(25 * time.Hour)
	for _, name := range []string{"ana", "ben"} {
		if got := w.dms(name, "is over: Blue ran out of time."); len(got) != 1 || len(got[0].Attachments) != 1 {
			t.Errorf("%s's DM of the loss on time: %+v", name, got)
		}
	}
	w.heldBack(gd.ID, "ran out of time")
	board := w.do("ana", "/volo board")
	if !strings.Contains(board.Content, "ran out of time") && !strings.Contains(board.Content, "Orange wins") {
		t.Errorf("the board after the loss on time: %q", board.Content)
	}
	// The held announcement follows up that answer.
	w.waitSaid(gd.ID, "ran out of time. Orange wins")
	if got := w.said(gd.ID, "Blue (ben) ran out of time."); len(got) != 1 || len(got[0].Attachments) != 3 {
		t.Errorf("the loss on time in the group DM after the next interaction: %d messages", len(got))
	}
	w.noMissingAccess()
	w.noValidationFailures()
}

// Against the computer in a DM between friends: its moves follow up the
// player's interaction.
func TestComputerInAFriendDM(t *testing.T) {
	t.Parallel()
	w, _ := newAnywhereWorld(t)
	dm, err := w.srv.FriendDM("ana", "ben")
	if err != nil {
		t.Fatal(err)
	}
	w.channel = dm.ID
	start := w.do("ana", "/volo challenge opponent:@Volo level:easy colour:orange")
	if !strings.Contains(start.Content, "against me") {
		t.Fatalf("a game against the computer in a friend DM: %q", start.Content)
	}
	w.do("ana", "/volo move move:f5")
	w.flush()
	w.waitSaid(dm.ID, "· move 2")
	if got := w.said(dm.ID, "· move 2"); len(got) != 1 {
		t.Fatalf("the computer's reply in the friend DM: %d messages", len(got))
	}
	if n := len(w.srv.RequestsTo(followUpRoute)); n < 1 {
		t.Errorf("the computer's move came without a follow-up")
	}
	w.noMissingAccess()
	w.noValidationFailures()
}

// In the bot's own DM a user plays the computer; a person cannot be
// challenged there.
func TestBotDM(t *testing.T) {
	t.Parallel()
	w, _ := newAnywhereWorld(t)
	dm, err := w.srv.DMChannel("ana")
	if err != nil {
		t.Fatal(err)
	}
	w.channel = dm.ID
	if msg := w.do("ana", "/volo challenge opponent:@ben"); !strings.Contains(msg.Content, "you can play me") {
		t.Errorf("challenging ben in the bot's DM: %q", msg.Content)
	}
	w.do("ana", "/volo challenge opponent:@Volo level:easy colour:orange")
	w.do("ana", "/volo move move:f5")
	w.waitSaid(dm.ID, "· move 2")
	if got := w.said(dm.ID, "· move 2"); len(got) != 1 {
		t.Fatalf("the computer's reply in its DM: %d messages", len(got))
	}
	if mine := w.do("ana", "/volo mygames"); !strings.Contains(mine.Content, "in a direct message") {
		t.Errorf("mygames: %q", mine.Content)
	}
	w.noValidationFailures()
}

// A plain /volo challenge in the bot's own DM, where nobody else could
// accept, is a game against the bot; a level may come with it.
func TestPlainChallengeInTheBotDM(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, command, level string }{
		{"plain", "/volo challenge colour:orange", "medium"},
		{"with a level", "/volo challenge level:easy colour:orange", "easy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w, _ := newAnywhereWorld(t)
			dm, err := w.srv.DMChannel("ana")
			if err != nil {
				t.Fatal(err)
			}
			w.channel = dm.ID
			start := w.do("ana", tc.command)
			if !strings.Contains(start.Content, "against me") || !strings.Contains(start.Content, tc.level) {
				t.Fatalf("%s in the bot's DM: %q", tc.command, start.Content)
			}
			w.do("ana", "/volo move move:f5")
			w.waitSaid(dm.ID, "· move 2")
			if got := w.said(dm.ID, "· move 2"); len(got) != 1 {
				t.Fatalf("the computer's reply in its DM: %d messages", len(got))
			}
			w.noValidationFailures()
		})
	}
}

// A server that did not add the bot, where a member's own apps may not
// post: the bot says so, privately, and starts nothing.
func TestServerForbiddingExternalApps(t *testing.T) {
	t.Parallel()
	w, _ := newAnywhereWorld(t)
	g := w.srv.AddGuildWithoutBot("Strict Club")
	ch := w.addChannel(g.ID, "general")
	w.join(g.ID, "ana", "ben")
	// A game where the server allows members' apps: it works like a group DM.
	w.startGame(ch)
	w.flush()
	if got := w.said(ch, "The game begins."); len(got) != 1 {
		t.Fatalf("the first board in a server without the bot: %d", len(got))
	}
	if _, err := w.srv.SetRolePermissions(g.ID, g.ID, fakediscord.DefaultEveryonePermissions&^fakediscord.PermUseExternalApps); err != nil {
		t.Fatal(err)
	}
	second := w.addChannel(g.ID, "second")
	refused := w.doIn(second, "ana", "/volo challenge opponent:@ben")
	if refused.Flags&64 == 0 || !strings.Contains(refused.Content, "only you would see Volo here") {
		t.Errorf("a challenge where members' apps may not post: %q (flags %b)", refused.Content, refused.Flags)
	}
	w.noMissingAccess()
	w.noValidationFailures()
}

// A challenge that lapses where the bot is not a member: the challenger
// hears it by DM, the group DM at its next use of the bot.
func TestLapseInAGroupDM(t *testing.T) {
	t.Parallel()
	w, gd := newAnywhereWorld(t)
	w.channel = gd.ID
	w.do("ana", "/volo challenge opponent:@ben")
	w.passTime(25 * time.Hour)
	if got := w.dms("ana", "Your Volo challenge to ben lapsed"); len(got) != 1 {
		t.Errorf("ana's DM of the lapse: %d", len(got))
	}
	w.heldBack(gd.ID, "lapsed")
	if msg := w.do("ben", "/volo board"); !strings.Contains(msg.Content, "no game") {
		t.Errorf("the board after the lapse: %q", msg.Content)
	}
	w.waitSaid(gd.ID, "lapsed without an answer")
	w.noMissingAccess()
	w.noValidationFailures()
}

// What is held for the next interaction survives a restart of the bot.
func TestHeldAcrossARestart(t *testing.T) {
	t.Parallel()
	w, gd := newAnywhereWorld(t)
	w.channel = gd.ID
	w.startGame(w.channel, "time_per_move:24h")
	w.passTime(25 * time.Hour)
	w.restart()
	w.heldBack(gd.ID, "ran out of time")
	w.do("ben", "/volo rules")
	w.waitSaid(gd.ID, "ran out of time. Blue wins")
	if got := w.said(gd.ID, "ran out of time. Blue wins"); len(got) != 1 {
		t.Errorf("the loss on time shows %d times, want once", len(got))
	}
}

// A profile shown in a group DM tells ratings and records, but not the
// games played elsewhere.
func TestProfileInAGroupDMKeepsOtherGamesPrivate(t *testing.T) {
	t.Parallel()
	w, gd := newAnywhereWorld(t)
	w.play("ana", "ben", "ben", "") // in the server
	p := w.doIn(gd.ID, "ben", "/volo profile user:@ana")
	if !strings.Contains(p.Content, "1662 ± 290 (provisional)") || !strings.Contains(p.Content, "**Last results:** none yet") || strings.Contains(p.Content, "Won against") {
		t.Errorf("ana's profile in the group DM:\n%s", p.Content)
	}
	if p := w.do("ben", "/volo profile user:@ana"); !strings.Contains(p.Content, "Won against ben") {
		t.Errorf("ana's profile in the server:\n%s", p.Content)
	}
}

// The move picker in a group DM: private steps by callbacks, and the board
// after Confirm follows up the click.
func TestPickerInAGroupDM(t *testing.T) {
	t.Parallel()
	w, gd := newAnywhereWorld(t)
	w.channel = gd.ID
	w.startGame(gd.ID)
	board := w.said(gd.ID, "The game begins.")[0]
	pick := w.click("ana", &board, "Make a move")
	preview := w.choose("ana", w.choose("ana", pick, "Row f"), "f5")
	if done := w.click("ana", preview, "Confirm f5"); !strings.Contains(done.Content, "You played f5 (move 1)") {
		t.Errorf("after Confirm the picker says %q", done.Content)
	}
	w.saidOnce(gd.ID, "f5 · move 1 ·", "ben")
	w.noMissingAccess()
	w.noValidationFailures()
}
