package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/httpstop"
)

// newMetrics returns a registry of the bot's metrics (bot.NewMetrics),
// the Go runtime's and the process's (go_…, process_…), and
// volo_build_info, and the bot's metrics to hand to the bot and its
// renderer. The registry is volobot's own, never client_golang's global
// one.
func newMetrics() (*prometheus.Registry, *bot.Metrics, error) {
	reg := prometheus.NewRegistry()
	info := readBuildInfo()
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "volo_build_info",
		Help:        "Always 1; its labels say which build runs: the module's version, the VCS revision and the Go version.",
		ConstLabels: prometheus.Labels{"version": info.Version, "revision": info.Revision, "goversion": info.Go},
	})
	build.Set(1)
	for _, c := range []prometheus.Collector{
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		build,
	} {
		if err := reg.Register(c); err != nil {
			return nil, nil, fmt.Errorf("metrics: %w", err)
		}
	}
	m, err := bot.NewMetrics(reg)
	if err != nil {
		return nil, nil, err
	}
	return reg, m, nil
}

// opsServer serves an operator's endpoints over HTTP: /metrics for
// Prometheus, /healthz, which answers while the process runs, and
// /readyz, which answers 200 only while the bot serves (connected, the
// database readable) and 503 with the reason otherwise.
type opsServer struct {
	srv  *http.Server
	addr net.Addr
	done chan error // Serve's error, once it returns
}

// opsHandler routes the operator's endpoints.
func opsHandler(reg *prometheus.Registry, ready func() error) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.InstrumentMetricHandler(reg,
		promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg, ErrorHandling: promhttp.ContinueOnError})))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if err := ready(); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "not ready:", err)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	return mux
}

// startOps listens on addr and serves the operator's endpoints until
// stop. ready says whether the bot serves. Failing to listen is an error
// naming the metrics key, so that volobot stops before it connects.
func startOps(addr string, reg *prometheus.Registry, ready func() error, log *slog.Logger) (*opsServer, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics: listen on %s: %w (choose another address for the metrics key)", addr, err)
	}
	o := &opsServer{
		srv: &http.Server{
			Handler:           opsHandler(reg, ready),
			ReadHeaderTimeout: 5 * time.Second,
			WriteTimeout:      30 * time.Second,
			IdleTimeout:       time.Minute,
			ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		},
		addr: ln.Addr(),
		done: make(chan error, 1),
	}
	go func() { o.done <- o.srv.Serve(ln) }()
	log.Info("serving metrics", "url", "http://"+o.addr.String()+"/metrics", "health", "/healthz", "ready", "/readyz")
	return o, nil
}

// opsShutdown is how long stop waits for scrapes in flight.
const opsShutdown = 5 * time.Second

// stop stops listening and waits, up to opsShutdown, for the requests in
// flight, then cuts off any left.
func (o *opsServer) stop() error {
	err := httpstop.Stop(o.srv, opsShutdown)
	if serveErr := <-o.done; !errors.Is(serveErr, http.ErrServerClosed) {
		err = errors.Join(err, serveErr)
	}
	if err != nil {
		return fmt.Errorf("metrics: stop serving: %w", err)
	}
	return nil
}
