package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/tourneycount"
)

// A Swiss of sixteen in the sandbox, run as a person (or a probe) runs
// it through the page's JSON API: twelve people added with POST
// /api/users, dana (who manages the server) creating it, everyone
// joining, four rounds played in the games' threads, one player
// withdrawing during round 2. Every round's pairings keep the rules (no
// pairing twice, no second bye, nobody a colour three times running), and
// the final standings posted in the tournament's thread are those counted
// here from the results played.
func TestSwissInTheSandbox(t *testing.T) {
	t.Chdir(t.TempDir())
	v := startVolobot(t)
	volo := v.channelID(t, "volo")
	players := []string{"ana", "ben", "cleo", "margaux"}
	for i := 1; i <= 12; i++ {
		name := fmt.Sprintf("player%02d", i)
		v.post(t, "/api/users", map[string]string{"name": name, "locale": "en-US"})
		players = append(players, name)
	}
	v.command(t, volo, "dana", "/volo tournament create name:Sandbox Swiss format:swiss rounds:4 time_per_move:1d")
	v.waitText(t, volo, "cleo", "created the tournament")
	thread := v.threadNamed(t, volo, "Tournament: Sandbox Swiss")
	for _, p := range players {
		v.command(t, volo, p, "/volo tournament join")
		v.waitText(t, volo, p, map[bool]string{true: "Vous êtes inscrit", false: "You are in"}[p == "margaux"])
	}
	v.command(t, volo, "dana", "/volo tournament start")

	rng := rand.New(rand.NewPCG(16, 4))
	var games []tourneycount.Game
	withdrawn := map[string]int{}
	met, byes, colours := map[[2]string]bool{}, map[string]int{}, map[string]string{}
	board := regexp.MustCompile(`^Sandbox Swiss R(\d+) B(\d+): (\S+) vs (\S+)$`)
	for r := 1; r <= 4; r++ {
		pairings := v.waitText(t, thread, "cleo", fmt.Sprintf("round %d of 4", r))
		if m := regexp.MustCompile(`(\S+) has the bye`).FindStringSubmatch(pairings); m != nil {
			byes[m[1]]++
			colours[m[1]] += "-"
			games = append(games, tourneycount.Game{Round: r, White: m[1], Result: "bye"})
		}
		for _, th := range v.threads(t, volo) {
			m := board.FindStringSubmatch(th.Name)
			if m == nil || m[1] != strconv.Itoa(r) {
				continue
			}
			orange, blue := m[3], m[4]
			pair := [2]string{min(orange, blue), max(orange, blue)}
			if met[pair] {
				t.Errorf("round %d pairs %s and %s again", r, orange, blue)
			}
			met[pair] = true
			colours[orange] += "o"
			colours[blue] += "b"
			v.command(t, th.ID, orange, "/volo move move:f5")
			v.waitText(t, th.ID, "cleo", "f5 · move 1")
			result := []string{"1-0", "0-1", "½-½"}[rng.IntN(3)]
			switch {
			case r == 2 && withdrawn["player07"] == 0 && (orange == "player07" || blue == "player07"):
				v.command(t, volo, "player07", "/volo tournament withdraw")
				v.waitText(t, th.ID, "cleo", "withdrew from the tournament")
				withdrawn["player07"] = 3
				result = "+-"
				if orange == "player07" {
					result = "-+"
				}
			case result == "1-0":
				v.command(t, th.ID, blue, "/volo resign")
				v.click(t, th.ID, blue, label(blue, "Resign"))
			case result == "0-1":
				v.command(t, th.ID, orange, "/volo resign")
				v.click(t, th.ID, orange, label(orange, "Resign"))
			default:
				v.command(t, th.ID, orange, "/volo draw")
				v.click(t, th.ID, blue, "Accept the draw") // public: the server's language
			}
			games = append(games, tourneycount.Game{Round: r, White: orange, Black: blue, Result: result})
			v.waitText(t, thread, "cleo", fmt.Sprintf("Round %d, board %s:", r, m[2]))
		}
	}
	for p, n := range byes {
		if n > 1 {
			t.Errorf("%s had %d byes", p, n)
		}
	}
	for p, c := range colours {
		if strings.Contains(c, "ooo") || strings.Contains(c, "bbb") {
			t.Errorf("%s played colours %s", p, c)
		}
	}
	end := v.waitText(t, thread, "cleo", "Final standings")
	want := tourneycount.Standings(tourneycount.Swiss, players, 4, games, withdrawn)
	got := postedStandings(t, end)
	for _, line := range want {
		g, ok := got[line.Player]
		if !ok {
			t.Errorf("the final standings leave out %s:\n%s", line.Player, end)
			continue
		}
		same := g.Rank == line.Rank && g.Score == line.Score && len(g.TieBreaks) == len(line.TieBreaks)
		for k := 0; same && k < len(line.TieBreaks); k++ {
			same = math.Abs(g.TieBreaks[k]-line.TieBreaks[k]) < 1e-9
		}
		if !same {
			t.Errorf("%s: posted rank %d, %v points, %v; counted rank %d, %v points, %v", line.Player, g.Rank, g.Score, g.TieBreaks, line.Rank, line.Score, line.TieBreaks)
		}
	}
	if !strings.Contains(end, "crosstable.png") {
		t.Errorf("the end carries no crosstable: %s", end)
	}
}

