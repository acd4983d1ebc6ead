package bot

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// profileResults is how many of a player's last results a profile shows.
const profileResults = 5

// profileCommand shows a player's ratings (this server's and everyone's),
// record, games being played here and last results; for the bot itself,
// its levels' ratings.
func (b *Bot) profileCommand(in *interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption, resolved *discordgo.ApplicationCommandInteractionDataResolved) error {
	user, name := in.user, in.name
	if o, ok := opts[optUser]; ok {
		user, _ = o.Value.(string)
		name = ""
		if resolved != nil {
			if u := resolved.Users[user]; u != nil {
				name = displayName(u)
			}
			if m := resolved.Members[user]; m != nil && m.Nick != "" {
				name = m.Nick
			}
		}
	}
	if user == b.me() && user != "" {
		return b.computerProfile(in)
	}
	content, err := b.profile(in.public, in.GuildID, in.ChannelID, user, name)
	if err != nil {
		return err
	}
	return b.respond(in, reply{content: content})
}

// profile is the text of a person's profile, seen from a channel of guild
// ("" outside a server): ratings and records there and everywhere, games
// and results of that server alone, or outside a server of that
// conversation alone, so that a profile never shows others where someone
// plays. It is worded in t.
func (b *Bot) profile(t lang.Tag, guild, channel, user, name string) (string, error) {
	here := func(g *store.Game) bool {
		if guild != "" {
			return g.Guild == guild
		}
		return g.Channel == channel
	}
	global, err := b.store.Standing(store.Global, user)
	if err != nil {
		return "", fmt.Errorf("standing of %s: %w", user, err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**%s**\n", plainName(cmp.Or(name, global.Name, "?")))
	if guild != "" {
		here, err := b.store.Standing(guild, user)
		if err != nil {
			return "", fmt.Errorf("standing of %s in %s: %w", user, guild, err)
		}
		sb.WriteString(t.Sprintf("**Rating:** %s in this server · %s everywhere", b.ratingText(t, here), b.ratingText(t, global)) + "\n")
		sb.WriteString(t.Sprintf("**Record:** %s in this server · %s everywhere", recordText(t, here), recordText(t, global)) + "\n")
	} else {
		sb.WriteString(t.Sprintf("**Rating:** %s", b.ratingText(t, global)) + "\n")
		sb.WriteString(t.Sprintf("**Record:** %s", recordText(t, global)) + "\n")
	}
	if line := b.vacationLine(t, user); line != "" {
		sb.WriteString(line + "\n")
	}
	playing, err := b.store.ListUser(user)
	if err != nil {
		b.log.Error("unreadable games left out of a profile", "user", user, "err", err)
	}
	var now []string
	for _, g := range playing {
		if g.Status == store.Active && here(g) {
			vs := t.Sprintf("%s vs %s", plainName(g.Players[engine.Orange].Name), plainName(g.Players[engine.Blue].Name))
			now = append(now, vs+" "+channelLink(g.Guild, g.Channel))
		}
	}
	switch {
	case len(now) == 0:
		sb.WriteString(t.Sprint("**Playing now:** no games here") + "\n")
	default:
		sb.WriteString(t.Sprintf("**Playing now:** %s", strings.Join(now[:min(len(now), 5)], " · ")) + "\n")
		if len(now) > 5 {
			sb.WriteString(t.Sprintf("… and %d more.", len(now)-5) + "\n")
		}
	}
	results, err := b.lastResults(t, here, user)
	if err != nil {
		b.log.Error("unreadable games left out of a profile", "user", user, "err", err)
	}
	if len(results) == 0 {
		sb.WriteString(t.Sprint("**Last results:** none yet"))
	} else {
		sb.WriteString(t.Sprint("**Last results:**") + "\n" + strings.Join(results, "\n"))
	}
	return sb.String(), nil
}

// lastResults are the lines of a player's last finished games with a
// result that the profile may show (here), in t.
func (b *Bot) lastResults(t lang.Tag, here func(*store.Game) bool, user string) ([]string, error) {
	var lines []string
	before := ""
	for range 4 { // at most 4 pages of 25: a profile is not an archive
		games, err := b.store.History(user, before, 25)
		for _, g := range games {
			if len(lines) == profileResults {
				break
			}
			if g.Outcome.Over() && here(g) {
				lines = append(lines, resultLine(t, g, user))
			}
		}
		if err != nil || len(games) < 25 || len(lines) == profileResults {
			return lines, err
		}
		before = games[len(games)-1].ID
	}
	return lines, nil
}

// resultLine is one finished game from user's side, in t: "Won against
// ben (resignation) · 1500 → 1662 (+162) · 3 days ago".
func resultLine(t lang.Tag, g *store.Game, user string) string {
	c, _ := g.Colour(user)
	opp := g.Players[c.Other()]
	name := plainName(cmp.Or(opp.Name, "?"))
	if opp.Level != "" {
		name = t.Sprintf("%s (the computer, %s)", name, levelName(t, opp.Level))
	}
	line := t.Sprintf("• Drew with %s (%s)", name, g.Outcome.Reason)
	if w, won := g.Outcome.Result.Winner(); won && w == c {
		line = t.Sprintf("• Won against %s (%s)", name, g.Outcome.Reason)
	} else if won {
		line = t.Sprintf("• Lost to %s (%s)", name, g.Outcome.Reason)
	}
	switch rc := g.Ratings[c]; {
	case g.Unrated:
		line += " · " + t.Sprint("unrated")
	case rc != store.RatingChange{}:
		line += fmt.Sprintf(" · %d → %d (%s)", points(rc.Before.R), points(rc.After.R), signed(points(rc.After.R)-points(rc.Before.R)))
	}
	return line + " · " + when(g.Finished)
}

// points rounds a rating to whole points as rating.Rating.String does.
func points(x float64) int { return int(math.Round(x)) }

// signed writes a change of whole points with its sign: "+162", "−12",
// "±0".
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}

// ratingText is a rating with its rank, or a word for a player not yet
// rated, in t: "1642 ± 87 (3rd of 12)".
func (b *Bot) ratingText(t lang.Tag, st store.Standing) string {
	if st.Rated == 0 {
		return t.Sprint("not rated yet")
	}
	ranked, err := b.store.Standings(st.Scope)
	if err != nil {
		b.log.Error("unreadable standings", "scope", st.Scope, "err", err)
	}
	ranked = rank(ranked)
	for i, r := range ranked {
		if r.Player == st.Player {
			if st.Rating.Provisional() {
				// The word says it: no question mark beside it.
				return t.Sprintf("%s (provisional)", st.Rating.Figures())
			}
			return t.Sprintf("%s (%s of %d)", st.Rating, ordinal(t, i+1), len(ranked))
		}
	}
	return st.Rating.String()
}

// ordinal writes a rank in t: 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th,
// 21st; in French 1er, 2e, 3e.
func ordinal(t lang.Tag, n int) string {
	if t == lang.French {
		if n == 1 {
			return "1er"
		}
		return strconv.Itoa(n) + "e"
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// computerProfile shows the ratings of the computer's levels, so players
// see where they stand against each.
func (b *Bot) computerProfile(in *interaction) error {
	t := in.public
	var sb strings.Builder
	sb.WriteString(t.Sprint("**The computer** (me): each level is rated like a player, by the games people play against it.") + "\n")
	for _, level := range Levels() {
		id := store.ComputerID(level)
		global, err := b.store.Standing(store.Global, id)
		if err != nil {
			return fmt.Errorf("standing of %s: %w", id, err)
		}
		if global.Rated == 0 {
			sb.WriteString(t.Sprintf("• **%s**: no rated games yet", levelName(t, level)) + "\n")
			continue
		}
		sb.WriteString(t.Sprintf("• **%s**: %s everywhere · %s", levelName(t, level), b.ratingText(t, global), recordText(t, global)))
		if in.GuildID != "" {
			here, err := b.store.Standing(in.GuildID, id)
			if err != nil {
				return fmt.Errorf("standing of %s in %s: %w", id, in.GuildID, err)
			}
			if here.Rated > 0 {
				sb.WriteString(" · " + t.Sprintf("%s in this server", b.ratingText(t, here)))
			}
		}
		sb.WriteString("\n")
	}
	sb.WriteString(t.Sprintf("Challenge me with /volo challenge opponent:%s level:… to play one.", mention(b.me())))
	return b.respond(in, reply{content: sb.String()})
}
