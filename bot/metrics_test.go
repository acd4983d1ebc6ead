package bot_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/metricstest"
)

// newMetrics returns a registry and the bot's metrics registered on it.
func newMetrics(t testing.TB) (*prometheus.Registry, *bot.Metrics) {
	t.Helper()
	reg := prometheus.NewRegistry()
	m, err := bot.NewMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	return reg, m
}

// scrape fetches reg's metrics over HTTP in Prometheus's text format, as
// a Prometheus server would, and parses them: the text must parse.
func scrape(t testing.TB, reg *prometheus.Registry) map[string]*dto.MetricFamily {
	t.Helper()
	srv := httptest.NewServer(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("scrape: %s, %s", resp.Status, ct)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("the metrics do not parse as Prometheus text: %v", err)
	}
	return fams
}

// settled scrapes reg until n interactions have been counted and none is
// in flight: a handler counts its interaction once it returns, just after
// the player has the answer.
func settled(t testing.TB, reg *prometheus.Registry, n float64) map[string]*dto.MetricFamily {
	t.Helper()
	deadline := time.Now().Add(answerWait())
	for {
		fams := scrape(t, reg)
		total, _ := metricstest.Sample(fams, "volo_interactions_total")
		busy, _ := metricstest.Sample(fams, "volo_interactions_in_flight")
		if total == n && busy == 0 {
			return fams
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v interactions counted and %v in flight, want %v and none", total, busy, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The judge for metrics: they parse as Prometheus text and move
// when a game is played through the stand-in.
func TestMetricsMoveWhenAGameIsPlayed(t *testing.T) {
	t.Parallel()
	reg, m := newMetrics(t)
	w := newWorldWith(t, worldOptions{metrics: m})
	waitReady(t, w.bot)
	want := func(fams map[string]*dto.MetricFamily, v float64, name string, pairs ...string) {
		t.Helper()
		if got, _ := metricstest.Sample(fams, name, pairs...); got != v {
			t.Errorf("%s%q = %v, want %v", name, pairs, got, v)
		}
	}
	atLeast := func(fams map[string]*dto.MetricFamily, v float64, name string, pairs ...string) {
		t.Helper()
		if got, _ := metricstest.Sample(fams, name, pairs...); got < v {
			t.Errorf("%s%q = %v, want at least %v", name, pairs, got, v)
		}
	}

	before := scrape(t, reg)
	want(before, 0, "volo_games", "status", "active")
	want(before, 0, "volo_interactions_total")
	want(before, 1, "volo_gateway_connected", "shard", "0")
	want(before, 1, "volo_gateway_connections_total", "shard", "0")
	want(before, 1, "volo_store_up")
	if _, ok := metricstest.Sample(before, "volo_gateway_latency_seconds", "shard", "0"); !ok {
		t.Error("no gateway latency once connected")
	}

	w.startGame(w.channel) // ana challenges, ben accepts
	playing := scrape(t, reg)
	want(playing, 1, "volo_games", "status", "active")
	want(playing, 1, "volo_store_commits_total", "kind", "create", "result", "ok")

	if msg := w.do("ben", "/volo move move:f5"); !strings.Contains(msg.Content, "turn") {
		t.Fatalf("ben moving out of turn: %q", msg.Content)
	}
	first := engine.StartPosition().LegalMoves(engine.Standard)[0]
	if msg := w.do("ana", "/volo move move:"+first.String()); !strings.Contains(msg.Content, "· move 1") {
		t.Fatalf("ana's move %s: %q", first, msg.Content)
	}
	confirm := w.do("ben", "/volo resign")
	w.click("ben", confirm, "Resign")
	w.flush()

	after := settled(t, reg, 6)
	for _, c := range []struct {
		typ, command, outcome string
	}{
		{"command", "challenge", "ok"},
		{"button", "challenge", "ok"},
		{"command", "move", "refused"},
		{"command", "move", "ok"},
		{"command", "resign", "ok"},
		{"button", "resign", "ok"},
	} {
		want(after, 1, "volo_interactions_total", "type", c.typ, "command", c.command, "outcome", c.outcome)
	}
	want(after, 6, "volo_interactions_total")
	want(after, 6, "volo_interaction_handling_seconds")
	want(after, 0, "volo_interactions_in_flight")
	atLeast(after, 6, "volo_interaction_answer_seconds")
	want(after, 1, "volo_store_commits_total", "kind", "create", "result", "ok")
	atLeast(after, 2, "volo_store_commits_total", "kind", "update", "result", "ok")
	want(after, 1, "volo_store_commits_total", "kind", "finish", "result", "ok")
	atLeast(after, 4, "volo_store_commit_seconds")
	atLeast(after, 3, "volo_render_seconds", "kind", "board") // the start, the move, the end
	want(after, 1, "volo_render_seconds", "kind", "gif")
	atLeast(after, 3, "volo_delivery_attempts_total", "outcome", "delivered")
	want(after, 0, "volo_games", "status", "active")
	want(after, 1, "volo_games", "status", "finished")
	want(after, 0, "volo_announcements_pending")
	if problems, err := testutil.GatherAndLint(reg); err != nil || len(problems) > 0 {
		t.Errorf("promlint: %v %+v", err, problems)
	}

	// A restarted bot takes the metrics over; the counters go on.
	w.restart()
	waitReady(t, w.bot)
	again := scrape(t, reg)
	want(again, 1, "volo_games", "status", "finished")
	want(again, 1, "volo_gateway_connected", "shard", "0")
	want(again, 2, "volo_gateway_connections_total", "shard", "0")
	want(again, 6, "volo_interactions_total")
	w.do("cleo", "/volo rules")
	want(settled(t, reg, 7), 1, "volo_interactions_total", "command", "rules", "outcome", "ok")
	// Settings and puzzles are changes to the store too.
	w.do("cleo", "/volo settings theme:light")
	w.do("cleo", "/volo puzzle")
	later := settled(t, reg, 9)
	want(later, 1, "volo_store_commits_total", "kind", "settings", "result", "ok")
	atLeast(later, 1, "volo_store_commits_total", "kind", "puzzle", "result", "ok")

	w.stop()
	if err := w.bot.Ready(); err == nil || !strings.Contains(err.Error(), "shutting down") {
		t.Errorf("a stopped bot says it is ready: %v", err)
	}
}

// Buttons of no feature the bot knows are counted as "other", so that
// label values stay few whatever a client sends.
func TestMetricsNameOnlyKnownButtons(t *testing.T) {
	t.Parallel()
	reg, m := newMetrics(t)
	if _, err := bot.NewMetrics(reg); err == nil {
		t.Error("a second Metrics on one registry registered without complaint")
	}
	w := newWorldWith(t, worldOptions{metrics: m})
	help := w.do("ana", "/volo help")
	for _, id := range []string{"volo/made-up/0123/0/", "not-volo-at-all", "volo/lb/x/0/2"} {
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: help.ID, User: "ana", CustomID: id, Forged: true})
		if err != nil {
			t.Fatal(err)
		}
		w.answer(in, "a click on "+id)
	}
	fams := settled(t, reg, 4)
	var commands []string
	for _, f := range fams["volo_interactions_total"].GetMetric() {
		for _, l := range f.Label {
			if l.GetName() == "command" {
				commands = append(commands, l.GetValue())
			}
		}
	}
	slices.Sort(commands)
	if want := []string{"help", "leaderboard", "other"}; !slices.Equal(commands, want) {
		t.Errorf("command labels %q, want %q", commands, want)
	}
	if v, _ := metricstest.Sample(fams, "volo_interactions_total", "type", "button", "command", "other"); v != 2 {
		t.Errorf("%v clicks of no known button counted, want 2", v)
	}
}

// A bot of several shards reports each shard's gateway, and is ready only
// once all are connected.
func TestMetricsReportEveryShard(t *testing.T) {
	t.Parallel()
	reg, m := newMetrics(t)
	w := newWorldWith(t, worldOptions{metrics: m, shards: "3", stand: func(o *fakediscord.Options) { o.MaxConcurrency = 3 }})
	waitReady(t, w.bot)
	fams := scrape(t, reg)
	for _, shard := range []string{"0", "1", "2"} {
		if v, _ := metricstest.Sample(fams, "volo_gateway_connected", "shard", shard); v != 1 {
			t.Errorf("shard %s connected: %v, want 1", shard, v)
		}
		if _, ok := metricstest.Sample(fams, "volo_gateway_latency_seconds", "shard", shard); !ok {
			t.Errorf("no latency for shard %s", shard)
		}
	}
	if n := len(fams["volo_gateway_connected"].GetMetric()); n != 3 {
		t.Errorf("%d shards reported, want 3", n)
	}
}
