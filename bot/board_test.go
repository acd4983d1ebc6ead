package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// act does what user does on the Activity's board of the world's
// channel, on the game as the store has it now.
func (w *world) act(user string, kind bot.ActKind, move string) (string, error) {
	w.t.Helper()
	g := w.stored(w.channel)
	said, err := w.bot.Do(bot.Act{Kind: kind, Channel: w.channel, User: w.userID(user), Name: user, Locale: "en-US",
		Move: move, Game: bot.GameKey(g), Ply: len(g.Moves)})
	w.flush()
	return said, err
}

// refused checks that an act was refused with a sentence saying want.
func refused(t *testing.T, what string, err error, want string) {
	t.Helper()
	var ae *bot.ActError
	if !errors.As(err, &ae) || !ae.Refused || !strings.Contains(ae.Sentence, want) {
		t.Errorf("%s: %v, want a refusal saying %q", what, err, want)
	}
}

// Acts of the Activity's board take the path of the commands and buttons
// they stand for: the board image and the ping go to the channel, a draw
// offered or a takeback asked is posted there with its buttons, their
// answers are news to the channel, and a resignation ends the game with
// its record and replay; what the player alone would read comes back.
func TestActsOfTheBoard(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{activities: true, serve: true})
	w.startGame(w.channel)

	if said, err := w.act("ana", bot.ActMove, "f5"); err != nil || said != "" {
		t.Fatalf("ana's move on the board: %q, %v", said, err)
	}
	w.saidOnce(w.channel, "Orange (ana) f5 · move 1 · <@"+w.userID("ben")+"> (Blue) to move", "ben")
	board := w.said(w.channel, "f5 · move 1")[0]
	if len(board.Attachments) == 0 || !hasButton(t, &board, "Make a move") || !hasButton(t, &board, "Play on the board") {
		t.Errorf("the board of a move made on the board: %d files, buttons %q", len(board.Attachments), buttonLabels(t, &board))
	}

	// A board that showed the game before f5, a spectator, and the
	// player who just moved are refused; nothing changes.
	g := w.stored(w.channel)
	_, err := w.bot.Do(bot.Act{Kind: bot.ActMove, Channel: w.channel, User: w.userID("ben"), Name: "ben", Move: "i5", Game: bot.GameKey(g), Ply: 0})
	refused(t, "a move on a board that had not seen f5", err, "moved on since your board showed it")
	_, err = w.bot.Do(bot.Act{Kind: bot.ActMove, Channel: w.channel, User: w.userID("ben"), Name: "ben", Move: "i5", Game: "another", Ply: 1})
	refused(t, "a move on a board of another game", err, "moved on since your board showed it")
	_, err = w.act("cleo", bot.ActMove, "i5")
	refused(t, "cleo's move", err, "You are not playing in this game")
	_, err = w.act("ana", bot.ActMove, "i5")
	refused(t, "ana moving again", err, "Your move f5 is played")
	_, err = w.act("ben", bot.ActMove, "a9")
	refused(t, "a move that is no move", err, "")
	if n := len(w.stored(w.channel).Moves); n != 1 {
		t.Fatalf("refused acts changed the game: %d moves", n)
	}

	// A draw offered on the board, declined on the board.
	if _, err := w.act("ben", bot.ActOfferDraw, ""); err != nil {
		t.Fatal(err)
	}
	offer := w.said(w.channel, "offers a draw")
	if len(offer) != 1 || !hasButton(t, &offer[0], "Accept the draw") {
		t.Fatalf("the draw offered on the board: %d messages", len(offer))
	}
	if said, err := w.act("ana", bot.ActDeclineDraw, ""); err != nil || said != "" {
		t.Fatalf("ana declines on the board: %q, %v", said, err)
	}
	w.saidOnce(w.channel, "declined the draw. Play on!")

	// A takeback asked and agreed on the board.
	if _, err := w.act("ben", bot.ActMove, "i5"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.act("ben", bot.ActAskTakeback, ""); err != nil {
		t.Fatal(err)
	}
	w.saidOnce(w.channel, "asks to take back i5", "ana")
	if _, err := w.act("ana", bot.ActAgreeTakeback, ""); err != nil {
		t.Fatal(err)
	}
	w.saidOnce(w.channel, "takes back i5 · move 1", "ben")
	if n := len(w.stored(w.channel).Moves); n != 1 {
		t.Fatalf("after the takeback: %d moves, want 1", n)
	}

	// A resignation on the board ends the game, announced as any end.
	said, err := w.act("ben", bot.ActResign, "")
	if err != nil || said != "You resigned." {
		t.Fatalf("ben resigns on the board: %q, %v", said, err)
	}
	end := w.said(w.channel, "resigned: Orange wins")
	if len(end) != 1 || len(end[0].Attachments) < 3 {
		t.Fatalf("the end of a game resigned on the board: %d messages", len(end))
	}
	if n := len(w.said(w.channel, "You resigned.")); n != 0 {
		t.Errorf("the resignation's private word was posted in the channel (%d)", n)
	}
	w.noValidationFailures()
}

