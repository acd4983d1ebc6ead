package metricstest_test

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/volo-discord/volo/internal/metricstest"
)

func TestSample(t *testing.T) {
	reg := prometheus.NewRegistry()
	moves := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "moves_total"}, []string{"colour", "kind"})
	open := prometheus.NewGauge(prometheus.GaugeOpts{Name: "games_open"})
	took := prometheus.NewHistogram(prometheus.HistogramOpts{Name: "move_seconds"})
	reg.MustRegister(moves, open, took)
	moves.WithLabelValues("blue", "flight").Add(2)
	moves.WithLabelValues("blue", "add").Add(3)
	moves.WithLabelValues("orange", "add").Add(5)
	open.Set(4)
	took.Observe(0.1)
	took.Observe(0.2)
	fams, err := metricstest.Gather(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		pairs  []string
		want   float64
		wantOK bool
	}{
		{"moves_total", nil, 10, true},
		{"moves_total", []string{"colour", "blue"}, 5, true},
		{"moves_total", []string{"colour", "blue", "kind", "add"}, 3, true},
		{"moves_total", []string{"colour", "green"}, 0, false},
		{"games_open", nil, 4, true},
		{"move_seconds", nil, 2, true},
		{"nothing", nil, 0, false},
	} {
		v, ok := metricstest.Sample(fams, tt.name, tt.pairs...)
		if v != tt.want || ok != tt.wantOK {
			t.Errorf("Sample(%s, %q) = %v, %v; want %v, %v", tt.name, tt.pairs, v, ok, tt.want, tt.wantOK)
		}
	}
}
