package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/store"
)

// backupName is the name of one of volobot's copies of its database: the
// time it was made, in UTC, so that names sort in time.
var backupName = regexp.MustCompile(`^volo-\d{8}T\d{6}Z\.db$`)

// backupFile is what backups needs of the store: *store.Store's
// BackupFile, a consistent copy made while the bot runs, written whole
// or not at all.
type backupFile interface {
	BackupFile(path string) (int64, error)
}

// backups makes the copies of a bbolt database that the configuration's
// backup section asks for, while the bot runs: one at the start, then one
// every interval, keeping the latest few.
type backups struct {
	st    backupFile
	cfg   bot.BackupConfig
	clock func() time.Time
	log   *slog.Logger
	// made counts the copies by outcome and last is when the last one
	// was made, for the metrics; both nil without them.
	made *prometheus.CounterVec
	last prometheus.Gauge
}

// newBackups returns the backups of st as cfg asks, counted in reg when
// it is not nil.
func newBackups(st backupFile, cfg bot.BackupConfig, clock func() time.Time, log *slog.Logger, reg *prometheus.Registry) (*backups, error) {
	k := &backups{st: st, cfg: cfg, clock: clock, log: log}
	if reg == nil {
		return k, nil
	}
	k.made = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "volo_backups_total",
		Help: "Copies of the bbolt database made while the bot runs (backup.dir), by outcome: ok or failed.",
	}, []string{"outcome"})
	k.last = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "volo_backup_last_success_timestamp_seconds",
		Help: "When the last copy of the database was made, in seconds since 1970: alert when it is older than backup.every allows.",
	})
	for _, c := range []prometheus.Collector{k.made, k.last} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("metrics: %w", err)
		}
	}
	return k, nil
}

// startBackups makes the copies cfg asks for of st, a bbolt store,
// beside the bot until ctx is done or the returned stop is called, which
// waits for a copy under way.
func startBackups(ctx context.Context, st store.Backend, cfg bot.BackupConfig, log *slog.Logger, reg *prometheus.Registry) (stop func(), err error) {
	bf, ok := st.(backupFile)
	if !ok {
		return nil, errors.New("backup.dir: this database cannot be copied while the bot runs; leave backup.dir empty")
	}
	k, err := newBackups(bf, cfg, time.Now, log, reg)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		k.run(ctx)
	}()
	return func() { cancel(); <-done }, nil
}

// run makes a copy now and then one every interval, until ctx is done.
func (k *backups) run(ctx context.Context) {
	tick := time.NewTicker(time.Duration(k.cfg.Every))
	defer tick.Stop()
	for {
		if err := k.once(); err != nil {
			k.log.Error("could not back up the database", "dir", k.cfg.Dir, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// once makes a copy and removes those beyond the number to keep.
func (k *backups) once() error {
	err := k.write()
	outcome := "ok"
	if err != nil {
		outcome = "failed"
	}
	if k.made != nil {
		k.made.WithLabelValues(outcome).Inc()
	}
	return err
}

// write makes a copy in the directory, then prunes it; a failed prune
// leaves the copy made, and is only said.
func (k *backups) write() error {
	if err := os.MkdirAll(k.cfg.Dir, 0o700); err != nil {
		return err
	}
	now := k.clock().UTC()
	path := filepath.Join(k.cfg.Dir, "volo-"+now.Format("20060102T150405Z")+".db")
	n, err := k.st.BackupFile(path)
	if err != nil {
		return err
	}
	if k.last != nil {
		k.last.Set(float64(now.Unix()))
	}
	k.log.Info("backed up the database", "file", path, "bytes", n)
	if err := k.prune(); err != nil {
		// The copy is made; the older ones wait for the next prune.
		k.log.Warn("could not remove the older copies of the database", "dir", k.cfg.Dir, "err", err)
	}
	return nil
}

// prune removes the copies older than the Keep latest. Other files in
// the directory are left alone.
func (k *backups) prune() error {
	entries, err := os.ReadDir(k.cfg.Dir)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && backupName.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	for _, name := range names[:max(0, len(names)-k.cfg.Keep)] {
		if err := os.Remove(filepath.Join(k.cfg.Dir, name)); err != nil {
			return fmt.Errorf("remove an old copy: %w", err)
		}
	}
	return nil
}
