package bot

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/plan"
	"github.com/volo-discord/volo/store"
)

// A player may also act on a game from the Activity's board (package
// activity) rather than by a command or a button. Such an act takes the
// same path: Do hands it to the handler of the command or button it
// stands for, as an interaction of the board's own (a boardAct rides on
// it), so it is checked, committed and announced exactly as that command
// or click is. What would answer the interaction goes nowhere: the board
// shows the game as it then stands, and the sentence the player alone
// would have read comes back to the page.

// ActKind is what a player does on the board.
type ActKind int

// The acts, each standing for a command or a button.
const (
	ActMove            ActKind = iota + 1 // /volo move (and /volo pass)
	ActResign                             // /volo resign's Resign button, confirmed on the page
	ActOfferDraw                          // /volo draw
	ActAcceptDraw                         // Accept the draw
	ActDeclineDraw                        // Decline (a draw)
	ActAskTakeback                        // /volo takeback
	ActAgreeTakeback                      // Agree (to a takeback)
	ActDeclineTakeback                    // Decline (a takeback)
	ActPlan                               // /volo move if:<If> move:<Move>
	ActCancelPlan                         // Cancel (a plan of /volo plans)
)

// Act is one thing a player does on the board of a channel's game.
type Act struct {
	Kind    ActKind
	Channel string // the channel of the game
	User    string // who acts
	Name    string // their display name
	// Locale is their Discord locale ("fr", "en-US"): what the bot tells
	// them alone is in its language.
	Locale string
	// Move is the move, for ActMove: "f5", "c3:c5-NE2/e7", "pass"; the
	// reply, for ActPlan; the first move of the plan to cancel, for
	// ActCancelPlan.
	Move string
	// If is the opponent's move a plan answers, for ActPlan: the if
	// option of /volo move.
	If string
	// Game and Ply are the game (GameKey) and the number of its moves the
	// player's board showed: an act on a game that has moved on since is
	// refused, as a stale button is.
	Game string
	Ply  int
}

// ActError is why an act did not go through, in the player's language:
// a refusal (nothing changed), or a failure, which says whether what
// they did is saved.
type ActError struct {
	Sentence string
	// Refused: the rules or the game's state refused the act, and nothing
	// changed; otherwise something failed on the bot's side.
	Refused bool
	err     error
}

func (e *ActError) Error() string { return e.Sentence }

// Unwrap returns the failure behind the sentence, nil for a refusal.
func (e *ActError) Unwrap() error { return e.err }

// boardAct rides on the interaction of an act on the board.
type boardAct struct {
	// game and ply are the game and the number of its moves the player's
	// board showed.
	game string
	ply  int
	// said is what the bot tells the player alone: what would have been
	// its answer to the interaction.
	said string
	// public: an update of the message clicked is public news (a draw or
	// a takeback declined), posted to the channel; otherwise it was for
	// the player alone (a resignation's confirmation) and is said.
	public bool
}

// Do performs an act of the Activity's board through the handler of the
// command or button it stands for: checked, committed with its
// announcements and announced as that command or click is. It returns
// what the bot says to the player alone, if anything; an error is an
// *ActError.
func (b *Bot) Do(a Act) (string, error) {
	in := b.boardInteraction(a)
	if !b.handling() {
		return "", &ActError{Sentence: sentence(in.lang.Sprint("I am restarting: try again in a moment.")), Refused: true}
	}
	defer b.inFlight.Done()
	err := b.doAct(in, a)
	if err == nil {
		return in.board.said, nil
	}
	var ue *userError
	refused := errors.As(err, &ue)
	sentence := sentence(b.failure(in.InteractionCreate, err).in(in.lang))
	if refused {
		return "", &ActError{Sentence: sentence, Refused: true}
	}
	return "", &ActError{Sentence: sentence, err: err}
}

// doAct hands the act to its handler.
func (b *Bot) doAct(in *interaction, a Act) error {
	switch a.Kind {
	case ActMove:
		return b.moveCommand(in, a.Move)
	case ActOfferDraw:
		return b.drawCommand(in)
	case ActAskTakeback:
		return b.takebackCommand(in)
	case ActPlan:
		return b.planCommand(in, a.If, a.Move)
	}
	// The buttons: each names the game as the player's board showed it.
	bt := button{game: a.Game, ply: a.Ply}
	switch a.Kind {
	case ActResign:
		bt.action = actResign
		return b.resignButton(in, bt)
	case ActAcceptDraw, ActDeclineDraw:
		bt.action = actDrawYes
		in.board.public = a.Kind == ActDeclineDraw
		return b.drawButton(in, bt, a.Kind == ActAcceptDraw)
	case ActAgreeTakeback, ActDeclineTakeback:
		bt.action = actTakebackYes
		in.board.public = a.Kind == ActDeclineTakeback
		return b.takebackButton(in, bt, a.Kind == ActAgreeTakeback)
	case ActCancelPlan:
		bt.action, bt.arg = actPlanCancel, strings.ReplaceAll(a.Move, "/", "+")
		return b.cancelPlanButton(in, bt)
	}
	return fmt.Errorf("act: unknown kind %d", a.Kind)
}

// boardInteraction is the interaction an act stands for: the user's, in
// the game's channel, with no token to answer.
func (b *Bot) boardInteraction(a Act) *interaction {
	ic := &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{
		ChannelID: a.Channel,
		Locale:    discordgo.Locale(a.Locale),
		User:      &discordgo.User{ID: a.User, Username: a.Name},
	}}
	in := &interaction{InteractionCreate: ic, user: a.User, name: a.Name, received: time.Now(),
		lang: lang.FromLocale(a.Locale), board: &boardAct{game: a.Game, ply: a.Ply}}
	if g, err := b.store.Get(a.Channel); err == nil {
		ic.GuildID = g.Guild
		// The board speaks in the channel as the game's commands do.
		in.place = place{member: !g.Detached, images: true}
	}
	return in
}

// movedOnBoard is the answer to an act on a board that showed an earlier
// state of the game.
func movedOnBoard() error {
	return refuse("The game has moved on since your board showed it, so nothing was done. Look at the board again.")
}

// checkBoard refuses an act of the board on g when g is not the game the
// player's board showed, or has moved on since.
func (in *interaction) checkBoard(g *store.Game) error {
	if in.board != nil && (gameKey(g) != in.board.game || len(g.Moves) != in.board.ply) {
		return movedOnBoard()
	}
	return nil
}

// GameKey names g as the Activity's board knows it, and as button IDs
// do: by its creation, so that a board of an earlier game in the same
// channel is told apart.
func GameKey(g *store.Game) string { return gameKey(g) }

// Correspondence reports whether g is played by correspondence (a time
// per move of an hour or more), where a player who waits may plan their
// replies.
func Correspondence(g *store.Game) bool { return correspondence(g) }

// LineText says a plan's line in t, as /volo plans lists it: "if f5, h7;
// then if d4, j9".
func LineText(t lang.Tag, l plan.Line) string { return lineText(t, l) }

// ApplicationID returns the application's ID, which is the Activity's
// OAuth2 client ID, once the bot has connected (or, with interactions:
// http, checked its token); "" before.
func (b *Bot) ApplicationID() string {
	if st := b.session.State; st != nil {
		st.RLock()
		defer st.RUnlock()
		if st.Application != nil && st.Application.ID != "" {
			return st.Application.ID
		}
		if st.User != nil {
			return st.User.ID
		}
	}
	return ""
}
