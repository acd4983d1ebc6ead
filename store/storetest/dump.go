package storetest

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// Populate fills db with one of everything a database keeps: games being
// played and finished, announcements, standings, settings, puzzles,
// interactions taken, tournaments (one running, its first round being
// played, and one open with a scheduled start), the last time the bot was
// alive. It moves clock on as it goes.
func Populate(t *testing.T, db store.Database, clock func(time.Duration)) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	full := fullGame()
	must(db.Create(full, &store.Announcement{Channel: "c1", Body: []byte("begins")}))
	challenge := newGame("c2")
	challenge.Status, challenge.Players[1], challenge.Deadline = store.Challenge, store.Player{}, epoch.Add(time.Hour)
	must(db.Create(challenge))
	dm := newGame("dm1")
	dm.Guild, dm.RemindAt = "", epoch.Add(30*time.Minute)
	must(db.Create(dm))
	for i, result := range []engine.Result{engine.OrangeWins, engine.Draw, engine.BlueWins} {
		clock(time.Minute)
		g := newGame(fmt.Sprint("done", i%2))
		g.Players[1] = []store.Player{ben, cat, easy}[i]
		must(db.Create(g))
		g.Moves = []store.Move{{Notation: "f5", Player: ana.ID}}
		g.Outcome = engine.Outcome{Result: result, Reason: engine.Resignation}
		must(db.Finish(g, &store.Announcement{Channel: g.Channel, Body: []byte{0, 1, 2, 0xff}}))
	}
	deleted := mustCreate(t, db, newGame("gone"))
	must(db.Delete(deleted))
	must(db.Announce(&store.Announcement{Channel: "c9", Body: []byte("notice")}))
	must(db.SetSettings("g1", store.GuildSettings{Threads: true, PuzzleChannel: "c5", PuzzleLang: "fr"}))
	must(db.SetUserSettings(ana.ID, store.UserSettings{Notify: store.NotifyDM, Theme: "light"}))
	must(db.SetUserSettings(ben.ID, store.UserSettings{Notify: store.NotifyOff}))
	_, _, err := db.SetDailyPuzzle(store.DailyPuzzle{Guild: "g1", Date: "2026-03-01", ID: "p1", Line: lineA, Channel: "c5"})
	must(err)
	_, err = db.AnswerPuzzle(store.PuzzleAnswer{User: ben.ID, Puzzle: "p1", Solved: true, Guild: "g1", Daily: "2026-03-01"})
	must(err)
	must(db.SetPuzzleAttempt(ana.ID, store.PuzzleAttempt{ID: "p2", Line: lineB, Guild: "g1", Channel: "c5", Started: epoch}))
	must(db.AddPoolPuzzles(
		store.PoolPuzzle{Guild: "g1", ID: "p1", Line: lineA, Difficulty: "easy", Game: "x", Found: epoch},
		store.PoolPuzzle{ID: "p2", Line: lineB, Difficulty: "medium", Found: epoch},
	))
	must(db.TakeInteraction("1300000000000000001"))
	must(db.SetPlans(full, full.Players[1].ID, []string{"a3 c3"}))
	must(db.SetVacation(ana.ID, store.Vacation{Year: epoch.Year(), Used: 90, Since: epoch, Until: epoch.Add(48 * time.Hour)}))
	must(db.SetVacation(ben.ID, store.Vacation{Year: epoch.Year(), Used: 1440}))
	_, err = db.SpendFollowUp("1300000000000000002", 5)
	must(err)
	cup := newTournament("Cup", tournament.RoundRobin, 0)
	must(db.CreateTournament(cup))
	for _, p := range []store.Player{ana, ben, cat} {
		cup, err = db.JoinTournament(cup.ID, store.Entrant{ID: p.ID, Name: p.Name})
		must(err)
	}
	must(db.StartTournament(cup))
	must(db.CommitRound(cup, roundGames(t, cup), &store.Announcement{Channel: cup.Thread, Body: []byte("round 1")}))
	later := newTournament("Later", tournament.Swiss, 4)
	later.StartAt = epoch.Add(48 * time.Hour)
	must(db.CreateTournament(later))
	must(db.Beat())
}

