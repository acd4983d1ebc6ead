package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// scriptedGame finds, among games of uniformly random legal moves from
// seeds 1 on, the first that shows everything (a region choice, a pass,
// and an end with a flock completed): the script of the full game test.
// The search is deterministic.
func scriptedGame(t testing.TB) []engine.Move {
	t.Helper()
	for seed := uint64(1); seed < 5000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		g := engine.NewGame(engine.Standard, engine.StartPosition())
		regions, passes := 0, 0
		for !g.Outcome().Over() && g.Ply() < 300 {
			moves := g.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if m.Keep != engine.NoPoint {
				regions++
			}
			if m.Kind == engine.KindPass {
				passes++
			}
		}
		if regions > 0 && passes > 0 && g.Outcome().Reason == engine.FlockCompleted {
			return g.Moves()
		}
	}
	t.Fatal("no seeded game with a region choice, a pass and a flock win")
	return nil
}

func TestFullGameToAFlockWin(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	script := scriptedGame(t)
	msg := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	if !strings.Contains(msg.Content, "challenges") {
		t.Fatalf("challenge answer %q", msg.Content)
	}
	if got := allowedUsers(t, msg); len(got) != 1 {
		t.Errorf("the challenge may ping only ben: %v", got)
	}
	accepted := w.click("ben", msg, "Accept")
	if !strings.Contains(accepted.Content, "accepted") {
		t.Fatalf("accept answer %q", accepted.Content)
	}
	players := map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}
	pos := engine.StartPosition()
	sawChoice, sawPass := false, false
	for i, m := range script {
		user := players[pos.ToMove()]
		// The first region choice waits across a restart of the bot.
		w.restartBeforeClick = !sawChoice && m.Keep != engine.NoPoint
		var answer = w.answerMove(user, pos, m)
		if m.Keep != engine.NoPoint {
			sawChoice = true
		}
		if m.Kind == engine.KindPass {
			sawPass = true
		}
		want := fmt.Sprintf("%s · move %d", m, i+1)
		if !strings.Contains(answer.Content, want) {
			t.Fatalf("move %d %s: answer %q lacks %q", i+1, m, answer.Content, want)
		}
		if len(answer.Attachments) == 0 || answer.Attachments[0].Filename != "board.png" || answer.Flags&64 != 0 {
			t.Fatalf("move %d: the board must be posted publicly with its image: %+v", i+1, answer)
		}
		pos, _ = pos.Apply(m, engine.Standard)
	}
	if !sawChoice || !sawPass {
		t.Fatal("the script lacks a region choice or a pass")
	}
	last := w.lastMessage()
	if !strings.Contains(last.Content, "wins: all its birds form one flock") {
		t.Errorf("the last message %q does not announce the win", last.Content)
	}
	if names := attachmentNames(&last); !slices.Equal(names, []string{"board.png", "volo-record.txt", "volo-replay.gif"}) {
		t.Errorf("the last message carries %q, want the board, the record and the replay", names)
	}
	// The finished game stays in view until a new one starts.
	board := w.do("cleo", "/volo board")
	if !strings.Contains(board.Content, "Blue wins: all its birds form one flock · ended <t:") || len(board.Attachments) != 1 || strings.Contains(string(board.Components), "Make a move") {
		t.Errorf("board after the end: %q", board.Content)
	}
	id := regexp.MustCompile(`game (#\d+)`).FindStringSubmatch(board.Content)
	if id == nil {
		t.Fatalf("no game number on the finished board: %q", board.Content)
	}
	if msg := w.do("cleo", "/volo history"); !strings.Contains(msg.Content, id[1]) || !slices.Equal(attachmentNames(msg), []string{"volo-record.txt"}) {
		t.Errorf("history after the end: %q", msg.Content)
	}
	if msg := w.do("cleo", "/volo games"); !strings.Contains(msg.Content, "• "+id[1]+" ana vs ben · Blue wins") {
		t.Errorf("games after the end: %q", msg.Content)
	}
	// A new game takes the channel; the old one is reached by its number.
	w.startGame(w.channel)
	if msg := w.do("cleo", "/volo history game:"+id[1]); !strings.Contains(msg.Content, "Blue wins") {
		t.Errorf("history game:%s: %q", id[1], msg.Content)
	}
	if msg := w.do("cleo", "/volo history game:0123"); !strings.Contains(msg.Content, "There is no game #123 in this server") {
		t.Errorf("history of a game that is not there: %q", msg.Content)
	}
	for _, id := range w.srv.Identifies() {
		if id.Intents != 1 { // discordgo.IntentsGuilds
			t.Errorf("the bot asked for intents %b, want only Guilds", id.Intents)
		}
	}
	w.noValidationFailures()
}

