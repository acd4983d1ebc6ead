package bot

import (
	"fmt"
	"strings"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// boardAnnouncement is the board of g with a line, for its channel
// outside any interaction, pinging the player to move.
func (b *Bot) boardAnnouncement(g *store.Game, eg *engine.Game, line string) (*store.Announcement, error) {
	r, err := b.boardReply(g, eg, line)
	if err != nil {
		return nil, err
	}
	return b.announce(g.Channel, nil, false, r)
}

// boardCommand shows anyone the board, whose turn it is and the time left;
// with labels, every empty point named.
func (b *Bot) boardCommand(in *interaction, labels bool) error {
	g, eg, err := b.gameHere(in.ChannelID)
	if err != nil {
		return err
	}
	in.adopt(g) // the channel's language, for everyone there; not stored
	t := tr(g)
	sc := b.scene(g, eg)
	sc.PointNames = labels
	img, err := b.render.Board(sc)
	if err != nil {
		return fmt.Errorf("render board %s: %w", g.Channel, err)
	}
	if g.Status == store.Finished {
		return b.respond(in, reply{content: t.Sprintf("%s. /volo history has its record.", endLine(g)), image: img})
	}
	line := numbered(g, t.Sprintf("%s vs %s · %s · %s", who(g, engine.Orange), who(g, engine.Blue), progress(t, eg.Ply()), b.turnLineFor(g, eg, false)))
	if g.RegionChoice != nil {
		line += " " + t.Sprintf("(choosing which region to keep after %s)", g.RegionChoice.Flight)
	}
	if g.DrawOffer != nil {
		line += " · " + t.Sprintf("%s offers a draw", nameOf(g, g.DrawOffer.By))
	}
	r := reply{content: line, image: img}
	if !g.Outcome.Over() {
		r.components = b.moveButtonRow(g, eg.Ply())
	}
	if err := b.respond(in, r); err != nil || r.ephemeral || in.board != nil {
		return err
	}
	b.tidyAfterShown(g) // the board just shown is the one to offer a move
	return nil
}

// historyCommand shows the moves and attaches the game record.
func (b *Bot) historyCommand(in *interaction, id string) error {
	g, eg, err := b.gameHere(in.ChannelID)
	if id != "" {
		g, eg, err = b.namedGame(in, id)
	}
	if err != nil {
		return err
	}
	g.Lang = in.lang.String() // worded for the asker alone; not stored
	t := in.lang
	record, err := g.Record()
	if err != nil {
		return fmt.Errorf("record %s: %w", g.Channel, err)
	}
	var sb strings.Builder
	if g.Status == store.Finished {
		sb.WriteString(t.Sprintf("%s, %s, %d moves.", endLine(g), describeTermsIn(t, g), eg.Ply()))
	} else {
		sb.WriteString(numbered(g, t.Sprintf("%s vs %s, %s, %d moves so far.", who(g, engine.Orange), who(g, engine.Blue), describeTermsIn(t, g), eg.Ply())))
	}
	moves := eg.Moves()
	if len(moves) > 0 {
		sb.WriteString("\n```\n")
		// Two moves a line, each with its number in the game, as the
		// board, the picker, the review and the record count them.
		for i := 0; i < len(moves); i += 2 {
			fmt.Fprintf(&sb, "%3d. %-16s", i+1, moves[i])
			if i+1 < len(moves) {
				fmt.Fprintf(&sb, "%3d. %s", i+2, moves[i+1])
			}
			sb.WriteByte('\n')
			if sb.Len() > 1800 {
				sb.WriteString(t.Sprint("… (the whole game is in the file)") + "\n")
				break
			}
		}
		sb.WriteString("```")
	}
	return b.respond(in, reply{
		content:   sb.String(),
		ephemeral: true,
		attach:    []attachment{{Name: "volo-record.txt", ContentType: "text/plain", Data: []byte(record)}},
	})
}

// maxListLength is where a list stops growing, leaving room under
// Discord's 2,000 characters for its last line.
const maxListLength = 1750

// gamesCommand lists the games being played in this server.
func (b *Bot) gamesCommand(in *interaction) error {
	games, err := b.store.ListGuild(in.GuildID)
	if err != nil {
		return fmt.Errorf("list games of guild %s: %w", in.GuildID, err)
	}
	t := in.lang
	var sb strings.Builder
	if len(games) == 0 {
		sb.WriteString(t.Sprint("No games or challenges in this server right now. Start one with /volo challenge.") + "\n")
	} else {
		sb.WriteString(t.Sprintf("%d games in this server:", len(games)) + "\n")
	}
	for i, g := range games {
		// Discord refuses messages over 2,000 characters.
		if sb.Len() > maxListLength {
			sb.WriteString(t.Sprintf("… and %d more.", len(games)-i) + "\n")
			break
		}
		link := fmt.Sprintf("https://discord.com/channels/%s/%s", g.Guild, g.Channel)
		names := t.Sprintf("%s vs %s", plainName(g.Players[engine.Orange].Name), plainName(g.Players[engine.Blue].Name))
		if g.Status == store.Challenge {
			sb.WriteString(t.Sprintf("• %s %s: challenge waiting for an answer", link, names) + "\n")
			continue
		}
		c := engine.Orange
		if len(g.Moves)%2 == 1 {
			c = engine.Blue
		}
		if eg, err := g.Replay(); err == nil {
			pos := eg.Position()
			c = pos.ToMove()
		}
		if g.Number > 0 {
			names = gameName(g) + " " + names
		}
		sb.WriteString(t.Sprintf("• %s %s · %s · %s to move", link, names, progress(t, len(g.Moves)), plainName(g.Players[c].Name)) + "\n")
	}
	sb.WriteString(b.recentlyFinished(t, in.GuildID, maxContent-sb.Len()))
	return b.respond(in, reply{content: strings.TrimSpace(sb.String()), ephemeral: true})
}

// rulesText is /volo rules in t: the rules in brief, a line each.
func rulesText(t lang.Tag) string {
	return strings.Join([]string{
		t.Sprint("**Volo** — bring all your birds together into one flock."),
		t.Sprint("On your turn, do one thing:"),
		t.Sprint("• **Add** a bird: on an empty point that touches none of your birds and has an open path (empty points or your birds) to one of them. `/volo move f5`"),
		t.Sprint("• **Fly** a straight line of your birds (one bird or several in a row) any distance in one of six directions, over empty points only. It must not split its flock and must land next to another of your flocks. `/volo move l2-SE3`, `/volo move c3:c5-NE2`"),
		t.Sprint("• If your flight cuts your opponent into regions, you keep one and the birds in the others fly away: `c3:c5-NE2/e7` keeps the region with e7 (or just pick it from the buttons). Leave your opponent as one flock and they win!"),
		t.Sprint("• **Pass** only when you cannot fly and can add only in your own regions (or not at all). Two passes in a row: a draw."),
		t.Sprint("You win the moment all your birds form one flock. Rows are a (bottom) to m (top); points count from the left end of each row, holes included."),
	}, "\n")
}

// helpText is /volo help in t: every command, as Discord names it in
// that language, a line each.
func helpText(t lang.Tag) string {
	return strings.Join([]string{
		t.Sprint("**Volo commands**"),
		t.Sprint("`/volo challenge opponent:@name` challenge someone here (`rules`, `colour`, `time_per_move`, `thread`, `rated:false` for a friendly game); without an opponent anyone may accept; challenge me to play the computer (`level`)"),
		t.Sprint("**Make a move** (the button on every board) pick your move with menus and a preview, no notation needed"),
		t.Sprint("`/volo move move:f5` or type it; start typing to see the legal moves and what each does"),
		t.Sprint("`/volo pass`, `/volo resign`, `/volo draw` pass, resign, offer a draw · `/volo takeback` ask to take back your last move"),
		t.Sprint("`/volo board` the board, whose turn it is and the time left (`labels:true` names every point)"),
		t.Sprint("`/volo history` the moves and the record as a file; `game:#42` for another game of this server"),
		t.Sprint("`/volo review` a finished game: its chances move by move and its three turning points"),
		t.Sprint("`/volo puzzle` a puzzle from this server's games (`level` easy, medium or hard; `answer:MOVE`, or its Solve button; `daily:true` for the puzzle of the day)"),
		t.Sprint("`/volo games` the games being played in this server, and the latest finished"),
		t.Sprint("`/volo rules` how to play · `/volo abort` call a game off before both players have moved"),
		t.Sprint("`/volo profile` a player's ratings, record and last results · `/volo leaderboard` this server's ranking (`scope:global` for everyone's) · `/volo mygames` all your games, the most urgent first"),
		t.Sprint("`/volo settings` yours: `notify` (a DM, a ping or nothing when it is your move) and `theme`; the server's (managers): `thread:true` a thread per game, `daily_puzzle:true` a puzzle of the day here"),
		t.Sprint("`/volo vacation state:on` stops your clocks while you are away, from your vacation days (`off` when back)"),
		t.Sprint("`/volo plans` your planned replies in correspondence games (`/volo move if:f5 move:h7`)"),
		t.Sprint("`/volo tournament join` enter this server's tournament; `standings`, `pairings`, `results`, `list`, `leave`, `withdraw`; managers: `create`, `start`, `pause`, `resume`, `cancel`"),
	}, "\n")
}
