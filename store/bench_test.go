package store

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
)

// benchNotations are moves of realistic lengths.
var benchNotations = []string{"f5", "h7", "c3:c5-NE2", "l2-SE3", "c3:c5-NE2/e7", "pass", "k9:k11-W1"}

// benchGame returns an active game in channel with n moves, its players
// and guild given Discord-sized IDs.
func benchGame(channel string, guild, orange, blue, n int, at time.Time) *Game {
	g := &Game{
		Guild:       fmt.Sprintf("1%017d", guild),
		Channel:     channel,
		Status:      Active,
		Players:     [2]Player{{ID: fmt.Sprintf("2%017d", orange), Name: "player " + strconv.Itoa(orange)}, {ID: fmt.Sprintf("2%017d", blue), Name: "player " + strconv.Itoa(blue)}},
		Rules:       engine.Standard,
		TimePerMove: 72 * time.Hour,
		RemindAt:    at.Add(48 * time.Hour),
		Deadline:    at.Add(72 * time.Hour),
	}
	for i := range n {
		g.Moves = append(g.Moves, Move{benchNotations[i%len(benchNotations)], g.Players[i%2].ID, at.Add(time.Duration(i) * time.Minute)})
	}
	return g
}

func BenchmarkCommitOneWriter(b *testing.B) { benchmarkCommits(b, 1, 0) }

func BenchmarkCommit64Channels(b *testing.B) { benchmarkCommits(b, 64, 0) }

// BenchmarkCommit64ChannelsPaced offers 1,000 moves/s spread evenly over
// 64 channels, as the bot at that load would, instead of as many as the
// store can take: its p99 is the latency players would see at that rate,
// counted from when each move was due, so a slow commit delays the moves
// behind it and counts against them too.
func BenchmarkCommit64ChannelsPaced(b *testing.B) { benchmarkCommits(b, 64, 1000) }

// benchmarkCommits commits b.N moves, fsync and all, from one goroutine
// per channel: as fast as it can, or at rate moves per second in all if
// rate > 0. It reports the committed moves per second and the 99th
// percentile of the time an Update takes. Games start part-way through
// and are finished and replaced at 200 moves, so records have the sizes
// of real ones (0 to 200 moves, about 8 kB on average).
func benchmarkCommits(b *testing.B, channels, rate int) {
	s, err := Open(filepath.Join(b.TempDir(), "volo.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	games := make([]*Game, channels)
	for i := range games {
		games[i] = benchGame(fmt.Sprint("3", i), i%8, 2*i, 2*i+1, (i*37)%200, time.Now())
		if err := s.Create(games[i]); err != nil {
			b.Fatal(err)
		}
	}
	var interval time.Duration // between one channel's moves
	if rate > 0 {
		interval = time.Duration(channels) * time.Second / time.Duration(rate)
	}
	latencies := make([][]time.Duration, channels)
	var claimed atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start, cpu := time.Now(), cpuTime()
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			due := start.Add(interval * time.Duration(i) / time.Duration(channels))
			for k := int64(0); claimed.Add(1) <= int64(b.N); k++ {
				if interval > 0 {
					time.Sleep(time.Until(due))
				} else {
					due = time.Now()
				}
				if err := benchMove(s, &g, i); err != nil {
					b.Error(err)
					return
				}
				latencies[i] = append(latencies[i], time.Since(due))
				due = due.Add(interval)
			}
		}()
	}
	wg.Wait()
	elapsed, cpu := time.Since(start), cpuTime()-cpu
	b.StopTimer()
	all := slices.Concat(latencies...)
	slices.Sort(all)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/move")
	if len(all) > 0 {
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
	}
}

// cpuTime returns the CPU time the process has used, user and system: a
// cost that other work on the machine does not inflate as it does the
// wall-clock figures.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchMove commits the next move of the game of the i-th channel; at
// 200 moves it first finishes the game and starts another.
func benchMove(s *Store, g **Game, i int) error {
	if len((*g).Moves) == 200 {
		if err := s.Finish(*g); err != nil {
			return err
		}
		*g = benchGame((*g).Channel, i%8, 2*i, 2*i+1, 0, time.Now())
		if err := s.Create(*g); err != nil {
			return err
		}
	}
	game, now := *g, time.Now()
	game.Moves = append(game.Moves, Move{benchNotations[len(game.Moves)%len(benchNotations)], game.Players[len(game.Moves)%2].ID, now})
	game.Deadline = now.Add(game.TimePerMove)
	return s.Update(game)
}

