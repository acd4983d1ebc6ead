package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A correspondence game whose clock runs out spends the player's vacation
// days, a refill of the time per move at a time, to the minute, and says
// so in the channel with the days left; once they are gone the player
// loses on time, and the loss says the days were spent. A restart between
// the refills changes nothing; a move made after the deadline, before
// the scheduler saw it, is played on a refill too.
func TestVacationSpentWhenTimeRunsOut(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		late bool // ben moves after his first deadline, before the scheduler
	}{
		{name: "the scheduler refills"},
		{name: "a late move refills", late: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorldWith(t, worldOptions{vacationDays: 2})
			w.startGame(w.channel, "time_per_move:24h")
			w.do("ana", "/volo move move:f5")
			first := w.stored(w.channel).Deadline
			refilled := func(deadline time.Time, spent, left string) string {
				return fmt.Sprintf("Blue (ben)'s time ran out, and %s of their vacation refills it: their time now runs out %s. %s of vacation left this year.", spent, when(deadline), left)
			}
			if tt.late {
				w.clock.Advance(first.Sub(w.clock.Now()) + 3*time.Hour)
				if msg := w.do("ben", "/volo move move:h7"); !strings.Contains(msg.Content, "h7 · move 2") {
					t.Fatalf("ben's move after his deadline, with vacation left: %q", msg.Content)
				}
				w.saidOnce(w.channel, refilled(first.Add(24*time.Hour), "1 day", "1 day"))
				w.do("ana", "/volo move move:f3")
				first = w.stored(w.channel).Deadline
			}
			w.passTime(first.Sub(w.clock.Now()) - time.Minute)
			if g := w.stored(w.channel); !g.Deadline.Equal(first) || g.Outcome.Over() {
				t.Fatalf("a minute before the deadline: %v, %v", g.Deadline, g.Outcome)
			}
			w.passTime(time.Minute)
			days := []string{"1 day", "0 days"}
			if tt.late {
				days = []string{"0 days"}
			}
			deadline := first
			for _, left := range days {
				deadline = deadline.Add(24 * time.Hour)
				g := w.stored(w.channel)
				if !g.Deadline.Equal(deadline) || g.Outcome.Over() {
					t.Fatalf("after a refill: deadline %v, %v; want %v, the game on", g.Deadline, g.Outcome, deadline)
				}
				w.saidOnce(w.channel, refilled(deadline, "1 day", left))
				w.restart()
				if msg := w.do("ben", "/volo profile"); !strings.Contains(msg.Content, "**Vacation:** "+left+" left this year") {
					t.Errorf("ben's profile: %q", msg.Content)
				}
				w.passTime(deadline.Sub(w.clock.Now()))
			}
			w.saidOnce(w.channel, "Blue (ben) ran out of time, after spending their 2 vacation days. Orange wins")
			if msg := w.do("ben", "/volo mygames"); !strings.Contains(msg.Content, "**Vacation:** 0 days left this year") {
				t.Errorf("ben's games: %q", msg.Content)
			}
			w.noValidationFailures()
		})
	}
}