// answerMove plays m as user: a typed move, a pass, or a flight without its
// region followed by a click on the region's button.
// attachmentNames returns the file names of a message's attachments.
func attachmentNames(m *fakediscord.Message) []string {
	var names []string
	for _, a := range m.Attachments {
		names = append(names, a.Filename)
	}
	return names
}

func (w *world) answerMove(user string, pos engine.Position, m engine.Move) *fakediscord.Message {
	w.t.Helper()
	switch {
	case m.Kind == engine.KindPass:
		return w.do(user, "/volo pass")
	case m.Keep != engine.NoPoint:
		flight := m
		flight.Keep = engine.NoPoint
		ask := w.do(user, "/volo move move:"+flight.String())
		if ask.Flags&64 == 0 || !strings.Contains(ask.Content, "regions") || len(ask.Attachments) != 1 {
			w.t.Fatalf("a flight needing a region choice: %q", ask.Content)
		}
		if w.restartBeforeClick {
			w.restart()
		}
		regions, _ := pos.PendingRegions(flight, engine.Standard)
		for i, r := range regions {
			if r.Name == m.Keep {
				done := w.click(user, ask, fmt.Sprintf("Keep %c (%s", 'A'+i, r.Name))
				if !strings.Contains(done.Content, "You played "+m.String()) || len(done.Components) > 2 {
					w.t.Fatalf("the region question after the choice: %q, components %s", done.Content, done.Components)
				}
				// The board goes to the channel.
				board := w.lastMessage()
				return &board
			}
		}
		w.t.Fatalf("region %s not offered", m.Keep)
	}
	return w.do(user, "/volo move move:"+m.String())
}

func TestErrorsAreEphemeralAndChangeNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	thread, _ := w.srv.AddThread(w.channel, "second game", "ana")
	cases := []struct {
		user, line, want string
	}{
		{"ana", "/volo move move:f5", "no game"},
		{"ana", "/volo challenge opponent:@ana", "can't challenge yourself"},
		{"ana", "/volo challenge opponent:@ben time_per_move:5m", "1h to 14d"},
		{"ana", "/volo challenge opponent:@ben level:hard", "leave it out"},
	}
	for _, tc := range cases {
		msg := w.do(tc.user, tc.line)
		if msg.Flags&64 == 0 || !strings.Contains(msg.Content, tc.want) {
			t.Errorf("%s %q: %q (flags %d), want an ephemeral %q", tc.user, tc.line, msg.Content, msg.Flags, tc.want)
		}
	}
	challenge := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	busy := w.do("cleo", "/volo challenge opponent:@ben")
	if !strings.Contains(busy.Content, "thread") || busy.Flags&64 == 0 {
		t.Errorf("a second challenge in a busy channel: %q", busy.Content)
	}
	if msg := w.click("cleo", challenge, "Accept"); !strings.Contains(msg.Content, "not for you") {
		t.Errorf("cleo accepting ben's challenge: %q", msg.Content)
	}
	if msg := w.click("ana", challenge, "Accept"); !strings.Contains(msg.Content, "own challenge") {
		t.Errorf("ana accepting her own challenge: %q", msg.Content)
	}
	// A double click: both clicks reach the bot before it answers the
	// first; one starts the game, the other is told it has started.
	id := buttonWithLabel(t, challenge, "Accept")
	var clicks []*fakediscord.Interaction
	for range 2 {
		in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: challenge.ID, User: "ben", CustomID: id})
		if err != nil {
			t.Fatal(err)
		}
		clicks = append(clicks, in)
	}
	answers := []string{w.answer(clicks[0], "click 1").Content, w.answer(clicks[1], "click 2").Content}
	joined := strings.Join(answers, " | ")
	if !strings.Contains(joined, "accepted the challenge") || !strings.Contains(joined, "accepted this challenge already") {
		t.Errorf("a double click on Accept: %q", joined)
	}
	for _, tc := range []struct {
		user, line, want string
	}{
		{"ben", "/volo move move:h7", "turn"},
		{"cleo", "/volo move move:f5", "not playing"},
		{"ana", "/volo move move:zz", "not a point"},
		{"ana", "/volo move move:c3", "next to your bird"},
		{"ana", "/volo move move:b2-NE1", "joins no other flock"},
		{"ana", "/volo pass", "can't pass"},
		{"cleo", "/volo resign", "not playing"},
	} {
		msg := w.do(tc.user, tc.line)
		if msg.Flags&64 == 0 || !strings.Contains(msg.Content, tc.want) {
			t.Errorf("%s %q: %q, want an ephemeral %q", tc.user, tc.line, msg.Content, tc.want)
		}
	}
	// The game is untouched: ana still moves first.
	if msg := w.do("ana", "/volo move move:f5"); !strings.Contains(msg.Content, "f5 · move 1") {
		t.Errorf("ana's first move after the errors: %q", msg.Content)
	}
	// A thread holds its own game.
	if msg := w.doIn(thread.ID, "cleo", "/volo challenge opponent:@ben"); !strings.Contains(msg.Content, "challenges") {
		t.Errorf("a challenge in a thread: %q", msg.Content)
	}
	w.noValidationFailures()
}

func TestResignationDrawAndAbort(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	start := func() {
		w.startGame(w.channel)
		w.do("ana", "/volo move move:f5")
		w.do("ben", "/volo move move:h7")
	}
	start()
	confirm := w.do("ben", "/volo resign")
	if confirm.Flags&64 == 0 {
		t.Fatalf("resign must ask privately: %q", confirm.Content)
	}
	resignID := buttonWithLabel(t, confirm, "Resign")
	if done := w.click("ben", confirm, "Resign"); done.Content != "You resigned." || len(done.Components) > 2 {
		t.Errorf("the confirmation after resigning: %q, components %s", done.Content, done.Components)
	}
	end := w.lastMessage()
	if !strings.Contains(end.Content, "resigned: Orange wins.") || len(end.Attachments) != 3 {
		t.Errorf("resignation: %q with %d files", end.Content, len(end.Attachments))
	}
	// The button is gone; a replayed click (a retry after a lost answer)
	// changes nothing and hears how the game ended.
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: confirm.ID, User: "ben", CustomID: resignID, Forged: true})
	if err != nil {
		t.Fatal(err)
	}
	if msg := w.answer(in, "ben resigns again"); msg.Content != "This game is over. Orange wins: Blue resigned. /volo board shows how it ended." {
		t.Errorf("a second click on Resign: %q", msg.Content)
	}

	start()
	offer := w.do("ana", "/volo draw")
	if msg := w.click("ana", offer, "Accept"); !strings.Contains(msg.Content, "Only the opponent") {
		t.Errorf("ana accepting her own offer: %q", msg.Content)
	}
	w.do("ana", "/volo move move:d5") // a move lapses the offer
	if msg := w.click("ben", offer, "Accept"); !strings.HasSuffix(msg.Content, "\nThis draw offer lapsed: a move was made after it.") || len(msg.Components) > 2 {
		t.Errorf("accepting a lapsed offer: %q, components %s", msg.Content, msg.Components)
	}
	offer = w.do("ben", "/volo draw")
	if msg := w.click("ana", offer, "Accept"); !strings.Contains(msg.Content, "accepted the draw") || len(msg.Components) > 2 {
		t.Errorf("the offer after the draw: %q, components %s", msg.Content, msg.Components)
	}
	if last := w.lastMessage(); !strings.Contains(last.Content, "Draw by agreement") || len(last.Attachments) != 3 {
		t.Errorf("agreed draw: %q with %d files", last.Content, len(last.Attachments))
	}

	w.startGame(w.channel)
	w.do("ana", "/volo move move:f5")
	if msg := w.do("cleo", "/volo abort"); !strings.Contains(msg.Content, "Only the players") {
		t.Errorf("cleo aborting: %q", msg.Content)
	}
	if msg := w.do("ben", "/volo abort"); !strings.Contains(msg.Content, "called off") {
		t.Errorf("ben aborting before both moved: %q", msg.Content)
	}
	w.noValidationFailures()
}

