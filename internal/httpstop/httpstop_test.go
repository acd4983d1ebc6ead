package httpstop_test

import (
	"errors"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/httpstop"
)

// serve starts srv on a loopback port and returns its address and the
// error Serve returns.
func serve(t *testing.T, srv *http.Server) (string, <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), served
}

// get sends a GET to url in the background; the channel has nil once a
// 204 No Content comes back, or what went wrong.
func get(url string) <-chan error {
	answered := make(chan error, 1)
	go func() {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusNoContent {
				err = errors.New(resp.Status)
			}
		}
		answered <- err
	}()
	return answered
}

func TestStopWaitsForARequestInFlight(t *testing.T) {
	started := make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		time.Sleep(100 * time.Millisecond)
		w.WriteHeader(http.StatusNoContent)
	})}
	url, served := serve(t, srv)
	answered := get(url)
	<-started
	if err := httpstop.Stop(srv, 10*time.Second); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if err := <-answered; err != nil {
		t.Errorf("the request in flight was not answered: %v", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve returned %v, want ErrServerClosed", err)
	}
}

func TestStopCutsOffWhatOutlastsItsTime(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
	})}
	url, served := serve(t, srv)
	answered := get(url)
	<-started
	if err := httpstop.Stop(srv, 50*time.Millisecond); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if err := <-answered; err == nil {
		t.Error("the request outlasting Stop was answered; it should have been cut off")
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve returned %v, want ErrServerClosed", err)
	}
}
