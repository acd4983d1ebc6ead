package tournament_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/volo-discord/volo/tournament"
)

func named(ids ...string) []tournament.Player {
	ps := make([]tournament.Player, len(ids))
	for i, id := range ids {
		ps[i] = tournament.Player{ID: id, Rating: float64(2000 - i)}
	}
	return ps
}

func TestNewRefusesBadEvents(t *testing.T) {
	tests := []struct {
		name    string
		format  tournament.Format
		rounds  int
		players []tournament.Player
		want    string
	}{
		{"unknown format", "knockout", 3, named("a", "b"), "no such tournament format"},
		{"one player", tournament.Swiss, 1, named("a"), "1 players; an event has 2 to 128"},
		{"no rounds", tournament.Swiss, 0, named("a", "b"), "a Swiss of 0 rounds"},
		{"too many rounds", tournament.Swiss, 21, named("a", "b"), "a Swiss of 21 rounds"},
		{"wrong round robin rounds", tournament.RoundRobin, 4, named("a", "b", "c"), "has 3 rounds, not 4"},
		{"twice the same player", tournament.Swiss, 3, named("a", "b", "a"), `player "a" entered twice`},
		{"no ID", tournament.Swiss, 3, named("a", ""), "a player has no ID"},
		{"entering withdrawn", tournament.Swiss, 3, []tournament.Player{{ID: "a"}, {ID: "b", Withdrawn: true}}, "enters withdrawn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tournament.New(tt.format, tt.rounds, tt.players)
			if !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New = %v; want ErrInvalid saying %q", err, tt.want)
			}
		})
	}
}

// TestNewOrdersByRating: pairing numbers follow the rating, highest first, then the ID.
func TestNewOrdersByRating(t *testing.T) {
	e, err := tournament.New(tournament.Swiss, 3, []tournament.Player{
		{ID: "c", Rating: 1500}, {ID: "b", Rating: 1700}, {ID: "a", Rating: 1500}, {ID: "d", Rating: 1800},
	})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, p := range e.Players {
		order = append(order, p.ID)
	}
	if got := strings.Join(order, " "); got != "d b a c" {
		t.Errorf("pairing order %s, want d b a c", got)
	}
}

func TestDecodeRefusesBrokenEvents(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"not JSON", `{`, "unexpected end"},
		{"unknown player", `{"format":"swiss","rounds":2,"players":[{"id":"a"},{"id":"b"}],"paired":[{"games":[{"orange":"a","blue":"x"}]}]}`, `no such player in the tournament: "x"`},
		{"player twice in a round", `{"format":"swiss","rounds":2,"players":[{"id":"a"},{"id":"b"}],"paired":[{"games":[{"orange":"a","blue":"a"}]}]}`, "on two boards"},
		{"player missing", `{"format":"swiss","rounds":2,"players":[{"id":"a"},{"id":"b"},{"id":"c"}],"paired":[{"games":[{"orange":"a","blue":"b"}]}]}`, `"c" is on no board`},
		{"bad result", `{"format":"swiss","rounds":2,"players":[{"id":"a"},{"id":"b"}],"paired":[{"games":[{"orange":"a","blue":"b","result":"2-0"}]}]}`, "no such result"},
		{"pending before the last round", `{"format":"swiss","rounds":2,"players":[{"id":"a"},{"id":"b"}],"paired":[{"games":[{"orange":"a","blue":"b"}]},{"games":[{"orange":"b","blue":"a"}]}]}`, "without a result before the last round"},
		{"two byes", `{"format":"swiss","rounds":2,"players":[{"id":"a"},{"id":"b"}],"paired":[{"games":[{"orange":"a","result":"bye"},{"orange":"b","result":"bye"}]}]}`, "a bye before the last board"},
		{"rest in a Swiss", `{"format":"swiss","rounds":2,"players":[{"id":"a"},{"id":"b"},{"id":"c"}],"paired":[{"games":[{"orange":"a","blue":"b","result":"1-0"},{"orange":"c","result":"rest"}]}]}`, "a rest in a Swiss"},
		{"round robin off its table", `{"format":"round-robin","rounds":1,"players":[{"id":"a"},{"id":"b"}],"paired":[{"games":[{"orange":"b","blue":"a"}]}]}`, "the Berger table has"},
		{"withdrawn player paired in a Swiss", `{"format":"swiss","rounds":3,"players":[{"id":"a"},{"id":"b","withdrawn":true,"withdrew_after":1}],"paired":[{"games":[{"orange":"a","blue":"b","result":"1-0"}]},{"games":[{"orange":"a","blue":"b","result":"+-"}]}]}`, "withdrawn player paired"},
		{"withdrawn player's game still played", `{"format":"swiss","rounds":3,"players":[{"id":"a"},{"id":"b","withdrawn":true,"withdrew_after":1}],"paired":[{"games":[{"orange":"a","blue":"b"}]}]}`, "still being played"},
		{"more rounds than scheduled", `{"format":"swiss","rounds":1,"players":[{"id":"a"},{"id":"b"}],"paired":[{"games":[{"orange":"a","blue":"b","result":"1-0"}]},{"games":[{"orange":"b","blue":"a"}]}]}`, "2 rounds paired of 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tournament.Decode([]byte(tt.json))
			if !errors.Is(err, tournament.ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Decode = %v; want ErrInvalid saying %q", err, tt.want)
			}
		})
	}
}