// Two moves sent at once from two boards: one is played, the other is
// refused with a sentence.
func TestTwoBoardsAtOnce(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{activities: true, serve: true})
	w.startGame(w.channel)
	g := w.stored(w.channel)
	errs := make(chan error, 2)
	for _, move := range []string{"f5", "g5"} {
		go func() {
			_, err := w.bot.Do(bot.Act{Kind: bot.ActMove, Channel: w.channel, User: w.userID("ana"), Name: "ana", Move: move, Game: bot.GameKey(g), Ply: 0})
			errs <- err
		}()
	}
	var played, refusedOnce int
	for range 2 {
		var ae *bot.ActError
		switch err := <-errs; {
		case err == nil:
			played++
		case errors.As(err, &ae) && ae.Refused && ae.Sentence != "":
			refusedOnce++
		default:
			t.Errorf("an act: %v", err)
		}
	}
	w.flush()
	if played != 1 || refusedOnce != 1 || len(w.stored(w.channel).Moves) != 1 {
		t.Fatalf("%d played, %d refused, %d moves in the game; want one of each and one move", played, refusedOnce, len(w.stored(w.channel).Moves))
	}
}

// Play on the board opens the Activity with LAUNCH_ACTIVITY where the bot
// serves it; without an activity section there is no such button.
func TestPlayOnTheBoardButton(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{activities: true, serve: true})
	w.startGame(w.channel)
	msg := w.do("cleo", "/volo board")
	id := buttonWithLabel(t, msg, "Play on the board")
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: msg.ID, User: "cleo", CustomID: id})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	reply, err := in.Callback(ctx)
	if err != nil || reply.CallbackType != fakediscord.CallbackLaunchActivity || reply.Message != nil {
		t.Fatalf("Play on the board: %+v, %v; want LAUNCH_ACTIVITY", reply, err)
	}
	if inst, ok := w.srv.ActivityInstanceIn(w.channel); !ok || !slices.Contains(inst.Users, w.userID("cleo")) {
		t.Fatalf("cleo is not in the channel's Activity: %+v", inst)
	}
	w.noValidationFailures()

	plain := newWorld(t)
	plain.startGame(plain.channel)
	if labels := buttonLabels(t, plain.do("cleo", "/volo board")); slices.Contains(labels, "Play on the board") {
		t.Errorf("a bot without an activity section shows %q", labels)
	}
}

