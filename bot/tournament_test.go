package bot_test

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/tourneycount"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// tourney drives a tournament in a world, as its players would, and keeps
// its own record of every result, for tourneycount to count.
type tourney struct {
	w     *world
	name  string
	games []tourneycount.Game
	// withdrawn are the players who withdrew, with the first round they
	// missed.
	withdrawn map[string]int
	rng       *rand.Rand
	// resign is the label of the resignation's button, as the players
	// read it ("Resign" when empty).
	resign string
}

// addPlayers makes people of those names members of the world's server.
func (w *world) addPlayers(names ...string) {
	w.t.Helper()
	for _, name := range names {
		u, err := w.srv.AddUser(name)
		if err != nil {
			w.t.Fatal(err)
		}
		if _, err := w.srv.AddMember(w.guild, u.ID); err != nil {
			w.t.Fatal(err)
		}
	}
}

// stored reads the tournament as the store has it.
func (tt *tourney) stored() *store.Tournament {
	tt.w.t.Helper()
	t, err := tt.w.store.TournamentByName(tt.w.guild, tt.name)
	if err != nil {
		tt.w.t.Fatal(err)
	}
	return t
}

// nameOf is the world's name of a user ID.
func (w *world) nameOf(id string) string {
	w.t.Helper()
	for _, u := range w.srv.Users() {
		if u.ID == id {
			return u.Username
		}
	}
	w.t.Fatalf("no user %s", id)
	return ""
}

// playRound plays every game of the tournament's latest round to the
// result results gives for its board ("1-0", "0-1", "½-½"; "time" for
// blue's loss on time, played last, as it moves the clock), then runs
// the scheduler, which pairs the next round.
func (tt *tourney) playRound(results func(board int) string) {
	w := tt.w
	w.t.Helper()
	t := tt.stored()
	number := len(t.Event.Paired)
	round := t.Event.Paired[number-1]
	var late []int
	for b, g := range round.Games {
		if g.Result.Single() {
			tt.games = append(tt.games, tourneycount.Game{Round: number, White: g.Orange, Result: string(g.Result)})
			continue
		}
		if g.Result != tournament.Pending { // a forfeit scored at the pairing
			tt.games = append(tt.games, tourneycount.Game{Round: number, White: g.Orange, Black: g.Blue, Result: string(g.Result)})
			continue
		}
		result := results(b)
		if result == "time" {
			late = append(late, b)
			continue
		}
		tt.play(number, b, t.Boards[number-1][b].Channel, g, result)
	}
	for _, b := range late {
		g := round.Games[b]
		channel := t.Boards[number-1][b].Channel
		w.doIn(channel, w.nameOf(g.Orange), "/volo move move:f5")
		w.passTime(25 * time.Hour)
		if said := w.said(channel, "ran out of time"); len(said) == 0 {
			w.t.Errorf("round %d board %d: no loss on time said in its thread", number, b+1)
		}
		tt.games = append(tt.games, tourneycount.Game{Round: number, White: g.Orange, Black: g.Blue, Result: "1-0"})
	}
	w.runDue()
}

// play plays one game in its thread: orange's first move, then a
// resignation or an agreed draw.
func (tt *tourney) play(round, board int, channel string, g tournament.Game, result string) {
	w := tt.w
	w.t.Helper()
	orange, blue := w.nameOf(g.Orange), w.nameOf(g.Blue)
	w.doIn(channel, orange, "/volo move move:f5")
	switch result {
	case "1-0":
		w.click(blue, w.doIn(channel, blue, "/volo resign"), cmp.Or(tt.resign, "Resign"))
	case "0-1":
		w.click(orange, w.doIn(channel, orange, "/volo resign"), cmp.Or(tt.resign, "Resign"))
	case "½-½":
		w.doIn(channel, orange, "/volo draw")
		offer := w.said(channel, "offers a draw")
		if len(offer) == 0 {
			w.t.Fatalf("round %d board %d: no draw offered", round, board+1)
		}
		w.click(blue, &offer[len(offer)-1], "Accept the draw")
	}
	tt.games = append(tt.games, tourneycount.Game{Round: round, White: g.Orange, Black: g.Blue, Result: result})
}

