package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// runDiscord runs the bot against Discord itself.
func runDiscord(ctx context.Context, s settings, stderr io.Writer) error {
	cfg, err := bot.LoadConfig(s.configPath, !s.configGiven)
	if err != nil {
		return err
	}
	if cfg, err = s.withShards(cfg); err != nil {
		return err
	}
	log := cfg.Log.Logger(stderr)
	st, err := openDatabase(ctx, cfg) // first: a second volobot stops here
	if err != nil {
		return err
	}
	defer st.Close()
	session, err := discordgo.New("Bot " + s.token)
	if err != nil {
		return fmt.Errorf("discord session: %w", err)
	}
	if s.discordAPI != "" {
		if session.Client, err = apiClient(s.discordAPI); err != nil {
			return err
		}
		log.Info("Discord's API", "url", s.discordAPI)
	}
	if cfg.Activity.On() && s.clientSecret == "" {
		return errors.New("activity.listen is set, so the Activity is served, but DISCORD_CLIENT_SECRET is not: set it to the application's client secret (OAuth2 in Discord's developer portal)")
	}
	return serve(ctx, cfg, st, session, log, s.tokenSource, extras{clientSecret: s.clientSecret})
}

// withShards applies the -shards and -shard-count flags to cfg.
func (s settings) withShards(cfg bot.Config) (bot.Config, error) {
	if s.shardCount != "" {
		cfg.Shards = s.shardCount
	}
	if s.shardRange != "" {
		cfg.ShardRange = s.shardRange
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("-shards, -shard-count: %w", err)
	}
	return cfg, nil
}

// sandboxSource is serve's tokenSource when the sandbox runs the bot.
const sandboxSource = "the sandbox"

// extras are what serve needs besides the configuration for the
// Activity: the application's client secret, and the listener to serve
// it on (nil: serve listens on activity.listen).
type extras struct {
	clientSecret string
	activity     net.Listener
}

// serve runs the bot on session with the store st, open, and the
// configured renderer until ctx is done, with the Activity where the
// configuration has one. It does not close the store. Stopped while it
// connects, it returns nil, as after serving.
func serve(ctx context.Context, cfg bot.Config, st store.Backend, session *discordgo.Session, log *slog.Logger, tokenSource string, x extras) error {
	routeDiscordgoLogs(log, strings.TrimPrefix(session.Token, "Bot "))
	theme, _ := render.ParseTheme(cfg.Render.Theme)
	ropts := render.Options{Theme: theme, Size: cfg.Render.Size}
	var reg *prometheus.Registry
	var metrics *bot.Metrics // nil: no metrics key, nothing counted
	if cfg.Metrics != "" {
		var err error
		if reg, metrics, err = newMetrics(); err != nil {
			return err
		}
		ropts.Observer = metrics
	}
	renderer, err := render.New(ropts)
	if err != nil {
		return fmt.Errorf("renderer: %w", err)
	}
	var b *bot.Bot
	act, st, err := newActivity(cfg, st, session, log, theme, x.clientSecret, func() *bot.Bot { return b })
	if err != nil {
		return err
	}
	b, err = bot.New(session, bot.Options{Config: cfg, Store: st, Renderer: renderer, Logger: log, Thinker: newThinker(), Sandbox: tokenSource == sandboxSource, Metrics: metrics})
	if err != nil {
		return err
	}
	if act != nil {
		stop, err := serveActivity(ctx, act, cfg.Activity.Listen, x.activity, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	if cfg.Backup.Dir != "" {
		stop, err := startBackups(ctx, st, cfg.Backup, log, reg)
		if err != nil {
			return err
		}
		defer stop()
	}
	if reg != nil {
		ops, err := startOps(cfg.Metrics, reg, b.Ready, log)
		if err != nil {
			return err
		}
		defer func() {
			if err := ops.stop(); err != nil {
				log.Warn("metrics", "err", err)
			}
		}()
	}
	log.Info("starting", "database", cfg.Database, "token_from", tokenSource)
	err = b.Run(ctx)
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return nil
	}
	return err
}

// routeDiscordgoLogs sends discordgo's own log lines through slog, with
// the token blanked out: at its debug level discordgo prints the IDENTIFY
// packet, token and all.
func routeDiscordgoLogs(log *slog.Logger, token string) {
	discordgo.Logger = func(level, caller int, format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if token != "" {
			msg = strings.ReplaceAll(msg, token, "[token]")
		}
		switch level {
		case discordgo.LogError:
			log.Error(msg, "source", "discordgo")
		case discordgo.LogWarning:
			log.Warn(msg, "source", "discordgo")
		case discordgo.LogInformational:
			log.Info(msg, "source", "discordgo")
		default:
			log.Debug(msg, "source", "discordgo")
		}
	}
}
