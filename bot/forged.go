package bot

// Clicks on buttons a message does not carry. Discord's client sends the
// custom ID of a component the message shows, and the interaction holds
// the message as Discord has it. A click whose custom ID the message does
// not carry was forged (a tampered client, an edited request) or comes
// from a client that kept a button the bot has since taken away. Either
// way it acts on nothing: its handler, which would change a game or
// replace the message it was clicked on (a leaderboard's page on a
// public board, the picker on a challenge), never runs. It is answered
// with a sentence: what became of the button, where its message is of
// the button's kind (a stale click), else that the button is not on this
// message.

// A button's kind is the kind of message it belongs on.
const (
	kindChallenge   = "challenge"   // a challenge: accept, decline, withdraw
	kindBoard       = "board"       // a board: make a move
	kindPicker      = "picker"      // the move picker, or a puzzle's
	kindRegion      = "region"      // a region question: keep
	kindResign      = "resign"      // a resignation's confirmation
	kindDraw        = "draw"        // a draw offer
	kindTakeback    = "takeback"    // a takeback request
	kindEnd         = "end"         // a game's end: rematch
	kindPuzzle      = "puzzle"      // a puzzle: open it
	kindLeaderboard = "leaderboard" // a leaderboard's pages
)

// buttonKind is the kind of message a button's action belongs on; empty
// for an action the bot does not know.
func buttonKind(bt button) string {
	switch bt.action {
	case actAccept, actDecline, actWithdraw:
		return kindChallenge
	case actPick:
		if _, puzzle := bt.puzzleID(); puzzle {
			return kindPicker
		}
		return kindBoard
	case actKind, actRow, actSource, actDir, actMove, actConfirm, actBack:
		return kindPicker
	case actKeep:
		return kindRegion
	case actResign:
		return kindResign
	case actDrawYes, actDrawNo:
		return kindDraw
	case actTakebackYes, actTakebackNo:
		return kindTakeback
	case actRematch:
		return kindEnd
	case actPuzzle:
		return kindPuzzle
	case actLeaderboard:
		return kindLeaderboard
	}
	return ""
}

// uncarried answers a click whose custom ID, id, its message does not
// carry (bt, parsed, is what the ID says). It changes nothing, and only
// reads the store to say what became of a stale button.
func (b *Bot) uncarried(in *interaction, id string, bt button, parsed bool) error {
	b.log.Info("a click on a button its message does not carry: a stale or forged click, acting on nothing",
		"id", in.ID, "channel", in.ChannelID, "user", in.user, "custom_id", loggedID(id))
	kind := buttonKind(bt)
	if !parsed || kind == "" || in.Message == nil {
		return notOnMessage()
	}
	// A message that carries buttons of other kinds only is not where
	// this one was shown: forged.
	carriesAny := anyControl(in.Message.Components, func(string) bool { return true })
	ofKind := anyControl(in.Message.Components, func(other string) bool {
		obt, ok := parseButton(other)
		return ok && buttonKind(obt) == kind
	})
	if carriesAny && !ofKind {
		return notOnMessage()
	}
	// A stale click, as far as the message tells: say what became of the
	// button, reading only.
	if bt.action == actAccept {
		if taken := b.acceptedAlready(in, bt); taken != nil {
			return taken
		}
	}
	if ended := b.endedSince(in, bt); ended != nil {
		return ended
	}
	switch kind {
	case kindLeaderboard:
		if bt.game != scopeGlobal && bt.game != in.GuildID {
			return refuse("That leaderboard belongs to another server. Use /volo leaderboard here.")
		}
	case kindBoard, kindPicker, kindRegion, kindResign:
		if _, puzzle := bt.puzzleID(); puzzle {
			break
		}
		g, eg, err := b.activeFor(in)
		if err != nil {
			return err
		}
		if _, err := b.yourTurn(in, g, eg); err != nil {
			return err // "Your move f5 is played …" to a Confirm sent again
		}
	}
	return movedOn()
}

// notOnMessage refuses a click on a button the message it was made on
// does not carry.
func notOnMessage() error {
	return refuse("That button is not on this message, so it does nothing. Use /volo board to see where things stand.")
}