// mentions reports whether a message pings a user.
func mentions(m fakediscord.Message, id string) bool {
	return slices.ContainsFunc(m.Mentions, func(u fakediscord.User) bool { return u.ID == id })
}

// randomResult is a result of a game played, at random.
func (tt *tourney) randomResult(int) string {
	return []string{"1-0", "0-1", "½-½"}[tt.rng.IntN(3)]
}

// checkStandings compares the tournament's standings, as stored and as
// posted at its end, with tourneycount's count of the results played.
func (tt *tourney) checkStandings(format tourneycount.Format) {
	w := tt.w
	w.t.Helper()
	t := tt.stored()
	if t.Status != store.TournamentFinished {
		w.t.Fatalf("%s is %s after its last round", t.Name, t.Status)
	}
	players := make([]string, len(t.Event.Players))
	for i, p := range t.Event.Players {
		players[i] = p.ID
	}
	want := tourneycount.Standings(format, players, t.Event.Rounds, tt.games, tt.withdrawn)
	got := t.Event.Standings()
	if len(got) != len(want) {
		w.t.Fatalf("%d lines of standings, want %d", len(got), len(want))
	}
	for i := range want {
		g, x := got[i], want[i]
		same := g.Player == x.Player && g.Rank == x.Rank && g.Score == x.Score && len(g.TieBreaks) == len(x.TieBreaks)
		for k := 0; same && k < len(x.TieBreaks); k++ {
			same = math.Abs(g.TieBreaks[k]-x.TieBreaks[k]) < 1e-9
		}
		if !same {
			w.t.Errorf("line %d: %s rank %d, %v points, tie-breaks %v; counted %s rank %d, %v points, %v",
				i+1, w.nameOf(g.Player), g.Rank, g.Score, g.TieBreaks, w.nameOf(x.Player), x.Rank, x.Score, x.TieBreaks)
		}
	}
	// The end, posted in the tournament's thread: the winner, the final
	// standings in the counted order, and the crosstable.
	end := w.said(t.Thread, "Final standings")
	if len(end) != 1 {
		w.t.Fatalf("%d posts of the final standings in the thread", len(end))
	}
	winner := w.nameOf(want[0].Player)
	if !strings.Contains(end[0].Content, "🏆") || !strings.Contains(end[0].Content, winner) {
		w.t.Errorf("the end names no winner %s: %q", winner, end[0].Content)
	}
	at := 0
	for _, line := range want {
		name := w.nameOf(line.Player)
		k := strings.Index(end[0].Content[at:], "\n"+fmt.Sprintf("%2d", line.Rank)+" "+name)
		if k < 0 {
			w.t.Errorf("the final standings do not list %s, rank %d, in order:\n%s", name, line.Rank, end[0].Content)
			break
		}
		at += k + 1
	}
	for _, l := range strings.Split(end[0].Content, "\n") {
		if length := len([]rune(l)); strings.HasPrefix(l, " ") && length > 40 {
			w.t.Errorf("a line of the standings is %d characters, too wide for a phone: %q", length, l)
		}
	}
	if len(end[0].Attachments) != 1 || end[0].Attachments[0].Filename != "crosstable.png" {
		w.t.Errorf("the end carries %v, want the crosstable", end[0].Attachments)
	}
}

// checkRecorded checks that every result the test played is the one the
// tournament recorded.
func (tt *tourney) checkRecorded() {
	w := tt.w
	w.t.Helper()
	t := tt.stored()
	for _, g := range tt.games {
		round := t.Event.Paired[g.Round-1]
		k := slices.IndexFunc(round.Games, func(x tournament.Game) bool { return x.Orange == g.White && x.Blue == g.Black })
		if k < 0 {
			w.t.Errorf("round %d: no board %s against %s", g.Round, w.nameOf(g.White), g.Black)
			continue
		}
		if got := round.Games[k].Result.String(); got != g.Result && !(g.Result == "1-0" && got == "1-0") {
			w.t.Errorf("round %d board %d: recorded %s, played %s", g.Round, k+1, got, g.Result)
		}
	}
}

