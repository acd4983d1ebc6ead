package bot_test

import (
	"bytes"
	"image/color"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
)

// play has orange challenge blue (orange plays Orange) in the world's
// channel and the game end at once: loser resigns, or, with loser empty,
// the players agree a draw. extra is added to the challenge.
func (w *world) play(orange, blue, loser, extra string) fakediscord.Message {
	w.t.Helper()
	c := w.do(orange, "/volo challenge opponent:@"+blue+" colour:orange "+extra)
	w.click(blue, c, "Accept")
	if loser == "" {
		offer := w.do(orange, "/volo draw")
		w.click(blue, offer, "Accept")
	} else {
		confirm := w.do(loser, "/volo resign")
		w.click(loser, confirm, "Resign")
	}
	w.flush()
	return w.lastMessage()
}

// The judge: three people play five rated games and one unrated;
// every rating is the one an independent Glicko-2 computes (see
// testdata/glicko2.py, which prints these figures), and the profiles and
// the leaderboard agree.
func TestRatingsAcrossSixGames(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	end := w.play("ana", "ben", "ben", "")
	if !strings.Contains(end.Content, "Ratings: ana 1500 → 1662 ± 290? (+162), ben 1500 → 1338 ± 290? (−162).") {
		t.Errorf("the end of the first game: %q", end.Content)
	}
	// Two new players (1500 ± 350): after one win, about 1662 ± 290 and
	// 1338 ± 290.
	if p := w.do("cleo", "/volo profile user:@ana"); !strings.Contains(p.Content, "**Rating:** 1662 ± 290 (provisional) in this server · 1662 ± 290 (provisional) everywhere") {
		t.Errorf("ana's profile after one win:\n%s", p.Content)
	}
	if p := w.do("ben", "/volo profile"); !strings.Contains(p.Content, "1338 ± 290 (provisional)") || strings.Contains(p.Content, "?") || !strings.Contains(p.Content, "Lost to ana (resignation) · 1500 → 1338 (−162)") {
		t.Errorf("ben's own profile after one loss:\n%s", p.Content)
	}
	w.play("ben", "cleo", "cleo", "")
	w.play("cleo", "ana", "", "")
	w.play("ana", "cleo", "ana", "")
	if end := w.play("ben", "ana", "ana", "rated:false"); !strings.Contains(end.Content, "The game was not rated.") || strings.Contains(end.Content, "Ratings:") {
		t.Errorf("the end of the unrated game: %q", end.Content)
	}
	w.play("cleo", "ben", "ben", "")

	for _, tc := range []struct{ name, rating, record, last string }{
		{"ana", "1391 ± 234", "4 games: 1 won, 2 lost, 1 drawn", "Lost to ben (resignation) · unrated"},
		{"ben", "1398 ± 221", "4 games: 2 won, 2 lost, 0 drawn", "Lost to cleo (resignation) · 1"},
		{"cleo", "1622 ± 206", "4 games: 2 won, 1 lost, 1 drawn", "Won against ben (resignation) · 1"},
	} {
		p := w.do("ana", "/volo profile user:@"+tc.name)
		for _, want := range []string{tc.rating + " (provisional) everywhere", tc.record + " everywhere", tc.last} {
			if !strings.Contains(p.Content, want) {
				t.Errorf("%s's profile lacks %q:\n%s", tc.name, want, p.Content)
			}
		}
	}
	board := w.do("ben", "/volo leaderboard")
	lines := strings.Split(board.Content, "\n")
	want := []string{"1. **cleo**", "2. **ben**", "3. **ana**"}
	var got []string
	for _, l := range lines {
		if strings.HasPrefix(l, "1.") || strings.HasPrefix(l, "2.") || strings.HasPrefix(l, "3.") {
			got = append(got, l)
		}
	}
	if len(got) != 3 {
		t.Fatalf("leaderboard:\n%s", board.Content)
	}
	for i, l := range got {
		if !strings.HasPrefix(l, want[i]) {
			t.Errorf("leaderboard line %d: %q, want it to start %q", i+1, l, want[i])
		}
	}
	if !strings.Contains(board.Content, "Provisional ratings") || !strings.Contains(got[0], "1622 ± 206?") {
		t.Errorf("the leaderboard marks provisional ratings:\n%s", board.Content)
	}
	if global := w.do("ben", "/volo leaderboard scope:global"); !strings.Contains(global.Content, "everyone") || !strings.Contains(global.Content, "1. **cleo**") {
		t.Errorf("the global leaderboard:\n%s", global.Content)
	}
	w.noValidationFailures()
}

