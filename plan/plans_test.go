package plan_test

import (
	"reflect"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/plan"
)

func mustLines(t *testing.T, lines ...string) plan.Plans {
	t.Helper()
	ps, err := plan.FromStrings(lines)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func move(t *testing.T, s string) engine.Move {
	t.Helper()
	m, err := engine.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAnswer(t *testing.T) {
	t.Parallel()
	ps := mustLines(t, "f5 h7 d4 j9", "a3 c3")
	for _, tc := range []struct {
		played, reply string
		rest          []string
		ok            bool
	}{
		{"f5", "h7", []string{"d4 j9"}, true},
		{"a3", "c3", []string{}, true},
		{"d4", "", []string{}, false},
	} {
		reply, rest, ok := ps.Answer(move(t, tc.played))
		if ok != tc.ok || (ok && reply.String() != tc.reply) || !reflect.DeepEqual(rest.Strings(), tc.rest) {
			t.Errorf("Answer(%s) = %s, %q, %v; want %s, %q, %v", tc.played, reply, rest.Strings(), ok, tc.reply, tc.rest, tc.ok)
		}
	}
}

func TestAddReplacesTheSameFirstMove(t *testing.T) {
	t.Parallel()
	ps := mustLines(t, "f5 h7", "a3 c3")
	l, _ := plan.Parse("f5 d4")
	got := ps.Add(l).Strings()
	if want := []string{"f5 d4", "a3 c3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Add = %q, want %q", got, want)
	}
	if got := ps.Remove(move(t, "a3")).Strings(); !reflect.DeepEqual(got, []string{"f5 h7"}) {
		t.Errorf("Remove = %q", got)
	}
	if ps.Strings()[0] != "f5 h7" {
		t.Errorf("Add changed the plans it was called on: %q", ps.Strings())
	}
}

func TestFull(t *testing.T) {
	t.Parallel()
	var ps plan.Plans
	for _, p := range engine.StartPosition().LegalMoves(engine.Standard)[:plan.MaxPlans] {
		ps = ps.Add(plan.Line{p, engine.Pass()})
	}
	if !ps.Full(move(t, "pass")) {
		t.Error("a new first move fits beyond MaxPlans")
	}
	if ps.Full(ps[0][0]) {
		t.Error("a plan replacing one does not fit")
	}
}
