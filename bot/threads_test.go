package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// addManager adds a member to the world's server with a role whose
// members may manage it.
func (w *world) addManager(name string) {
	w.t.Helper()
	role, err := w.srv.AddRole(w.guild, "managers", fakediscord.PermAdministrator)
	if err != nil {
		w.t.Fatal(err)
	}
	u, err := w.srv.AddUser(name)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.srv.AddMember(w.guild, u.ID, role.ID); err != nil {
		w.t.Fatal(err)
	}
}

// changeAsManager checks that cleo, who may not manage the server, is
// refused the change of its settings line, and returns the answer to
// manager's same change.
func (w *world) changeAsManager(manager, line string) *fakediscord.Message {
	w.t.Helper()
	if msg := w.do("cleo", line); !strings.Contains(msg.Content, "Only members who can manage this server") {
		w.t.Errorf("cleo: %s: %q", line, msg.Content)
	}
	return w.do(manager, line)
}

// A server's manager has games start in threads: the channel keeps the
// challenge, the link and the result, the thread the game.
func TestGamesInThreads(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addManager("dana")
	if msg := w.changeAsManager("dana", "/volo settings thread:true"); !strings.Contains(msg.Content, "thread of their own") {
		t.Errorf("dana turning threads on: %q", msg.Content)
	}
	if msg := w.do("cleo", "/volo settings"); !strings.Contains(msg.Content, "start in a thread of their own") {
		t.Errorf("the settings shown: %q", msg.Content)
	}
	challenge := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	threads := w.srv.Threads(w.channel)
	if len(threads) != 1 || !strings.Contains(challenge.Content, "<#"+threads[0].ID+">") {
		t.Fatalf("the challenge %q names no thread (threads %v)", challenge.Content, threads)
	}
	thread := threads[0]
	if thread.Name != "Volo: ana vs ben" {
		t.Errorf("the thread is named %q", thread.Name)
	}
	// A second challenge in the channel gets a thread of its own.
	second := w.do("cleo", "/volo challenge opponent:@ben")
	if !strings.Contains(second.Content, "challenges") || len(w.srv.Threads(w.channel)) != 2 {
		t.Errorf("a second challenge beside the first: %q", second.Content)
	}
	accepted := w.click("ben", challenge, "Accept")
	if !strings.Contains(accepted.Content, "The game is on in <#"+thread.ID+">") {
		t.Errorf("the accepted challenge says %q", accepted.Content)
	}
	w.saidOnce(thread.ID, "The game begins.", "ana")
	w.doIn(thread.ID, "ana", "/volo move move:f5")
	w.saidOnce(thread.ID, "f5 · move 1 ·", "ben")
	if n := len(w.said(w.channel, "· move 1 ·")); n != 0 {
		t.Errorf("a move went to the channel %d times", n)
	}
	confirm := w.doIn(thread.ID, "ben", "/volo resign")
	w.click("ben", confirm, "Resign")
	w.saidOnce(thread.ID, "resigned: Orange wins.")
	w.saidOnce(w.channel, " is over. Orange wins: Blue resigned. The board, the record and a replay are in <#"+thread.ID+">.")
	w.noValidationFailures()
}

// A bot that may not start threads plays in the channel, and says so.
func TestNoThreadWithoutThePermission(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{stand: func(o *fakediscord.Options) {
		o.BotPermissions = fakediscord.DefaultBotPermissions &^ fakediscord.PermCreatePublicThreads
		o.EveryonePermissions = fakediscord.DefaultEveryonePermissions &^ fakediscord.PermCreatePublicThreads
	}})
	msg := w.do("ana", "/volo challenge opponent:@ben colour:orange thread:true")
	if !strings.Contains(msg.Content, "I can't start threads here") || len(w.srv.Threads(w.channel)) != 0 {
		t.Fatalf("a thread without the permission: %q", msg.Content)
	}
	w.click("ben", msg, "Accept")
	w.saidOnce(w.channel, "The game begins.", "ana")
}

// An open challenge's thread, "ana vs anyone", takes the name of whoever
// accepts it.
func TestOpenChallengesThreadTakesTheAcceptersName(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	open := w.do("ana", "/volo challenge colour:orange thread:true")
	threads := w.srv.Threads(w.channel)
	if len(threads) != 1 || threads[0].Name != "Volo: ana vs anyone" {
		t.Fatalf("the open challenge's thread: %v", threads)
	}
	w.click("cleo", open, "Accept")
	// The thread is renamed after the commit, as the answer goes out.
	deadline := time.Now().Add(answerWait())
	for th, _ := w.srv.Channel(threads[0].ID); th.Name != "Volo: ana vs cleo"; th, _ = w.srv.Channel(threads[0].ID) {
		if time.Now().After(deadline) {
			t.Fatalf("after cleo accepted, the thread is named %q", th.Name)
		}
		time.Sleep(5 * time.Millisecond)
	}
	w.noValidationFailures()
}

// threadGame has challenger type line with thread:true in the world's
// channel, and ben accept; it returns the game's thread.
func (w *world) threadGame(challenger, line string) string {
	w.t.Helper()
	w.click("ben", w.do(challenger, line+" thread:true"), "Accept")
	threads := w.srv.Threads(w.channel)
	return threads[len(threads)-1].ID
}

