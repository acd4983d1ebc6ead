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
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// What tournaments show: standings as a table that reads on a phone,
// pairings, a player's results, the list of a server's tournaments, and at
// the end the winner with the crosstable.

// entrantName is the name a player entered a tournament under, plain.
func entrantName(t *store.Tournament, id string) string {
	e, _ := t.Entrant(id)
	return plainName(cmp.Or(e.Name, id))
}

// tableName is a player's name in a table of fixed width: n characters,
// without backticks, which would end the code block.
func tableName(t *store.Tournament, id string, n int) string {
	e, _ := t.Entrant(id)
	name := strings.ReplaceAll(strip(cmp.Or(e.Name, id)), "`", "'")
	return clip(name, n)
}

// standingsTable is a tournament's standings in a code block: rank, name,
// points and the format's tie-breaks by their FIDE acronyms, a withdrawn
// player marked. Lines stay within 40 characters, what a phone shows of a
// code block without wrapping (tableNameWidth, tieBreakWidth).
func standingsTable(pt lang.Tag, t *store.Tournament) string {
	tbs := t.Event.Format.TieBreaks()
	var sb strings.Builder
	sb.WriteString("```\n")
	fmt.Fprintf(&sb, "%2s %s %3s", "#", padRunes(clip(pt.Sprint("Player"), tableNameWidth), tableNameWidth), pt.Sprint("Pts"))
	for _, tb := range tbs {
		fmt.Fprintf(&sb, " %*s", tieBreakWidth(tb), string(tb))
	}
	sb.WriteString("\n")
	for _, s := range t.Event.Standings() {
		name := tableName(t, s.Player, tableNameWidth)
		if s.Withdrawn {
			name = clip(name, tableNameWidth-1) + "×"
		}
		fmt.Fprintf(&sb, "%2d %s %3s", s.Rank, padRunes(name, tableNameWidth), tournament.Points(s.Score))
		for k, v := range s.TieBreaks {
			fmt.Fprintf(&sb, " %*s", tieBreakWidth(tbs[k]), tieBreakValue(v))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("```")
	if hasWithdrawn(t) {
		sb.WriteString(pt.Sprint("× withdrew"))
	}
	return sb.String()
}

// tableNameWidth is the width of the names in the standings' table.
const tableNameWidth = 10

// tieBreakWidth is the width of a tie-break's column: its acronym's, and
// room for "10½".
func tieBreakWidth(tb tournament.TieBreak) int { return max(len(tb), 3) }

// padRunes pads s with spaces to n characters (fmt pads by bytes' runes
// already; this keeps a name of wide runes from shifting the columns).
func padRunes(s string, n int) string {
	if k := length(s); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}

func hasWithdrawn(t *store.Tournament) bool {
	for _, p := range t.Event.Players {
		if p.Withdrawn {
			return true
		}
	}
	return false
}

// tieBreakValue writes a tie-break's value: whole numbers and halves as
// points are written ("7½"), quarters with their fraction, anything else
// to two decimals.
func tieBreakValue(v float64) string {
	whole := math.Floor(v)
	frac := v - whole
	w := strconv.Itoa(int(whole))
	if whole == 0 && frac > 0 {
		w = ""
	}
	switch frac {
	case 0:
		return strconv.Itoa(int(whole))
	case 0.25:
		return w + "¼"
	case 0.5:
		return w + "½"
	case 0.75:
		return w + "¾"
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// pairingsText is round number's pairings of a tournament: a line a
// board, with the game's thread (channels[b], empty for a board without a
// game) or its result.
func pairingsText(pt lang.Tag, t *store.Tournament, number int, channels []string) string {
	round := t.Event.Paired[number-1]
	lines := []string{pt.Sprintf("**%s**, round %d of %d:", plainName(t.Name), number, t.Event.Rounds)}
	for b, g := range round.Games {
		orange, blue := entrantName(t, g.Orange), entrantName(t, g.Blue)
		var line string
		switch {
		case g.Result == tournament.Bye:
			line = pt.Sprintf("%s has the bye: 1 point.", orange)
		case g.Result == tournament.Rest:
			line = pt.Sprintf("%s sits this round out.", orange)
		case g.Result == tournament.Pending && b < len(channels) && channels[b] != "":
			line = pt.Sprintf("Board %d: %s (Orange) against %s (Blue), in <#%s>", b+1, orange, blue, channels[b])
		case g.Result == tournament.Pending:
			line = pt.Sprintf("Board %d: %s (Orange) against %s (Blue), being played", b+1, orange, blue)
		default:
			line = pt.Sprintf("Board %d: %s %s %s", b+1, orange, resultWords(pt, g.Result), blue)
		}
		lines = append(lines, "• "+line)
	}
	return clip(strings.Join(lines, "\n"), maxContent)
}

// resultWords writes a board's result between its players' names:
// "1–0", "½–½", "wins by forfeit against".
func resultWords(pt lang.Tag, r tournament.Result) string {
	switch r {
	case tournament.OrangeWins:
		return "1–0"
	case tournament.BlueWins:
		return "0–1"
	case tournament.Draw:
		return "½–½"
	case tournament.OrangeWinsByForfeit:
		return pt.Sprint("+–− (forfeit)")
	case tournament.BlueWinsByForfeit:
		return pt.Sprint("−–+ (forfeit)")
	case tournament.DoubleForfeit:
		return pt.Sprint("−–− (both forfeit)")
	}
	return "–"
}

// pointsIn writes a score with its word: "1 point", "2½ points"; in
// French the singular goes up to 2 excluded ("1½ point").
func pointsIn(pt lang.Tag, score float64) string {
	one := score > 0 && score <= 1
	if pt == lang.French {
		one = score < 2
	}
	if one {
		return pt.Sprintf("%s point", tournament.Points(score))
	}
	return pt.Sprintf("%s points", tournament.Points(score))
}

// boardChannels are the channels of a round's boards, as stored.
func boardChannels(t *store.Tournament, number int) []string {
	if number-1 >= len(t.Boards) {
		return nil
	}
	out := make([]string, len(t.Boards[number-1]))
	for i, bd := range t.Boards[number-1] {
		out[i] = bd.Channel
	}
	return out
}

// tournamentResultLine is the result of a round's game for the
// tournament's thread: "Round 2, board 3: ana 1–0 ben (resignation), in
// #thread."
func tournamentResultLine(pt lang.Tag, t *store.Tournament, round, board int, g *store.Game) string {
	r := store.TournamentResult(g)
	return pt.Sprintf("Round %d, board %d: %s %s %s. %s <#%s>", round, board,
		entrantName(t, g.Players[engine.Orange].ID), resultWords(pt, r), entrantName(t, g.Players[engine.Blue].ID), g.Outcome, g.Channel)
}

// finalReply is a tournament's end for its thread: the winner, the final
// standings and the crosstable as an image.
func (b *Bot) finalReply(pt lang.Tag, t *store.Tournament) (reply, error) {
	standings := t.Event.Standings()
	var first []string
	for _, s := range standings {
		if s.Rank == 1 {
			first = append(first, entrantName(t, s.Player))
		}
	}
	var head string
	switch {
	case len(standings) == 0:
		head = pt.Sprintf("**%s** is over.", plainName(t.Name))
	case len(first) == 1:
		head = pt.Sprintf("🏆 **%s** wins **%s** with %s!", first[0], plainName(t.Name), pointsIn(pt, standings[0].Score))
	default:
		head = pt.Sprintf("🏆 %s share first place in **%s**, with %s each!", strings.Join(first, ", "), plainName(t.Name), pointsIn(pt, standings[0].Score))
	}
	img, err := b.crosstableImage(pt, t)
	if err != nil {
		return reply{}, err
	}
	content := head + "\n" + pt.Sprint("Final standings:") + "\n" + standingsTable(pt, t)
	return reply{content: clip(content, maxContent), attach: []attachment{{Name: "crosstable.png", ContentType: "image/png", Data: img}}}, nil
}

// tournamentStandings shows a tournament's standings to the one who asks.
func (b *Bot) tournamentStandings(in *interaction, name string) error {
	t, err := b.tournamentNamed(in, name)
	if err != nil {
		return err
	}
	if t.Event == nil {
		return refuse("%s has not started: %d players have joined.", quoted(t.Name), len(t.Entrants))
	}
	head := in.lang.Sprintf("Standings of **%s** after round %d of %d (%s):", plainName(t.Name), completedRounds(t), t.Event.Rounds, statusWord(in.lang, t.Status))
	r := reply{ephemeral: true, content: clip(head+"\n"+standingsTable(in.lang, t), maxContent)}
	if t.Status == store.TournamentFinished {
		img, err := b.crosstableImage(in.lang, t)
		if err != nil {
			return err
		}
		r.attach = []attachment{{Name: "crosstable.png", ContentType: "image/png", Data: img}}
	}
	return b.respond(in, r)
}

// completedRounds counts the rounds of a tournament that are over.
func completedRounds(t *store.Tournament) int {
	n := 0
	for _, r := range t.Event.Paired {
		if r.Complete() {
			n++
		}
	}
	return n
}

// tournamentPairings shows a round's pairings, the latest by default.
func (b *Bot) tournamentPairings(in *interaction, name string, round int) error {
	t, err := b.tournamentNamed(in, name)
	if err != nil {
		return err
	}
	if t.Event == nil || len(t.Event.Paired) == 0 {
		return refuse("%s has no round paired yet.", quoted(t.Name))
	}
	if round == 0 {
		round = len(t.Event.Paired)
	}
	if round > len(t.Event.Paired) {
		return refuse("%s has paired %d rounds so far; round %d is not paired yet.", quoted(t.Name), len(t.Event.Paired), round)
	}
	return b.respond(in, reply{ephemeral: true, content: pairingsText(in.lang, t, round, boardChannels(t, round))})
}

// tournamentResults shows a player's rounds in a tournament.
func (b *Bot) tournamentResults(in *interaction, name, user string, resolved *discordgo.ApplicationCommandInteractionDataResolved) error {
	t, err := b.tournamentNamed(in, name)
	if err != nil {
		return err
	}
	if _, ok := t.Entrant(user); !ok {
		name := user
		if resolved != nil && resolved.Users[user] != nil {
			name = displayName(resolved.Users[user])
		}
		return refuse("%s is not in %s.", plainName(name), quoted(t.Name))
	}
	if t.Event == nil {
		return refuse("%s has not started: %d players have joined.", quoted(t.Name), len(t.Entrants))
	}
	var standing tournament.Standing
	for _, s := range t.Event.Standings() {
		if s.Player == user {
			standing = s
		}
	}
	lines := []string{in.lang.Sprintf("%s in **%s**: %s, rank %d.", entrantName(t, user), plainName(t.Name), pointsIn(in.lang, standing.Score), standing.Rank)}
	for r, round := range t.Event.Paired {
		for bd, g := range round.Games {
			if g.Orange != user && g.Blue != user {
				continue
			}
			lines = append(lines, "• "+in.lang.Sprintf("Round %d: %s", r+1, playerRound(in.lang, t, r+1, bd, g, user)))
		}
	}
	return b.respond(in, reply{ephemeral: true, content: clip(strings.Join(lines, "\n"), maxContent)})
}

// playerRound is one round of a player: against whom, with which colour,
// and how it went.
func playerRound(pt lang.Tag, t *store.Tournament, round, board int, g tournament.Game, user string) string {
	switch g.Result {
	case tournament.Bye:
		return pt.Sprint("bye, 1 point")
	case tournament.Rest:
		return pt.Sprint("sat out")
	}
	colour, opp := engine.Orange, g.Blue
	if g.Blue == user {
		colour, opp = engine.Blue, g.Orange
	}
	o, bl := g.Result.Points()
	mine := o
	if colour == engine.Blue {
		mine = bl
	}
	var how string
	switch {
	case g.Result == tournament.Pending:
		how = pt.Sprint("being played")
		if ch := boardChannels(t, round); board < len(ch) && ch[board] != "" {
			how += " " + pt.Sprintf("in <#%s>", ch[board])
		}
	case g.Result.Forfeit():
		how = pt.Sprintf("%s by forfeit", tournament.Points(mine))
	default:
		how = tournament.Points(mine)
	}
	return pt.Sprintf("%s against %s, %s", colour, entrantName(t, opp), how)
}

// listTournaments lists the server's tournaments, the latest first.
func (b *Bot) listTournaments(in *interaction) error {
	all, err := b.store.Tournaments(in.GuildID)
	if err != nil {
		return fmt.Errorf("tournaments of %s: %w", in.GuildID, err)
	}
	if len(all) == 0 {
		return refuse("This server has no tournament yet. A member who can manage the server creates one with /volo tournament create.")
	}
	lines := []string{in.lang.Sprint("**Tournaments of this server**")}
	for i := len(all) - 1; i >= 0 && len(lines) <= 20; i-- {
		t := all[i]
		line := in.lang.Sprintf("**%s**: %s, %s, %d players", plainName(t.Name), describeTournament(in.lang, t), statusWord(in.lang, t.Status), len(t.Entrants))
		if t.Status == store.TournamentFinished && t.Event != nil {
			if s := t.Event.Standings(); len(s) > 0 {
				line += " · " + in.lang.Sprintf("won by %s", entrantName(t, s[0].Player))
			}
		}
		if t.Thread != "" {
			line += " · <#" + t.Thread + ">"
		}
		lines = append(lines, "• "+line)
	}
	return b.respond(in, reply{ephemeral: true, content: clip(strings.Join(lines, "\n"), maxContent)})
}

// crosstableImage draws a tournament's crosstable, its words in pt, on the
// dark board's colours as every public image.
func (b *Bot) crosstableImage(pt lang.Tag, t *store.Tournament) ([]byte, error) {
	names := make(map[string]string, len(t.Entrants))
	for _, e := range t.Entrants {
		names[e.ID] = strip(e.Name)
	}
	img, err := render.DrawCrosstable(render.Crosstable{
		Table: t.Event.Crosstable(),
		Names: names,
		Labels: render.CrosstableLabels{
			Title:   pt.Sprintf("%s — round %d of %d", strip(t.Name), completedRounds(t), t.Event.Rounds),
			Rank:    "#",
			Player:  pt.Sprint("Player"),
			Points:  pt.Sprint("Pts"),
			Decimal: pt.Sprint("."),
		},
		Theme: render.Dark,
	})
	if err != nil {
		return nil, fmt.Errorf("crosstable of tournament %d: %w", t.ID, err)
	}
	return img, nil
}

// suggestTournaments offers the server's tournaments whose name holds what
// was typed, those under way first.
func (b *Bot) suggestTournaments(in *interaction, typed string) []*discordgo.ApplicationCommandOptionChoice {
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	if in.GuildID == "" {
		return choices
	}
	all, err := b.store.Tournaments(in.GuildID)
	if err != nil {
		b.log.Warn("tournaments to suggest", "guild", in.GuildID, "err", err)
		return choices
	}
	key := store.TournamentNameKey(typed)
	var live, past []*discordgo.ApplicationCommandOptionChoice
	for i := len(all) - 1; i >= 0; i-- {
		t := all[i]
		if !strings.Contains(store.TournamentNameKey(t.Name), key) {
			continue
		}
		c := &discordgo.ApplicationCommandOptionChoice{Name: clip(in.lang.Sprintf("%s (%s)", strip(t.Name), statusWord(in.lang, t.Status)), maxChoiceName), Value: clip(t.Name, maxChoiceValue)}
		if t.Status.Live() {
			live = append(live, c)
		} else {
			past = append(past, c)
		}
	}
	choices = append(append(choices, live...), past...)
	return choices[:min(len(choices), maxChoices)]
}
