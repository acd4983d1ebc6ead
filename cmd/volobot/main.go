// Command volobot runs the Volo bot for Discord.
//
//	DISCORD_TOKEN=... volobot [-config config.yaml]
//
// With no DISCORD_TOKEN (or DISCORD_TOKEN_FILE) set it starts the sandbox
// instead: the same bot against a stand-in for Discord on this machine,
// played in a browser.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "volobot:", err)
		os.Exit(1)
	}
}

// settings are the command line and environment, read.
type settings struct {
	configPath  string
	configGiven bool
	sandbox     bool
	listen      string
	token       string
	tokenSource string
	// chaos is the share of the bot's requests the sandbox's stand-in
	// fails at random, from 0 (none) to 1 (all); chaosSeed seeds its
	// draws, 0 for a seed of its own, which the sandbox prints.
	chaos     float64
	chaosSeed uint64
	// shardRange and shardCount override the configuration's shard_range
	// and shards when set.
	shardRange, shardCount string
	// version prints the build's version instead of running.
	version bool
	// discordAPI, when set, is where the bot's requests to Discord's API
	// go instead of discord.com.
	discordAPI string
	// clientSecret is the application's OAuth2 client secret, from
	// DISCORD_CLIENT_SECRET: the Activity's server exchanges codes with it.
	clientSecret string
}

func parseSettings(args []string, getenv func(string) string, stderr io.Writer) (settings, error) {
	fs := flag.NewFlagSet("volobot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var s settings
	fs.StringVar(&s.configPath, "config", "config.yaml", "the configuration file (see config.example.yaml)")
	fs.BoolVar(&s.sandbox, "sandbox", false, "run the sandbox even when a Discord token is set")
	fs.StringVar(&s.listen, "listen", "127.0.0.1:8080", "the sandbox web page's address")
	fs.Float64Var(&s.chaos, "chaos", 0, "in the sandbox, the share of the bot's requests the stand-in fails at random, from 0 to 1; its gateway connection fails now and then too")
	fs.Uint64Var(&s.chaosSeed, "chaos-seed", 0, "with -chaos, the seed of its random draws, to replay a run: the sandbox prints the one it uses (0: a new one)")
	fs.StringVar(&s.shardRange, "shards", "", "the shards this process runs, such as 0-3 (the configuration's shard_range)")
	fs.StringVar(&s.shardCount, "shard-count", "", "the bot's shards in all: a number or auto (the configuration's shards)")
	fs.StringVar(&s.discordAPI, "discord-api", "", "send the requests for Discord's API to this base URL instead, such as a REST proxy's (the gateway's address follows)")
	fs.BoolVar(&s.version, "version", false, "print the version, the VCS revision and the Go version, and exit")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: volobot [-config FILE] [-sandbox] [-listen ADDR] [-chaos RATE [-chaos-seed N]] [-shards RANGE -shard-count N] [-discord-api URL]")
		fmt.Fprintln(stderr, "       volobot -version")
		fmt.Fprintln(stderr, "The Discord token comes from DISCORD_TOKEN, or from the file named by DISCORD_TOKEN_FILE;")
		fmt.Fprintln(stderr, "the client secret, for the Activity (activity.listen), from DISCORD_CLIENT_SECRET.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return s, err
	}
	if fs.NArg() > 0 {
		return s, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) { s.configGiven = s.configGiven || f.Name == "config" })
	if s.version {
		return s, nil // nothing else is read
	}
	token, source, err := readToken(getenv)
	if err != nil {
		return s, err
	}
	s.token, s.tokenSource = token, source
	s.clientSecret = strings.TrimSpace(getenv("DISCORD_CLIENT_SECRET"))
	if s.discordAPI != "" && (s.token == "" || s.sandbox) {
		return s, errors.New("-discord-api is for a bot with a token: the sandbox has its own stand-in for Discord")
	}
	if s.discordAPI != "" {
		if _, err := apiClient(s.discordAPI); err != nil {
			return s, err
		}
	}
	return s, s.checkChaos()
}

// checkChaos checks -chaos: a share from 0 to 1, and only for the
// sandbox, since it fails the stand-in's requests, not Discord's.
func (s settings) checkChaos() error {
	if !(s.chaos >= 0 && s.chaos <= 1) { // NaN too
		return fmt.Errorf("-chaos %v: give the share of requests to fail, from 0 (none) to 1 (all), such as 0.1", s.chaos)
	}
	if s.chaos > 0 && s.token != "" && !s.sandbox {
		return fmt.Errorf("-chaos works only in the sandbox, and %s is set: add -sandbox", s.tokenSource)
	}
	if s.chaosSeed != 0 && s.chaos == 0 {
		return fmt.Errorf("-chaos-seed %d seeds the sandbox's chaos: give -chaos RATE too", s.chaosSeed)
	}
	return nil
}

// readToken reads the bot token from DISCORD_TOKEN or the file named by
// DISCORD_TOKEN_FILE. It never logs the token.
func readToken(getenv func(string) string) (token, source string, err error) {
	if t := strings.TrimSpace(getenv("DISCORD_TOKEN")); t != "" {
		return strings.TrimPrefix(t, "Bot "), "DISCORD_TOKEN", nil
	}
	path := getenv("DISCORD_TOKEN_FILE")
	if path == "" {
		return "", "", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", fmt.Errorf("DISCORD_TOKEN_FILE: %w", err)
	}
	t := strings.TrimSpace(string(data))
	if t == "" {
		return "", "", fmt.Errorf("DISCORD_TOKEN_FILE: %s is empty", path)
	}
	return strings.TrimPrefix(t, "Bot "), "DISCORD_TOKEN_FILE", nil
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	s, err := parseSettings(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if s.version {
		_, err := fmt.Fprintln(stdout, readBuildInfo())
		return err
	}
	if s.sandbox || s.token == "" {
		return runSandbox(ctx, s, stdout, stderr)
	}
	return runDiscord(ctx, s, stderr)
}
