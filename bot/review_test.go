package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
)

// review has user type a /volo review line and returns the bot's first
// answer and the message that ends up carrying what it says: the answer
// itself, or, when the bot answers that it is thinking, the edit of that
// answer (PATCH .../messages/@original, not the deprecated follow-up).
func (w *world) review(user, line string) (fakediscord.Reply, *fakediscord.Message) {
	w.t.Helper()
	in, err := w.srv.RunCommandLine(w.channel, user, line)
	if err != nil {
		w.t.Fatalf("%s types %q: %v", user, line, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*answerWait())
	defer cancel()
	first, err := in.Callback(ctx)
	if err != nil {
		w.t.Fatalf("%s %s: no answer: %v", user, line, err)
	}
	if first.CallbackType != fakediscord.CallbackDeferredChannelMessage {
		return first, first.Message
	}
	replies, err := in.WaitReplies(ctx, 2)
	if err != nil {
		w.t.Fatalf("%s %s: no review after thinking: %v", user, line, err)
	}
	if replies[1].Kind != fakediscord.ReplyEdit {
		w.t.Fatalf("%s %s: a %v after thinking, not the edit of the response", user, line, replies[1].Kind)
	}
	return first, replies[1].Message
}

// playShortGame has ana (Orange) and ben play plies moves that decide
// nothing, the same every time, and ben resign: a finished game to
// review. It returns the game's number, "#2", as the history names it.
func (w *world) playShortGame(plies int) string {
	w.t.Helper()
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	w.clickAction("ben", c, "accept")
	w.playQuietly(map[engine.Colour]string{engine.Orange: "ana", engine.Blue: "ben"}, engine.StartPosition(), plies)
	w.clickAction("ben", w.do("ben", "/volo resign"), "resign")
	history := w.do("cleo", "/volo history").Content
	id := regexp.MustCompile(`(?:game|partie) (#\d+)`).FindStringSubmatch(history)
	if id == nil {
		w.t.Fatalf("no game number in the history: %q", history)
	}
	return id[1]
}

// playQuietly plays plies moves from pos, each the players' by colour: a
// bird added where it ends nothing, chosen the same way every time.
func (w *world) playQuietly(players map[engine.Colour]string, pos engine.Position, plies int) {
	w.t.Helper()
	for ply := range plies {
		var quiet []engine.Move
		for _, m := range pos.LegalMoves(engine.Standard) {
			if _, o := pos.Apply(m, engine.Standard); m.Kind == engine.KindAdd && !o.Over() {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) == 0 {
			w.t.Fatalf("no quiet move at ply %d of %s", ply, pos)
		}
		m := quiet[(7*ply+3)%len(quiet)]
		w.do(players[pos.ToMove()], "/volo move move:"+m.String())
		pos, _ = pos.Apply(m, engine.Standard)
	}
}

// swingLines finds the moves a review names, in English or French.
var swingLines = regexp.MustCompile(`(?m)^• (Move|Coup) \d+, [^\n]+ \((Orange|Blue|Bleu)\) \S+\x{a0}?: \d+\x{a0}?% → \d+\x{a0}?%`)

// The judge: after a game, /volo review thinks, then posts a
// chart of the chances and names the three moves that changed them most,
// each with the move the computer preferred; asked again, at once. While
// a game is being played in the channel it is refused, as is a game that
// is not there.
func TestReviewAfterAGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if _, msg := w.review("cleo", "/volo review"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "No game has finished in this channel") {
		t.Errorf("a review with no game finished here: %q", msg.Content)
	}
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	w.clickAction("ben", c, "accept")
	w.do("ana", "/volo move move:f5")
	for _, user := range []string{"ana", "ben", "cleo"} {
		first, msg := w.review(user, "/volo review")
		if first.CallbackType != fakediscord.CallbackChannelMessage || msg.Flags&64 == 0 || !strings.Contains(msg.Content, "Review is for finished games") {
			t.Errorf("%s asks for a review during the game: %q", user, msg.Content)
		}
	}
	w.clickAction("ana", w.do("ana", "/volo resign"), "resign")
	empty := w.playShortGame(0)
	if _, msg := w.review("cleo", "/volo review"); msg.Content != "Game "+empty+" ended before anyone moved, so there is nothing to review." {
		t.Errorf("a review of a game without moves: %q", msg.Content)
	}

	id := w.playShortGame(12)
	first, msg := w.review("cleo", "/volo review")
	if first.CallbackType != fakediscord.CallbackDeferredChannelMessage {
		t.Errorf("the review's first answer is a callback of type %d, not Discord's thinking…", first.CallbackType)
	}
	checkReview(t, msg, id)
	t.Logf("the review:\n%s", msg.Content)
	if lightChart(t, msg) {
		t.Error("the chart is not drawn in the bot's dark theme")
	}
	if os.Getenv("VOLO_REVIEW_CHART") != "" { // to look at it
		if err := os.WriteFile(os.Getenv("VOLO_REVIEW_CHART"), msg.Attachments[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Asked again, here, by the game's number with or without its # or by
	// its long ID, the review is at hand.
	last, err := w.store.ChannelHistory(w.channel, "", 1)
	if err != nil || len(last) != 1 {
		t.Fatalf("the channel's last game: %v, %v", last, err)
	}
	for _, line := range []string{"/volo review", "/volo review game:" + id, "/volo review game:" + id[1:], "/volo review game:" + last[0].ID} {
		start := time.Now()
		again, msg := w.review("ana", line)
		if again.CallbackType != fakediscord.CallbackChannelMessage {
			t.Errorf("%s again: a callback of type %d, not the review at once", line, again.CallbackType)
		}
		checkReview(t, msg, id)
		t.Logf("%s again: answered in %v", line, time.Since(start).Round(time.Millisecond))
	}
	// The chart is in the theme of whoever asks.
	w.do("cleo", "/volo settings theme:light")
	if _, msg := w.review("cleo", "/volo review"); !lightChart(t, msg) {
		t.Error("the chart is not drawn in cleo's light theme")
	}
	if _, msg := w.review("cleo", "/volo review game:0123"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "There is no game #123 in this server") {
		t.Errorf("a review of a game that is not there: %q", msg.Content)
	}
	if _, msg := w.review("cleo", "/volo review game:zzz"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "There is no game \"zzz\".") {
		t.Errorf("a review of a game named by neither a number nor an ID: %q", msg.Content)
	}
	// A new game takes the channel: no review here, but by the ID.
	c = w.do("ana", "/volo challenge opponent:@ben colour:orange")
	w.clickAction("ben", c, "accept")
	if _, msg := w.review("ben", "/volo review"); !strings.Contains(msg.Content, "Review is for finished games") {
		t.Errorf("a review with a new game in the channel: %q", msg.Content)
	}
	if _, msg := w.review("ben", "/volo review game:"+id); !strings.Contains(msg.Content, id) {
		t.Errorf("a review by number with a new game in the channel: %q", msg.Content)
	}
	playing := w.stored(w.channel)
	if _, msg := w.review("ben", fmt.Sprintf("/volo review game:#%d", playing.Number)); !strings.Contains(msg.Content, fmt.Sprintf("Game #%d is still being played.", playing.Number)) {
		t.Errorf("a review of the game being played, by its number: %q", msg.Content)
	}
	w.noValidationFailures()
}

// checkReview checks a review's message: public, pinging no one, the
// chart as a PNG, and three moves named with the computer's preference.
func checkReview(t *testing.T, msg *fakediscord.Message, id string) {
	t.Helper()
	if msg.Flags&64 != 0 || !strings.Contains(msg.Content, id) {
		t.Errorf("the review is private or of another game: %q", msg.Content)
	}
	if users := allowedUsers(t, msg); len(users) != 0 {
		t.Errorf("the review may ping %v", users)
	}
	if n := len(swingLines.FindAllString(msg.Content, -1)); n != 3 {
		t.Errorf("the review names %d moves, want 3:\n%s", n, msg.Content)
	}
	if n := strings.Count(msg.Content, "preferred") + strings.Count(msg.Content, "préféré") + strings.Count(msg.Content, "choisi aussi"); n != 3 {
		t.Errorf("the review gives the computer's move %d times, want 3:\n%s", n, msg.Content)
	}
	if !slices.Equal(attachmentNames(msg), []string{"volo-review.png"}) {
		t.Fatalf("the review's files: %q", attachmentNames(msg))
	}
	img, err := png.Decode(bytes.NewReader(msg.Attachments[0].Data))
	if err != nil {
		t.Fatalf("the chart: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 800 || b.Dy() < 400 {
		t.Errorf("the chart is %v", b.Size())
	}
}

// Never during a game: not against the computer either. Once it is over,
// the computer's moves are reviewed as a person's.
func TestReviewOfAGameAgainstTheComputer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bot := w.srv.Bot().Username
	w.do("ana", "/volo challenge opponent:@"+bot+" colour:blue level:easy")
	w.waitForMove(1)
	if _, msg := w.review("ana", "/volo review"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "Review is for finished games") {
		t.Errorf("a review during a game against the computer: %q", msg.Content)
	}
	pos := engine.StartPosition()
	m, _ := firstMove{}.Think(context.Background(), pos, engine.Standard, "easy")
	pos, _ = pos.Apply(m, engine.Standard)
	w.playQuietly(map[engine.Colour]string{engine.Blue: "ana"}, pos, 1)
	w.waitForMove(3)
	w.clickAction("ana", w.do("ana", "/volo resign"), "resign")
	_, msg := w.review("ana", "/volo review")
	if !strings.Contains(msg.Content, bot+" (Orange)") || len(swingLines.FindAllString(msg.Content, -1)) != 3 {
		t.Errorf("the review of a game against the computer:\n%s", msg.Content)
	}
	w.noValidationFailures()
}

// waitForMove waits for the board after move n.
func (w *world) waitForMove(n int) {
	w.t.Helper()
	deadline := time.Now().Add(answerWait())
	for !strings.Contains(w.lastPublic().Content, "· move "+strconv.Itoa(n)+" ·") {
		if time.Now().After(deadline) {
			w.t.Fatalf("no move %d; the last message: %q", n, w.lastPublic().Content)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A French user gets the review in French, refusals included, and
// nothing the bot sends is English.
func TestReviewInFrench(t *testing.T) {
	t.Parallel()
	w := newFrenchWorld(t)
	if _, msg := w.review("cleo", "/volo review"); !strings.Contains(msg.Content, "Aucune partie ne s’est encore terminée") {
		t.Errorf("a French review with no game finished: %q", msg.Content)
	}
	c := w.do("ana", "/volo challenge opponent:@ben colour:orange")
	w.clickAction("ben", c, "accept")
	if _, msg := w.review("cleo", "/volo review"); !strings.Contains(msg.Content, "L’analyse est réservée aux parties finies") {
		t.Errorf("a French review during a game: %q", msg.Content)
	}
	w.do("ana", "/volo move move:f5")
	w.clickAction("ana", w.do("ana", "/volo resign"), "resign")
	id := w.playShortGame(8)
	_, msg := w.review("cleo", "/volo review")
	checkReview(t, msg, id)
	if !strings.HasPrefix(msg.Content, "**Analyse** de ana (Orange) contre ben (Bleu)") {
		t.Errorf("the French review:\n%s", msg.Content)
	}
	if os.Getenv("VOLO_REVIEW_CHART_FR") != "" { // to look at it
		if err := os.WriteFile(os.Getenv("VOLO_REVIEW_CHART_FR"), msg.Attachments[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, text := range w.textsSent() {
		if words := englishWords(text); len(words) > 0 {
			t.Errorf("English words %q in %q", words, text)
		}
	}
	w.noValidationFailures()
}

// lightChart reports whether a review's chart has a light background.
func lightChart(t *testing.T, msg *fakediscord.Message) bool {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(msg.Attachments[0].Data))
	if err != nil {
		t.Fatalf("the chart: %v", err)
	}
	r, g, b, _ := img.At(1, 1).RGBA()
	return r+g+b > 3*0x8000
}

// One review at a time, two more waiting their turn, and the next asked
// to come back; a stopping bot stops them all and says so.
func TestReviewWaitsItsTurnAndStopsWithTheBot(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.playShortGame(4)
	w.reviewPlayouts = 100000 // minutes of search: the bot stops first
	w.restart()
	ctx, cancel := context.WithTimeout(context.Background(), 3*answerWait())
	defer cancel()
	var taken []*fakediscord.Interaction
	for _, user := range []string{"ana", "ben", "cleo"} {
		in, err := w.srv.RunCommandLine(w.channel, user, "/volo review")
		if err != nil {
			t.Fatal(err)
		}
		if first, err := in.Callback(ctx); err != nil || first.CallbackType != fakediscord.CallbackDeferredChannelMessage {
			t.Fatalf("%s's review: %v, a callback of type %d", user, err, first.CallbackType)
		}
		taken = append(taken, in)
	}
	if _, msg := w.review("ana", "/volo review"); msg.Flags&64 == 0 || !strings.Contains(msg.Content, "I am reviewing other games right now") {
		t.Errorf("a fourth review at once: %q", msg.Content)
	}
	w.stop()
	for _, in := range taken {
		replies, err := in.WaitReplies(ctx, 2)
		if err != nil {
			t.Fatalf("no word after the bot stopped: %v", err)
		}
		if msg := replies[1].Message; !strings.Contains(msg.Content, "I am restarting and had to stop this review") {
			t.Errorf("a review stopped with the bot: %q", msg.Content)
		}
	}
}