// /volo vacation on stops ben's clocks in his three correspondence games:
// his deadlines move on while it lasts (across a restart), a move of ana's
// during it starts his clock only when it ends, and /volo vacation off
// gives each game back the time he had, the days it lasted spent (rounded
// up to the minute). Each channel hears of both.
func TestManualVacationPausesThreeGames(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{vacationDays: 3})
	channels := []string{w.channel, w.addChannel(w.guild, "second"), w.addChannel(w.guild, "third")}
	for _, ch := range channels {
		w.startGame(ch, "time_per_move:24h")
		w.doIn(ch, "ana", "/volo move move:f5")
	}
	// In the third, ben moves: ana is to move when his vacation starts.
	w.doIn(channels[2], "ben", "/volo move move:h7")
	w.passTime(2 * time.Hour)
	before := map[string]time.Time{}
	for _, ch := range channels {
		before[ch] = w.stored(ch).Deadline
	}
	start := w.clock.Now()
	if msg := w.do("ben", "/volo vacation state:on"); !strings.Contains(msg.Content, "Your vacation has begun") || msg.Flags&64 == 0 {
		t.Fatalf("ben's vacation: %q", msg.Content)
	}
	until := start.Add(72 * time.Hour)
	for _, ch := range channels {
		w.saidOnce(ch, "ben is on vacation: their clock in this game is stopped until they come back, "+when(until)+" at the latest.")
	}
	for _, ch := range channels[:2] {
		if got, want := w.stored(ch).Deadline, before[ch].Add(72*time.Hour); !got.Equal(want) {
			t.Errorf("%s: ben's deadline %v, want %v", ch, got, want)
		}
	}
	if got := w.stored(channels[2]).Deadline; !got.Equal(before[channels[2]]) {
		t.Errorf("ana's clock moved: %v, want %v", got, before[channels[2]])
	}
	if msg := w.do("ben", "/volo vacation state:on"); !strings.Contains(msg.Content, "You are already on vacation") {
		t.Errorf("a second start: %q", msg.Content)
	}
	w.restart()
	w.passTime(30*time.Hour - time.Second) // past the deadlines he had: nothing runs out
	for _, ch := range channels[:2] {
		if g := w.stored(ch); g.Outcome.Over() {
			t.Fatalf("%s ended during the vacation: %v", ch, g.Outcome)
		}
	}
	w.doIn(channels[2], "ana", "/volo move move:f3")
	if got, want := w.stored(channels[2]).Deadline, until.Add(24*time.Hour); !got.Equal(want) {
		t.Errorf("ben's clock after ana's move during his vacation: %v, want %v", got, want)
	}
	if msg := w.do("ben", "/volo mygames"); !strings.Contains(msg.Content, "**Vacation:** on vacation until "+when(until)+" at the latest, 1 day 18 h 00 min left this year") {
		t.Errorf("ben's games during his vacation: %q", msg.Content)
	}
	w.passTime(time.Second)
	end := w.clock.Now() // 30 hours after the start
	msg := w.do("ben", "/volo vacation state:off")
	if want := "Welcome back: your vacation lasted 1 day 6 h 00 min, and your clocks run again. 1 day 18 h 00 min of vacation left this year."; msg.Content != want {
		t.Errorf("ben's return: %q, want %q", msg.Content, want)
	}
	for _, ch := range channels {
		w.saidOnce(ch, "ben is back from vacation: their clock in this game runs again.")
	}
	for _, ch := range channels[:2] {
		if got, want := w.stored(ch).Deadline, before[ch].Add(30*time.Hour); !got.Equal(want) {
			t.Errorf("%s: ben's deadline after his vacation %v, want %v", ch, got, want)
		}
	}
	if got, want := w.stored(channels[2]).Deadline, end.Add(24*time.Hour); !got.Equal(want) {
		t.Errorf("ben's clock in the game ana moved in: %v, want %v", got, want)
	}
	if msg := w.do("ben", "/volo profile"); !strings.Contains(msg.Content, "**Vacation:** 1 day 18 h 00 min left this year") {
		t.Errorf("ben's profile after his vacation: %q", msg.Content)
	}
	if msg := w.do("ben", "/volo vacation state:off"); !strings.Contains(msg.Content, "You are not on vacation. Nothing was changed.") {
		t.Errorf("a second return: %q", msg.Content)
	}
	w.noValidationFailures()
}

