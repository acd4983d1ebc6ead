package bot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// A channel reads like a game when only its current board offers a move:
// each board posted takes the move buttons off the boards before it, and
// the game's end takes them off its last board. This is an announcement
// like any other (a tidy), committed with the change that posts the new
// board, so that a crash between the two loses neither; the outbox
// delivers it on a queue of its own (see tidyQueue), so that an edit
// Discord is slow to take, or refuses for a while, never holds back a
// move's board.

// tidy is what a tidy announcement does: take the move buttons off the
// boards of a game in its channel, but those of the newest board at ply
// Keep, the current one; all of them when Keep is -1 (the game is over).
type tidy struct {
	Game string `json:"game"` // gameKey of the game
	Keep int    `json:"keep"` // the ply whose newest board keeps its buttons, or -1
}

// tidyQueue follows a channel's ID to name the outbox queue of its tidies.
const tidyQueue = "\x00tidy"

// tidyLook is how many of a channel's latest messages a tidy looks
// through for boards: Discord's most for one request. A board buried
// deeper, passed by a hundred messages, keeps its button, which opens the
// picker on the game as it stands, as every board's did before.
const tidyLook = 100

// tidyAfter returns the tidy to commit with a change of g that makes
// anns: when the game is over, or when anns post a board of g offering a
// move at its current ply. It returns nil otherwise, and where the bot
// is not a member of the channel: it can neither read nor edit messages
// there.
func (b *Bot) tidyAfter(g *store.Game, anns []*store.Announcement) (*store.Announcement, error) {
	if g.Detached {
		return nil, nil
	}
	keep := -1
	if !g.Outcome.Over() {
		keep = len(g.Moves)
		if !postsBoard(anns, g.Channel, buttonID(actPick, g, keep, "")) {
			return nil, nil
		}
	}
	return tidyAnnouncement(g, keep)
}

// tidyAnnouncement is the tidy of g's channel keeping the boards at ply
// keep (-1 for none).
func tidyAnnouncement(g *store.Game, keep int) (*store.Announcement, error) {
	body, err := json.Marshal(notice{Tidy: &tidy{Game: gameKey(g), Keep: keep}})
	if err != nil {
		return nil, fmt.Errorf("tidy %s: %w", g.Channel, err)
	}
	return &store.Announcement{Channel: g.Channel, Body: body}, nil
}

// postsBoard reports whether one of anns posts, in channel, a message
// with the button whose custom ID is pick.
func postsBoard(anns []*store.Announcement, channel, pick string) bool {
	for _, a := range anns {
		if a == nil || a.Channel != channel {
			continue
		}
		n, err := readNotice(a)
		if err != nil {
			continue
		}
		for _, raw := range n.Components {
			var row struct {
				Components []struct {
					CustomID string `json:"custom_id"`
				} `json:"components"`
			}
			if json.Unmarshal(raw, &row) != nil {
				continue
			}
			for _, c := range row.Components {
				if c.CustomID == pick {
					return true
				}
			}
		}
	}
	return false
}

// attemptTidy delivers a tidy: it looks once through the channel's
// latest messages for the boards to edit, and then takes the buttons off
// each, components emptied and nothing else changed (see clearButtons).
// A board already deleted is done; one Discord refuses for good is
// given up, logged; a passing failure is tried again, with the boards
// still to do.
func (b *Bot) attemptTidy(ctx context.Context, p *parcel) (outcome, error) {
	t := p.notice.Tidy
	if p.stale == nil {
		msgs, err := b.session.ChannelMessages(p.channel, tidyLook, "", "", "", discordgo.WithContext(ctx))
		if err != nil {
			if retryable(err) {
				return retry, fmt.Errorf("look for the boards to tidy: %w", err)
			}
			return b.refused(p, fmt.Errorf("look for the boards to tidy: %w", err))
		}
		p.stale = staleBoards(msgs, b.me(), t.Game, t.Keep)
	}
	for len(p.stale) > 0 {
		id := p.stale[0]
		err := b.clearButtons(ctx, p.channel, id)
		switch {
		case err == nil, discordCode(err) == discordgo.ErrCodeUnknownMessage:
			// Done, or deleted since: nothing left to tidy.
		case retryable(err):
			return retry, fmt.Errorf("take the buttons off board %s: %w", id, err)
		default:
			b.log.Warn("could not take the buttons off an old board; leaving it", "channel", p.channel, "message", id, "err", err)
		}
		p.stale = p.stale[1:]
	}
	return delivered, nil
}

// clearButtons edits a message of the bot's own to have no components,
// and nothing else: the edit sends neither its content (whose mentions
// Discord would parse again) nor its attachments, which an edit without
// the field keeps ("Any provided files will be appended to the message.
// To remove or replace files you will have to supply the attachments
// field which specifies the files to retain on the message after edit":
// the "Messages" resource, "Edit Message").
func (b *Bot) clearButtons(ctx context.Context, channel, message string) error {
	none := []discordgo.MessageComponent{}
	_, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: message, Channel: channel, Components: &none}, discordgo.WithContext(ctx))
	return err
}

// staleBoards returns, among msgs (newest first, as Discord lists them),
// the IDs of the boards of game, posted by me, that offer a move and are
// no longer current: with keep -1 (the game is over), all of them; else
// those older than the current board, the newest at ply keep, or, when
// that one is not listed (not posted yet), those of plies before keep.
// A board newer than the current one is the tidy's future, left alone.
// A board is a message whose every control is a board's button (Make a
// move, Play on the board) of the game; a message with others (a
// challenge, a rematch) is none.
func staleBoards(msgs []*discordgo.Message, me, game string, keep int) []string {
	stale := []string{}
	kept := keep < 0
	for _, m := range msgs {
		if m == nil || m.Author == nil || m.Author.ID != me {
			continue
		}
		ply, ok := boardPly(m.Components, game)
		switch {
		case !ok:
		case !kept && ply == keep:
			kept = true
			stale = stale[:0] // newer than the current board: not this tidy's
		case kept || ply < keep:
			stale = append(stale, m.ID)
		}
	}
	return stale
}

// boardPly reports whether components are a board's of game, with at
// least one control and every one a board's button, and at which ply.
func boardPly(components []discordgo.MessageComponent, game string) (ply int, ok bool) {
	ply, seen := -1, 0
	mixed := anyControl(components, func(id string) bool {
		bt, ok := parseButton(id)
		if !ok || bt.game != game || bt.action != actPick && bt.action != actBoard || seen > 0 && bt.ply != ply {
			return true
		}
		ply, seen = bt.ply, seen+1
		return false
	})
	return ply, !mixed && seen > 0
}

// tidyAfterShown takes the move buttons off the boards before the one
// /volo board has just shown of g, the newest at its ply. It is committed
// on its own, no change to the game coming with it; a failure is only
// logged: the boards keep their buttons, which say the game has moved on
// when clicked.
func (b *Bot) tidyAfterShown(g *store.Game) {
	if g.Detached {
		return
	}
	a, err := tidyAnnouncement(g, len(g.Moves))
	if err == nil {
		err = b.store.Announce(a)
	}
	if err != nil {
		b.log.Warn("could not tidy the boards before one shown", "channel", g.Channel, "err", err)
		return
	}
	b.outbox.send(a)
}