// dms returns the bot's direct messages to user that contain s.
func (w *world) dms(user, s string) []fakediscord.Message {
	w.t.Helper()
	all, err := w.srv.DMMessages(user)
	if err != nil {
		w.t.Fatal(err)
	}
	var out []fakediscord.Message
	for _, m := range all {
		if strings.Contains(m.Content, s) {
			out = append(out, m)
		}
	}
	return out
}

// A correspondence game with notify:dm: a direct message with the board
// on each turn and at the reminder, and no ping in the channel; a player
// whose direct messages are closed is pinged in the channel instead; one
// with notify:off is named without a ping.
func TestNotices(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.do("ben", "/volo settings notify:dm")
	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5")
	w.flush()
	move := w.lastMessage()
	if !strings.Contains(move.Content, "f5 · move 1") || len(allowedUsers(t, &move)) != 0 {
		t.Errorf("ana's move %q may ping %v; ben asked for direct messages", move.Content, allowedUsers(t, &move))
	}
	dm := w.dms("ben", "It is your move as Blue in your Volo game against ana. The last move: Orange (ana) f5, move 1. Your time runs out <t:")
	if len(dm) != 1 || len(dm[0].Attachments) != 1 || dm[0].Attachments[0].Filename != "board.png" || !strings.Contains(dm[0].Content, "Game #1: https://discord.com/channels/"+w.guild+"/"+w.channel) {
		t.Fatalf("ben's direct messages: %+v", dm)
	}
	w.passTime(18*time.Hour + time.Minute) // a quarter of the time left
	if got := w.dms("ben", "A reminder: It is your move as Blue"); len(got) != 1 || len(got[0].Attachments) != 1 {
		t.Errorf("the reminder by direct message: %+v", got)
	}
	if got := w.said(w.channel, "a reminder"); len(got) != 0 {
		t.Errorf("the reminder went to the channel too: %q", got[0].Content)
	}
	w.do("ben", "/volo move move:h7")
	w.do("ana", "/volo move move:d5")
	w.flush()
	if dm := w.dms("ben", "as Blue"); len(dm) != 3 || !strings.HasPrefix(dm[2].Content, "It is your move as Blue in your Volo game against ana. The last move: Orange (ana) d5, move 3.") {
		t.Errorf("ben's direct messages after ana's second move: %d (a move, the reminder, a move)", len(dm))
	}
	if dm := w.dms("ana", "It is your move"); len(dm) != 0 {
		t.Errorf("ana, who did not ask, got a direct message: %q", dm[0].Content)
	}
	if got := w.said(w.channel, "h7 · move 2"); len(got) != 1 || !slices.Equal(allowedUsers(t, &got[0]), []string{w.userID("ana")}) {
		t.Errorf("ben's move may ping %v, want ana", allowedUsers(t, &got[0]))
	}

	// cleo's direct messages are closed: the channel pings her instead.
	if err := w.srv.SetAcceptsDMs("cleo", false); err != nil {
		t.Fatal(err)
	}
	second := w.addChannel(w.guild, "second")
	w.doIn(second, "cleo", "/volo settings notify:dm")
	c := w.doIn(second, "ana", "/volo challenge opponent:@cleo colour:orange time_per_move:24h")
	w.click("cleo", c, "Accept")
	w.doIn(second, "ana", "/volo move move:f5")
	w.flush()
	w.saidOnce(second, "it is your move as Blue, and your time runs out", "cleo")
	if got := w.dms("cleo", ""); len(got) != 0 {
		t.Errorf("cleo refuses direct messages, yet has %d", len(got))
	}

	// notify:off names ana without pinging her.
	w.do("ana", "/volo settings notify:off")
	w.doIn(second, "cleo", "/volo move move:h7")
	w.flush()
	if ms := w.srv.Messages(second); len(allowedUsers(t, &ms[len(ms)-1])) != 0 {
		t.Errorf("cleo's move pings %v; ana set notify:off", allowedUsers(t, &ms[len(ms)-1]))
	}
	w.noValidationFailures()
}

