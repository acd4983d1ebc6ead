package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/metricstest"
)

// get fetches url and returns its status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(body)
}

// parseMetrics parses a /metrics page as Prometheus text, failing the
// test if it does not parse.
func parseMetrics(t *testing.T, page string) map[string]*dto.MetricFamily {
	t.Helper()
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(strings.NewReader(page))
	if err != nil {
		t.Fatalf("/metrics does not parse as Prometheus text: %v\n%s", err, page)
	}
	return fams
}

// /healthz answers while the process runs, /readyz only while the bot
// serves, with the reason when it does not, and /metrics in Prometheus's
// text format.
func TestOperatorEndpoints(t *testing.T) {
	reg, _, err := newMetrics()
	if err != nil {
		t.Fatal(err)
	}
	var why error = errors.New("not connected to Discord yet")
	srv := httptest.NewServer(opsHandler(reg, func() error { return why }))
	defer srv.Close()
	if code, body := get(t, srv.URL+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get(t, srv.URL+"/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "not connected to Discord yet") {
		t.Errorf("/readyz before connecting: %d %q", code, body)
	}
	why = nil
	if code, body := get(t, srv.URL+"/readyz"); code != http.StatusOK || body != "ready\n" {
		t.Errorf("/readyz once connected: %d %q", code, body)
	}
	code, page := get(t, srv.URL+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d", code)
	}
	fams := parseMetrics(t, page)
	for _, name := range []string{"volo_build_info", "go_goroutines", "volo_interactions_in_flight"} {
		if fams[name] == nil {
			t.Errorf("/metrics lacks %s", name)
		}
	}
	if code, _ := get(t, srv.URL+"/nothing"); code != http.StatusNotFound {
		t.Errorf("/nothing: %d", code)
	}
}

// An address already taken stops volobot at start, naming the key.
func TestMetricsAddressTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	reg, _, err := newMetrics()
	if err != nil {
		t.Fatal(err)
	}
	_, err = startOps(ln.Addr().String(), reg, func() error { return nil }, slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "metrics") {
		t.Errorf("listening on a taken address: %v, want an error naming metrics", err)
	}
}

// The sandbox serves the metrics when the configuration names an
// address: ready once connected to the stand-in, counting what is played,
// and gone once volobot stops.
func TestSandboxServesMetrics(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("config.yaml", []byte("metrics: 127.0.0.1:0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	v := startVolobot(t)
	var base string
	served := regexp.MustCompile(`url=(http://\S+)/metrics`)
	v.eventually(t, "the metrics' address in the log", func() bool {
		m := served.FindStringSubmatch(v.stderr.String())
		if m != nil {
			base = m[1]
		}
		return m != nil
	})
	v.eventually(t, "/readyz", func() bool {
		code, _ := get(t, base+"/readyz")
		return code == http.StatusOK
	})
	if code, _ := get(t, base+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz: %d", code)
	}

	volo := v.channelID(t, "volo")
	v.command(t, volo, "ana", "/volo challenge opponent:@ben colour:orange")
	v.click(t, volo, "ben", "Accept")
	v.waitText(t, volo, "cleo", "The game begins")
	opening := legalMove(t, engine.NewGame(engine.Standard, engine.StartPosition()), "f5")
	v.command(t, volo, "ana", "/volo move "+opening)
	v.waitText(t, volo, "cleo", opening+" · move 1")

	// A handler counts its interaction once it returns, just after the
	// player has the answer: the last may take a moment.
	deadline := time.Now().Add(20 * time.Second)
	for missing := countsMissing(t, base); len(missing) > 0; missing = countsMissing(t, base) {
		if time.Now().After(deadline) {
			t.Fatalf("the metrics fall short:\n%s", strings.Join(missing, "\n"))
		}
		time.Sleep(20 * time.Millisecond)
	}

	v.stop(t)
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the metrics are still served after volobot stopped")
	}
}

// countsMissing scrapes the sandbox's /metrics and says which counts of
// TestSandboxServesMetrics's game fall short.
func countsMissing(t *testing.T, base string) []string {
	t.Helper()
	_, page := get(t, base+"/metrics")
	fams := parseMetrics(t, page)
	var missing []string
	for _, c := range []struct {
		name  string
		pairs []string
		least float64
	}{
		{"volo_interactions_total", []string{"type", "command", "command", "challenge", "outcome", "ok"}, 1},
		{"volo_interactions_total", []string{"type", "button", "command", "challenge", "outcome", "ok"}, 1},
		{"volo_interactions_total", []string{"command", "move", "outcome", "ok"}, 1},
		{"volo_store_commits_total", []string{"kind", "create", "result", "ok"}, 1},
		{"volo_store_commits_total", []string{"kind", "update", "result", "ok"}, 2},
		{"volo_delivery_attempts_total", []string{"outcome", "delivered"}, 2},
		{"volo_games", []string{"status", "active"}, 1},
		{"volo_gateway_connected", []string{"shard", "0"}, 1},
		{"volo_build_info", nil, 1},
	} {
		if got, _ := metricstest.Sample(fams, c.name, c.pairs...); got < c.least {
			missing = append(missing, fmt.Sprintf("%s%q = %v, want at least %v", c.name, c.pairs, got, c.least))
		}
	}
	if n := fams["volo_render_seconds"].GetMetric(); len(n) == 0 || n[0].GetHistogram().GetSampleCount() == 0 {
		missing = append(missing, "volo_render_seconds: no board drawn")
	}
	return missing
}

// volobot -version prints the module's version, the revision when the
// build knows it, and the Go version, and reads nothing else: not even a
// broken token file stops it.
func TestVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"-version"}, env(map[string]string{"DISCORD_TOKEN_FILE": "/nonexistent"}), &stdout, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	line := stdout.String()
	if !strings.HasPrefix(line, "volobot ") || !strings.Contains(line, runtime.Version()) || !strings.Contains(line, runtime.GOOS+"/"+runtime.GOARCH) || strings.Count(line, "\n") != 1 {
		t.Errorf("volobot -version printed %q", line)
	}
	for _, tc := range []struct {
		info buildInfo
		want string
	}{
		{buildInfo{Version: "(devel)", Go: "go1.26.8", Platform: "linux/amd64"}, "volobot (devel), no VCS revision, go1.26.8 linux/amd64"},
		{buildInfo{Version: "v1.2.0", Revision: "1a2b3c", Time: "2026-11-22T12:00:00Z", Go: "go1.26.8", Platform: "linux/arm64"},
			"volobot v1.2.0, revision 1a2b3c (2026-11-22T12:00:00Z), go1.26.8 linux/arm64"},
		{buildInfo{Version: "(devel)", Revision: "1a2b3c", Modified: true, Go: "go1.26.8", Platform: "linux/amd64"},
			"volobot (devel), revision 1a2b3c (modified), go1.26.8 linux/amd64"},
	} {
		if got := tc.info.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.info, got, tc.want)
		}
	}
}
