package bot

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// Each server, and each DM or group DM, numbers its games 1, 2, 3… in the
// order they are created, a challenge taking its number when it is posted
// (store.Game.Number). Messages name a game "#42", and the game option of
// /volo history and /volo review takes "#42" or "42" as well as a
// finished game's long ID. A number is looked up where the command is
// used: "#2" in another server is that server's game 2, or none.

// gameName names g as players type it: "#42"; a game without a number
// (none reaches the bot once the store is migrated) by its ID.
func gameName(g *store.Game) string {
	if g.Number > 0 {
		return "#" + strconv.Itoa(g.Number)
	}
	return "`" + g.ID + "`"
}

// scopeOf returns where the numbers typed in an interaction count: its
// server, else its channel (a DM or a group DM), as store.Game.Scope.
func scopeOf(in *interaction) string {
	if in.GuildID != "" {
		return in.GuildID
	}
	return in.ChannelID
}

// parseGameNumber reads a game's number as typed: "#42", "42", "# 42",
// "`#42`"; false for anything else, such as a game's ID.
func parseGameNumber(s string) (int, bool) {
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "`"))
	s = strings.TrimSpace(strings.TrimPrefix(s, "#"))
	if s == "" || len(s) > 9 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0
}

// namedGame returns the game a player named in a game option: by its
// number, among this server's or this conversation's games, or a finished
// game by its ID (see finishedGame). A challenge not yet accepted has no
// moves to show, and is refused.
func (b *Bot) namedGame(in *interaction, typed string) (*store.Game, *engine.Game, error) {
	n, ok := parseGameNumber(typed)
	if !ok {
		return b.finishedGame(in, typed)
	}
	g, err := b.store.Numbered(scopeOf(in), n)
	switch {
	case errors.Is(err, store.ErrNotFound) && in.GuildID == "":
		return nil, nil, refuse("There is no game #%d in this conversation: each server and each conversation numbers its own games.", n)
	case errors.Is(err, store.ErrNotFound):
		return nil, nil, refuse("There is no game #%d in this server: each server numbers its own games. /volo games lists this server's latest with their numbers.", n)
	case err != nil:
		return nil, nil, fmt.Errorf("game %d of %s: %w", n, scopeOf(in), err)
	case g.Status == store.Challenge:
		return nil, nil, refuse("Game #%d is a challenge not yet accepted, so it has no moves to show.", n)
	case g.Status == store.Finished:
		return b.replayFinished(g)
	}
	return b.playing(g)
}

// suggestGames lists, for a game option, the games of this server or
// conversation whose number begins with what the player typed ("#4", "4")
// or a player of which has a name that holds it, the latest first, at most
// maxChoices: "#42 ana vs ben · Blue wins: Orange resigned · 2026-03-01"
// each worth "#42". A review takes finished games only; the history games
// being played as well.
func (b *Bot) suggestGames(in *interaction, typed string, finishedOnly bool) []*discordgo.ApplicationCommandOptionChoice {
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	var games []*store.Game
	var err error
	if in.GuildID != "" {
		games, err = b.store.GuildHistory(in.GuildID, "", maxChoices)
	} else {
		games, err = b.store.ChannelHistory(in.ChannelID, "", maxChoices)
	}
	if err != nil {
		b.log.Warn("some finished games cannot be read for autocomplete", "scope", scopeOf(in), "err", err)
	}
	if !finishedOnly {
		var active []*store.Game
		if in.GuildID != "" {
			active, err = b.store.ListGuild(in.GuildID)
		} else if g, gerr := b.store.Get(in.ChannelID); gerr == nil {
			active = []*store.Game{g}
		}
		if err != nil {
			b.log.Warn("some games cannot be read for autocomplete", "scope", scopeOf(in), "err", err)
		}
		for _, g := range active {
			if g.Status == store.Active {
				games = append(games, g)
			}
		}
	}
	slices.SortFunc(games, func(a, b *store.Game) int { return cmp.Compare(b.Number, a.Number) })
	key := strings.TrimPrefix(normalise(typed), "#")
	t := in.lang
	for _, g := range games {
		if len(choices) == maxChoices {
			break
		}
		orange, blue := plainName(g.Players[engine.Orange].Name), plainName(g.Players[engine.Blue].Name)
		if g.Number <= 0 || !strings.HasPrefix(strconv.Itoa(g.Number), key) &&
			!strings.Contains(strings.ToLower(orange+" "+blue), key) {
			continue
		}
		var name string
		if g.Status == store.Finished {
			name = t.Sprintf("%s %s vs %s · %s · %s", gameName(g), orange, blue, clause{g.Outcome}, g.Finished.Format(time.DateOnly))
		} else {
			name = t.Sprintf("%s %s vs %s · being played", gameName(g), orange, blue)
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(name, maxChoiceName), Value: gameName(g)})
	}
	return choices
}

// gameLink names g and links to where it is played, in t, for a direct
// message: "Game #42: https://discord.com/channels/…".
func gameLink(t lang.Tag, g *store.Game) string {
	if g.Number <= 0 {
		return t.Sprintf("The game: %s", channelLink(g.Guild, g.Channel))
	}
	return t.Sprintf("Game %s: %s", gameName(g), channelLink(g.Guild, g.Channel))
}