func TestRecord(t *testing.T) {
	e := mustEvent(t, tournament.Swiss, 3, "a", "b", "c")
	if _, err := e.PairNext(); err != nil { // a–b, c bye
		t.Fatal(err)
	}
	tests := []struct {
		name         string
		round, board int
		result       tournament.Result
		want         error
	}{
		{"no such round", 2, 1, tournament.OrangeWins, tournament.ErrNoSuchGame},
		{"no such board", 1, 3, tournament.OrangeWins, tournament.ErrNoSuchGame},
		{"the bye", 1, 2, tournament.OrangeWins, tournament.ErrNoSuchGame},
		{"not a game's result", 1, 1, tournament.Bye, tournament.ErrResult},
		{"pending", 1, 1, tournament.Pending, tournament.ErrResult},
		{"a result", 1, 1, tournament.Draw, nil},
		{"a second result", 1, 1, tournament.OrangeWins, tournament.ErrRecorded},
	}
	for _, tt := range tests {
		err := e.Record(tt.round, tt.board, tt.result)
		if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%s: Record = %v, want %v", tt.name, err, tt.want)
		}
	}
	if got := e.Paired[0].Games[0].Result; got != tournament.Draw {
		t.Errorf("the game's result is %v after the refusals, want the draw", got)
	}
}

