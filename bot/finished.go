package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// A finished game stays in view: /volo board and /volo history in its
// channel show it until a new game starts there, and /volo history
// game:#42 reaches any game of the server by the number /volo games lists
// (see numbers.go), or by its ID.

// gameHere returns the channel's game: the one being played, or else the
// one that ended there last. A challenge not yet accepted is refused as
// loadActive refuses it.
func (b *Bot) gameHere(channel string) (*store.Game, *engine.Game, error) {
	if g, err := b.store.Get(channel); !errors.Is(err, store.ErrNotFound) {
		if err != nil {
			return nil, nil, b.explain(channel, err)
		}
		return b.playing(g)
	}
	games, err := b.store.ChannelHistory(channel, "", 1)
	if err != nil && len(games) == 0 {
		return nil, nil, fmt.Errorf("last game of %s: %w", channel, err)
	}
	if len(games) == 0 {
		return nil, nil, noGame()
	}
	return b.replayFinished(games[0])
}

// finishedGame returns a finished game by the ID a user typed, if it was
// played in this server or by them.
func (b *Bot) finishedGame(in *interaction, id string) (*store.Game, *engine.Game, error) {
	id = strings.Trim(strings.TrimSpace(id), "`")
	g, err := b.store.GetFinished(id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, nil, refuse("There is no game %s. Name one by its number, such as #42 (/volo games lists this server's latest), or by its ID.", quoted(id))
	case err != nil:
		return nil, nil, fmt.Errorf("finished game %s: %w", id, err)
	}
	if _, played := g.Colour(in.user); g.Guild != in.GuildID && !played {
		return nil, nil, refuse("Game %s was not played in this server, so I can't show it here.", quoted(id))
	}
	return b.replayFinished(g)
}

// replayFinished replays a finished game's record.
func (b *Bot) replayFinished(g *store.Game) (*store.Game, *engine.Game, error) {
	eg, err := g.Replay()
	if err != nil {
		b.log.Error("finished game does not replay", "id", g.ID, "err", err)
		return nil, nil, refuse("Game %s cannot be replayed from its record.", gameName(g))
	}
	return g, eg, nil
}

// endLine says how a finished game ended, when, and its number, in the
// language of its channel: "Orange (@ana) vs Blue (@ben) · Blue wins: … ·
// ended 3 hours ago · game #42".
func endLine(g *store.Game) string {
	return tr(g).Sprintf("%s vs %s · %s · ended %s · game %s", who(g, engine.Orange), who(g, engine.Blue), clause{g.Outcome}, when(g.Finished), gameName(g))
}

// clause is a sentence worded as a clause of another: without its full
// stop ("Blue wins: Orange resigned").
type clause struct{ sentence lang.Worder }

// Words words the sentence with sprintf and drops its full stop.
func (c clause) Words(sprintf func(format string, args ...any) string) string {
	return strings.TrimSuffix(c.sentence.Words(sprintf), ".")
}

// String is the clause in English.
func (c clause) String() string { return c.Words(fmt.Sprintf) }

// recentlyFinished lists the server's latest finished games for /volo
// games, each with its number, within room characters, in t.
func (b *Bot) recentlyFinished(t lang.Tag, guild string, room int) string {
	games, err := b.store.GuildHistory(guild, "", 5)
	if err != nil {
		b.log.Warn("some finished games cannot be read", "guild", guild, "err", err)
	}
	if len(games) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(t.Sprintf("Finished lately (`/volo history game:%s` shows one):", gameName(games[0])) + "\n")
	for _, g := range games {
		line := t.Sprintf("• %s %s vs %s · %s · %s", gameName(g), plainName(g.Players[engine.Orange].Name), plainName(g.Players[engine.Blue].Name), clause{g.Outcome}, when(g.Finished)) + "\n"
		if sb.Len()+len(line) > room {
			break
		}
		sb.WriteString(line)
	}
	return sb.String()
}
