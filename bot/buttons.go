package bot

// The actions of the buttons of challenges, endings and region choices,
// as their custom IDs name them (see buttonID). Those of the move picker,
// puzzles, rematches, the leaderboard and takebacks are beside their
// code.
const (
	actAccept   = "accept"   // accept a challenge
	actDecline  = "decline"  // decline a challenge
	actWithdraw = "withdraw" // withdraw one's own challenge
	actKeep     = "keep"     // keep a region (arg: a point of it)
	actResign   = "resign"   // confirm a resignation
	actDrawYes  = "drawyes"  // accept a draw offer
	actDrawNo   = "drawno"   // decline a draw offer
)

// onButton routes a click on any of the bot's buttons and menus, by the
// action its custom ID names, as onCommand routes the subcommands. A
// click on a button its message does not carry acts on nothing (see
// uncarried).
func (b *Bot) onButton(in *interaction) error {
	id := in.MessageComponentData().CustomID
	bt, ok := parseButton(id)
	if in.Message == nil || !carries(in.Message.Components, id) {
		return b.uncarried(in, id, bt, ok)
	}
	if !ok {
		return movedOn()
	}
	err := b.routeButton(in, bt)
	if stale(err) {
		if ended := b.endedSince(in, bt); ended != nil {
			return ended
		}
	}
	return err
}

// routeButton hands a click to the handler of its action.
func (b *Bot) routeButton(in *interaction, bt button) error {
	switch bt.action {
	case actAccept:
		return b.acceptButton(in, bt)
	case actDecline:
		return b.declineButton(in, bt, false)
	case actWithdraw:
		return b.declineButton(in, bt, true)
	case actKeep:
		return b.keepButton(in, bt)
	case actResign:
		return b.resignButton(in, bt)
	case actDrawYes:
		return b.drawButton(in, bt, true)
	case actDrawNo:
		return b.drawButton(in, bt, false)
	case actPuzzle:
		return b.openPuzzle(in, bt)
	case actTournamentJoin:
		if in.GuildID == "" {
			return movedOn()
		}
		return b.joinTournament(in, "", bt.game)
	case actPick, actKind, actRow, actSource, actDir, actMove, actConfirm, actBack:
		if _, ok := bt.puzzleID(); ok {
			return b.puzzlePicker(in, bt)
		}
		return b.pickerButton(in, bt)
	case actRematch:
		return b.rematchButton(in, bt)
	case actLeaderboard:
		return b.leaderboardButton(in, bt)
	case actTakebackYes, actTakebackNo:
		return b.takebackButton(in, bt, bt.action == actTakebackYes)
	case actBoard:
		return b.launch(in)
	case actPlanCancel:
		return b.cancelPlanButton(in, bt)
	}
	return movedOn()
}