// Entries returns every entry of db, in the order its Dump gives them.
func Entries(t *testing.T, db store.Database) []store.Entry {
	t.Helper()
	var out []store.Entry
	if err := db.Dump(func(e store.Entry) error {
		out = append(out, e)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// SameEntries reports the first difference between two dumps, "" if they
// are the same.
func SameEntries(a, b []store.Entry) string {
	for i := range min(len(a), len(b)) {
		if a[i].Kind != b[i].Kind || a[i].Key != b[i].Key || !bytes.Equal(a[i].Value, b[i].Value) {
			return fmt.Sprintf("entry %d: %s = %q, and %s = %q", i, a[i], a[i].Value, b[i], b[i].Value)
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("%d entries and %d", len(a), len(b))
	}
	return ""
}

func testACopyReadsBackTheSame(t *testing.T, e *env) {
	Populate(t, e.db, e.clock.Advance)
	want := Entries(t, e.db)
	cp := e.b.Open(t, e.clock.Now)
	if err := cp.Load(e.db.Dump); err != nil {
		t.Fatal(err)
	}
	if diff := SameEntries(Entries(t, cp), want); diff != "" {
		t.Errorf("the copy's dump differs from the original's: %s", diff)
	}
	mustCheck(t, cp)
	same := func(what string, f func(db store.Database) (any, error)) {
		t.Helper()
		a, errA := f(e.db)
		b, errB := f(cp)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the original gives %+v (%v), the copy %+v (%v)", what, a, errA, b, errB)
		}
	}
	same("Get", func(db store.Database) (any, error) { return db.Get("c1") })
	same("ListUser", func(db store.Database) (any, error) { return db.ListUser(ana.ID) })
	same("ListGuild", func(db store.Database) (any, error) { return db.ListGuild("g1") })
	same("ActiveGuilds", func(db store.Database) (any, error) { return db.ActiveGuilds() })
	same("Numbered active", func(db store.Database) (any, error) { g, _ := db.Get("c1"); return db.Numbered(g.Scope(), g.Number) })
	same("Numbered finished", func(db store.Database) (any, error) { return db.Numbered("g1", 1) })
	same("History", func(db store.Database) (any, error) { return db.History(ana.ID, "", 0) })
	same("ChannelHistory", func(db store.Database) (any, error) { return db.ChannelHistory("done0", "", 0) })
	same("GuildHistory", func(db store.Database) (any, error) { return db.GuildHistory("g1", "", 0) })
	same("Due", func(db store.Database) (any, error) { return db.Due(epoch.Add(time.Hour)) })
	same("NextDue", func(db store.Database) (any, error) { next, _, err := db.NextDue(); return next, err })
	same("Pending", func(db store.Database) (any, error) { return db.Pending() })
	same("Standings", func(db store.Database) (any, error) { return db.Standings(store.Global) })
	same("Standing", func(db store.Database) (any, error) { return db.Standing("g1", ana.ID) })
	same("Settings", func(db store.Database) (any, error) { return db.Settings("g1") })
	same("PuzzleChannels", func(db store.Database) (any, error) { return db.PuzzleChannels() })
	same("UserSettings", func(db store.Database) (any, error) { return db.UserSettings(ana.ID) })
	same("PuzzleStreak", func(db store.Database) (any, error) { return db.PuzzleStreak(ben.ID) })
	same("DailyPuzzles", func(db store.Database) (any, error) { return db.DailyPuzzles("g1", 0) })
	same("PuzzleAttempt", func(db store.Database) (any, error) { return db.PuzzleAttempt(ana.ID) })
	same("PoolPuzzles", func(db store.Database) (any, error) { return db.PoolPuzzles("") })
	same("Tournaments", func(db store.Database) (any, error) { return db.Tournaments("g1") })
	same("LiveTournaments", func(db store.Database) (any, error) { return db.LiveTournaments() })
	same("Stats", func(db store.Database) (any, error) {
		st, err := db.Stats()
		st.Size, st.Schema = 0, 0
		return st, err
	})
	// The copy goes on where the original stopped: new versions, IDs and
	// announcements come after the copied ones.
	g, _ := cp.Get("c1")
	last := g.Version
	for _, e := range want {
		if e.Kind == store.KindSequence && e.Key[0] == store.SeqVersion {
			last, _ = e.SeqValue()
		}
	}
	g.Moves = append(g.Moves, store.Move{Notation: "b2", Player: ben.ID})
	a := &store.Announcement{Channel: "c1", Body: []byte("b2")}
	if err := cp.Update(g, a); err != nil || g.Version <= last {
		t.Errorf("Update of the copy: version %d after %d, %v", g.Version, last, err)
	}
	if pending, _ := e.db.Pending(); len(pending) == 0 || a.ID <= pending[len(pending)-1].ID {
		t.Errorf("an announcement of the copy has ID %d, not after the copied ones", a.ID)
	}
	old, _ := e.db.History(ana.ID, "", 1)
	g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	if err := cp.Finish(g); err != nil || len(old) != 1 || g.ID <= old[0].ID {
		t.Errorf("a game finished in the copy has ID %s, not after %v (%v)", g.ID, idsOf(old), err)
	}
	mustCheck(t, cp)
	// The copy knows when the bot was last alive: the time of a move
	// between backends is given back.
	e.clock.Advance(time.Hour)
	if a, err := cp.Resume(away); err != nil || a.Duration() != time.Hour || a.Games == 0 {
		t.Errorf("Resume of the copy an hour after the original's last Beat = %+v, %v; want an hour away", a, err)
	}
}

func testDumpGivesEveryKindInOrder(t *testing.T, e *env) {
	Populate(t, e.db, e.clock.Advance)
	entries := Entries(t, e.db)
	var kinds []store.Kind
	for i, en := range entries {
		if len(kinds) == 0 || kinds[len(kinds)-1] != en.Kind {
			kinds = append(kinds, en.Kind)
		}
		if err := store.CheckEntry(en); err != nil {
			t.Errorf("entry %s: %v", en, err)
		}
		if i > 0 && en.Kind == entries[i-1].Kind && en.Kind != store.KindSequence && !keyBefore(en.Kind, entries[i-1].Key, en.Key) {
			t.Errorf("%s comes after %s", en, entries[i-1])
		}
	}
	if !slices.Equal(kinds, store.Kinds) {
		t.Errorf("the dump gives kinds %v, want %v", kinds, store.Kinds)
	}
	var seqs []string
	for _, en := range entries[:4] {
		seqs = append(seqs, en.Key[0])
	}
	if !slices.Equal(seqs, []string{store.SeqVersion, store.SeqFinished, store.SeqOutbox, store.SeqAlive}) {
		t.Errorf("the dump starts with sequences %v", seqs)
	}
}

// keyBefore reports whether key a of kind comes before b in a dump.
func keyBefore(kind store.Kind, a, b [2]string) bool {
	if kind == store.KindAnnouncement {
		var x, y uint64
		fmt.Sscan(a[0], &x)
		fmt.Sscan(b[0], &y)
		return x < y
	}
	return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
}

func testLoadRefusesANonEmptyDatabase(t *testing.T, e *env) {
	src := e.b.Open(t, e.clock.Now)
	Populate(t, src, e.clock.Advance)
	if err := e.db.SetUserSettings(ana.ID, store.UserSettings{Theme: "light"}); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Load(src.Dump); !errors.Is(err, store.ErrNotEmpty) {
		t.Errorf("Load into a database with settings: %v, want ErrNotEmpty", err)
	}
	if _, err := e.db.Get("c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused Load stored a game: %v", err)
	}
}

func testAFailedLoadChangesNothing(t *testing.T, e *env) {
	src := e.b.Open(t, e.clock.Now)
	Populate(t, src, e.clock.Advance)
	broken := errors.New("the source went away")
	n := 0
	err := e.db.Load(func(fn func(store.Entry) error) error {
		return src.Dump(func(en store.Entry) error {
			if n++; n == 12 {
				return broken
			}
			return fn(en)
		})
	})
	if !errors.Is(err, broken) {
		t.Fatalf("Load of a dump that fails: %v, want its error", err)
	}
	if got := Entries(t, e.db); len(got) > 4 { // the sequences alone
		t.Errorf("a failed Load left %d entries, the first %s", len(got), got[min(4, len(got)-1)])
	}
	bad := []store.Entry{
		{Kind: "nonsense", Key: [2]string{"x"}, Value: []byte("{}")},
		{Kind: store.KindFinished, Key: [2]string{"not an ID"}, Value: []byte("{}")},
		{Kind: store.KindAnnouncement, Key: [2]string{"-1"}, Value: []byte("{}")},
		{Kind: store.KindSequence, Key: [2]string{store.SeqOutbox}, Value: []byte("many")},
	}
	for _, en := range bad {
		if err := e.db.Load(func(fn func(store.Entry) error) error { return fn(en) }); err == nil {
			t.Errorf("Load of %s = %q succeeded", en, en.Value)
		}
	}
	mustCheck(t, e.db)
	if err := e.db.Load(src.Dump); err != nil {
		t.Errorf("Load after the failed ones: %v", err)
	}
}

func testLoadKeepsAnUnreadableRecord(t *testing.T, e *env) {
	src := e.b.Open(t, e.clock.Now)
	mustCreate(t, src, newGame("c1"))
	mustCreate(t, src, newGame("c2"))
	e.b.PutRaw(t, src, store.Entry{Kind: store.KindActive, Key: [2]string{"c2"}, Value: []byte("{")})
	if err := e.db.Load(src.Dump); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Get("c2"); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("the unreadable record: %v, want ErrCorrupt", err)
	}
	if games, err := e.db.ListUser(ana.ID); len(games) != 1 || err != nil {
		t.Errorf("ListUser: %v, %v; want c1 alone", channels(games), err)
	}
	if diff := SameEntries(Entries(t, e.db), Entries(t, src)); diff != "" {
		t.Errorf("the copy's dump differs: %s", diff)
	}
	if err := e.db.Discard("c2"); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, e.db)
}