// label is the label of a button only the player sees, as they read it:
// margaux's Discord is in French.
func label(player, english string) string {
	if player != "margaux" {
		return english
	}
	return map[string]string{"Resign": "Abandonner"}[english]
}

// pageChannel is a channel or thread as /api/state lists it.
type pageChannel struct {
	ID      string        `json:"id"`
	Name    string        `json:"name"`
	Threads []pageChannel `json:"threads"`
}

// threads lists the threads of a channel, as the page shows them.
func (v *volobotRun) threads(t *testing.T, channel string) []pageChannel {
	t.Helper()
	var state struct {
		Channels []pageChannel `json:"channels"`
	}
	if err := json.Unmarshal([]byte(v.get(t, "/api/state")), &state); err != nil {
		t.Fatal(err)
	}
	for _, c := range state.Channels {
		if c.ID == channel {
			return c.Threads
		}
	}
	t.Fatalf("no channel %s", channel)
	return nil
}

// threadNamed waits for a thread of a channel by its name and returns its
// ID.
func (v *volobotRun) threadNamed(t *testing.T, channel, name string) string {
	t.Helper()
	var id string
	v.eventually(t, "the thread "+name, func() bool {
		for _, th := range v.threads(t, channel) {
			if th.Name == name {
				id = th.ID
			}
		}
		return id != ""
	})
	return id
}

// postedStandings reads the standings' table of a message: each
// player's rank, points and tie-breaks.
func postedStandings(t *testing.T, message string) map[string]tourneycount.Line {
	t.Helper()
	_, table, _ := strings.Cut(message, "<code>")
	table, _, _ = strings.Cut(table, "</code>")
	out := map[string]tourneycount.Line{}
	line := regexp.MustCompile(`(?m)^ *(\d+) (\S+?)×? +(\S+)((?: +\S+)+) *$`)
	for _, m := range line.FindAllStringSubmatch(table, -1) {
		rank, _ := strconv.Atoi(m[1])
		l := tourneycount.Line{Player: m[2], Rank: rank, Score: pointsValue(t, m[3])}
		for _, f := range strings.Fields(m[4]) {
			l.TieBreaks = append(l.TieBreaks, pointsValue(t, f))
		}
		out[l.Player] = l
	}
	if len(out) == 0 {
		t.Fatalf("no standings in %s", message)
	}
	return out
}

// pointsValue reads points as the standings write them: "3", "2½", "½",
// "10¼", "7.75".
func pointsValue(t *testing.T, s string) float64 {
	t.Helper()
	frac := map[string]float64{"¼": 0.25, "½": 0.5, "¾": 0.75}
	for glyph, f := range frac {
		if whole, ok := strings.CutSuffix(s, glyph); ok {
			n := 0.0
			if whole != "" {
				n = pointsValue(t, whole)
			}
			return n + f
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("points %q: %v", s, err)
	}
	return v
}
