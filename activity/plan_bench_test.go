package activity

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
)

// BenchmarkPlanningStepBytes measures what POST api/plan sends for one
// step, the moves laid out as JSON, over positions of random games, and
// what sending every reply to every opponent's move at once would weigh:
// the reason the page asks for the replies to the move chosen alone. It
// reports the median and the largest step (step-median-B, step-max-B) and
// the median and largest of all the replies at once (all-median-B,
// all-max-B); the time is that of laying out one step.
//
//	go test -run XXX -bench PlanningStepBytes -benchtime 1x ./activity/
func BenchmarkPlanningStepBytes(b *testing.B) {
	var step, all []int
	for i, pos := range positions(b, engine.Standard, 6, 3) {
		if i%7 != 0 {
			continue
		}
		data, _ := json.Marshal(legal(pos, engine.Standard, lang.English))
		step = append(step, len(data))
		total := 0
		for _, m := range pos.LegalMoves(engine.Standard) {
			next, o := pos.Apply(m, engine.Standard)
			if o.Over() {
				continue
			}
			data, _ := json.Marshal(legal(next, engine.Standard, lang.English))
			total += len(data)
		}
		all = append(all, total)
	}
	slices.Sort(step)
	slices.Sort(all)
	start := engine.StartPosition()
	b.ResetTimer()
	for b.Loop() {
		legal(start, engine.Standard, lang.English)
	}
	b.ReportMetric(float64(step[len(step)/2]), "step-median-B")
	b.ReportMetric(float64(step[len(step)-1]), "step-max-B")
	b.ReportMetric(float64(all[len(all)/2]), "all-median-B")
	b.ReportMetric(float64(all[len(all)-1]), "all-max-B")
}
