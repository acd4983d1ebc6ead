package bot

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// /volo review shows how a finished game went, as the computer sees it:
// a chart of Orange's chance of winning after every move, and the three
// moves that changed their player's chance most, each with the move the
// computer preferred there. The search takes seconds, so the command is
// answered at once with Discord's "thinking…" and the review follows; a
// game reviewed lately is answered from memory.

// cmdReview is the subcommand.
const cmdReview = "review"

// reviewSeed seeds every review's searches: the same game and budget
// give the same review.
const reviewSeed = 1

// reviewChartWidth is the chart's width in pixels: the boards' default,
// as sharp as they are on the same screens.
const reviewChartWidth = render.DefaultSize

// reviewDeadline is how long after the command a review may run: the
// follow-up that carries it needs the interaction's token, which Discord
// takes back after 15 minutes.
const reviewDeadline = tokenLifetime - tokenMargin - time.Minute

// reviewCommand reviews the channel's last finished game, or the
// finished game with the ID given.
func (b *Bot) reviewCommand(in *interaction, id string) error {
	g, eg, err := b.reviewable(in, id)
	if err != nil {
		return err
	}
	in.adopt(g) // the channel's language, where the review is posted; not stored
	if eg.Ply() == 0 {
		return refuse("Game %s ended before anyone moved, so there is nothing to review.", gameName(g))
	}
	rv := b.reviewer()
	if r, ok := rv.cached(g.ID); ok {
		msg, err := b.reviewReply(in, g, r)
		if err != nil {
			return err
		}
		return b.respond(in, msg)
	}
	if !rv.enter() {
		return refuse("I am reviewing other games right now. Please ask again in a minute.")
	}
	err = b.answer(in, func() *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	})
	if err != nil {
		rv.leave()
		return err
	}
	b.inFlight.Add(1) // a stopping bot waits for the review to stop and say so
	go func() {
		defer b.inFlight.Done()
		defer rv.leave()
		b.runReview(rv, in, g, eg)
	}()
	return nil
}

// reviewable returns the game /volo review is about: the finished game
// with the ID given, else the channel's last finished game, refusing
// while the channel's game is being played.
func (b *Bot) reviewable(in *interaction, id string) (*store.Game, *engine.Game, error) {
	if id != "" {
		g, eg, err := b.namedGame(in, id)
		if err == nil && g.Status != store.Finished {
			return nil, nil, refuse("Game %s is still being played. Review is for finished games: ask again once it is over.", gameName(g))
		}
		return g, eg, err
	}
	g, err := b.store.Get(in.ChannelID)
	switch {
	case err == nil && g.Status != store.Challenge:
		return nil, nil, refuse("Review is for finished games, and this channel's game is still being played. Ask again once it is over.")
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return nil, nil, b.explain(in.ChannelID, err)
	}
	games, err := b.store.ChannelHistory(in.ChannelID, "", 1)
	if err != nil && len(games) == 0 {
		return nil, nil, fmt.Errorf("last game of %s: %w", in.ChannelID, err)
	}
	if len(games) == 0 {
		return nil, nil, refuse("No game has finished in this channel yet. /volo review game:#42 reviews this server's game 42; /volo games lists the latest.")
	}
	return b.replayFinished(games[0])
}