// create has dana, a manager, create a tournament and nobody else.
func (tt *tourney) create(line string) {
	w := tt.w
	w.t.Helper()
	if msg := w.do("ana", line); !strings.Contains(msg.Content, "Only members who can manage the server") {
		w.t.Errorf("ana creating a tournament: %q", msg.Content)
	}
	msg := w.do("dana", line)
	if !strings.Contains(msg.Content, "created the tournament") || !hasButton(w.t.(*testing.T), msg, "Join") {
		w.t.Fatalf("dana creating a tournament: %q", msg.Content)
	}
}

// enter has each player join: the first by the Join button, the rest by
// the command.
func (tt *tourney) enter(players []string) {
	w := tt.w
	w.t.Helper()
	created := w.said(w.channel, "created the tournament")
	w.click(players[0], &created[len(created)-1], "Join")
	for _, p := range players[1:] {
		if msg := w.do(p, "/volo tournament join"); !strings.Contains(msg.Content, "You are in") {
			w.t.Fatalf("%s joining: %q", p, msg.Content)
		}
	}
	if msg := w.do(players[1], "/volo tournament join"); !strings.Contains(msg.Content, "already in") {
		w.t.Errorf("%s joining twice: %q", players[1], msg.Content)
	}
}

// A 6-player double round robin played out in threads: 10 rounds of
// three games, each thread pinging its players, one player withdrawing
// midway (their games left lost by forfeit) and one game lost on time;
// the standings and their tie-breaks are those counted from the results,
// and the end names the winner with a crosstable.
func TestDoubleRoundRobinTournament(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addManager("dana")
	w.addPlayers("dev", "eve", "finn")
	players := []string{"ana", "ben", "cleo", "dev", "eve", "finn"}
	tt := &tourney{w: w, name: "Winter Cup", withdrawn: map[string]int{}, rng: rand.New(rand.NewPCG(6, 2))}
	tt.create("/volo tournament create name:Winter Cup format:double-round-robin time_per_move:1d")
	tt.enter(players)
	if msg := w.do("ana", "/volo tournament start"); !strings.Contains(msg.Content, "Only the creator") {
		t.Errorf("ana starting dana's tournament: %q", msg.Content)
	}
	w.do("dana", "/volo tournament start")
	w.runDue()
	cup := tt.stored()
	if cup.Event.Rounds != 10 || len(cup.Event.Paired) != 1 {
		t.Fatalf("after the start: %d rounds, %d paired", cup.Event.Rounds, len(cup.Event.Paired))
	}
	// Each game of round 1 is in a thread of its own, under the channel,
	// its first board pinging both players.
	for b, g := range cup.Event.Paired[0].Games {
		ch := cup.Boards[0][b].Channel
		first := w.said(ch, "The game begins")
		if len(first) != 1 || !mentions(first[0], g.Orange) || !mentions(first[0], g.Blue) {
			t.Fatalf("round 1 board %d's thread begins with %+v", b+1, first)
		}
	}
	if len(w.said(cup.Thread, "round 1 of 10")) != 1 {
		t.Errorf("no pairings of round 1 in the tournament's thread")
	}
	for r := 1; r <= 10; r++ {
		switch r {
		case 4:
			tt.playRound(func(b int) string {
				if b == 0 {
					return "time"
				}
				return tt.randomResult(b)
			})
		case 6:
			// finn withdraws with their game of round 6 being played.
			cur := tt.stored()
			round := cur.Event.Paired[5]
			finn := w.userID("finn")
			for b, g := range round.Games {
				if g.Orange == finn || g.Blue == finn {
					w.doIn(cur.Boards[5][b].Channel, w.nameOf(g.Orange), "/volo move move:f5")
				}
			}
			if msg := w.do("finn", "/volo tournament withdraw"); !strings.Contains(msg.Content, "withdrawn") {
				t.Fatalf("finn withdrawing: %q", msg.Content)
			}
			tt.withdrawn[finn] = 6
			played := 0
			tt.playRound(func(b int) string { played++; return tt.randomResult(b) })
			if played != 2 {
				t.Errorf("round 6 played %d games after finn's withdrawal, want 2", played)
			}
		default:
			tt.playRound(tt.randomResult)
		}
		if r < 10 && len(tt.stored().Event.Paired) != r+1 {
			t.Fatalf("after round %d, %d rounds paired", r, len(tt.stored().Event.Paired))
		}
	}
	tt.checkRecorded()
	tt.checkStandings(tourneycount.RoundRobin)
	if n := len(w.said(cup.Thread, "Standings of **Winter Cup** after round")); n != 9 {
		t.Errorf("%d posts of standings after a round, want 9 (the 10th is the final)", n)
	}
	w.noValidationFailures()
}

