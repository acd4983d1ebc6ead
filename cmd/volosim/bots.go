package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// botProcess is one volobot the simulation started.
type botProcess struct {
	name    string
	cmd     *exec.Cmd
	metrics string // the address of its /metrics and /readyz
	listen  string // its interactions endpoint in HTTP mode; empty otherwise
	exited  chan struct{}
	err     error // why it exited, once exited is closed
}

// botSpec is what a volobot is started with.
type botSpec struct {
	name, database, publicKey string
	shards                    int  // 0 in HTTP mode
	http                      bool // interactions by HTTP
	size                      int
}

// startBot writes spec's configuration into dir and starts the volobot
// binary with it, its requests to Discord sent to api, and waits until
// its /readyz says it serves.
func startBot(ctx context.Context, binary, dir, api string, spec botSpec) (*botProcess, error) {
	metrics, err := freeAddr()
	if err != nil {
		return nil, err
	}
	p := &botProcess{name: spec.name, metrics: metrics, exited: make(chan struct{})}
	var cfg strings.Builder
	fmt.Fprintf(&cfg, "database: %q\nreplica: %q\nmetrics: %q\nrender:\n  size: %d\nlog:\n  level: warn\n",
		spec.database, spec.name, metrics, spec.size)
	if spec.http {
		if p.listen, err = freeAddr(); err != nil {
			return nil, err
		}
		fmt.Fprintf(&cfg, "interactions: http\nlisten: %q\npublic_key: %q\n", p.listen, spec.publicKey)
	} else {
		fmt.Fprintf(&cfg, "shards: %q\n", strconv.Itoa(spec.shards))
	}
	path := filepath.Join(dir, spec.name+".yaml")
	if err := os.WriteFile(path, []byte(cfg.String()), 0o600); err != nil {
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(dir, spec.name+".log"))
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the child has its own descriptor
	p.cmd = exec.Command(binary, "-config", path, "-discord-api", api)
	p.cmd.Env = append(os.Environ(), "DISCORD_TOKEN=volosim") // the stand-in takes any token
	p.cmd.Stdout, p.cmd.Stderr = logFile, logFile
	if err := p.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", binary, err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
	if err := p.waitReady(ctx, 2*time.Minute); err != nil {
		p.stop()
		return nil, fmt.Errorf("%s: %w (its log: %s)", spec.name, err, logFile.Name())
	}
	return p, nil
}

// waitReady polls the bot's /readyz until it answers 200.
func (p *botProcess) waitReady(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		resp, err := http.Get("http://" + p.metrics + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.exited:
			return fmt.Errorf("volobot exited at its start: %v", p.err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return errors.New("not ready within " + limit.String())
		}
	}
}

// stop asks the bot to stop, as an operator's SIGTERM does, and kills it
// if it has not within 30 s.
func (p *botProcess) stop() {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(30 * time.Second):
		p.cmd.Process.Kill()
		<-p.exited
	}
}

// freeAddr is a loopback address with a port nothing listens on.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}