// TestNextRoundWaitsForTheRound: no next round while a game is being played, none after the
// last.
func TestNextRoundWaitsForTheRound(t *testing.T) {
	e := mustEvent(t, tournament.Swiss, 1, "a", "b")
	if _, err := e.PairNext(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.NextRound(); !errors.Is(err, tournament.ErrRoundNotOver) {
		t.Errorf("NextRound during the round = %v, want ErrRoundNotOver", err)
	}
	if e.Over() {
		t.Error("over during its only round")
	}
	if err := e.Record(1, 1, tournament.BlueWins); err != nil {
		t.Fatal(err)
	}
	if _, err := e.NextRound(); !errors.Is(err, tournament.ErrOver) || !e.Over() {
		t.Errorf("NextRound after the last round = %v (over %v), want ErrOver", err, e.Over())
	}
	if _, err := e.Withdraw("a"); !errors.Is(err, tournament.ErrOver) {
		t.Errorf("Withdraw after the end = %v, want ErrOver", err)
	}
}

// TestWithdrawInARoundRobin: the game in progress is forfeited, the later games are
// forfeits when they are paired, and a game between two withdrawn players is lost by both.
func TestWithdrawInARoundRobin(t *testing.T) {
	e := mustEvent(t, tournament.RoundRobin, 0, "a", "b", "c", "d") // 1-4 2-3 / 4-3 1-2 / 2-4 3-1
	if _, err := e.PairNext(); err != nil {
		t.Fatal(err)
	}
	if err := e.Record(1, 2, tournament.OrangeWins); err != nil { // b beats c
		t.Fatal(err)
	}
	boards, err := e.Withdraw("a")
	if err != nil || fmt.Sprint(boards) != "[1]" {
		t.Fatalf("Withdraw = %v, %v; want board 1 forfeited", boards, err)
	}
	if _, err := e.Withdraw("a"); !errors.Is(err, tournament.ErrWithdrawn) {
		t.Errorf("second Withdraw = %v, want ErrWithdrawn", err)
	}
	if _, err := e.Withdraw("zed"); !errors.Is(err, tournament.ErrUnknownPlayer) {
		t.Errorf("Withdraw of a stranger = %v, want ErrUnknownPlayer", err)
	}
	if boards, err := e.Withdraw("b"); err != nil || len(boards) != 0 { // between rounds
		t.Fatalf("Withdraw = %v, %v; want no board changed", boards, err)
	}
	if _, err := e.PairNext(); err != nil {
		t.Fatal(err)
	}
	if err := e.Record(2, 1, tournament.Draw); err != nil { // d–c
		t.Fatal(err)
	}
	round, err := e.PairNext()
	if err != nil {
		t.Fatal(err)
	}
	if got := resultsOf(e.Paired[0]) + " / " + resultsOf(e.Paired[1]) + " / " + resultsOf(round); got != "a-d -+, b-c 1-0 / d-c ½-½, a-b -- / b-d -+, c-a +-" {
		t.Errorf("rounds %s", got)
	}
	if !e.Over() {
		t.Error("not over with every game scored")
	}
	var lines []string
	for _, s := range e.Standings() {
		lines = append(lines, fmt.Sprintf("%d %s %s", s.Rank, s.Player, tournament.Points(s.Score)))
	}
	if got := strings.Join(lines, ", "); got != "1 d 2½, 2 c 1½, 3 b 1, 4 a 0" {
		t.Errorf("standings %s", got)
	}
}

// TestWithdrawInASwiss: the game in progress is forfeited, and later rounds leave the player
// out; their rounds show as absences in the crosstable.
func TestWithdrawInASwiss(t *testing.T) {
	e := mustEvent(t, tournament.Swiss, 3, "a", "b", "c", "d") // a–c, d–b
	if _, err := e.PairNext(); err != nil {
		t.Fatal(err)
	}
	if err := e.Record(1, 1, tournament.OrangeWins); err != nil {
		t.Fatal(err)
	}
	if boards, err := e.Withdraw("b"); err != nil || fmt.Sprint(boards) != "[2]" {
		t.Fatalf("Withdraw = %v, %v", boards, err)
	}
	round, err := e.PairNext()
	if err != nil {
		t.Fatal(err)
	}
	byes := 0
	for _, g := range round.Games {
		if g.Orange == "b" || g.Blue == "b" {
			t.Errorf("round 2 pairs b: %s", resultsOf(round))
		}
		if g.Blue == "" {
			byes++
		}
	}
	if byes != 1 {
		t.Errorf("round 2 of three players has %d byes: %s", byes, resultsOf(round))
	}
	ct := e.Crosstable()
	row := map[string]int{}
	for k, r := range ct.Rows {
		row[r.Player] = k + 1
	}
	if got, want := fmt.Sprint(ct.Rows[row["b"]-1].Cells), fmt.Sprintf("[%db− −]", row["d"]); got != want {
		t.Errorf("b's cells %s, want %s: a forfeit lost to d, then an absence", got, want)
	}
}

// TestSwissEndsWhenTooFewRemain: a Swiss with one player left has no next round.
func TestSwissEndsWhenTooFewRemain(t *testing.T) {
	e := mustEvent(t, tournament.Swiss, 5, "a", "b", "c")
	if _, err := e.Withdraw("b"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Withdraw("c"); err != nil {
		t.Fatal(err)
	}
	if !e.Over() {
		t.Error("not over with one player left")
	}
}

func TestCrosstableCells(t *testing.T) {
	e := mustEvent(t, tournament.Swiss, 2, "a", "b", "c")
	if _, err := e.PairNext(); err != nil { // a–b, c bye
		t.Fatal(err)
	}
	if err := e.Record(1, 1, tournament.Draw); err != nil {
		t.Fatal(err)
	}
	if _, err := e.PairNext(); err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, r := range e.Crosstable().Rows {
		rows = append(rows, fmt.Sprintf("%d %s %s %v", r.Rank, r.Player, tournament.Points(r.Score), r.Cells))
	}
	// Round 2: c (1 point) meets a, who has not met c, and b has the bye.
	if got := strings.Join(rows, " | "); got != "1 b 1½ [3b½ bye] | 2 c 1 [bye 3o*] | 3 a ½ [1o½ 2b*]" {
		t.Errorf("crosstable %s", got)
	}
	for _, tt := range []struct {
		cell tournament.Cell
		want string
	}{
		{tournament.Cell{Outcome: tournament.Played, Opponent: 3, Colour: tournament.Orange, Points: 1}, "3o1"},
		{tournament.Cell{Outcome: tournament.Played, Opponent: 12, Colour: tournament.Blue, Points: 0.5}, "12b½"},
		{tournament.Cell{Outcome: tournament.ForfeitWin, Opponent: 7, Colour: tournament.Blue, Points: 1}, "7b+"},
		{tournament.Cell{Outcome: tournament.ForfeitLoss, Opponent: 2, Colour: tournament.Orange}, "2o−"},
		{tournament.Cell{Outcome: tournament.PairingBye, Points: 1}, "bye"},
		{tournament.Cell{Outcome: tournament.Resting}, "rest"},
		{tournament.Cell{Outcome: tournament.Absent}, "−"},
		{tournament.Cell{Outcome: tournament.Playing, Opponent: 4, Colour: tournament.Orange}, "4o*"},
	} {
		if got := tt.cell.String(); got != tt.want {
			t.Errorf("%+v shows %q, want %q", tt.cell, got, tt.want)
		}
	}
}

func TestPoints(t *testing.T) {
	for p, want := range map[float64]string{0: "0", 0.5: "½", 1: "1", 2.5: "2½", 10: "10", 2.25: "2.25"} {
		if got := tournament.Points(p); got != want {
			t.Errorf("Points(%v) = %q, want %q", p, got, want)
		}
	}
}

func TestParseFormatAndResult(t *testing.T) {
	for in, want := range map[string]tournament.Format{
		"swiss": tournament.Swiss, " Round Robin ": tournament.RoundRobin, "DOUBLE_ROUND_ROBIN": tournament.DoubleRoundRobin,
	} {
		if got, err := tournament.ParseFormat(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := tournament.ParseFormat("knockout"); !errors.Is(err, tournament.ErrFormat) {
		t.Errorf("ParseFormat(knockout) = %v", err)
	}
	for in, want := range map[string]tournament.Result{
		"1-0": tournament.OrangeWins, "½-½": tournament.Draw, "1/2-1/2": tournament.Draw, "0-1": tournament.BlueWins,
		"+-": tournament.OrangeWinsByForfeit, "-+": tournament.BlueWinsByForfeit, "--": tournament.DoubleForfeit, "BYE": tournament.Bye,
	} {
		if got, err := tournament.ParseResult(in); err != nil || got != want {
			t.Errorf("ParseResult(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "*", "2-0", "1:0"} {
		if _, err := tournament.ParseResult(bad); !errors.Is(err, tournament.ErrResult) {
			t.Errorf("ParseResult(%q) = %v, want ErrResult", bad, err)
		}
	}
}

func mustEvent(t *testing.T, f tournament.Format, rounds int, ids ...string) *tournament.Event {
	t.Helper()
	e, err := tournament.New(f, rounds, named(ids...))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// resultsOf writes a round as "orange-blue result" boards.
func resultsOf(r tournament.Round) string {
	var s []string
	for _, g := range r.Games {
		if g.Blue == "" {
			s = append(s, g.Orange+" "+g.Result.String())
		} else {
			s = append(s, g.Orange+"-"+g.Blue+" "+g.Result.String())
		}
	}
	return strings.Join(s, ", ")
}
