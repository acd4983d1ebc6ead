package store

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

// The crash test's child is this test binary run again with crashEnv set
// to the database path.
const (
	crashEnv      = "VOLO_STORE_CRASH_CHILD"
	crashRoundEnv = "VOLO_STORE_CRASH_ROUND"
	crashKills    = 40
	crashChannels = 8
	crashMoves    = 40 // moves per game before the child finishes it
)

// TestCrashKeepsCommittedMoves proves durability: a child process writes
// moves to several channels at once and reports each one once Update has
// returned; the test kills it with SIGKILL at a random moment, reopens the
// file, and checks that every reported move and finish is there and that
// every record and index is whole. It does so crashKills times on the
// same file, sometimes while the child is still opening it.
func TestCrashKeepsCommittedMoves(t *testing.T) {
	if path := os.Getenv(crashEnv); path != "" {
		crashChild(path, os.Getenv(crashRoundEnv))
		return
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rnd := rand.New(rand.NewPCG(seed, 0))
	path := filepath.Join(t.TempDir(), "volo.db")
	want := map[string]reported{} // by game token
	total := 0
	for round := range crashKills {
		n := runAndKill(t, path, round, rnd, want)
		total += n
		verifyAfterCrash(t, path, want)
		if t.Failed() {
			t.Fatalf("round %d: the database lost or broke what the child reported", round)
		}
	}
	t.Logf("%d kills, %d moves and finishes reported committed, %d games", crashKills, total, len(want))
	if total == 0 {
		t.Error("the child never committed anything: the test proves nothing")
	}
}

// reported is what the child said it committed for one game.
type reported struct {
	moves    int    // moves committed
	last     string // the notation of the last of them
	finished bool   // Finish returned
}

// runAndKill starts the child, kills it after a random delay and records
// what it reported in want. It returns the number of reports.
func runAndKill(t *testing.T, path string, round int, rnd *rand.Rand, want map[string]reported) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashKeepsCommittedMoves$")
	cmd.Env = append(os.Environ(), crashEnv+"="+path, crashRoundEnv+"="+strconv.Itoa(round))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var kill <-chan time.Time
	killed := false
	if round%5 == 4 { // now and then, while it opens the file
		kill = time.After(time.Duration(rnd.IntN(60)) * time.Millisecond)
	}
	n := 0
	for lines != nil { // to the end: what it wrote before it died counts
		select {
		case line, ok := <-lines:
			switch {
			case !ok:
				lines = nil
			case line == "ready" && kill == nil && !killed:
				kill = time.After(time.Duration(rnd.IntN(120)) * time.Millisecond)
			default:
				n += record(line, want)
			}
		case <-kill:
			cmd.Process.Kill() // SIGKILL
			kill, killed = nil, true
		}
	}
	err = cmd.Wait()
	if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) || ee.ExitCode() != -1 {
		t.Fatalf("round %d: the child ended by itself (%v) instead of being killed:\n%s", round, err, stderr.String())
	}
	return n
}

// record takes one line of the child's report and returns 1 if it was one.
func record(line string, want map[string]reported) int {
	f := strings.Fields(line)
	switch {
	case len(f) == 4 && f[0] == "committed":
		n, _ := strconv.Atoi(f[2])
		want[f[1]] = reported{moves: n, last: f[3]}
		return 1
	case len(f) == 2 && f[0] == "finished":
		r := want[f[1]]
		r.finished = true
		want[f[1]] = r
		return 1
	}
	return 0
}

// verifyAfterCrash reopens the file and checks it holds everything the
// child reported and nothing broken.
func verifyAfterCrash(t *testing.T, path string, want map[string]reported) {
	t.Helper()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatalf("reopen after the crash: %v", err)
	}
	defer s.Close()
	mustCheck(t, s) // every page, record and index entry is whole
	active, err := s.ListGuild("g1")
	if err != nil {
		t.Fatal(err)
	}
	finished, err := s.GuildHistory("g1", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]*Game{}
	for _, g := range append(active, finished...) {
		stored[g.Players[0].Name] = g // the token
	}
	for token, r := range want {
		g := stored[token]
		switch {
		case g == nil:
			t.Errorf("game %s: gone, though %d moves were reported", token, r.moves)
		case len(g.Moves) < r.moves:
			t.Errorf("game %s: %d moves stored, %d reported", token, len(g.Moves), r.moves)
		case r.moves > 0 && g.Moves[r.moves-1].Notation != r.last:
			t.Errorf("game %s: move %d is %s, %s was reported", token, r.moves, g.Moves[r.moves-1].Notation, r.last)
		case r.finished && g.Status != Finished:
			t.Errorf("game %s: %s, though its finish was reported", token, g.Status)
		}
	}
}

// crashChild is the child: it plays moves in crashChannels channels at
// once, finishing each game after crashMoves moves, and reports each
// change on stdout once it is committed, until it is killed.
func crashChild(path, round string) {
	time.AfterFunc(30*time.Second, func() { os.Exit(3) }) // if the parent is gone
	s, err := Open(path, Options{Timeout: 5 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println("ready")
	var wg sync.WaitGroup
	for c := range crashChannels {
		wg.Add(1)
		go func() {
			defer wg.Done()
			crashPlay(s, fmt.Sprint("c", c), round)
		}()
	}
	wg.Wait()
}

// crashPlay plays games in one channel for crashChild, forever.
func crashPlay(s *Store, channel, round string) {
	fail := func(err error) {
		fmt.Fprintf(os.Stderr, "%s: %v\n", channel, err)
		os.Exit(2)
	}
	for games := 0; ; games++ {
		g, err := s.Get(channel)
		if errors.Is(err, ErrNotFound) {
			g = newGame(channel)
			g.Players[0].Name = fmt.Sprintf("r%s-%s-%d", round, channel, games) // the game's token
			err = s.Create(g)
		}
		if err != nil {
			fail(err)
		}
		token := g.Players[0].Name
		for len(g.Moves) < crashMoves {
			move := fmt.Sprintf("%s/m%d", token, len(g.Moves)+1)
			g.Moves = append(g.Moves, Move{Notation: move, Player: g.Players[len(g.Moves)%2].ID, At: time.Now()})
			g.Deadline = time.Now().Add(g.TimePerMove)
			if err := s.Update(g); err != nil {
				fail(err)
			}
			fmt.Printf("committed %s %d %s\n", token, len(g.Moves), move)
		}
		g.Outcome = engine.Outcome{Result: engine.Draw, Reason: engine.AgreedDraw}
		if err := s.Finish(g); err != nil {
			fail(err)
		}
		fmt.Printf("finished %s\n", token)
	}
}
