package bot

import (
	"fmt"
	"strings"

	"github.com/volo-discord/volo/engine"
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
	sc := b.scene(g, eg)
	sc.PointNames = labels
	img, err := b.render.Board(sc)
	if err != nil {
		return fmt.Errorf("render board %s: %w", g.Channel, err)
	}
	if g.Status == store.Finished {
		return b.respond(in, reply{content: endLine(g) + ". /volo history has its record.", image: img})
	}
	line := fmt.Sprintf("%s vs %s · move %d · %s", who(g, engine.Orange), who(g, engine.Blue), eg.Ply(), b.turnLine(g, eg))
	if g.RegionChoice != nil {
		line += fmt.Sprintf(" (choosing which region to keep after %s)", g.RegionChoice.Flight)
	}
	if g.DrawOffer != nil {
		line += fmt.Sprintf(" · %s offers a draw", mention(g.DrawOffer.By))
	}
	r := reply{content: line, image: img}
	if !g.Outcome.Over() {
		r.components = moveButtonRow(g, eg.Ply())
	}
	return b.respond(in, r)
}

// historyCommand shows the moves and attaches the game record.
func (b *Bot) historyCommand(in *interaction, id string) error {
	g, eg, err := b.gameHere(in.ChannelID)
	if id != "" {
		g, eg, err = b.finishedGame(in, id)
	}
	if err != nil {
		return err
	}
	record, err := g.Record()
	if err != nil {
		return fmt.Errorf("record %s: %w", g.Channel, err)
	}
	var sb strings.Builder
	if g.Status == store.Finished {
		fmt.Fprintf(&sb, "%s, %s, %d moves.", endLine(g), describeTerms(g), eg.Ply())
	} else {
		fmt.Fprintf(&sb, "%s vs %s, %s, %d moves so far.", who(g, engine.Orange), who(g, engine.Blue), describeTerms(g), eg.Ply())
	}
	moves := eg.Moves()
	if len(moves) > 0 {
		sb.WriteString("\n```\n")
		for i := 0; i < len(moves); i += 2 {
			fmt.Fprintf(&sb, "%3d. %-16s", i/2+1, moves[i])
			if i+1 < len(moves) {
				sb.WriteString(moves[i+1].String())
			}
			sb.WriteByte('\n')
			if sb.Len() > 1800 {
				sb.WriteString("… (the whole game is in the file)\n")
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
	var sb strings.Builder
	if len(games) == 0 {
		sb.WriteString("No games or challenges in this server right now. Start one with /volo challenge.\n")
	} else {
		fmt.Fprintf(&sb, "%d %s in this server:\n", len(games), plural(len(games), "game", "games"))
	}
	for i, g := range games {
		// Discord refuses messages over 2,000 characters.
		if sb.Len() > maxListLength {
			fmt.Fprintf(&sb, "… and %d more.\n", len(games)-i)
			break
		}
		link := fmt.Sprintf("https://discord.com/channels/%s/%s", g.Guild, g.Channel)
		names := fmt.Sprintf("%s vs %s", g.Players[engine.Orange].Name, g.Players[engine.Blue].Name)
		if g.Status == store.Challenge {
			fmt.Fprintf(&sb, "• %s %s: challenge waiting for an answer\n", link, names)
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
		fmt.Fprintf(&sb, "• %s %s · move %d · %s to move\n", link, names, len(g.Moves), g.Players[c].Name)
	}
	sb.WriteString(b.recentlyFinished(in.GuildID, maxContent-sb.Len()))
	return b.respond(in, reply{content: strings.TrimSpace(sb.String()), ephemeral: true})
}

func rulesText() string {
	return `**Volo** — bring all your birds together into one flock.
On your turn, do one thing:
• **Add** a bird: on an empty point that touches none of your birds and has an open path (empty points or your birds) to one of them. ` + "`/volo move f5`" + `
• **Fly** a straight line of your birds (one bird or several in a row) any distance in one of six directions, over empty points only. It must not split its flock and must land next to another of your flocks. ` + "`/volo move l2-SE3`, `/volo move c3:c5-NE2`" + `
• If your flight cuts your opponent into regions, you keep one and the birds in the others fly away: ` + "`c3:c5-NE2/e7`" + ` keeps the region with e7 (or just pick it from the buttons). Leave your opponent as one flock and they win!
• **Pass** only when you cannot fly and can add only in your own regions (or not at all). Two passes in a row: a draw.
You win the moment all your birds form one flock. Rows are a (bottom) to m (top); points count from the left end of each row, holes included.`
}

func helpText() string {
	return `**Volo commands**
` + "`/volo challenge opponent:@name`" + ` challenge someone here (rules, colour, time per move, thread optional; ` + "`rated:false`" + ` for a friendly game); leave out the opponent to let anyone accept; challenge me to play the computer (level easy, medium or hard)
**Make a move** (the button on every board) pick your move with menus and a preview, no notation needed
` + "`/volo move move:f5`" + ` or type it; start typing to see the legal moves and what each does
` + "`/volo pass`" + `, ` + "`/volo resign`" + `, ` + "`/volo draw`" + ` pass, resign, offer a draw · ` + "`/volo takeback`" + ` ask to take back your last move
` + "`/volo board`" + ` the board, whose turn it is and the time left (` + "`labels:true`" + ` names every point)
` + "`/volo history`" + ` the moves and the record as a file; ` + "`game:ID`" + ` for an older game
` + "`/volo games`" + ` the games being played in this server, and the latest finished
` + "`/volo rules`" + ` how to play · ` + "`/volo abort`" + ` call a game off before both players have moved
` + "`/volo profile`" + ` a player's ratings, record and last results · ` + "`/volo leaderboard`" + ` this server's ranking (` + "`scope:global`" + ` for everyone's) · ` + "`/volo mygames`" + ` all your games, the most urgent first
` + "`/volo settings`" + ` yours: ` + "`notify:dm`" + ` (a direct message when it is your move in a timed game), ` + "`channel`" + ` or ` + "`off`" + `, and ` + "`theme`" + `; the server's: ` + "`thread:true`" + ` (managers) starts every game in a thread
One game per channel or thread; every game ends with its record, a replay and a Rematch button.`
}