// Once the application's Activities are on, every overwrite of the global
// commands keeps the entry point command: the bot's own, answered with
// LAUNCH_ACTIVITY, where it serves the Activity; Discord's as it was
// where it does not. In a development guild the entry point, global only,
// is set alone.
func TestEntryPointKeptInEveryOverwrite(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name          string
		serve, global bool
		handler       fakediscord.CommandHandler
	}{
		{"served, global", true, true, fakediscord.HandlerApp},
		{"not served, global", false, true, fakediscord.HandlerDiscordLaunchActivity},
		{"served, development guild", true, false, fakediscord.HandlerApp},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorldWith(t, worldOptions{activities: true, serve: tc.serve, global: tc.global})
			ep, ok := w.srv.EntryPoint()
			if !ok || ep.Handler == nil || *ep.Handler != tc.handler {
				t.Fatalf("the entry point after the bot started: %+v, %v; want handler %d", ep, ok, tc.handler)
			}
			if tc.serve && !strings.Contains(ep.Description, "board") {
				t.Errorf("the bot's entry point is described %q", ep.Description)
			}
			for _, r := range w.srv.Requests() {
				if r.Method != "PUT" || !strings.HasSuffix(r.Path, "/commands") || strings.Contains(r.Path, "/guilds/") {
					continue
				}
				var cmds []struct {
					Type int `json:"type"`
				}
				_ = json.Unmarshal(r.Payload, &cmds)
				if !slices.ContainsFunc(cmds, func(c struct {
					Type int `json:"type"`
				}) bool {
					return c.Type == 4
				}) || r.Status != 200 {
					t.Errorf("an overwrite of the global commands without the entry point: %d %s", r.Status, r.Payload)
				}
			}
			if !tc.serve {
				return
			}
			in, err := w.srv.LaunchEntryPoint(w.channel, "ben")
			if err != nil || in == nil {
				t.Fatalf("ben opens Volo from the app launcher: %v, %v", in, err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), answerWait())
			defer cancel()
			if reply, err := in.Callback(ctx); err != nil || reply.CallbackType != fakediscord.CallbackLaunchActivity {
				t.Fatalf("the entry point's answer: %+v, %v", reply, err)
			}
			w.noValidationFailures()
		})
	}
}

// hasButton reports whether a message has a button labelled label.
func hasButton(t *testing.T, msg *fakediscord.Message, label string) bool {
	return slices.Contains(buttonLabels(t, msg), label)
}

// buttonLabels lists a message's buttons' labels.
func buttonLabels(t *testing.T, msg *fakediscord.Message) []string {
	t.Helper()
	var rows []component
	if len(msg.Components) > 0 {
		if err := json.Unmarshal(msg.Components, &rows); err != nil {
			t.Fatal(err)
		}
	}
	var labels []string
	for _, row := range rows {
		for _, c := range row.Components {
			labels = append(labels, c.Label)
		}
	}
	return labels
}

// In a group DM the bot is not a member of, a move made on the board
// reaches the channel through the interaction that opened the board (its
// token is good for 15 minutes): the board posts as its follow-up, and
// nothing is posted where the bot may not.
func TestBoardInAGroupDM(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{global: true, sharedClock: true, activities: true, serve: true})
	for _, name := range []string{"ana", "ben"} {
		if err := w.srv.InstallForUser(name); err != nil {
			t.Fatal(err)
		}
	}
	gd, err := w.srv.AddGroupDM("ana and ben", "ana", "ben")
	if err != nil {
		t.Fatal(err)
	}
	w.channel = gd.ID
	w.click("ben", w.do("ana", "/volo challenge opponent:@ben colour:orange"), "Accept")
	w.flush()
	board := w.said(gd.ID, "The game begins.")
	if len(board) != 1 {
		t.Fatalf("the first board in the group DM: %d messages", len(board))
	}
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: board[0].ID, User: "ana", CustomID: buttonWithLabel(t, &board[0], "Play on the board")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if r, err := in.Callback(ctx); err != nil || r.CallbackType != fakediscord.CallbackLaunchActivity {
		t.Fatalf("Play on the board in the group DM: %+v, %v", r, err)
	}
	if _, err := w.act("ana", bot.ActMove, "f5"); err != nil {
		t.Fatal(err)
	}
	w.saidOnce(gd.ID, "f5 · move 1", "ben")
	// The launch's token, or another fresh one of the channel's (ben's
	// Accept: the bot lends the launch's once Discord has its answer,
	// which may come after the move), carried it as a follow-up.
	followedUp := false
	for _, r := range w.srv.Requests() {
		if r.Route == followUpRoute && strings.Contains(string(r.Payload), "f5 · move 1") && r.Status == 200 {
			followedUp = true
		}
	}
	if !followedUp {
		t.Fatal("the move's board did not go as a follow-up of an interaction in the group DM")
	}
	w.noMissingAccess()
	w.noValidationFailures()
}