// When a game's time runs out, the bot asks Discord whether its channel is
// still there before it takes the channel's lock: on a bad day the answer
// takes seconds, and a player's command there must not wait for it.
// Meanwhile nothing changes the game: neither player may move, offer or
// accept a draw; the board and the players' lists say the time ran out.
func TestTimeRunsOutWhileDiscordIsSlow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:1h")
	w.do("ana", "/volo move move:f5")
	deadline := fmt.Sprintf("<t:%d:R>", w.clock.Now().Add(time.Hour).Unix())
	offer := w.do("ana", "/volo draw")
	w.clock.Advance(2 * time.Hour)
	hold := answerWait() / 3 // longer than a few commands take
	const route = "GET /channels/{channel_id}"
	if err := w.srv.InjectFault(route, fakediscord.Fault{Kind: fakediscord.Delay, Duration: hold}); err != nil {
		t.Fatal(err)
	}
	due := make(chan error, 1)
	go func() { due <- w.bot.RunDue(context.Background()) }()
	asked := func() []fakediscord.Request { return w.srv.FaultedRequests() }
	ctx, cancel := context.WithTimeout(context.Background(), answerWait())
	defer cancel()
	if err := waitUntil(ctx, func() bool { return len(asked()) == 1 }); err != nil {
		t.Fatal("the bot did not ask about the channel when the time ran out")
	}
	mine := "Your time ran out " + deadline + ": you lose on time, and the game can no longer change."
	theirs := "ben's time ran out " + deadline + ", so ben loses on time, and the game can no longer change."
	for _, tt := range []struct {
		who, want string
		do        func() *fakediscord.Message
	}{
		{"ben moving", mine, func() *fakediscord.Message { return w.do("ben", "/volo move move:h7") }},
		{"ben accepting the draw", mine, func() *fakediscord.Message { return w.click("ben", offer, "Accept the draw") }},
		{"ana offering a draw", theirs, func() *fakediscord.Message { return w.do("ana", "/volo draw") }},
	} {
		if msg := tt.do(); msg.Content != tt.want || msg.Flags&64 == 0 {
			t.Errorf("%s: %q", tt.who, msg.Content)
		}
	}
	if msg := w.do("cleo", "/volo board"); !strings.Contains(msg.Content, "(Blue) to move, but their time ran out "+deadline) {
		t.Errorf("the board: %q", msg.Content)
	}
	if msg := w.do("ben", "/volo mygames"); !strings.Contains(msg.Content, "time ran out "+deadline) {
		t.Errorf("ben's games: %q", msg.Content)
	}
	if rec := asked()[0]; rec.Status != 0 {
		t.Errorf("the answers waited for Discord's answer about the channel (%d)", rec.Status)
	}
	if err := <-due; err != nil {
		t.Fatal(err)
	}
	w.flush()
	w.saidOnce(w.channel, ") ran out of time. Orange wins")
	if said := w.said(w.channel, "accepted the draw"); len(said) != 0 {
		t.Errorf("the channel says %q", said[0].Content)
	}
}

