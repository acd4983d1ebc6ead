package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// startup sets how the bot waits out a bad minute at Discord while it
// starts: after each failed attempt it waits twice as long as after the
// one before, from firstWait up to maxWait, less a random part of up to
// half so that many bots restarted together do not knock together.
type startup struct {
	firstWait   time.Duration // after the first failure
	maxWait     time.Duration // the longest wait
	readyWait   time.Duration // for READY once the gateway is open
	identifyGap time.Duration // between buckets of shards identifying
}

// defaultStartup is how a bot starts outside tests.
func defaultStartup() startup {
	return startup{firstWait: time.Second, maxWait: time.Minute, readyWait: 30 * time.Second, identifyGap: identifyGap}
}

// errTokenRefused is returned when Discord answers 401 Unauthorized or
// closes the gateway with 4004: retrying cannot help.
var errTokenRefused = errors.New("connect to Discord: Discord refused the bot token (401 Unauthorized): " +
	"check DISCORD_TOKEN, or the file DISCORD_TOKEN_FILE names")

// connect checks the token with GET /users/@me, opens the gateway and
// waits for READY, retrying what a later attempt can mend until ctx is
// done. A refused token stops it at once. When one shard cannot be
// opened, those opened before it are closed again.
func (b *Bot) connect(ctx context.Context) (*discordgo.Ready, error) {
	return b.connectWith(ctx, defaultStartup())
}

// connectWith is connect with the timings p.
func (b *Bot) connectWith(ctx context.Context, p startup) (*discordgo.Ready, error) {
	if _, err := b.whoAmI(ctx, p); err != nil {
		return nil, err
	}
	plan, err := b.planShards(ctx, p)
	if err != nil {
		return nil, err
	}
	b.makeShards(plan)
	r, err := b.openShards(ctx, plan, p)
	if err != nil {
		b.closeShards() // those opened before one failed
		return nil, err
	}
	return r, nil
}

// openShard opens one shard's gateway and waits for its READY, retrying
// what a later attempt can mend until ctx is done.
func (b *Bot) openShard(ctx context.Context, s *discordgo.Session, p startup) (*discordgo.Ready, error) {
	ready := make(chan *discordgo.Ready, 1)
	remove := s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		select {
		case ready <- r:
		default:
		}
	})
	defer remove()
	var r *discordgo.Ready
	err := p.retry(ctx, b.log, "connect to "+b.discord()+": open the gateway", func(ctx context.Context) (err error) {
		r, err = b.openGateway(ctx, s, ready, p.readyWait)
		return err
	})
	return r, err
}

// openGateway opens a session's gateway and waits up to wait for its
// READY; on a timeout it closes the session again for the next attempt.
func (b *Bot) openGateway(ctx context.Context, s *discordgo.Session, ready chan *discordgo.Ready, wait time.Duration) (*discordgo.Ready, error) {
	select {
	case <-ready: // a stale READY from an attempt given up on
	default:
	}
	err := s.Open()
	if errors.Is(err, discordgo.ErrWSAlreadyOpen) {
		err = nil // discordgo's own reconnection got there first
	}
	if err != nil {
		return nil, refusedGateway(refusedToken(err))
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case r := <-ready:
		return r, nil
	case <-ctx.Done():
		s.Close()
		return nil, ctx.Err()
	case <-timer.C:
		s.Close()
		return nil, fmt.Errorf("no READY within %v", wait)
	}
}

// refusedToken marks a 401 Unauthorized as a refused token, which
// retrying cannot mend, and returns other errors as they are.
func refusedToken(err error) error {
	if restStatus(err) == http.StatusUnauthorized {
		return permanent(errTokenRefused)
	}
	return err
}

// refusedGateway marks a gateway close code that retrying cannot mend,
// and returns other errors as they are.
//
// Discord answers an IDENTIFY with a bad token by closing the websocket
// with 4004, and discordgo's Open reads that answer itself and returns
// gorilla/websocket's *CloseError, so the code can be read here. Should
// the close come later, after Open has returned, discordgo only logs it
// and reconnects on its own; the READY wait then times out, and the
// GET /users/@me check before Open has already caught a refused token.
func refusedGateway(err error) error {
	closed, ok := errors.AsType[*websocket.CloseError](err)
	if !ok {
		return err
	}
	switch closed.Code {
	case 4004: // Authentication failed
		return permanent(errTokenRefused)
	case 4010, 4011, 4012, 4013, 4014: // shard, sharding, API version, intents
		return permanent(fmt.Errorf("connect to Discord: the gateway closed with code %d (%s), which retrying cannot mend: %w",
			closed.Code, closed.Text, err))
	}
	return err
}

