package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// withMigrations returns migrations followed by test ones that record
// that they ran in ran and create a table each.
func withMigrations(n int, ran *[]int, mu *sync.Mutex) []migration {
	migs := append([]migration(nil), migrations...)
	for i := range n {
		v := len(migrations) + i + 1
		migs = append(migs, migration{fmt.Sprint("extra", v), func(ctx context.Context, tx pgx.Tx) error {
			mu.Lock()
			*ran = append(*ran, v)
			mu.Unlock()
			_, err := tx.Exec(ctx, fmt.Sprintf("CREATE TABLE extra%d (x int)", v))
			return err
		}})
	}
	return migs
}

func TestOpenRunsEachMigrationOnceInOrder(t *testing.T) {
	url := pg.Database(t)
	ctx := context.Background()
	var ran []int
	var mu sync.Mutex
	migs := withMigrations(2, &ran, &mu)
	s, err := open(ctx, url, Options{}, migs[:len(migs)-1]) // an older build
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	var wg sync.WaitGroup // processes starting together
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			s, err := open(ctx, url, Options{}, migs)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	want := []int{len(migrations) + 1, len(migrations) + 2}
	if fmt.Sprint(ran) != fmt.Sprint(want) {
		t.Errorf("migrations ran %v, want %v", ran, want)
	}
	s, err = open(ctx, url, Options{}, migs)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if st, err := s.Stats(); err != nil || st.Schema != len(migs) {
		t.Errorf("schema %d, %v; want %d", st.Schema, err, len(migs))
	}
}

func TestOpenRefusesANewerSchema(t *testing.T) {
	url := pg.Database(t)
	var ran []int
	var mu sync.Mutex
	s, err := open(context.Background(), url, Options{}, withMigrations(1, &ran, &mu))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(context.Background(), url, Options{}); !errors.Is(err, store.ErrSchema) {
		t.Errorf("Open of a newer database: %v, want ErrSchema", err)
	}
}

func TestAFailedMigrationChangesNothing(t *testing.T) {
	url := pg.Database(t)
	failing := append(append([]migration(nil), migrations...), migration{"failing", func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "CREATE TABLE half_done (x int)"); err != nil {
			return err
		}
		return errors.New("disk on fire")
	}})
	if _, err := open(context.Background(), url, Options{}, failing); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("Open with a failing migration: %v", err)
	}
	s := openURL(t, url, Options{})
	var n int
	if err := s.pool.QueryRow(context.Background(), "SELECT count(*) FROM pg_tables WHERE tablename = 'half_done'").Scan(&n); err != nil || n != 0 {
		t.Errorf("the failed migration left a table behind: %d, %v", n, err)
	}
	if st, err := s.Stats(); err != nil || st.Schema != len(migrations) {
		t.Errorf("schema %d, %v; want %d", st.Schema, err, len(migrations))
	}
}

func TestOpenOfABadURL(t *testing.T) {
	if _, err := Open(context.Background(), "postgres://nobody@127.0.0.1:1/none?connect_timeout=1", Options{}); err == nil {
		t.Error("Open of a server that is not there succeeded")
	}
	if _, err := Open(context.Background(), "postgres://%zz", Options{}); err == nil {
		t.Error("Open of a URL that is none succeeded")
	}
}

func TestMigrationsAreNumberedFromOne(t *testing.T) {
	for i, m := range migrations {
		if want := fmt.Sprintf("%04d_", i+1); !strings.HasPrefix(m.name, want) {
			t.Errorf("migration %d is %s, want %s…", i+1, m.name, want)
		}
	}
}

// TestMigrationAddsTournaments opens a database of the schema before
// tournaments (the migration named *_tournaments.sql, whatever its
// number), with a game in it, and checks that Open migrates it to the
// current schema: the game is kept, a tournament takes its first round,
// and Check finds nothing wrong.
func TestMigrationAddsTournaments(t *testing.T) {
	before := -1
	for i, m := range migrations {
		if strings.HasSuffix(m.name, "_tournaments.sql") {
			before = i
		}
	}
	if before < 0 {
		t.Fatal("no migration adds the tournaments")
	}
	url := pg.Database(t)
	ctx := context.Background()
	s, err := open(ctx, url, Options{}, migrations[:before])
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{Guild: "g1", Channel: "c1", Status: store.Active, Players: [2]store.Player{{ID: "100"}, {ID: "200"}}}
	if err := s.Create(g); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openURL(t, url, Options{})
	if st, err := s.Stats(); err != nil || st.Schema != len(migrations) || st.Active != 1 {
		t.Fatalf("after migrating from schema %d: %+v, %v; want schema %d", before, st, err, len(migrations))
	}
	cup := &store.Tournament{Guild: "g1", Channel: "c1", Name: "Cup", Creator: "100", Format: tournament.RoundRobin}
	if err := s.CreateTournament(cup); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"100", "200"} {
		if cup, err = s.JoinTournament(cup.ID, store.Entrant{ID: p}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.StartTournament(cup); err != nil {
		t.Fatal(err)
	}
	game := &store.Game{Guild: "g1", Channel: "t1", Status: store.Active,
		Players: [2]store.Player{{ID: cup.Event.Players[0].ID}, {ID: cup.Event.Players[1].ID}}}
	if err := s.CommitRound(cup, []*store.Game{game}); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}
