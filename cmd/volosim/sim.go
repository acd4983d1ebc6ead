package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/store/pgstore"
)

// simulation is a stand-in with its world and games, and the volobots
// serving it.
type simulation struct {
	c      config
	srv    *fakediscord.Server
	tables []*table
	bots   []*botProcess
	log    io.Writer
}

// newSimulation builds the world, stores its games and starts the bots.
func newSimulation(ctx context.Context, c config, log io.Writer) (*simulation, error) {
	s := &simulation{c: c, log: log, srv: fakediscord.New(fakediscord.Options{
		// A message or two a channel is all the bot edits; the boards'
		// bytes would otherwise fill the stand-in's memory.
		MaxMessagesPerChannel: 4,
		MaxRequests:           2000,
		MaxRequestBodies:      50,
		MaxInteractions:       20000,
	})}
	if err := s.srv.Start(); err != nil {
		return nil, err
	}
	began := time.Now()
	var err error
	if s.tables, err = buildWorld(s.srv, c.servers, c.games); err != nil {
		s.close()
		return nil, err
	}
	fmt.Fprintf(log, "world: %d servers, %d games, %d members in %v\n", c.servers, c.games, 2*c.games, time.Since(began).Round(time.Millisecond))
	began = time.Now()
	database, err := s.seed(ctx)
	if err != nil {
		s.close()
		return nil, err
	}
	fmt.Fprintf(log, "stored %d games in %v\n", c.games, time.Since(began).Round(time.Millisecond))
	began = time.Now()
	if err := s.startBots(ctx, database); err != nil {
		s.close()
		return nil, err
	}
	fmt.Fprintf(log, "%d volobot(s) ready in %v\n", len(s.bots), time.Since(began).Round(time.Millisecond))
	return s, nil
}

// seed stores the games in a new database, and returns the setting that
// names it for the bots.
func (s *simulation) seed(ctx context.Context) (string, error) {
	live := s.c.live[len(s.c.live)-1]
	if s.c.layout == layoutShards {
		path := filepath.Join(s.c.dir, fmt.Sprintf("volosim-%d.db", time.Now().Unix()))
		st, err := store.Open(path, store.Options{})
		if err != nil {
			return "", err
		}
		defer st.Close()
		return path, seed(st, s.tables, live, time.Now())
	}
	url, err := newSchema(ctx, s.c.database)
	if err != nil {
		return "", err
	}
	st, err := pgstore.Open(ctx, url, pgstore.Options{Owner: "volosim"})
	if err != nil {
		return "", err
	}
	defer st.Close()
	return url, seed(st, s.tables, live, time.Now())
}

// newSchema makes a schema of its own for this run in the PostgreSQL
// database at url, and returns the URL that uses it.
func newSchema(ctx context.Context, url string) (string, error) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return "", fmt.Errorf("-database: %w", err)
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("volosim_%d", time.Now().Unix())
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		return "", fmt.Errorf("-database: create schema %s: %w", name, err)
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "search_path=" + name, nil
}

// startBots starts the layout's volobots.
func (s *simulation) startBots(ctx context.Context, database string) error {
	spec := botSpec{database: database, size: s.c.size}
	if s.c.layout == layoutShards {
		spec.name, spec.shards = "volobot", s.c.shards
		p, err := startBot(ctx, s.c.volobot, s.c.dir, s.srv.URL(), spec)
		if err != nil {
			return err
		}
		s.bots = append(s.bots, p)
		return nil
	}
	spec.http, spec.publicKey = true, s.srv.PublicKey()
	var urls []string
	for i := range s.c.replicas {
		spec.name = "replica-" + strconv.Itoa(i+1)
		p, err := startBot(ctx, s.c.volobot, s.c.dir, s.srv.URL(), spec)
		if err != nil {
			return err
		}
		s.bots = append(s.bots, p)
		urls = append(urls, "http://"+p.listen+"/interactions")
	}
	return s.srv.SetInteractionsURLs(ctx, urls...)
}

// close stops the bots and the stand-in.
func (s *simulation) close() {
	for _, p := range s.bots {
		p.stop()
	}
	s.srv.Close()
}
