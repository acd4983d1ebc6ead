package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
	"github.com/volo-discord/volo/store"
)

// runSandbox runs the real bot against a stand-in for Discord on this
// machine, with a web page to play in.
func runSandbox(ctx context.Context, s settings, stdout, stderr io.Writer) error {
	return runSandboxWith(ctx, s, fakediscord.Options{}, stdout, stderr)
}

// chaosSeed is the seed of the sandbox's chaos: -chaos-seed's, or a new
// one, so that every run can be replayed with the seed it prints.
func chaosSeed(s settings) uint64 {
	if s.chaosSeed != 0 {
		return s.chaosSeed
	}
	return rand.Uint64N(1<<53-1) + 1 // printed whole, and never 0
}

// runSandboxWith is runSandbox with the stand-in's options, which tests
// relax for the race detector.
func runSandboxWith(ctx context.Context, s settings, opts fakediscord.Options, stdout, stderr io.Writer) error {
	cfg, err := bot.LoadConfig(s.configPath, !s.configGiven)
	if err != nil {
		return err
	}
	// The sandbox keeps its games apart from a real bot's.
	cfg.Database = sandboxDatabase(cfg.Database)
	cfg.DevelopmentGuild = ""
	// Nor are its throwaway games copied beside a real bot's backups,
	// which they would crowd out of the number kept.
	cfg.Backup.Dir = ""
	// The stand-in's interactions come by its gateway, whatever the
	// configuration says for Discord's.
	cfg.Interactions = bot.InteractionsGateway
	// The sandbox always shows the Activity, served on this machine and
	// proxied by the sandbox's page as Discord's proxy does.
	if cfg.Activity.Listen == "" {
		cfg.Activity.Listen = "127.0.0.1:0"
	}
	log := cfg.Log.Logger(stderr)
	st, err := openDatabase(ctx, cfg) // first: a second sandbox stops here
	if err != nil {
		return err
	}
	defer st.Close()

	seed := chaosSeed(s)
	opts.Chaos.Seed = seed
	srv := fakediscord.New(opts)
	srv.SetChaos(s.chaos) // -chaos: fail that share of the bot's requests at random
	if err := srv.Start(); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	defer srv.Close()
	srv.EnableActivities()
	activityLn, err := net.Listen("tcp", cfg.Activity.Listen)
	if err != nil {
		return fmt.Errorf("sandbox: the Activity on %s: %w (choose another activity.listen)", cfg.Activity.Listen, err)
	}
	defer activityLn.Close()
	// The server, its channels and people keep their IDs across restarts,
	// beside the database whose games refer to them, and the channels
	// their messages.
	world := sandboxWorldFile(cfg.Database)
	sb, err := sandbox.New(srv, sandbox.Options{WorldFile: world, Activity: "http://" + activityLn.Addr().String(),
		Logf: func(format string, args ...any) { log.Warn(fmt.Sprintf(format, args...)) }})
	if err != nil {
		return err // a sentence naming the world's file
	}
	ln, err := net.Listen("tcp", s.listen)
	if err != nil {
		return fmt.Errorf("sandbox page on %s: %w (choose another address with -listen)", s.listen, err)
	}
	session, err := discordgo.New("Bot sandbox")
	if err != nil {
		return fmt.Errorf("sandbox session: %w", err)
	}
	srv.Configure(session)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errc := make(chan error, 1)
	go func() {
		err := serve(ctx, cfg, st, session, log, sandboxSource, extras{clientSecret: srv.ClientSecret(), activity: activityLn})
		if err != nil {
			cancel() // a bot that cannot run takes the page down with it
		}
		errc <- err
	}()

	why := "no DISCORD_TOKEN is set"
	if s.sandbox {
		why = "-sandbox was given"
	}
	fmt.Fprintf(stdout, "Volo sandbox: %s, so the bot runs against a stand-in for Discord on this machine.\n"+
		"Open http://%s in a browser: play as ana, ben, cleo or margaux (whose Discord speaks French), in the server's\n"+
		"channels or in the group DM of ana and ben, where Volo is installed to their accounts and is not a member\n"+
		"(games are kept in %s, the server and its messages in %s).\n"+
		"To connect to Discord instead, set DISCORD_TOKEN (see README.md). Stop with Ctrl-C.\n", why, ln.Addr(), cfg.Database, world)
	if s.chaos > 0 {
		fmt.Fprintf(stdout, "Chaos: the stand-in fails %.4g%% of the bot's requests at random, and now and then its gateway connection (-chaos %g -chaos-seed %d replays this run's draws).\n", 100*s.chaos, s.chaos, seed)
	}
	serveErr := sb.Serve(ctx, ln)
	cancel()
	botErr := <-errc
	keepErr := sb.Close() // the world a last time, with the IDs handed out since
	if serveErr != nil {
		return fmt.Errorf("sandbox page: %w", serveErr)
	}
	if errors.Is(botErr, store.ErrOtherBot) {
		// Its bot's ID was kept with the server, in the world's file.
		return fmt.Errorf("sandbox: %w: %s holds the games of a sandbox whose server is no longer in %s; delete %s to start a new sandbox",
			store.ErrOtherBot, cfg.Database, world, cfg.Database)
	}
	if botErr != nil && !errors.Is(botErr, context.Canceled) {
		return botErr
	}
	return keepErr
}

// sandboxWorldFile names the file beside the sandbox's database where the
// sandbox keeps its server: volo-sandbox.db becomes volo-sandbox.world.json.
func sandboxWorldFile(database string) string {
	return strings.TrimSuffix(database, filepath.Ext(database)) + ".world.json"
}

// sandboxDatabase names the sandbox's database beside the configured one:
// volo.db becomes volo-sandbox.db.
func sandboxDatabase(path string) string {
	ext := filepath.Ext(path)
	base := path[:len(path)-len(ext)]
	if ext == "" {
		ext = ".db"
	}
	return base + "-sandbox" + ext
}
