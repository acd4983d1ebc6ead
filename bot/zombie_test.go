package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// A zombie gateway connection: open, but Discord acknowledges no
// heartbeat on it and sends nothing, keeping what it dispatches. The bot
// notices the missing ACK, closes the connection with a code that keeps
// its session, and resumes it: the move ana made meanwhile reaches it and
// is answered, and the session was never identified anew.
func TestZombieConnectionIsResumed(t *testing.T) {
	t.Parallel()
	// The ACK is awaited for less than the interval between heartbeats, as
	// the bot's default is for Discord's.
	w := newWorldWith(t, worldOptions{reconnect: true, ackTimeout: 300 * time.Millisecond,
		stand: func(o *fakediscord.Options) { o.HeartbeatInterval = time.Second }})
	w.startGame(w.channel)
	identified := len(w.srv.Identifies())
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	// The first heartbeat comes within an interval of HELLO.
	time.Sleep(1100 * time.Millisecond)
	if err := w.srv.ZombieGateway(); err != nil {
		t.Fatal(err)
	}
	if msg := w.do("ana", "/volo move move:f5"); !strings.Contains(msg.Content, "f5 · move 1") {
		t.Errorf("ana's move over a zombie connection: %q", msg.Content)
	}
	if _, err := w.srv.WaitResumes(ctx, 1); err != nil {
		t.Fatalf("no RESUME after the zombie: %v", err)
	}
	if n := len(w.srv.Identifies()); n != identified {
		t.Errorf("%d IDENTIFYs after the zombie, was %d: the session was not resumed", n, identified)
	}
	w.saidOnce(w.channel, "f5 · move 1 ·", "ben")
	w.noValidationFailures()
}

// A server's outage: Discord sends GUILD_DELETE with unavailable set,
// then GUILD_CREATE once it is back. Nothing is called off: the game goes
// on after it.
func TestOutageCallsNothingOff(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	version := w.storedVersion(w.channel)
	if err := w.srv.GuildOutage(w.guild); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the bot hears the GUILD_DELETE
	w.flush()
	if v := w.storedVersion(w.channel); v != version {
		t.Fatalf("the outage changed the game: version %d, was %d", v, version)
	}
	if got := w.dms("ana", "called off"); len(got) != 0 {
		t.Errorf("ana was told her game is called off: %q", got[0].Content)
	}
	if err := w.srv.GuildRestored(w.guild); err != nil {
		t.Fatal(err)
	}
	if msg := w.do("ben", "/volo move move:h7"); !strings.Contains(msg.Content, "h7 · move 2") {
		t.Errorf("ben's move after the outage: %q", msg.Content)
	}
	w.noValidationFailures()
}
