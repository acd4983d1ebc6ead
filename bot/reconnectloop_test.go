package bot_test

import (
	"context"
	"strings"
	"testing"
)

// A shard whose gateway connection is made 10 times within two minutes is
// caught in discordgo v0.29.0's reconnect loop, which would go on until
// Discord reset the token: the bot stops, saying why, and a supervisor
// starts it again on fresh sessions. (The stand-in's faults wait for the
// bot's first heartbeat, so these drops cannot start the loop itself.)
func TestReconnectLoopStopsTheBot(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{reconnect: true})
	for n := 2; n <= 10; n++ { // the first connection came with the start
		if ended, err := w.run.ended(0); ended {
			t.Fatalf("the bot stopped after %d connections: %v", n-1, err)
		}
		if err := w.srv.DropGateway(); err != nil {
			t.Fatalf("before connection %d: %v", n, err)
		}
		ctx, cancel := context.WithTimeout(t.Context(), answerWait())
		_, err := w.srv.WaitResumes(ctx, n-1)
		cancel()
		if err != nil {
			t.Fatalf("connection %d: %v", n, err)
		}
	}
	ended, err := w.run.ended(answerWait())
	if !ended {
		t.Fatal("the bot is still running after 10 connections")
	}
	if err == nil || !strings.Contains(err.Error(), "was made 10 times within 2m0s: discordgo v0.29.0 is most likely caught in its reconnect loop") {
		t.Fatalf("Run ended with %v, want the reconnect loop named", err)
	}
	if w.bot.Ready() == nil {
		t.Error("the bot still says it is ready")
	}
}
