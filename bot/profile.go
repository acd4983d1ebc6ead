package bot

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
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
	content, err := b.profile(in.GuildID, in.ChannelID, user, name)
	if err != nil {
		return err
	}
	return b.respond(in, reply{content: content})
}

// profile is the text of a person's profile, seen from a channel of guild
// ("" outside a server): ratings and records there and everywhere, games
// and results of that server alone, or outside a server of that
// conversation alone, so that a profile never shows others where someone
// plays.
func (b *Bot) profile(guild, channel, user, name string) (string, error) {
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
	fmt.Fprintf(&sb, "**%s** (%s)\n", plainName(cmp.Or(name, global.Name, "?")), mention(user))
	if guild != "" {
		here, err := b.store.Standing(guild, user)
		if err != nil {
			return "", fmt.Errorf("standing of %s in %s: %w", user, guild, err)
		}
		fmt.Fprintf(&sb, "**Rating:** %s in this server · %s everywhere\n", b.ratingText(here), b.ratingText(global))
		fmt.Fprintf(&sb, "**Record:** %s in this server · %s everywhere\n", recordText(here), recordText(global))
	} else {
		fmt.Fprintf(&sb, "**Rating:** %s\n**Record:** %s\n", b.ratingText(global), recordText(global))
	}
	playing, err := b.store.ListUser(user)
	if err != nil {
		b.log.Error("unreadable games left out of a profile", "user", user, "err", err)
	}
	var now []string
	for _, g := range playing {
		if g.Status == store.Active && here(g) {
			now = append(now, fmt.Sprintf("%s vs %s %s", plainName(g.Players[engine.Orange].Name), plainName(g.Players[engine.Blue].Name), channelLink(g.Guild, g.Channel)))
		}
	}
	switch {
	case len(now) == 0:
		sb.WriteString("**Playing now:** no games here\n")
	default:
		fmt.Fprintf(&sb, "**Playing now:** %s\n", strings.Join(now[:min(len(now), 5)], " · "))
		if len(now) > 5 {
			fmt.Fprintf(&sb, "… and %d more\n", len(now)-5)
		}
	}
	results, err := b.lastResults(here, user)
	if err != nil {
		b.log.Error("unreadable games left out of a profile", "user", user, "err", err)
	}
	if len(results) == 0 {
		sb.WriteString("**Last results:** none yet")
	} else {
		sb.WriteString("**Last results:**\n" + strings.Join(results, "\n"))
	}
	return sb.String(), nil
}

// lastResults are the lines of a player's last finished games with a
// result that the profile may show (here).
func (b *Bot) lastResults(here func(*store.Game) bool, user string) ([]string, error) {
	var lines []string
	before := ""
	for range 4 { // at most 4 pages of 25: a profile is not an archive
		games, err := b.store.History(user, before, 25)
		for _, g := range games {
			if len(lines) == profileResults {
				break
			}
			if g.Outcome.Over() && here(g) {
				lines = append(lines, resultLine(g, user))
			}
		}
		if err != nil || len(games) < 25 || len(lines) == profileResults {
			return lines, err
		}
		before = games[len(games)-1].ID
	}
	return lines, nil
}

// resultLine is one finished game from user's side: "Won against ben
// (resignation) · 1500 → 1662 (+162) · 3 days ago".
func resultLine(g *store.Game, user string) string {
	c, _ := g.Colour(user)
	opp := g.Players[c.Other()]
	verdict := "Drew with"
	if w, won := g.Outcome.Result.Winner(); won {
		verdict = "Lost to"
		if w == c {
			verdict = "Won against"
		}
	}
	name := plainName(cmp.Or(opp.Name, "?"))
	if opp.Level != "" {
		name += " (the computer, " + opp.Level + ")"
	}
	line := fmt.Sprintf("• %s %s (%s)", verdict, name, g.Outcome.Reason)
	switch rc := g.Ratings[c]; {
	case g.Unrated:
		line += " · unrated"
	case rc != store.RatingChange{}:
		line += fmt.Sprintf(" · %d → %d (%s)", points(rc.Before.R), points(rc.After.R), signed(points(rc.After.R)-points(rc.Before.R)))
	}
	return line + fmt.Sprintf(" · <t:%d:R>", g.Finished.Unix())
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
// rated: "1642 ± 87 (3rd of 12)".
func (b *Bot) ratingText(st store.Standing) string {
	if st.Rated == 0 {
		return "not rated yet"
	}
	ranked, err := b.store.Standings(st.Scope)
	if err != nil {
		b.log.Error("unreadable standings", "scope", st.Scope, "err", err)
	}
	ranked = rank(ranked)
	for i, r := range ranked {
		if r.Player == st.Player {
			if st.Rating.Provisional() {
				return fmt.Sprintf("%s (provisional)", st.Rating)
			}
			return fmt.Sprintf("%s (%s of %d)", st.Rating, ordinal(i+1), len(ranked))
		}
	}
	return st.Rating.String()
}

// ordinal writes 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st.
func ordinal(n int) string {
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
	return fmt.Sprintf("%d%s", n, suffix)
}

// computerProfile shows the ratings of the computer's levels, so players
// see where they stand against each.
func (b *Bot) computerProfile(in *interaction) error {
	var sb strings.Builder
	sb.WriteString("**The computer** (me): each level is rated like a player, by the games people play against it.\n")
	for _, level := range Levels() {
		id := store.ComputerID(level)
		global, err := b.store.Standing(store.Global, id)
		if err != nil {
			return fmt.Errorf("standing of %s: %w", id, err)
		}
		if global.Rated == 0 {
			fmt.Fprintf(&sb, "• **%s**: no rated games yet\n", level)
			continue
		}
		fmt.Fprintf(&sb, "• **%s**: %s everywhere · %s", level, b.ratingText(global), recordText(global))
		if in.GuildID != "" {
			here, err := b.store.Standing(in.GuildID, id)
			if err != nil {
				return fmt.Errorf("standing of %s in %s: %w", id, in.GuildID, err)
			}
			if here.Rated > 0 {
				fmt.Fprintf(&sb, " · %s in this server", b.ratingText(here))
			}
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(&sb, "Challenge me with /volo challenge opponent:%s level:… to play one.", mention(b.me()))
	return b.respond(in, reply{content: sb.String()})
}