// runReview searches every position of eg, one review at a time, and
// sends the review as the interaction's follow-up: or why there is none.
// A stopping bot stops it.
func (b *Bot) runReview(rv *reviewer, in *interaction, g *store.Game, eg *engine.Game) {
	ctx, cancel := context.WithDeadline(context.Background(), in.received.Add(reviewDeadline))
	defer cancel()
	b.cancelWhenClosing(ctx, cancel)
	r, err := rv.review(ctx, g.ID, func() (ai.GameReview, error) {
		return ai.Review(ctx, eg, ai.ReviewOptions{Budget: ai.Budget{Iterations: b.cfg.Review.Playouts}, Seed: reviewSeed, Parallel: 1})
	})
	var msg reply
	switch {
	case err == nil:
		b.log.Info("game reviewed", "game", g.ID, "positions", len(r.Chances), "playouts", r.Playouts, "took", r.Elapsed.Round(time.Millisecond))
		msg, err = b.reviewReply(in, g, r)
		if err != nil {
			b.log.Error("review message", "game", g.ID, "err", err)
			msg = reply{content: in.lang.Sprint("Something went wrong on my side and nothing was changed. Please try again in a moment.")}
		}
	case isClosing(b.closing):
		msg = reply{content: in.lang.Sprint("I am restarting and had to stop this review. Please ask again in a minute.")}
	case errors.Is(err, context.DeadlineExceeded):
		b.log.Warn("a review ran out of time", "game", g.ID, "playouts", b.cfg.Review.Playouts)
		msg = reply{content: in.lang.Sprintf("Reviewing game %s took longer than Discord lets me answer, so I stopped.", gameName(g))}
	default:
		b.log.Error("review", "game", g.ID, "err", err)
		msg = reply{content: in.lang.Sprint("Something went wrong on my side and nothing was changed. Please try again in a moment.")}
	}
	err = b.fillDeferred(in, msg)
	if isLockedThread(err) {
		// A moderator locked the thread since: Discord takes no answer
		// there from the bot, so the asker has it by direct message.
		b.log.Info("the thread of a review is locked; sending it by direct message", "game", g.ID, "channel", in.ChannelID)
		err = b.directReply(in, reply{content: in.lang.Sprint("I could not post your review in its thread: a moderator locked it. Here it is.") + "\n" + msg.content, attach: msg.attach})
	}
	if err != nil {
		b.log.Warn("could not send a review", "game", g.ID, "channel", in.ChannelID, "err", err)
	}
}

// isClosing reports whether the bot is stopping.
func isClosing(closing <-chan struct{}) bool {
	select {
	case <-closing:
		return true
	default:
		return false
	}
}

// fillDeferred fills the "thinking…" message of the interaction's
// deferred response with r, by editing the response (PATCH
// .../messages/@original): Discord deprecates the older way, a first
// follow-up that does it ("Receiving and Responding", Create Followup
// Message). It tries again a few times after a passing failure while the
// token lasts (not once the bot is stopping). A view that changes
// nothing, it does not go through the outbox, and it is no follow-up:
// none is counted.
func (b *Bot) fillDeferred(in *interaction, r reply) error {
	if err := r.check(); err != nil {
		return fmt.Errorf("fill the deferred response: %w", err)
	}
	ctx, cancel := context.WithDeadline(context.Background(), in.received.Add(tokenLifetime-tokenMargin))
	defer cancel()
	wait := firstBackoff
	for try := 1; ; try++ {
		content := r.content
		_, err := b.session.InteractionResponseEdit(in.Interaction, &discordgo.WebhookEdit{
			Content: &content, Files: r.files(), AllowedMentions: r.allowed(),
		}, discordgo.WithContext(ctx))
		if err == nil || !retryable(err) || try == fillTries || isClosing(b.closing) {
			return err
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return err
		}
		wait *= 2
	}
}

// fillTries is how many times fillDeferred tries.
const fillTries = 4

