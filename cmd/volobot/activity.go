package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/activity"
	"github.com/volo-discord/volo/activity/web"
	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// newActivity builds the Activity's server where the configuration has
// one (nil where not), and the store the bot should commit to: st,
// watched by the server so that every change reaches the open boards at
// once. botOf returns the bot, which is made after the store it is given.
func newActivity(cfg bot.Config, st store.Backend, session *discordgo.Session, log *slog.Logger, theme render.Theme, secret string, botOf func() *bot.Bot) (*activity.Server, store.Backend, error) {
	if !cfg.Activity.On() {
		return nil, st, nil
	}
	clientID := func() string { return botOf().ApplicationID() }
	srv, err := activity.New(activity.Options{
		Bot:          activity.ActorFunc(func(a bot.Act) (string, error) { return botOf().Do(a) }),
		Store:        st,
		Discord:      &activity.HTTPDiscord{Client: session.Client, API: activity.DiscordAPI, ClientID: clientID, ClientSecret: secret, BotToken: session.Token},
		ClientID:     clientID,
		ClientSecret: secret,
		Page:         web.Dist,
		Theme:        theme,
		Poll:         time.Duration(cfg.Activity.Poll),
		Logger:       log,
	})
	if err != nil {
		return nil, nil, err
	}
	return srv, srv.Watch(st), nil
}

// serveActivity serves the Activity on ln, or on addr when ln is nil,
// until ctx is done or stop is called; stop returns once it has stopped.
func serveActivity(ctx context.Context, srv *activity.Server, addr string, ln net.Listener, log *slog.Logger) (stop func(), err error) {
	if ln == nil {
		if ln, err = net.Listen("tcp", addr); err != nil {
			return nil, fmt.Errorf("activity.listen: %w", err)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ctx, ln); err != nil && !errors.Is(err, context.Canceled) {
			log.Error("the Activity stopped", "err", err)
		}
	}()
	return func() {
		cancel()
		<-done
	}, nil
}
