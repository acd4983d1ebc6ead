package storetest

import (
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// bodies returns the channel and body of each pending announcement.
func bodies(t *testing.T, db store.Database) []string {
	t.Helper()
	anns, err := db.Pending()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range anns {
		out = append(out, a.Channel+":"+string(a.Body))
	}
	return out
}

func testAnnouncementsCommitWithTheirChange(t *testing.T, e *env) {
	g := newGame("c1")
	start := &store.Announcement{Channel: "c1", Body: []byte("the game begins")}
	if err := e.db.Create(g, start); err != nil {
		t.Fatal(err)
	}
	if start.ID == 0 || !start.Created.Equal(epoch) {
		t.Errorf("the committed announcement has ID %d, created %v", start.ID, start.Created)
	}
	stale := *g
	e.clock.Advance(time.Minute)
	g.Moves = append(g.Moves, store.Move{Notation: "f5", Player: "100"})
	move := &store.Announcement{Channel: "c1", Body: []byte("ana f5")}
	dm := &store.Announcement{Channel: "dm-ben", Body: []byte("your move")}
	if err := e.db.Update(g, move, dm); err != nil {
		t.Fatal(err)
	}
	if move.ID <= start.ID || dm.ID <= move.ID {
		t.Errorf("IDs do not grow: %d, then %d and %d", start.ID, move.ID, dm.ID)
	}
	// A change that loses its race commits none of its announcements.
	lost := &store.Announcement{Channel: "c1", Body: []byte("never")}
	if err := e.db.Update(&stale, lost); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale update: %v", err)
	}
	if lost.ID != 0 {
		t.Errorf("a refused change gave its announcement ID %d", lost.ID)
	}
	end := &store.Announcement{Channel: "c1", Body: []byte("ana wins")}
	g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
	if err := e.db.Finish(g, end); err != nil {
		t.Fatal(err)
	}
	other := newGame("c2")
	mustCreate(t, e.db, other)
	called := &store.Announcement{Channel: "c2", Body: []byte("called off")}
	if err := e.db.Delete(other, called); err != nil {
		t.Fatal(err)
	}
	notice := &store.Announcement{Channel: "c3", Body: []byte("puzzle of the day")}
	if err := e.db.Announce(notice); err != nil {
		t.Fatal(err)
	}
	if notice.ID <= called.ID || !notice.Created.Equal(e.clock.Now()) {
		t.Errorf("Announce gave ID %d (after %d), created %v", notice.ID, called.ID, notice.Created)
	}
	want := []string{"c1:the game begins", "c1:ana f5", "dm-ben:your move", "c1:ana wins", "c2:called off", "c3:puzzle of the day"}
	if got := bodies(t, e.db); !slices.Equal(got, want) {
		t.Errorf("pending %q, want %q", got, want)
	}
	anns, _ := e.db.Pending()
	if len(anns) > 1 && (anns[1].ID != move.ID || !anns[1].Created.Equal(epoch.Add(time.Minute))) {
		t.Errorf("pending %d created %v, want %d created %v", anns[1].ID, anns[1].Created, move.ID, epoch.Add(time.Minute))
	}
	if st, _ := e.db.Stats(); st.Pending != 6 {
		t.Errorf("Stats.Pending = %d, want 6", st.Pending)
	}
	if err := e.db.Delivered(start.ID, move.ID, move.ID, 999_999); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Delivered(); err != nil {
		t.Errorf("Delivered of nothing: %v", err)
	}
	want = want[2:]
	if got := bodies(t, e.db); !slices.Equal(got, want) {
		t.Errorf("after delivery: pending %q, want %q", got, want)
	}
	if err := e.db.Delivered(start.ID); err != nil {
		t.Errorf("Delivered again: %v", err)
	}
	mustCheck(t, e.db)
}

func testAnnouncementsOfConcurrentChanges(t *testing.T, e *env) {
	const channels, moves = 4, 6
	var wg sync.WaitGroup
	errs := make(chan error, channels*moves)
	for c := range channels {
		channel := "c" + strconv.Itoa(c)
		g := mustCreate(t, e.db, newGame(channel))
		wg.Go(func() {
			for m := range moves {
				g.Moves = append(g.Moves, store.Move{Notation: "f5", Player: "100"})
				if err := e.db.Update(g, &store.Announcement{Channel: channel, Body: []byte(strconv.Itoa(m))}); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	anns, err := e.db.Pending()
	if err != nil {
		t.Fatal(err)
	}
	next := map[string]int{}
	for i, a := range anns {
		if i > 0 && a.ID <= anns[i-1].ID {
			t.Errorf("Pending is not in the order of IDs: %d after %d", a.ID, anns[i-1].ID)
		}
		if string(a.Body) != strconv.Itoa(next[a.Channel]) {
			t.Errorf("channel %s: announcement %q, want %d", a.Channel, a.Body, next[a.Channel])
		}
		next[a.Channel]++
	}
	if len(anns) != channels*moves {
		t.Errorf("%d pending, want %d", len(anns), channels*moves)
	}
}

func testAnnouncementNeedsAChannel(t *testing.T, e *env) {
	g := newGame("c1")
	if err := e.db.Create(g, &store.Announcement{Body: []byte("where?")}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("Create with an announcement without a channel: %v, want ErrInvalid", err)
	}
	if _, err := e.db.Get("c1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused game was stored: %v", err)
	}
	if err := e.db.Announce(&store.Announcement{Body: []byte("where?")}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("Announce without a channel: %v, want ErrInvalid", err)
	}
	if got := bodies(t, e.db); len(got) != 0 {
		t.Errorf("refused announcements are pending: %q", got)
	}
}

func testAnnouncementsSurviveAReopen(t *testing.T, e *env) {
	body := make([]byte, 70_000) // about a board image, every byte value
	for i := range body {
		body[i] = byte(i)
	}
	a := &store.Announcement{Channel: "c1", Body: body}
	if err := e.db.Announce(a); err != nil {
		t.Fatal(err)
	}
	db := e.b.Reopen(t, e.db, e.clock.Now)
	anns, err := db.Pending()
	if err != nil || len(anns) != 1 {
		t.Fatalf("after reopening: %d pending, %v", len(anns), err)
	}
	if got := anns[0]; got.ID != a.ID || got.Channel != "c1" || !slices.Equal(got.Body, body) || !got.Created.Equal(epoch) {
		t.Errorf("reread %d %q (%d bytes) created %v, want %d c1 (%d bytes) created %v", got.ID, got.Channel, len(got.Body), got.Created, a.ID, len(body), epoch)
	}
	b := &store.Announcement{Channel: "c1", Body: []byte("next")}
	if err := db.Announce(b); err != nil || b.ID <= a.ID {
		t.Errorf("an announcement after reopening has ID %d (before: %d), %v", b.ID, a.ID, err)
	}
}

func testUnreadableAnnouncement(t *testing.T, e *env) {
	good := &store.Announcement{Channel: "c1", Body: []byte("fine")}
	if err := e.db.Announce(good); err != nil {
		t.Fatal(err)
	}
	e.putRaw(t, store.KindAnnouncement, [2]string{strconv.FormatUint(good.ID+1, 10)}, "not a record")
	anns, err := e.db.Pending()
	if !errors.Is(err, store.ErrCorrupt) || len(anns) != 1 || anns[0].ID != good.ID {
		t.Errorf("Pending: %d announcements, %v; want the readable one and ErrCorrupt", len(anns), err)
	}
	if err := e.db.Check(); !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("Check: %v, want ErrCorrupt", err)
	}
	if err := e.db.Delivered(good.ID+1, good.ID); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, e.db)
}