func TestCorrespondenceTimeAndExpiry(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	board := w.do("cleo", "/volo board")
	if !strings.Contains(board.Content, "time runs out <t:") {
		t.Errorf("board without the time left: %q", board.Content)
	}
	before := len(w.channelMessages())
	w.passTime(19 * time.Hour) // a quarter of the time left
	if ms := w.channelMessages(); len(ms) != before+1 || !strings.Contains(ms[len(ms)-1].Content, "reminder") {
		t.Fatalf("no reminder with a quarter of the time left")
	}
	if last := w.lastMessage(); len(allowedUsers(t, &last)) != 1 {
		t.Errorf("the reminder must ping only ben: %s", last.AllowedMentions)
	}
	w.restart()                    // the deadline lives in the store
	w.clock.Advance(5 * time.Hour) // the deadline, to the nanosecond
	// A move then is not played, though the scheduler has not ended the
	// game yet: the move wakes it, and it does.
	msg := w.do("ben", "/volo move move:h7")
	if !strings.Contains(msg.Content, "Your time ran out <t:") || !strings.Contains(msg.Content, ": you lose on time, and the game can no longer change.") || msg.Flags&64 == 0 {
		t.Errorf("ben's late move: %q", msg.Content)
	}
	w.waitSaid(w.channel, ") ran out of time. Orange wins")
	w.saidOnce(w.channel, ") ran out of time. Orange wins")

	c := w.do("ana", "/volo challenge opponent:@ben")
	w.passTime(25 * time.Hour)
	if last := w.lastMessage(); !strings.Contains(last.Content, "lapsed") {
		t.Errorf("challenge expiry: %q", last.Content)
	}
	// The challenge's message says that it lapsed, not when it lapses,
	// and has no buttons any more.
	lapses := regexp.MustCompile(`The challenge lapses (<t:\d+:R>)\.`).FindStringSubmatch(c.Content)
	if lapses == nil {
		t.Fatalf("the challenge does not say when it lapses: %q", c.Content)
	}
	retired := w.edited(c.ID)
	if want := strings.Replace(c.Content, lapses[0], "The challenge lapsed "+lapses[1]+".", 1); retired.Content != want || string(retired.Components) != "[]" {
		t.Errorf("the lapsed challenge reads %q with the components %s, want %q and none", retired.Content, retired.Components, want)
	}
	if msg := w.staleClick("ben", c, "Accept"); !strings.Contains(msg.Content, "no longer open") {
		t.Errorf("accepting a lapsed challenge: %q", msg.Content)
	}
	w.noValidationFailures()
}