// directReply sends r to the user of an interaction by direct message,
// with a nonce of its own so that a retried post appears once.
func (b *Bot) directReply(in *interaction, r reply) error {
	if err := r.check(); err != nil {
		return fmt.Errorf("direct reply: %w", err)
	}
	id, err := strconv.ParseUint(in.ID, 10, 64)
	if err != nil {
		return fmt.Errorf("direct reply: interaction ID %q: %w", in.ID, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ch, err := b.session.UserChannelCreate(in.user, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("direct reply: %w", err)
	}
	return b.postMessage(ctx, ch.ID, nonceFor(id)+"r", notice{Content: r.content, Image: r.image, Files: r.attach})
}

// reviewReply is the public message of a review: the chart and the three
// moves that changed their player's chance most, in the channel's language.
func (b *Bot) reviewReply(in *interaction, g *store.Game, r ai.GameReview) (reply, error) {
	t := tr(g)
	chart, err := render.DrawChart(b.reviewChart(in, g, r))
	if err != nil {
		return reply{}, fmt.Errorf("review chart %s: %w", g.ID, err)
	}
	return reply{
		content: reviewText(t, g, r, b.cfg.Review.Playouts),
		attach:  []attachment{{Name: "volo-review.png", ContentType: "image/png", Data: chart}},
	}, nil
}

// reviewText is the text of a review in t: the game, the three moves
// that changed their player's chance most, and where the chances come
// from.
func reviewText(t lang.Tag, g *store.Game, r ai.GameReview, playouts int) string {
	var sb strings.Builder
	sb.WriteString(t.Sprintf("**Review** of %s vs %s · %s · game %s", side(t, g, engine.Orange), side(t, g, engine.Blue), clause{g.Outcome}, gameName(g)) + "\n")
	sb.WriteString(t.Sprint("The moves that changed their player's chance of winning most, before → after:") + "\n")
	for _, s := range r.Swings {
		sb.WriteString("• " + swingLine(t, g, s) + "\n")
	}
	sb.WriteString(t.Sprintf("The chart shows Orange's chance after every move, from my search of %d playouts a position.", playouts))
	return sb.String()
}

// side names a player for a review: "ana (Orange)".
func side(t lang.Tag, g *store.Game, c engine.Colour) string {
	return t.Sprintf("%s (%s)", plainName(g.Players[c].Name), c)
}

// swingLine says what a move did to its player's chance and what the
// search preferred: "Move 23, ana (Orange) c3:c5-NE2: 62% → 31%; I
// preferred f5 (58%)."
func swingLine(t lang.Tag, g *store.Game, s ai.MoveReview) string {
	name := plainName(g.Players[s.Mover].Name)
	before, after := percent(t, s.Before), percent(t, s.After)
	switch {
	case s.Best == s.Move:
		return t.Sprintf("Move %d, %s (%s) %s: %s → %s, the move I preferred too.", s.Ply, name, s.Mover, s.Move, before, after)
	case s.Best.Kind == 0:
		return t.Sprintf("Move %d, %s (%s) %s: %s → %s.", s.Ply, name, s.Mover, s.Move, before, after)
	}
	return t.Sprintf("Move %d, %s (%s) %s: %s → %s; I preferred %s (%s).", s.Ply, name, s.Mover, s.Move, before, after, s.Best, percent(t, s.BestChance))
}

// percent writes a chance as a whole percentage: "62%", in French
// "62 %".
func percent(t lang.Tag, chance float64) string {
	return t.Sprintf("%d%%", int(math.Round(100*chance)))
}

// reviewChart is the chart of a review, in the channel's language and
// the asker's theme.
func (b *Bot) reviewChart(in *interaction, g *store.Game, r ai.GameReview) render.Chart {
	t := tr(g)
	c := render.Chart{
		Chances: r.Chances,
		Theme:   b.themed(in.user).Options().Theme,
		Width:   reviewChartWidth,
		Labels: render.ChartLabels{
			Title:  t.Sprintf("%s vs %s · Orange's chance of winning", g.Players[engine.Orange].Name, g.Players[engine.Blue].Name),
			Orange: t.Sprintf("%s (%s)", g.Players[engine.Orange].Name, engine.Orange),
			Blue:   t.Sprintf("%s (%s)", g.Players[engine.Blue].Name, engine.Blue),
			Top:    percent(t, 1), Middle: percent(t, 0.5), Bottom: percent(t, 0),
			Axis: t.Sprint("moves"),
		},
	}
	for _, s := range r.Swings {
		c.Marks = append(c.Marks, render.ChartMark{Ply: s.Ply, Label: t.Sprintf("%d. %s", s.Ply, s.Move)})
	}
	return c
}