// A vacation taken by hand ends by itself when the year's days are gone,
// across a restart: the clocks run again from where they stopped, the
// player is told by direct message and each channel hears of it; when
// his time then runs out, he loses, the days spent.
func TestManualVacationEndsWhenTheDaysAreGone(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{vacationDays: 1})
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	w.passTime(20 * time.Hour)
	had := w.stored(w.channel).Deadline
	w.do("ben", "/volo vacation state:on")
	w.restart()
	w.passTime(24*time.Hour - time.Minute)
	if len(w.said(w.channel, "vacation days are spent")) != 0 {
		t.Fatal("the vacation ended a minute early")
	}
	if msg := w.do("ben", "/volo mygames"); !strings.Contains(msg.Content, "at the latest, 0 h 01 min left this year") {
		t.Errorf("ben's games in the last minute of his vacation: %q", msg.Content)
	}
	w.passTime(time.Minute)
	w.saidOnce(w.channel, "ben's vacation days are spent: their clock in this game runs again.")
	if got := w.dms("ben", "Your vacation days for this year are spent: your vacation has ended"); len(got) != 1 {
		t.Errorf("%d direct messages tell ben his vacation ended, want 1", len(got))
	}
	if got, want := w.stored(w.channel).Deadline, had.Add(24*time.Hour); !got.Equal(want) {
		t.Errorf("ben's deadline after his vacation %v, want %v", got, want)
	}
	w.passTime(4 * time.Hour)
	w.saidOnce(w.channel, "Blue (ben) ran out of time, after spending their 1 vacation day. Orange wins")
	w.noValidationFailures()
}

// French-speaking players hear of a vacation in French: its start, its
// end when the days are gone, and the loss on time after it.
func TestAFrenchVacation(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{vacationDays: 1})
	if err := w.srv.SetGuildLocale(w.guild, "fr"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ana", "ben"} {
		if err := w.srv.SetLocale(name, "fr"); err != nil {
			t.Fatal(err)
		}
	}
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	if msg := w.do("ben", "/volo vacation state:on"); !strings.HasPrefix(msg.Content, "Vos vacances ont commencé") {
		t.Errorf("ben's vacation: %q", msg.Content)
	}
	w.saidOnce(w.channel, "ben est en vacances\u00a0: sa pendule dans cette partie est arrêtée")
	w.passTime(24 * time.Hour)
	w.saidOnce(w.channel, "Les jours de vacances de ben sont épuisés")
	if msg := w.do("ben", "/volo profile"); !strings.Contains(msg.Content, "**Vacances\u00a0:** il reste 0 jour cette année") {
		t.Errorf("ben's profile: %q", msg.Content)
	}
	w.passTime(24 * time.Hour)
	w.saidOnce(w.channel, "(ben) n’a plus de temps, après avoir épuisé son jour de vacances.")
	w.noValidationFailures()
}

// Vacation days count per calendar year (UTC): days spent in one year are
// back on January 1st; a refill is what is left of the days when that is
// less than the time per move.
func TestVacationDaysComeBackEachYear(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{vacationDays: 1})
	w.do("ben", "/volo vacation state:on")
	w.passTime(24 * time.Hour) // the day spent, in 2026
	if msg := w.do("ben", "/volo profile"); !strings.Contains(msg.Content, "**Vacation:** 0 days left this year") {
		t.Fatalf("ben's profile with his day spent: %q", msg.Content)
	}
	if msg := w.do("ben", "/volo vacation state:on"); !strings.Contains(msg.Content, "You have no vacation left this year. Nothing was changed.") {
		t.Errorf("a vacation without days: %q", msg.Content)
	}
	w.passTime(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).Sub(w.clock.Now()))
	if msg := w.do("ben", "/volo profile"); !strings.Contains(msg.Content, "**Vacation:** 1 day left this year") {
		t.Errorf("ben's profile on January 1st: %q", msg.Content)
	}
	w.startGame(w.channel, "time_per_move:3d")
	w.do("ana", "/volo move move:f5")
	deadline := w.stored(w.channel).Deadline
	w.passTime(3 * 24 * time.Hour)
	w.saidOnce(w.channel, "Blue (ben)'s time ran out, and 1 day of their vacation refills it: their time now runs out "+when(deadline.Add(24*time.Hour))+". 0 days of vacation left this year.")
	w.passTime(24 * time.Hour)
	w.saidOnce(w.channel, "Blue (ben) ran out of time, after spending their 1 vacation day. Orange wins")
	w.noValidationFailures()
}
