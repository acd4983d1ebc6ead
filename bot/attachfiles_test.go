package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// withoutAttachFiles takes Attach Files from the bot in the world's
// server, as a channel's permissions can: it may still post there.
func (w *world) withoutAttachFiles() {
	w.t.Helper()
	for _, r := range w.srv.Roles(w.guild) {
		if r.Permissions&fakediscord.PermAttachFiles == 0 {
			continue
		}
		if _, err := w.srv.SetRolePermissions(w.guild, r.ID, r.Permissions&^fakediscord.PermAttachFiles); err != nil {
			w.t.Fatal(err)
		}
	}
}

// Where the bot may post but not attach files, no game or puzzle of the
// day starts: every move is a picture of the board.
func TestNoGameWhereTheBotMayNotAttachFiles(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addManager("dora")
	w.withoutAttachFiles()
	for _, line := range []string{"/volo challenge opponent:@ben", "/volo challenge", "/volo challenge opponent:@" + w.srv.Bot().Username} {
		if msg := w.do("ana", line); msg.Flags&64 == 0 || !strings.HasPrefix(msg.Content, "I may not attach files in this channel, and every move is shown as a picture of the board.") {
			t.Errorf("%s: %q", line, msg.Content)
		}
	}
	if v := w.storedVersion(w.channel); v != 0 {
		t.Errorf("a refused challenge left a record, version %d", v)
	}
	if msg := w.do("dora", "/volo settings daily_puzzle:true"); !strings.HasSuffix(msg.Content, "A server manager can give me Attach Files here. Nothing was changed.") {
		t.Errorf("a puzzle of the day where the bot may not attach files: %q", msg.Content)
	}
	w.noValidationFailures()
}

// A game whose channel stops letting the bot attach files goes on: the
// computer's move comes without its board, saying why in the game's
// language, rather than not at all.
func TestMoveWithoutItsBoardWhereFilesAreRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang        string
		world       func(*testing.T) *world
		move, board string
	}{
		{"English", func(t *testing.T) *world { return newWorld(t) }, " · move 2 · ",
			"The board is missing: I may not attach files in this channel. A server manager can give me Attach Files here."},
		{"French", newFrenchWorld, " · coup 2 · ",
			"Il manque le plateau\u00a0: je ne peux pas joindre de fichiers dans ce salon. Un gestionnaire du serveur peut m’y accorder «\u00a0Joindre des fichiers\u00a0»."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			t.Parallel()
			w := tc.world(t)
			w.do("ana", "/volo challenge opponent:@"+w.srv.Bot().Username+" colour:orange level:easy")
			w.withoutAttachFiles()
			w.do("ana", "/volo move move:f5")
			m := w.waitForPublic(tc.board)
			if !strings.Contains(m.Content, tc.move) || !strings.HasSuffix(m.Content, "\n"+tc.board) || len(m.Attachments) != 0 {
				t.Errorf("the computer's move where files are refused: %q with %d files", m.Content, len(m.Attachments))
			}
			if buttonWithLabel(t, &m, "") == "" {
				t.Error("the move without its board has no button to make a move")
			}
			w.noValidationFailures()
		})
	}
}

// waitForPublic waits for a public message in the world's channel that
// says s, and returns the last one.
func (w *world) waitForPublic(s string) fakediscord.Message {
	w.t.Helper()
	deadline := time.Now().Add(answerWait())
	for {
		if m := w.lastPublic(); strings.Contains(m.Content, s) {
			return m
		} else if time.Now().After(deadline) {
			w.t.Fatalf("no message says %q; the last: %q", s, m.Content)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A game that ends on the bot's own word (here a loss on time) where the
// bot may no longer attach files still says how it ended, and that its
// board, record and replay are missing.
func TestGameEndWithoutItsFilesWhereFilesAreRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:1h")
	w.withoutAttachFiles()
	w.passTime(2 * time.Hour)
	m := w.lastPublic()
	if !strings.Contains(m.Content, "ran out of time") || !strings.HasSuffix(m.Content, "\nThe files of this message are missing: I may not attach files in this channel. A server manager can give me Attach Files here.") || len(m.Attachments) != 0 {
		t.Errorf("a loss on time where files are refused: %q with %d files", m.Content, len(m.Attachments))
	}
	w.noValidationFailures()
}