// edited waits until the message id has been edited, and returns it.
func (w *world) edited(id string) fakediscord.Message {
	w.t.Helper()
	deadline := time.Now().Add(answerWait())
	for {
		m, ok := w.srv.Message(id)
		if ok && m.EditedTimestamp != nil {
			return m
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("message %s was not edited: %q", id, m.Content)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// runDue runs what has fallen due (deadlines, reminders, the puzzle of
// the day) and waits until the bot has delivered what it said.
func (w *world) runDue() {
	w.t.Helper()
	if err := w.bot.RunDue(context.Background()); err != nil {
		w.t.Fatal(err)
	}
	w.flush()
}

// passTime moves the world's clock on by d and runs what fell due.
func (w *world) passTime(d time.Duration) {
	w.t.Helper()
	w.clock.Advance(d)
	w.runDue()
}

func TestSpectatorsRestartAndAutocomplete(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.startGame(w.channel)
	w.do("ana", "/volo move move:f5")
	if got := w.suggestions("ben", "/volo move move:h"); len(got) == 0 || len(got) > 25 || !strings.HasPrefix(got[0], "h") {
		t.Errorf("autocomplete of h: %q", got)
	}
	if got := w.suggestions("ana", "/volo move move:h"); len(got) != 0 {
		t.Errorf("autocomplete for the player not to move: %q", got)
	}
	w.restart()
	if msg := w.do("ben", "/volo move move:H 7"); !strings.Contains(msg.Content, "h7 · move 2") {
		t.Errorf("a move after a restart: %q", msg.Content)
	}
	board := w.do("cleo", "/volo board")
	if board.Flags&64 != 0 || len(board.Attachments) != 1 || !strings.Contains(board.Content, "move 2") {
		t.Errorf("a spectator's board: %q", board.Content)
	}
	games := w.do("cleo", "/volo games")
	if !strings.Contains(games.Content, "ana vs ben") || !strings.Contains(games.Content, "ana to move") {
		t.Errorf("games: %q", games.Content)
	}
	history := w.do("cleo", "/volo history")
	if len(history.Attachments) != 1 || !strings.Contains(history.Content, "f5") {
		t.Errorf("history: %q", history.Content)
	}
	for _, line := range []string{"/volo help", "/volo rules"} {
		if msg := w.do("cleo", line); msg.Flags&64 == 0 || len(msg.Content) < 100 {
			t.Errorf("%s: %q", line, msg.Content)
		}
	}
	w.noValidationFailures()
}

func TestGameAgainstTheBot(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	msg := w.do("ana", "/volo challenge opponent:@"+w.srv.Bot().Username+" colour:blue level:easy")
	if !strings.Contains(msg.Content, "against me (easy)") {
		t.Fatalf("challenge to the bot: %q", msg.Content)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(w.lastMessage().Content, "· move 1 ·") {
		if time.Now().After(deadline) {
			t.Fatalf("the bot did not play its first move; last message %q", w.lastMessage().Content)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if msg := w.do("ana", "/volo draw"); !strings.Contains(msg.Content, "don't take draws") {
		t.Errorf("draw offer to the bot: %q", msg.Content)
	}
	if len(w.srv.RequestsTo("POST /channels/{channel_id}/typing")) == 0 {
		t.Error("the channel never showed the computer thinking")
	}
	// The bot stops while it is its turn; started again, it moves.
	pos := engine.StartPosition()
	m, _ := firstMove{}.Think(context.Background(), pos, engine.Standard, "easy")
	pos, _ = pos.Apply(m, engine.Standard)
	w.thinker = stalled{}
	w.restart()
	w.do("ana", "/volo move move:"+pos.LegalMoves(engine.Standard)[0].String())
	w.thinker = firstMove{}
	w.restart()
	deadline = time.Now().Add(5 * time.Second)
	for !strings.Contains(w.lastMessage().Content, "· move 3 ·") {
		if time.Now().After(deadline) {
			t.Fatalf("after a restart the bot did not play its move; last message %q", w.lastMessage().Content)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The ratings at the end name the level whose rating changes.
	w.click("ana", w.do("ana", "/volo resign"), "Resign")
	want := "Ratings: " + w.srv.Bot().Username + " (the computer, easy) 1500 → 1662 ± 290? (+162), ana 1500 → 1338 ± 290? (−162)."
	if end := w.lastMessage(); !strings.Contains(end.Content, want) {
		t.Errorf("the end of a rated game against the computer: %q, want %q in it", end.Content, want)
	}
	w.noValidationFailures()
}

// A server with many games gets a list that fits in one Discord message.
func TestGamesListFitsInAMessage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 30 {
		th, err := w.srv.AddThread(w.channel, fmt.Sprintf("game %d", i), "ana")
		if err != nil {
			t.Fatal(err)
		}
		w.doIn(th.ID, "ana", "/volo challenge opponent:@ben")
	}
	msg := w.do("cleo", "/volo games")
	if n := len([]rune(msg.Content)); n > 2000 || !strings.Contains(msg.Content, "more") {
		t.Errorf("/volo games: %d characters, want at most 2000 ending with how many more:\n%s", n, msg.Content)
	}
	w.noValidationFailures()
}
