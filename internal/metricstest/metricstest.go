// Package metricstest reads the samples a test scraped from Prometheus
// metrics, so that a test can ask "how many moves has Blue made here".
package metricstest

import (
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// Gather gathers g's metrics by name, as Sample reads them.
func Gather(g prometheus.Gatherer) (map[string]*dto.MetricFamily, error) {
	mfs, err := g.Gather()
	if err != nil {
		return nil, err
	}
	fams := map[string]*dto.MetricFamily{}
	for _, f := range mfs {
		fams[f.GetName()] = f
	}
	return fams, nil
}

// Sample returns the value of the metric name in fams whose labels
// include the pairs given (name, value, name, value…), summed over its
// other labels: a counter's or gauge's value, a histogram's count. ok is
// false when no sample matches.
func Sample(fams map[string]*dto.MetricFamily, name string, pairs ...string) (v float64, ok bool) {
	for _, m := range fams[name].GetMetric() {
		if !labelled(m, pairs) {
			continue
		}
		ok = true
		switch {
		case m.Counter != nil:
			v += m.Counter.GetValue()
		case m.Gauge != nil:
			v += m.Gauge.GetValue()
		case m.Histogram != nil:
			v += float64(m.Histogram.GetSampleCount())
		}
	}
	return v, ok
}

// labelled reports whether m has every label of pairs (name, value, …).
func labelled(m *dto.Metric, pairs []string) bool {
	got := map[string]string{}
	for _, l := range m.Label {
		got[l.GetName()] = l.GetValue()
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		if got[pairs[i]] != pairs[i+1] {
			return false
		}
	}
	return true
}