// A 9-player Swiss over 4 rounds: a bye each round, never twice to one
// player, no pairing twice, a withdrawal in round 2 with the game being
// played, a loss on time; standings counted independently.
func TestSwissTournament(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addManager("dana")
	w.addPlayers("dev", "eve", "finn", "gus", "hana", "ivo")
	players := []string{"ana", "ben", "cleo", "dev", "eve", "finn", "gus", "hana", "ivo"}
	tt := &tourney{w: w, name: "Autumn Swiss", withdrawn: map[string]int{}, rng: rand.New(rand.NewPCG(9, 4))}
	tt.create("/volo tournament create name:Autumn Swiss format:swiss rounds:4 time_per_move:1d rated:false")
	tt.enter(players)
	w.do("dana", "/volo tournament start")
	w.runDue()
	byes := map[string]int{}
	met := map[[2]string]bool{}
	for r := 1; r <= 4; r++ {
		cur := tt.stored()
		if len(cur.Event.Paired) != r {
			t.Fatalf("round %d: %d rounds paired", r, len(cur.Event.Paired))
		}
		for _, g := range cur.Event.Paired[r-1].Games {
			if g.Result == tournament.Bye {
				byes[g.Orange]++
				continue
			}
			pair := [2]string{min(g.Orange, g.Blue), max(g.Orange, g.Blue)}
			if met[pair] {
				t.Errorf("round %d pairs %s and %s again", r, w.nameOf(g.Orange), w.nameOf(g.Blue))
			}
			met[pair] = true
		}
		switch r {
		case 2:
			gus := w.userID("gus")
			for b, g := range cur.Event.Paired[1].Games {
				if (g.Blue == gus || g.Orange == gus) && g.Result == tournament.Pending {
					w.doIn(cur.Boards[1][b].Channel, w.nameOf(g.Orange), "/volo move move:f5")
					w.do("gus", "/volo tournament withdraw")
					if said := w.said(cur.Boards[1][b].Channel, "withdrew from the tournament"); len(said) != 1 {
						t.Errorf("gus's game in round 2 did not end with the withdrawal: %d", len(said))
					}
				}
			}
			tt.withdrawn[gus] = 3
			tt.playRound(tt.randomResult)
		case 3:
			tt.playRound(func(b int) string {
				if b == 1 {
					return "time"
				}
				return tt.randomResult(b)
			})
		default:
			tt.playRound(tt.randomResult)
		}
	}
	for p, n := range byes {
		if n > 1 {
			t.Errorf("%s had %d byes", w.nameOf(p), n)
		}
	}
	if len(byes) == 0 {
		t.Error("no bye in a Swiss of nine")
	}
	tt.checkRecorded()
	tt.checkStandings(tourneycount.Swiss)
	// Anyone may look: standings, pairings of a round, a player's results.
	if msg := w.do("cleo", "/volo tournament standings"); !strings.Contains(msg.Content, "BH-C1") || msg.Flags&64 == 0 {
		t.Errorf("the standings shown: %q", msg.Content)
	}
	if msg := w.do("cleo", "/volo tournament pairings round:2"); !strings.Contains(msg.Content, "round 2 of 4") {
		t.Errorf("round 2's pairings: %q", msg.Content)
	}
	if msg := w.do("cleo", "/volo tournament results user:@gus"); !strings.Contains(msg.Content, "Round 1:") {
		t.Errorf("gus's results: %q", msg.Content)
	}
	if msg := w.do("cleo", "/volo tournament list"); !strings.Contains(msg.Content, "Autumn Swiss") || !strings.Contains(msg.Content, "won by") {
		t.Errorf("the list: %q", msg.Content)
	}
	w.noValidationFailures()
}

