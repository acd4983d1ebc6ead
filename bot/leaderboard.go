package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// The leaderboard's scopes, as the scope option names them.
const (
	scopeServer = "server"
	scopeGlobal = "global"
)

// actLeaderboard is the action of the leaderboard's paging buttons, whose
// IDs carry the scope (a guild's ID or "global") and the page.
const actLeaderboard = "lb"

// leaderboardPage is how many players a page lists.
const leaderboardPage = 10

// rank orders standings for the leaderboard: the players whose rating is
// established first, then the provisional ones, each by rating, highest
// first (ties by name). Players with no rated game are left out.
func rank(sts []store.Standing) []store.Standing {
	out := slices.DeleteFunc(slices.Clone(sts), func(s store.Standing) bool { return s.Rated == 0 })
	slices.SortStableFunc(out, func(a, b store.Standing) int {
		if pa, pb := a.Rating.Provisional(), b.Rating.Provisional(); pa != pb {
			if pa {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(b.Rating.R, a.Rating.R), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Player, b.Player))
	})
	return out
}

// leaderboardCommand shows the first page of the server's leaderboard or
// the global one.
func (b *Bot) leaderboardCommand(in *interaction, scope string) error {
	key := scopeGlobal
	if scope != scopeGlobal {
		if in.GuildID == "" {
			return refuse("Outside a server there is only the global leaderboard: /volo leaderboard scope:global.")
		}
		key = in.GuildID
	}
	r, err := b.leaderboard(in.public, key, 0)
	if err != nil {
		return err
	}
	return b.respond(in, r)
}

// leaderboardButton turns the leaderboard's page.
func (b *Bot) leaderboardButton(in *interaction, bt button) error {
	if bt.game != scopeGlobal && bt.game != in.GuildID {
		return refuse("That leaderboard belongs to another server. Use /volo leaderboard here.")
	}
	r, err := b.leaderboard(in.public, bt.game, bt.ply)
	if err != nil {
		return err
	}
	if err := r.check(); err != nil {
		return fmt.Errorf("leaderboard page: %w", err)
	}
	return b.answer(in, func() *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: r.data()}
	})
}

// leaderboard is one page of a scope's leaderboard (key: a guild's ID or
// "global"), with buttons to the pages beside it, in t. A page past the
// end shows the last.
func (b *Bot) leaderboard(t lang.Tag, key string, page int) (reply, error) {
	scope, title := key, t.Sprint("**Volo leaderboard: this server**")
	if key == scopeGlobal {
		scope, title = store.Global, t.Sprint("**Volo leaderboard: everyone**")
	}
	sts, err := b.store.Standings(scope)
	if err != nil && len(sts) == 0 {
		return reply{}, fmt.Errorf("standings of %q: %w", scope, err)
	}
	if err != nil {
		b.log.Error("unreadable standings left out of the leaderboard", "scope", scope, "err", err)
	}
	ranked := rank(sts)
	if len(ranked) == 0 {
		return reply{content: title + "\n" + t.Sprint("Nobody has finished a rated game yet. Challenge someone with /volo challenge: games count unless they say rated:false.")}, nil
	}
	pages := (len(ranked) + leaderboardPage - 1) / leaderboardPage
	page = max(0, min(page, pages-1))
	var sb strings.Builder
	sb.WriteString(title + " · " + t.Sprintf("page %d of %d", page+1, pages) + "\n")
	first := page * leaderboardPage
	for i, st := range ranked[first:min(first+leaderboardPage, len(ranked))] {
		n := first + i + 1
		// The provisional ratings, after the established ones, say so
		// where they begin, and at the top of each page they fill.
		switch {
		case !st.Rating.Provisional() || i > 0 && ranked[n-2].Rating.Provisional():
		case ranked[0].Rating.Provisional(): // nobody's rating has settled
			sb.WriteString(t.Sprint("*Provisional ratings (still settling):*") + "\n")
		default:
			sb.WriteString(t.Sprint("*Provisional ratings (still settling), after the established ones:*") + "\n")
		}
		fmt.Fprintf(&sb, "%d. %s · %s · %s\n", n, standingName(t, st), st.Rating, recordText(t, st))
	}
	r := reply{content: strings.TrimSpace(sb.String())}
	if pages > 1 {
		r.components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: t.Sprint("◀ Previous"), Style: discordgo.SecondaryButton, CustomID: leaderboardID(key, page-1), Disabled: page == 0},
			discordgo.Button{Label: t.Sprint("Next ▶"), Style: discordgo.SecondaryButton, CustomID: leaderboardID(key, page+1), Disabled: page == pages-1},
		}}}
	}
	return r, nil
}

// leaderboardID is the custom ID of a button to a page of a leaderboard.
// A disabled button still needs an ID of its own in the row.
func leaderboardID(key string, page int) string {
	return strings.Join([]string{"volo", actLeaderboard, key, strconv.Itoa(page), ""}, "/")
}

// standingName names a standing's player in t: a mention for a person
// (which a leaderboard shows without pinging anyone), the level for the
// computer.
func standingName(t lang.Tag, st store.Standing) string {
	if level, ok := strings.CutPrefix(st.Player, store.ComputerID("")); ok {
		return t.Sprintf("**%s** (the computer, %s)", plainName(cmp.Or(st.Name, "Volo")), levelName(t, level))
	}
	return fmt.Sprintf("**%s**", plainName(cmp.Or(st.Name, "?")))
}

// recordText is a standing's record in t: "12 games: 8 won, 3 lost, 1
// drawn".
func recordText(t lang.Tag, st store.Standing) string {
	if st.Played() == 0 {
		return t.Sprint("no games yet")
	}
	won := []string{t.Sprintf("%d won", st.Won), t.Sprintf("%d lost", st.Lost), t.Sprintf("%d drawn", st.Drawn)}
	return t.Sprintf("%d games: %s", st.Played(), strings.Join(won, ", "))
}