// registerCommands overwrites the slash commands: in the development
// guild if the configuration names one, else globally. It retries server
// errors and failed connections until ctx is done, and stops at once on
// any other refusal (a 4xx but 429, which discordgo waits out itself).
func (b *Bot) registerCommands(ctx context.Context, appID string) error {
	return b.registerCommandsWith(ctx, appID, defaultStartup())
}

// registerCommandsWith is registerCommands with the timings p.
func (b *Bot) registerCommandsWith(ctx context.Context, appID string, p startup) error {
	if st := b.session.State; st != nil {
		st.RLock() // a READY may be writing it: see me
		if st.Application != nil && st.Application.ID != "" {
			appID = st.Application.ID
		}
		st.RUnlock()
	}
	guild := b.cfg.DevelopmentGuild
	err := p.retry(ctx, b.log, "register commands", func(ctx context.Context) error {
		return refusedCommands(b.overwriteCommands(ctx, appID, guild), guild)
	})
	if err != nil {
		return err
	}
	where := "globally (Discord may take up to an hour to show them)"
	switch {
	case guild != "":
		where = "in guild " + guild
	case b.sandbox:
		where = "in the sandbox"
	}
	b.log.Info("registered /volo " + where)
	return nil
}

// refusedCommands turns a refusal of the commands that retrying cannot
// mend into a sentence that says what to do; it returns server errors,
// 429s and failed connections as they are, for a retry.
func refusedCommands(err error, guild string) error {
	status := restStatus(err)
	switch {
	case status == 0 || status == http.StatusTooManyRequests || status >= 500:
		return err
	case status == http.StatusUnauthorized:
		return permanent(errTokenRefused)
	case status == http.StatusForbidden && guild != "":
		return permanent(fmt.Errorf("register commands: Discord denies the bot access to the development guild %s (403 Missing Access): "+
			"invite the bot to that server with the applications.commands scope, or leave development_guild empty: %w", guild, err))
	}
	return permanent(fmt.Errorf("register commands: Discord refused them (%d %s): %w", status, http.StatusText(status), err))
}

// restStatus is the HTTP status of a discordgo REST error; 0 for any
// other error, such as a failed connection.
func restStatus(err error) int {
	if rest, ok := errors.AsType[*discordgo.RESTError](err); ok && rest.Response != nil {
		return rest.Response.StatusCode
	}
	return 0
}

// permanentError marks a failure that retrying cannot mend.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// permanent marks err as a failure retry must not retry.
func permanent(err error) error { return permanentError{err} }

// retry calls try until it succeeds or fails permanently (the error is
// then returned without its mark), or ctx is done. After each other
// failure it logs a warning naming step, the attempt and the error, and
// waits longer each time.
func (p startup) retry(ctx context.Context, log *slog.Logger, step string, try func(context.Context) error) error {
	for attempt := 1; ; attempt++ {
		err := try(ctx)
		if err == nil {
			return nil
		}
		if stop, ok := errors.AsType[permanentError](err); ok {
			return stop.err
		}
		if ctx.Err() != nil {
			return stopped(ctx, step, attempt, err)
		}
		wait := p.wait(attempt)
		log.Warn(step+": failed; trying again", "attempt", attempt, "wait", wait, "err", err)
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return stopped(ctx, step, attempt, err)
		case <-timer.C:
		}
	}
}

// stopped is retry's error when ctx ends before step succeeds: it wraps
// ctx's error and tells the last failure.
func stopped(ctx context.Context, step string, attempts int, last error) error {
	tries := "1 attempt"
	if attempts != 1 {
		tries = fmt.Sprintf("%d attempts", attempts)
	}
	return fmt.Errorf("%s: stopped after %s (the last: %v): %w", step, tries, last, ctx.Err())
}

// wait is how long to wait after the attempt-th failure: firstWait
// doubled for each failure before it, at most maxWait, less a random part
// of up to half.
func (p startup) wait(attempt int) time.Duration {
	d := max(p.firstWait, time.Millisecond)
	for i := 1; i < attempt && d < p.maxWait; i++ {
		d *= 2
	}
	d = min(d, p.maxWait)
	return d - rand.N(d/2+1)
}