// A round survives Discord failing and the bot restarting: a thread
// Discord made but answered 500 for is taken again by the round's next
// try, not started twice; a restart with a round owed pairs it at once;
// a post Discord fails is delivered once. Nothing is lost, nothing said
// twice.
func TestTournamentRoundsSurviveFaultsAndRestarts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addManager("dana")
	w.addPlayers("dev")
	tt := &tourney{w: w, name: "Spring Cup", withdrawn: map[string]int{}, rng: rand.New(rand.NewPCG(4, 4))}
	tt.create("/volo tournament create name:Spring Cup format:round-robin time_per_move:2d")
	tt.enter([]string{"ana", "ben", "cleo", "dev"})
	if err := w.srv.InjectFault("POST /channels/{channel_id}/threads", fakediscord.Fault{Kind: fakediscord.ServerError, AfterProcessing: true}); err != nil {
		t.Fatal(err)
	}
	w.do("dana", "/volo tournament start")
	w.runDue() // the scheduler's try met the fault; this one, or a later, pairs
	faulted := false
	for _, r := range w.srv.FaultedRequests() {
		faulted = faulted || strings.HasSuffix(r.Path, "/threads")
	}
	if !faulted {
		t.Fatal("no thread met the fault")
	}
	w.restart()
	w.runDue()
	cup := tt.stored()
	if len(cup.Event.Paired) != 1 {
		t.Fatalf("after the restart, %d rounds paired", len(cup.Event.Paired))
	}
	names := map[string]int{}
	for _, th := range w.srv.Threads(w.channel) {
		names[th.Name]++
	}
	for name, n := range names {
		if n > 1 {
			t.Errorf("%d threads named %q", n, name)
		}
	}
	if len(names) != 3 { // the tournament's and round 1's two games
		t.Errorf("threads %v, want the tournament's and two games'", names)
	}
	// Round 1 played; the bot stops as its last game ends and Discord
	// fails the next post in the tournament's thread once.
	if err := w.srv.InjectFault("POST /channels/{channel_id}/messages", fakediscord.Fault{Kind: fakediscord.ServiceUnavailable}); err != nil {
		t.Fatal(err)
	}
	round := cup.Event.Paired[0]
	for b, g := range round.Games {
		tt.play(1, b, cup.Boards[0][b].Channel, g, "1-0")
	}
	w.restart()
	w.runDue()
	if n := len(tt.stored().Event.Paired); n != 2 {
		t.Fatalf("after round 1 and a restart, %d rounds paired", n)
	}
	for _, want := range []string{"**Spring Cup**, round 1 of 3", "**Spring Cup**, round 2 of 3", "after round 1 of 3", "Round 1, board 1:", "Round 1, board 2:"} {
		if n := len(w.said(cup.Thread, want)); n != 1 {
			t.Errorf("%q posted %d times in the tournament's thread", want, n)
		}
	}
	// Round 2: its players may not call a game off; a manager may, and
	// it is lost by both.
	cup = tt.stored()
	first, second := cup.Event.Paired[1].Games[0], cup.Event.Paired[1].Games[1]
	ch := cup.Boards[1][0].Channel
	if msg := w.doIn(ch, w.nameOf(first.Orange), "/volo abort"); !strings.Contains(msg.Content, "cannot be called off by its players") {
		t.Errorf("a player calling off a tournament's game: %q", msg.Content)
	}
	w.doIn(ch, "dana", "/volo abort")
	if said := w.said(cup.Thread, "Round 2, board 1:"); len(said) != 1 || !strings.Contains(said[0].Content, "both forfeit") {
		t.Errorf("the game called off is posted as %v", said)
	}
	tt.play(2, 1, cup.Boards[1][1].Channel, second, "0-1")
	w.runDue()
	after := tt.stored()
	if len(after.Event.Paired) != 3 || after.Event.Paired[1].Games[0].Result != tournament.DoubleForfeit {
		t.Errorf("after round 2: %d rounds paired, board 1 %q", len(after.Event.Paired), after.Event.Paired[1].Games[0].Result)
	}
	w.noValidationFailures()
}

