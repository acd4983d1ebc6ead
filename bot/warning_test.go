package bot_test

import (
	"strings"
	"testing"
	"time"
)

// A correspondence game warns the player to move twice: at a quarter of
// the time left, and again with one hour left, in the channel or by
// direct message for notify:dm; the warning survives a restart between
// the two. A game whose reminder already leaves an hour or less (1h and
// 4h per move) has no second warning.
func TestTheOneHourWarning(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		dm       bool
		per      string
		reminder time.Duration // after ana's move
		warning  time.Duration // after ana's move; zero: none
	}{
		{name: "channel", per: "24h", reminder: 18 * time.Hour, warning: 23 * time.Hour},
		{name: "dm", dm: true, per: "24h", reminder: 18 * time.Hour, warning: 23 * time.Hour},
		{name: "reminder at an hour left", per: "4h", reminder: 3 * time.Hour},
		{name: "an hour per move", per: "1h", reminder: 45 * time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			if tt.dm {
				w.do("ben", "/volo settings notify:dm")
			}
			w.startGame(w.channel, "time_per_move:"+tt.per)
			w.do("ana", "/volo move move:f5")
			deadline := when(w.stored(w.channel).Deadline)
			reminders := func() (quarter, hour int) {
				if tt.dm {
					return len(w.dms("ben", "A reminder: It is your move as Blue")), len(w.dms("ben", "One hour left: It is your move as Blue"))
				}
				return len(w.said(w.channel, "a reminder: it is your move as Blue, and your time runs out "+deadline)),
					len(w.said(w.channel, "one hour left: it is your move as Blue, and your time runs out "+deadline))
			}
			w.passTime(tt.reminder - time.Minute)
			if q, h := reminders(); q+h != 0 {
				t.Fatalf("before the reminder: %d reminders, %d warnings", q, h)
			}
			w.passTime(time.Minute)
			if q, h := reminders(); q != 1 || h != 0 {
				t.Fatalf("at the reminder: %d reminders, %d warnings; want 1, 0", q, h)
			}
			w.restart()
			if tt.warning == 0 {
				w.passTime(w.stored(w.channel).Deadline.Sub(w.clock.Now()) - time.Second)
				if q, h := reminders(); q != 1 || h != 0 {
					t.Errorf("just before the deadline: %d reminders, %d warnings; want 1, 0", q, h)
				}
				return
			}
			w.passTime(tt.warning - tt.reminder - time.Minute)
			if q, h := reminders(); q != 1 || h != 0 {
				t.Fatalf("a minute before the warning: %d reminders, %d warnings; want 1, 0", q, h)
			}
			w.passTime(time.Minute)
			if q, h := reminders(); q != 1 || h != 1 {
				t.Fatalf("an hour before the deadline: %d reminders, %d warnings; want 1, 1", q, h)
			}
			if tt.dm {
				if got := w.said(w.channel, "one hour left"); len(got) != 0 {
					t.Errorf("the warning went to the channel too: %q", got[0].Content)
				}
			} else {
				w.saidOnce(w.channel, "one hour left: it is your move as Blue", "ben")
			}
			w.passTime(59 * time.Minute)
			if q, h := reminders(); q != 1 || h != 1 {
				t.Errorf("a minute before the deadline: %d reminders, %d warnings; want 1, 1", q, h)
			}
			if msg := w.do("ben", "/volo move move:h7"); !strings.Contains(msg.Content, "h7 · move 2") {
				t.Errorf("ben's move in his last minute: %q", msg.Content)
			}
			w.noValidationFailures()
		})
	}
}
