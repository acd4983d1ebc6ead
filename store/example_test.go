package store_test

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// The life of a game: a challenge, accepted, moves, a lost race, the end.
func Example() {
	dir, _ := os.MkdirTemp("", "volo")
	defer os.RemoveAll(dir)
	st, err := store.Open(filepath.Join(dir, "volo.db"), store.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()

	challenge := &store.Game{
		Guild:   "111",
		Channel: "222",
		Status:  store.Challenge,
		Players: [2]store.Player{{ID: "333", Name: "ana"}, {ID: "444", Name: "ben"}},
		Rules:   engine.Standard,
	}
	if err := st.Create(challenge); err != nil {
		log.Fatal(err)
	}
	err = st.Create(&store.Game{Channel: "222", Status: store.Challenge})
	fmt.Println("a second challenge:", err)

	g, _ := st.Get("222") // ben accepts
	g.Status = store.Active
	if err := st.Update(g); err != nil {
		log.Fatal(err)
	}
	g, _ = st.AppendMove("222", g.Version, store.Move{Notation: "f5", Player: "333"})
	_, err = st.AppendMove("222", g.Version-1, store.Move{Notation: "b2", Player: "444"})
	fmt.Println("a move on a stale read:", errors.Is(err, store.ErrConflict))

	g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	if err := st.Finish(g); err != nil {
		log.Fatal(err)
	}
	history, _ := st.History("444", "", 10)
	fmt.Println("ben's history:", len(history), "game,", history[0].Outcome)
	// Output:
	// a second challenge: this channel already has a game or a challenge
	// a move on a stale read: true
	// ben's history: 1 game, Orange wins: Blue resigned.
}

// The scheduler's loop: act on what is due, then sleep until the next.
func ExampleStore_Due() {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	st, _, done := openExample(store.Options{Clock: func() time.Time { return now }})
	defer done()
	for i, hours := range []int{1, 3} {
		g := &store.Game{Channel: fmt.Sprint("c", i), Status: store.Active, Deadline: now.Add(time.Duration(hours) * time.Hour)}
		if err := st.Create(g); err != nil {
			log.Fatal(err)
		}
	}

	now = now.Add(2 * time.Hour)
	due, _ := st.Due(now)
	for _, g := range due {
		fmt.Println(g.Channel, "ran out of time")
		g.Deadline = time.Time{} // a real scheduler would end the game
		if err := st.Update(g); err != nil {
			log.Print(err) // ErrConflict: the player moved meanwhile
		}
	}
	next, ok, _ := st.NextDue()
	fmt.Println("next:", next.Sub(now), ok)
	// Output:
	// c0 ran out of time
	// next: 1h0m0s true
}

// A game's plain-text record, as "volo db export" prints it.
func ExampleGame_Record() {
	g := &store.Game{
		Channel: "222",
		Players: [2]store.Player{{ID: "333", Name: "ana"}, {ID: "444", Name: "ben"}},
		Moves:   []store.Move{{Notation: "f5"}, {Notation: "h7"}},
		Outcome: engine.Outcome{Result: engine.Draw, Reason: engine.AgreedDraw},
	}
	rec, err := g.Record()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(rec)
	// Output:
	// [Rules "standard"]
	// [Orange "ana"]
	// [Blue "ben"]
	// [OrangeID "333"]
	// [BlueID "444"]
	// [Channel "222"]
	// [Result "1/2-1/2"]
	// [Reason "agreed draw"]
	//
	// 1. f5
	// 2. h7
}

// Operators' tools open the file read-only; they fail at once while the
// bot has it.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "volo")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "volo.db")
	bot, err := store.Open(path, store.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer bot.Close()
	_, err = store.Open(path, store.Options{ReadOnly: true})
	if errors.Is(err, store.ErrLocked) {
		fmt.Println("volo db:", store.ErrLocked)
	}
	// Output: volo db: database is locked by another process
}

// A backup while the bot plays on: a file Open reads like the original.
func ExampleStore_BackupFile() {
	st, dir, done := openExample(store.Options{})
	defer done()
	if err := st.Create(&store.Game{Channel: "222", Status: store.Active}); err != nil {
		log.Fatal(err)
	}
	backup := filepath.Join(dir, "volo-backup.db")
	if _, err := st.BackupFile(backup); err != nil {
		log.Fatal(err)
	}
	copied, err := store.Open(backup, store.Options{ReadOnly: true})
	if err != nil {
		log.Fatal(err)
	}
	defer copied.Close()
	g, err := copied.Get("222")
	fmt.Println(g.Status, err)
	// Output: active <nil>
}

// A finished game counts in its players' standings, everywhere and in its
// server; a rated one settles their Glicko-2 ratings.
func ExampleStore_Standing() {
	st, _, done := openExample(store.Options{})
	defer done()

	g := &store.Game{
		Guild: "111", Channel: "222", Status: store.Active, Rules: engine.Standard,
		Players: [2]store.Player{{ID: "333", Name: "ana"}, {ID: "444", Name: "ben"}},
	}
	if err := st.Create(g); err != nil {
		log.Fatal(err)
	}
	g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	preview, _ := st.Preview(g)
	if err := st.Finish(g); err != nil {
		log.Fatal(err)
	}
	ana, _ := st.Standing(store.Global, "333")
	ben, _ := st.Standing("111", "444")
	fmt.Println("ana everywhere:", ana.Rating, ana.Won, "won")
	fmt.Println("ben in the server:", ben.Rating, ben.Lost, "lost")
	fmt.Println("as previewed:", preview == g.Ratings)
	// Output:
	// ana everywhere: 1662 ± 290? 1 won
	// ben in the server: 1338 ± 290? 1 lost
	// as previewed: true
}

// openExample opens a store with opts in a new temporary directory, dir;
// done closes it and removes the directory.
func openExample(opts store.Options) (st *store.Store, dir string, done func()) {
	dir, err := os.MkdirTemp("", "volo")
	if err != nil {
		log.Fatal(err)
	}
	st, err = store.Open(filepath.Join(dir, "volo.db"), opts)
	if err != nil {
		os.RemoveAll(dir)
		log.Fatal(err)
	}
	return st, dir, func() {
		st.Close()
		os.RemoveAll(dir)
	}
}

// A bot beats while it runs; one that starts after the whole service was
// away gives every deadline that time back.
func ExampleStore_Resume() {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	st, _, done := openExample(store.Options{Clock: func() time.Time { return now }})
	defer done()
	g := &store.Game{Channel: "c1", Status: store.Active, Deadline: now.Add(time.Hour)}
	if err := st.Create(g); err != nil {
		log.Fatal(err)
	}
	if err := st.Beat(); err != nil { // every minute, and as the bot stops
		log.Fatal(err)
	}

	now = now.Add(5 * time.Hour) // the bot was down; the deadline fell meanwhile
	away, err := st.Resume(3 * time.Minute)
	if err != nil {
		log.Fatal(err)
	}
	g, _ = st.Get("c1")
	fmt.Printf("away %v from %s, time given to %d game\n", away.Duration(), away.From.Format(time.Kitchen), away.Games)
	fmt.Println("the deadline is", g.Deadline.Format(time.Kitchen)+": an hour away, as when the bot went")

	now = now.Add(time.Minute) // a restart
	away, _ = st.Resume(3 * time.Minute)
	fmt.Println("after a restart:", away.Duration())
	// Output:
	// away 5h0m0s from 12:00PM, time given to 1 game
	// the deadline is 6:00PM: an hour away, as when the bot went
	// after a restart: 0s
}
