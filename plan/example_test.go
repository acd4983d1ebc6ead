package plan_test

import (
	"fmt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/plan"
)

// Blue waits for Orange's first move and plans two lines: h7 if Orange
// adds at f5 (then j9 if Orange adds at d4), c3 if Orange adds at a3.
func Example() {
	pos := engine.StartPosition()
	var ps plan.Plans
	for _, s := range []string{"f5 h7 d4 j9", "a3 c3"} {
		l, err := plan.Parse(s)
		if err != nil {
			panic(err)
		}
		if l, err = plan.Check(pos, engine.Standard, engine.Blue, l); err != nil {
			panic(err)
		}
		ps = ps.Add(l)
	}
	f5, _ := engine.ParseMove("f5")
	reply, rest, ok := ps.Answer(f5)
	fmt.Println(ok, reply, rest.Strings())
	// Output:
	// true h7 [d4 j9]
}