// A game with no time limit may go more than a week without a move:
// when Discord archives its thread the bot unarchives it at once, and
// the game goes on there; so it does when it starts again, for a thread
// archived while it was stopped. The thread of a game that is over, and
// one a moderator locked, stay archived.
func TestGameThreadsStayOpen(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{sharedClock: true})
	live := w.threadGame("ana", "/volo challenge opponent:@ben colour:orange")
	w.doIn(live, "ana", "/volo move move:f5")
	over := w.threadGame("cleo", "/volo challenge opponent:@ben")
	w.click("ben", w.doIn(over, "ben", "/volo resign"), "Resign")
	w.waitGone(over)
	locked := w.threadGame("cleo", "/volo challenge opponent:@ben")
	if err := w.srv.ArchiveThread(locked, true); err != nil { // a moderator's "Lock thread"
		t.Fatal(err)
	}

	w.clock.Advance(7*24*time.Hour + time.Minute)
	if n := w.srv.ArchiveIdleThreads(); n != 2 {
		t.Fatalf("%d threads archived after a week without a message, want the live game's and the finished one's", n)
	}
	unarchived := func(when string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), answerWait())
		defer cancel()
		if err := waitUntil(ctx, func() bool {
			th, _ := w.srv.Channel(live)
			return !th.ThreadMetadata.Archived
		}); err != nil {
			t.Fatalf("%s, the live game's thread is still archived: %v", when, err)
		}
	}
	unarchived("archived while the bot runs")
	if msg := w.doIn(live, "ben", "/volo move move:H 7"); !strings.Contains(msg.Content, "h7 · move 2") {
		t.Errorf("a move in the unarchived thread: %q", msg.Content)
	}
	w.stop()
	if err := w.srv.ArchiveThread(live, false); err != nil {
		t.Fatal(err)
	}
	w.start()
	unarchived("archived while the bot was stopped")
	for name, id := range map[string]string{"finished": over, "locked": locked} {
		if th, _ := w.srv.Channel(id); !th.ThreadMetadata.Archived {
			t.Errorf("the %s game's thread was unarchived", name)
		}
		for _, r := range w.srv.RequestsTo("PATCH /channels/{channel_id}") {
			if strings.HasSuffix(r.Path, "/channels/"+id) {
				t.Errorf("the bot changed the %s game's thread", name)
			}
		}
	}
	w.noValidationFailures()
}

// Without a gateway the bot hears no THREAD_UPDATE, so it looks at its
// games' threads itself, when Discord may have archived them: it
// unarchives a live game's thread, leaves a locked one, calls off the
// game of a thread that is gone, and after a restart looks at a game's
// thread that had no look yet.
func TestGameThreadsStayOpenWithoutAGateway(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true, sharedClock: true})
	live := w.threadGame("ana", "/volo challenge opponent:@ben colour:orange")
	w.doIn(live, "ana", "/volo move move:f5")
	locked := w.threadGame("cleo", "/volo challenge opponent:@ben")
	if err := w.srv.ArchiveThread(locked, true); err != nil { // a moderator's "Lock thread"
		t.Fatal(err)
	}
	archived := func(id string) bool {
		th, _ := w.srv.Channel(id)
		return th.ThreadMetadata.Archived
	}

	w.clock.Advance(3 * 24 * time.Hour)
	w.doIn(live, "ben", "/volo move move:h7") // activity: the thread archives a week after it
	w.clock.Advance(4*24*time.Hour + time.Minute)
	if n := w.srv.ArchiveIdleThreads(); n != 0 {
		t.Fatalf("%d threads archived a week after the start, but 4 days after the last move", n)
	}
	w.runDue() // the first look, a week after the start, finds the thread open
	w.clock.Advance(3 * 24 * time.Hour)
	if n := w.srv.ArchiveIdleThreads(); n != 1 || !archived(live) {
		t.Fatalf("%d threads archived a week after the last move, want the live game's", n)
	}
	w.runDue() // the next look, a week after the last move
	if archived(live) {
		t.Fatal("the live game's thread is still archived")
	}
	if msg := w.doIn(live, "ana", "/volo move move:d5"); !strings.Contains(msg.Content, "d5 · move 3") {
		t.Errorf("a move in the unarchived thread: %q", msg.Content)
	}
	if !archived(locked) {
		t.Error("the locked thread was unarchived")
	}
	for _, r := range w.srv.RequestsTo("PATCH /channels/{channel_id}") {
		if strings.HasSuffix(r.Path, "/channels/"+locked) {
			t.Error("the bot changed the locked thread")
		}
	}

	// A game with no look yet (one started under a gateway) is given one
	// at the start: a week after its last change.
	g, err := w.store.Get(live)
	if err != nil {
		t.Fatal(err)
	}
	g.CheckThreadAt = time.Time{}
	if err := w.store.Update(g); err != nil {
		t.Fatal(err)
	}
	if err := w.srv.DeleteChannel(live); err != nil { // unheard, without a gateway
		t.Fatal(err)
	}
	w.restart()
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := waitUntil(ctx, func() bool {
		g, err := w.store.Get(live)
		return err == nil && g.CheckThreadAt.Equal(g.Updated.Add(7*24*time.Hour))
	}); err != nil {
		t.Fatalf("the game was given no look at the start: %v", err)
	}
	w.passTime(7*24*time.Hour - time.Minute)
	if w.storedVersion(live) == 0 {
		t.Fatal("the game was called off before its look")
	}
	w.passTime(time.Minute)
	w.waitGone(live)
	w.bothTold("Your Volo game between ana and ben is called off: its channel is gone")
	w.noValidationFailures()
}