// BenchmarkOpen100k opens a database of 100,000 finished games (and 2,000
// being played) and reports how long Open takes, then how much memory a
// fresh process uses after opening it and doing a bot's everyday reads.
// The file, about 1 GB, is built once and kept in the temporary directory
// for later runs.
func BenchmarkOpen100k(b *testing.B) {
	path := bench100k(b)
	for b.Loop() {
		s, err := Open(path, Options{})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
	b.StopTimer()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryAfterOpen$", "-test.v")
	cmd.Env = append(os.Environ(), memoryEnv+"="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("memory child: %v\n%s", err, out)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		var name string
		var mb float64
		if n, _ := fmt.Sscanf(strings.TrimSpace(sc.Text()), "memory %s %f", &name, &mb); n == 2 {
			b.ReportMetric(mb, name+"-MB")
		}
	}
}

const (
	memoryEnv     = "VOLO_STORE_MEMORY_CHILD"
	benchFinished = 100_000
	benchActive   = 2_000
	benchGuilds   = 100
	benchUsers    = 5_000
)

// TestMemoryAfterOpen is BenchmarkOpen100k's child: with memoryEnv set to
// a database, it opens it, does a bot's everyday reads and prints its
// memory use. Without it, it does nothing.
func TestMemoryAfterOpen(t *testing.T) {
	path := os.Getenv(memoryEnv)
	if path == "" {
		t.Skip("the child of BenchmarkOpen100k")
	}
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Due(time.Now().Add(100 * 24 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	for i := range benchGuilds {
		if _, err := s.ListGuild(fmt.Sprintf("1%017d", i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < benchUsers; i += 50 {
		if _, err := s.History(fmt.Sprintf("2%017d", i), "", 25); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("memory heap %.1f\n", float64(ms.HeapInuse)/1e6)
	status, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(status), "\n") {
		name, value, _ := strings.Cut(line, ":")
		if name == "VmRSS" || name == "RssAnon" {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(value), " kB"))
			fmt.Printf("memory %s %.1f\n", strings.ToLower(name), float64(kb)/1e3)
		}
	}
}

// bench100k returns the path of the 100,000-game database, building it
// if an earlier run has not.
func bench100k(b *testing.B) string {
	path := filepath.Join(os.TempDir(), fmt.Sprintf("volo-store-bench-100k-schema%d-record%d.db", len(migrations), recordSchema))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	b.Logf("building %s once; later runs reuse it", path)
	tmp := path + ".building"
	os.Remove(tmp)
	s, err := Open(tmp, Options{noSync: true})
	if err != nil {
		b.Fatal(err)
	}
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	const perTx = 1000
	for done := 0; done < benchFinished+benchActive; done += perTx {
		err := s.db.Update(func(tx *bolt.Tx) error {
			for i := done; i < done+perTx; i++ {
				at := start.Add(time.Duration(i) * 5 * time.Minute)
				g := benchGame(fmt.Sprint("3", i), i%benchGuilds, (i*7)%benchUsers, (i*13+1)%benchUsers, 60+i%141, at)
				g.Created, g.Updated = at, at
				if err := benchPut(tx, g, i < benchFinished); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if err := s.db.Sync(); err != nil {
		b.Fatal(err)
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	return path
}

// benchPut stores g for bench100k as a game being played, then if
// finished moves it to the finished games.
func benchPut(tx *bolt.Tx, g *Game, finished bool) error {
	body, err := encodeBody(g)
	if err != nil {
		return err
	}
	if err := putActive(tx, nil, g, body); err != nil || !finished {
		return err
	}
	old := *g
	g.Status, g.Finished, g.RemindAt, g.Deadline = Finished, g.Created.Add(24*time.Hour), time.Time{}, time.Time{}
	g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.FlockCompleted}
	if body, err = encodeBody(g); err != nil {
		return err
	}
	return archive(tx, &old, g, body)
}

// BenchmarkStandings reads a scope of 10,000 players, as a leaderboard
// page or a profile's rank does.
func BenchmarkStandings(b *testing.B) {
	s := openTest(b)
	err := s.db.Update(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketStandings)
		for i := range 10000 {
			st := newStanding(Global, strconv.Itoa(100000+i))
			st.Name, st.Won, st.Rated = "player", 1, 1
			if err := putStanding(bk, st); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		sts, err := s.Standings(Global)
		if err != nil || len(sts) != 10000 {
			b.Fatal(len(sts), err)
		}
	}
}

// BenchmarkResume is a bot's start with the 2,000 games being played of
// BenchmarkOpen100k's layout, without its finished games, which Resume
// does not read: after an absence, when it gives every game the time
// back, and after a restart, when it only reads and records the last
// Beat.
func BenchmarkResume(b *testing.B) {
	b.Run("Absence", func(b *testing.B) {
		s, now := benchResume(b)
		for b.Loop() {
			*now = now.Add(time.Hour)
			a, err := s.Resume(AwayAfter)
			if err != nil || a.Games != benchActive {
				b.Fatalf("Resume gave the time to %d games, %v; want %d", a.Games, err, benchActive)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchActive, "ns/game")
	})
	b.Run("Restart", func(b *testing.B) {
		s, now := benchResume(b)
		for b.Loop() {
			*now = now.Add(time.Minute)
			a, err := s.Resume(AwayAfter)
			if err != nil || a.Duration() != 0 {
				b.Fatalf("Resume a minute after the last = %+v, %v; want no absence", a, err)
			}
		}
	})
}

// benchResume returns a store of BenchmarkResume's games, with a Beat
// now, and the time its clock reads, which the benchmark moves on.
func benchResume(b *testing.B) (*Store, *time.Time) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s, err := Open(filepath.Join(b.TempDir(), "volo.db"), Options{Clock: func() time.Time { return now }})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	err = s.db.Update(func(tx *bolt.Tx) error {
		for i := range benchActive {
			g := benchGame(fmt.Sprint("3", i), i%benchGuilds, (i*7)%benchUsers, (i*13+1)%benchUsers, 60+i%141, now)
			if err := benchPut(tx, g, false); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Beat(); err != nil {
		b.Fatal(err)
	}
	return s, &now
}