// /volo mygames lists a player's games in two servers and a direct
// message, the most urgent first: their moves by deadline, then their
// moves without one, challenges to them, their opponents' moves.
func TestMyGamesAcrossServers(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{global: true})
	other := w.srv.AddGuild("Other Club")
	w.join(other.ID, "ana", "ben", "cleo")
	theirMove, dueSoon := w.channel, w.addChannel(w.guild, "second")
	challenged, noClock := w.addChannel(other.ID, "general"), w.addChannel(other.ID, "slow")

	w.startGame(w.channel, "time_per_move:24h")
	w.do("ana", "/volo move move:f5") // ben's move
	c := w.doIn(noClock, "cleo", "/volo challenge opponent:@ana colour:blue")
	w.click("ana", c, "Accept") // ana's move, no time limit
	w.doIn(challenged, "cleo", "/volo challenge opponent:@ana")
	w.clock.Advance(time.Hour)
	c = w.doIn(dueSoon, "ben", "/volo challenge opponent:@ana colour:orange time_per_move:24h")
	w.click("ana", c, "Accept")
	w.doIn(dueSoon, "ben", "/volo move move:f5") // ana's move, 24 h left
	w.flush()

	// A game against the computer in ana's direct messages, 72 h a move.
	dm, err := w.srv.DMChannel("ana")
	if err != nil {
		t.Fatal(err)
	}
	w.stop()
	st, err := store.Open(w.dbPath, store.Options{Clock: w.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	g := &store.Game{Channel: dm.ID, Status: store.Active, Rules: engine.Standard, TimePerMove: 72 * time.Hour, Deadline: w.clock.Now().Add(72 * time.Hour),
		Players: [2]store.Player{{ID: w.userID("ana"), Name: "ana"}, {ID: w.srv.Bot().ID, Name: "Volo", Level: "easy"}}}
	if err := st.Create(g); err != nil {
		t.Fatal(err)
	}
	st.Close()
	w.start()

	list := w.do("ana", "/volo mygames")
	if list.Flags&64 == 0 {
		t.Errorf("mygames is for ana alone: flags %b", list.Flags)
	}
	want := []struct{ channel, what string }{
		{dueSoon, "**your move** · #2 ben vs ana · move 1 · time runs out"},
		{dm.ID, "**your move** · #1 ana vs Volo · no move yet · time runs out"},
		{noClock, "**your move** · #1 ana vs cleo · no move yet · https"}, // another server's first
		{challenged, "a challenge to you"},
		{theirMove, "their move · #1 ana vs ben · move 1"},
	}
	lines := strings.Split(list.Content, "\n")
	if len(lines) != len(want)+1 {
		t.Fatalf("mygames:\n%s", list.Content)
	}
	for i, wt := range want {
		if l := lines[i+1]; !strings.Contains(l, wt.what) || !strings.HasSuffix(l, "/"+wt.channel) {
			t.Errorf("line %d: %q, want %q and a link to %s", i+1, l, wt.what, wt.channel)
		}
	}
	if !strings.Contains(lines[2], "in a direct message · https://discord.com/channels/@me/"+dm.ID) {
		t.Errorf("the game in a direct message: %q", lines[2])
	}
	w.noValidationFailures()
}

// The leaderboard pages by ten with buttons, and the computer's levels
// are ranked among the people who play them.
func TestLeaderboardPages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.do("ana", "/volo challenge opponent:@Volo level:easy colour:orange")
	_ = c
	w.flush()
	confirm := w.do("ana", "/volo resign")
	w.click("ana", confirm, "Resign")
	w.flush()
	if p := w.do("ben", "/volo profile user:@Volo"); !strings.Contains(p.Content, "**easy**: 1662 ± 290 (provisional) everywhere · 1 game: 1 won") {
		t.Errorf("the computer's profile:\n%s", p.Content)
	}
	// Twenty-four more players, each with one rated game, straight into
	// the store.
	w.stop()
	st, err := store.Open(w.dbPath, store.Options{Clock: w.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		g := &store.Game{Guild: w.guild, Channel: "c" + strconv.Itoa(i), Status: store.Active, Rules: engine.Standard,
			Players: [2]store.Player{{ID: strconv.Itoa(1000 + i), Name: "winner" + strconv.Itoa(i)}, {ID: strconv.Itoa(2000 + i), Name: "loser" + strconv.Itoa(i)}}}
		if err := st.Create(g); err != nil {
			t.Fatal(err)
		}
		g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}
		if err := st.Finish(g); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	w.start()
	first := w.do("ben", "/volo leaderboard")
	if !strings.Contains(first.Content, "page 1 of 3") || strings.Count(first.Content, "\n") != 11 {
		t.Fatalf("the first page:\n%s", first.Content)
	}
	second := w.click("cleo", first, "Next ▶")
	if second.ID != first.ID || !strings.Contains(second.Content, "page 2 of 3\n*Provisional ratings (still settling):*\n11. ") {
		t.Errorf("Next shows page 2 in the same message:\n%s", second.Content)
	}
	third := w.click("cleo", second, "Next ▶")
	if !strings.Contains(third.Content, "page 3 of 3") || !strings.Contains(third.Content, "25. ") {
		t.Errorf("the last page:\n%s", third.Content)
	}
	if back := w.click("cleo", third, "◀ Previous"); !strings.Contains(back.Content, "page 2 of 3") {
		t.Errorf("Previous:\n%s", back.Content)
	}
	in, err := w.srv.ClickComponent(fakediscord.ComponentClick{MessageID: first.ID, User: "cleo", CustomID: "volo/lb/1234567890/0/", Forged: true})
	if err != nil {
		t.Fatal(err)
	}
	if msg := w.answer(in, "cleo asks for another server's leaderboard"); !strings.Contains(msg.Content, "another server") || msg.Flags&64 == 0 {
		t.Errorf("another server's leaderboard: %q", msg.Content)
	}
	w.noValidationFailures()
}

// A direct message that fails on its way (a 503 after Discord posted it,
// then a 500) is sent again until it is delivered, once.
func TestDirectMessageSurvivesFaults(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.do("ben", "/volo settings notify:dm")
	w.startGame(w.channel, "time_per_move:24h")
	for _, f := range []fakediscord.Fault{{Kind: fakediscord.ServiceUnavailable, AfterProcessing: true}, {Kind: fakediscord.ServerError}} {
		if err := w.srv.InjectFault(messageRoute, f); err != nil {
			t.Fatal(err)
		}
	}
	w.do("ana", "/volo move move:f5")
	deadline := time.Now().Add(20 * time.Second)
	for len(w.dms("ben", "It is your move")) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	w.flush()
	if got := w.dms("ben", "It is your move"); len(got) != 1 {
		t.Errorf("%d direct messages after the faults, want 1", len(got))
	}
	if faulted := w.srv.FaultedRequests(); len(faulted) != 2 {
		t.Errorf("%d faults met, want 2", len(faulted))
	}
	if got := w.said(w.channel, "could not send you a direct message"); len(got) != 0 {
		t.Errorf("a passing failure fell back to the channel: %q", got[0].Content)
	}
}

// A player's theme draws the boards only they see: ana's picker is light,
// the channel's boards keep the bot's dark theme.
func TestThemeOfOwnViews(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.do("ana", "/volo settings theme:light")
	w.startGame(w.channel)
	board := w.said(w.channel, "The game begins.")[0]
	// The picker's first step asks for a row and shows no board; the
	// points of the row come on one.
	pick := w.choose("ana", w.click("ana", &board, "Make a move"), "Row f")
	if len(pick.Attachments) != 1 || len(board.Attachments) != 1 {
		t.Fatalf("%d images in the picker, %d on the board", len(pick.Attachments), len(board.Attachments))
	}
	corner := func(data []byte) color.NRGBA {
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return color.NRGBAModel.Convert(img.At(2, 2)).(color.NRGBA)
	}
	light := func(c color.NRGBA) bool { return int(c.R)+int(c.G)+int(c.B) > 3*128 }
	if c := corner(pick.Attachments[0].Data); !light(c) {
		t.Errorf("ana's picker is drawn with a corner of %v, not in the light theme", c)
	}
	if c := corner(board.Attachments[0].Data); light(c) {
		t.Errorf("the channel's board is drawn with a corner of %v, not in the bot's dark theme", c)
	}
	if pick := w.click("ben", &board, "Make a move"); len(pick.Attachments) != 0 {
		t.Errorf("ben, out of turn, gets an image")
	}
}