// A tournament in a French server speaks French in its thread and its
// games' threads, from the pairings to the winner. (The stand-in's
// command lines take the commands' names; their French names are
// TestHelpNamesTheCommandsOfItsLanguage's.)
func TestATournamentInFrench(t *testing.T) {
	t.Parallel()
	w := newFrenchWorld(t)
	w.addManager("dana")
	if err := w.srv.SetLocale("dana", "fr"); err != nil {
		t.Fatal(err)
	}
	if msg := w.do("dana", "/volo tournament create name:Coupe d’hiver format:swiss rounds:1"); !strings.Contains(msg.Content, "a créé le tournoi") {
		t.Fatalf("creating in French: %q", msg.Content)
	}
	for _, p := range []string{"ana", "ben", "cleo"} {
		if msg := w.do(p, "/volo tournament join"); !strings.Contains(msg.Content, "Vous êtes inscrit") {
			t.Fatalf("%s joining in French: %q", p, msg.Content)
		}
	}
	w.do("dana", "/volo tournament start")
	w.runDue()
	tt := &tourney{w: w, name: "Coupe d’hiver", withdrawn: map[string]int{}, resign: "Abandonner"}
	cup := tt.stored()
	tt.playRound(func(int) string { return "1-0" })
	var games []string
	for _, b := range cup.Boards[0] {
		if b.Channel != "" {
			games = append(games, b.Channel)
		}
	}
	for _, ch := range append(games, cup.Thread) {
		for _, m := range w.srv.Messages(ch) {
			for _, english := range []string{"round", "Board", "Standings", " wins ", "The game begins", "to move"} {
				if strings.Contains(m.Content, english) {
					t.Errorf("a message in French says %q: %q", english, m.Content)
				}
			}
		}
	}
	for _, want := range []string{"ronde 1 sur 1", "est exempt", "Ronde 1, table 1", "Classement final", "gagne **Coupe d’hiver**"} {
		if len(w.said(cup.Thread, want)) != 1 {
			t.Errorf("the thread does not say %q once", want)
		}
	}
	if len(w.said(games[0], "La partie commence")) != 1 {
		t.Errorf("the game's thread does not begin in French")
	}
}

// A tournament set to start by itself starts at its time, its first round
// paired in the same run; one that has too few players then is called
// off, and says so.
func TestScheduledTournamentStart(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.addManager("dana")
	created := w.do("dana", "/volo tournament create name:Dawn Cup format:round-robin start_in:2h")
	if !strings.Contains(created.Content, "It starts by itself <t:") {
		t.Errorf("the creation does not say when it starts: %q", created.Content)
	}
	w.do("ana", "/volo tournament join")
	w.do("ben", "/volo tournament join")
	w.do("dana", "/volo tournament create name:Lonely Cup format:swiss rounds:3 start_in:3h")
	w.do("cleo", "/volo tournament join name:Lonely Cup")
	w.passTime(time.Hour)
	dawn := &tourney{w: w, name: "Dawn Cup"}
	if got := dawn.stored(); got.Status != store.TournamentOpen {
		t.Errorf("an hour before its start the tournament is %s", got.Status)
	}
	w.passTime(time.Hour)
	cup := dawn.stored()
	if cup.Status != store.TournamentRunning || len(cup.Event.Paired) != 1 {
		t.Fatalf("at its start time the tournament is %s with %d rounds paired", cup.Status, len(cup.Event.Paired))
	}
	if len(w.said(cup.Thread, "has begun, at its start time")) != 1 || len(w.said(cup.Thread, "**Dawn Cup**, round 1 of 1")) != 1 {
		t.Errorf("the start and its pairings are not in the thread")
	}
	w.passTime(time.Hour)
	lonely := (&tourney{w: w, name: "Lonely Cup"}).stored()
	if lonely.Status != store.TournamentCancelled || len(w.said(lonely.Thread, "did not start")) != 1 {
		t.Errorf("a tournament of one at its start time is %s", lonely.Status)
	}
	if msg := w.do("cleo", "/volo tournament standings name:Lonely Cup"); !strings.Contains(msg.Content, "was called off before it started") {
		t.Errorf("the standings of a tournament called off: %q", msg.Content)
	}
}
