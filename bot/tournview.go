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

// standingsBlocks is a tournament's standings as code blocks, each with
// the table's head and within room characters, a message's worth: rank,
// name, points and the format's tie-breaks by their FIDE acronyms, a
// withdrawn player marked (and the mark said under the last block). Lines
// stay within 40 characters, what a phone shows of a code block without
// wrapping (tableNameWidth, tieBreakWidth).
func standingsBlocks(pt lang.Tag, t *store.Tournament, room int) []string {
	tbs := t.Event.Format.TieBreaks()
	var head strings.Builder
	fmt.Fprintf(&head, "%2s %s %3s", "#", padRunes(clip(pt.Sprint("Player"), tableNameWidth), tableNameWidth), pt.Sprint("Pts"))
	for _, tb := range tbs {
		fmt.Fprintf(&head, " %*s", tieBreakWidth(tb), string(tb))
	}
	var rows []string
	for _, s := range t.Event.Standings() {
		name := tableName(t, s.Player, tableNameWidth)
		if s.Withdrawn {
			name = clip(name, tableNameWidth-1) + "×"
		}
		var row strings.Builder
		fmt.Fprintf(&row, "%2d %s %3s", s.Rank, padRunes(name, tableNameWidth), tournament.Points(s.Score))
		for k, v := range s.TieBreaks {
			fmt.Fprintf(&row, " %*s", tieBreakWidth(tbs[k]), tieBreakValue(v))
		}
		rows = append(rows, row.String())
	}
	foot := ""
	if hasWithdrawn(t) {
		foot = pt.Sprint("× withdrew")
	}
	return codeBlocks(head.String(), rows, foot, room)
}

// codeBlocks lays rows out in code blocks of at most room characters each,
// every block with the head, foot said under the last.
func codeBlocks(head string, rows []string, foot string, room int) []string {
	var blocks []string
	var cur strings.Builder
	open := func() { cur.Reset(); cur.WriteString("```\n" + head + "\n") }
	open()
	n := 0
	for _, r := range rows {
		if n > 0 && length(cur.String())+length(r)+1+3+length(foot) > room {
			cur.WriteString("```")
			blocks = append(blocks, cur.String())
			open()
			n = 0
		}
		cur.WriteString(r + "\n")
		n++
	}
	cur.WriteString("```" + foot)
	return append(blocks, cur.String())
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

// pairingsTexts are round number's pairings of a tournament, in messages
// of at most room characters: a head, then a line a board, with the game's
// thread (channels[b], empty for a board without a game) or its result.
func pairingsTexts(pt lang.Tag, t *store.Tournament, number int, channels []string, room int) []string {
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
	return messages(lines, room)
}

// messages joins lines into messages of at most room characters each.
func messages(lines []string, room int) []string {
	var out []string
	cur := ""
	for _, l := range lines {
		l = clip(l, room)
		if cur != "" && length(cur)+1+length(l) > room {
			out = append(out, cur)
			cur = ""
		}
		if cur != "" {
			cur += "\n"
		}
		cur += l
	}
	return append(out, cur)
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

// finalReplies are a tournament's end for its thread: the winner, the
// final standings (in as many messages as they take) and the crosstable
// as an image, with the first.
func (b *Bot) finalReplies(pt lang.Tag, t *store.Tournament) ([]reply, error) {
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
		head = pt.Sprintf("🏆 %s share first place in **%s**, with %s each!", clip(strings.Join(first, ", "), 1000), plainName(t.Name), pointsIn(pt, standings[0].Score))
	}
	img, err := b.crosstableImage(pt, t)
	if err != nil {
		return nil, err
	}
	return tableReplies(head+"\n"+pt.Sprint("Final standings:"), standingsBlocks(pt, t, maxContent-length(head)-40), attachment{Name: "crosstable.png", ContentType: "image/png", Data: img}), nil
}

// tableReplies are head and the blocks of a table in messages: head with
// the first block (and the attachment), then a block a message.
func tableReplies(head string, blocks []string, with ...attachment) []reply {
	out := make([]reply, len(blocks))
	for i, block := range blocks {
		out[i] = reply{content: block}
	}
	out[0].content = head + "\n" + blocks[0]
	out[0].attach = with
	return out
}

// tournamentStandings shows a tournament's standings to the one who asks.
func (b *Bot) tournamentStandings(in *interaction, name string) error {
	t, err := b.tournamentNamed(in, name)
	if err != nil {
		return err
	}
	if t.Event == nil {
		return notStarted(t)
	}
	head := in.lang.Sprintf("Standings of **%s** after round %d of %d (%s):", plainName(t.Name), completedRounds(t), t.Event.Rounds, statusWord(in.lang, t.Status))
	blocks := standingsBlocks(in.lang, t, maxContent-length(head)-200)
	content := head + "\n" + blocks[0]
	if len(blocks) > 1 {
		content += "\n" + in.lang.Sprintf("The first players of %d; the whole table is posted in <#%s> after each round.", len(t.Event.Players), cmp.Or(t.Thread, t.Channel))
	}
	r := reply{ephemeral: true, content: content}
	if t.Status == store.TournamentFinished {
		img, err := b.crosstableImage(in.lang, t)
		if err != nil {
			return err
		}
		r.attach = []attachment{{Name: "crosstable.png", ContentType: "image/png", Data: img}}
	}
	return b.respond(in, r)
}

// notStarted refuses to show a tournament that never started: open, or
// called off before its start.
func notStarted(t *store.Tournament) error {
	if t.Status == store.TournamentCancelled {
		return refuse("%s was called off before it started.", quoted(t.Name))
	}
	return refuse("%s has not started: %d players have joined.", quoted(t.Name), len(t.Entrants))
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
	texts := pairingsTexts(in.lang, t, round, boardChannels(t, round), maxContent-200)
	content := texts[0]
	if len(texts) > 1 {
		content += "\n" + in.lang.Sprintf("The first boards of %d; every board is posted in <#%s>.", len(t.Event.Paired[round-1].Games), cmp.Or(t.Thread, t.Channel))
	}
	return b.respond(in, reply{ephemeral: true, content: content})
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
		return notStarted(t)
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
