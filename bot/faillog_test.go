package bot_test

import (
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/syncbuf"
)

// keptLines is how many of the bot's last warnings and errors a failed
// test shows.
const keptLines = 150

// failureLogger is the bot's logger in a test: every record on stderr
// when VOLO_TEST_LOG is set, and in any case its warnings and errors
// kept, and shown with the test's output if the test fails, so that a
// failure on a busy machine (CI's) says what the bot met on the way. Call
// it before the bot's run is set up: its cleanup runs after the bot's,
// when nothing logs any more.
func failureLogger(t testing.TB) *slog.Logger {
	t.Helper()
	var kept syncbuf.Buffer
	t.Cleanup(func() {
		if t.Failed() {
			if s := kept.String(); s != "" {
				lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
				if n := len(lines) - keptLines; n > 0 {
					lines = append([]string{fmt.Sprintf("(%d earlier lines left out)", n)}, lines[n:]...)
				}
				t.Logf("the bot's warnings and errors:\n%s", strings.Join(lines, "\n"))
			}
		}
	})
	keep := slog.NewTextHandler(&kept, &slog.HandlerOptions{Level: slog.LevelWarn})
	if os.Getenv("VOLO_TEST_LOG") == "" {
		return slog.New(keep)
	}
	return slog.New(slog.NewMultiHandler(keep, slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug})))
}
