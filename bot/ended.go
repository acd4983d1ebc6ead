package bot

import "github.com/volo-discord/volo/store"

// endedSince answers a click refused as stale when the button's game has
// ended since it was shown (a resignation clicked again after its answer
// was lost, a board's Make a move after the win, a draw offer outlived by
// the game): the player hears how the game ended, and an offer's message
// loses its buttons. It returns nil when the button's game is not the
// channel's last finished one, leaving the refusal as it was.
func (b *Bot) endedSince(in *interaction, bt button) error {
	switch bt.action {
	case actKeep, actResign, actDrawYes, actDrawNo, actTakebackYes, actTakebackNo,
		actPick, actKind, actRow, actSource, actDir, actMove, actConfirm, actBack:
	default:
		return nil // challenges, rematches, puzzles and pages say it themselves
	}
	if _, puzzle := bt.puzzleID(); puzzle {
		return nil
	}
	games, err := b.store.ChannelHistory(in.ChannelID, "", 1)
	if err != nil || len(games) == 0 || gameKey(games[0]) != bt.game {
		return nil
	}
	o := games[0].Outcome
	switch bt.action {
	case actDrawYes, actDrawNo:
		return b.lapsed(in, in.lang.Sprintf("This draw offer lapsed: the game is over. %s", o))
	case actTakebackYes, actTakebackNo:
		return b.lapsed(in, in.lang.Sprintf("This takeback request lapsed: the game is over. %s", o))
	}
	return refuse("This game is over: %s /volo board shows how it ended.", o)
}

// movedPast reports whether a move has been played in g since the button
// was shown (or taken back): an offer on it has lapsed.
func movedPast(bt button, g *store.Game) bool {
	return bt.game == gameKey(g) && bt.ply != len(g.Moves)
}

// lapsed replaces an offer whose buttons can do nothing any more with
// what became of it, its buttons gone, for everyone who sees it.
func (b *Bot) lapsed(in *interaction, content string) error {
	return b.updateEphemeral(in, reply{content: content})
}
