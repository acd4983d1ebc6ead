package tournament_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/volo-discord/volo/tournament"
)

// FuzzDecode: whatever bytes the store hands back, Decode either refuses them with an error
// wrapping ErrInvalid or returns an event that encodes and decodes to itself, whose
// standings and crosstable can be computed, and whose next round, if it has one, is itself
// valid once added.
func FuzzDecode(f *testing.F) {
	for _, e := range seedEvents(f) {
		data, err := json.Marshal(e)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"format":"swiss","rounds":1,"players":[{"id":"a"},{"id":"b"}],"paired":[]}`))
	f.Add([]byte(`{"format":"round-robin","rounds":2,"players":[{"id":"a"},{"id":"b"},{"id":"c"}]}`))
	f.Add([]byte(`{"format":"swiss","rounds":1,"players":[{"id":"a"},{"id":"a"}]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := tournament.Decode(data)
		if err != nil {
			if !errors.Is(err, tournament.ErrInvalid) {
				t.Fatalf("Decode error %v does not wrap ErrInvalid", err)
			}
			return
		}
		again, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		e2, err := tournament.Decode(again)
		if err != nil || !reflect.DeepEqual(e, e2) {
			t.Fatalf("re-decoded %+v, %v; first %+v", e2, err, e)
		}
		if len(e.Standings()) != len(e.Players) || len(e.Crosstable().Rows) != len(e.Players) {
			t.Fatal("standings or crosstable miss players")
		}
		if len(e.Players) > 24 {
			return // pairing large events is the benchmark's business, not the fuzzer's
		}
		if _, err := e.PairNext(); err == nil {
			if err := e.Validate(); err != nil {
				t.Fatalf("the paired round breaks the rules: %v", err)
			}
		} else if !errors.Is(err, tournament.ErrOver) && !errors.Is(err, tournament.ErrRoundNotOver) {
			t.Fatalf("NextRound of a valid event: %v", err)
		}
	})
}

// FuzzParseFormat: a name it reads is read back the same from its String.
func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{"swiss", "round-robin", "Double Round Robin", "double_round_robin", "", "knockout"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		format, err := tournament.ParseFormat(s)
		if err != nil {
			if !errors.Is(err, tournament.ErrFormat) {
				t.Fatalf("ParseFormat(%q) error %v does not wrap ErrFormat", s, err)
			}
			return
		}
		if again, err := tournament.ParseFormat(format.String()); err != nil || again != format {
			t.Fatalf("ParseFormat(%q) = %v; its String reads back as %v, %v", s, format, again, err)
		}
	})
}

// FuzzParseResult: a result it reads is a result, stored as text that reads back the same,
// and worth a point between the two sides at most.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"1-0", "0-1", "1/2-1/2", "½-½", "+-", "-+", "--", "bye", "rest", "", "*", "2-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := tournament.ParseResult(s)
		if err != nil {
			if !errors.Is(err, tournament.ErrResult) {
				t.Fatalf("ParseResult(%q) error %v does not wrap ErrResult", s, err)
			}
			return
		}
		if again, err := tournament.ParseResult(string(r)); err != nil || again != r {
			t.Fatalf("ParseResult(%q) = %q; read back as %q, %v", s, r, again, err)
		}
		if o, b := r.Points(); o+b > 1 || o < 0 || b < 0 {
			t.Fatalf("%q scores %v and %v", r, o, b)
		}
	})
}

// seedEvents are events in every state: a Swiss with a bye, a forfeit and a withdrawal, one
// round being played; a finished double round robin with a withdrawal; a new round robin
// of five.
func seedEvents(tb testing.TB) []*tournament.Event {
	rnd := rand.New(rand.NewPCG(1, 2))
	swiss, err := tournament.New(tournament.Swiss, 4, randomPlayers(rnd, 7))
	if err != nil {
		tb.Fatal(err)
	}
	for range 2 {
		if _, err := swiss.PairNext(); err != nil {
			tb.Fatal(err)
		}
		if err := swiss.Record(len(swiss.Paired), 1, tournament.OrangeWinsByForfeit); err != nil {
			tb.Fatal(err)
		}
		if _, err := swiss.Withdraw(swiss.Paired[len(swiss.Paired)-1].Games[1].Blue); err != nil {
			tb.Fatal(err)
		}
		if err := swiss.Record(len(swiss.Paired), 3, tournament.Draw); err != nil {
			tb.Fatal(err)
		}
	}
	double, err := tournament.New(tournament.DoubleRoundRobin, 0, randomPlayers(rnd, 4))
	if err != nil {
		tb.Fatal(err)
	}
	for !double.Over() {
		round, err := double.PairNext()
		if err != nil {
			tb.Fatal(err)
		}
		if len(double.Paired) == 3 {
			if _, err := double.Withdraw(round.Games[0].Orange); err != nil {
				tb.Fatal(err)
			}
		}
		for b, g := range double.Paired[len(double.Paired)-1].Games {
			if g.Result == tournament.Pending {
				if err := double.Record(len(double.Paired), b+1, tournament.BlueWins); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	fresh, err := tournament.New(tournament.RoundRobin, 0, randomPlayers(rnd, 5))
	if err != nil {
		tb.Fatal(err)
	}
	return []*tournament.Event{swiss, double, fresh}
}
