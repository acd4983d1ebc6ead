package activity

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/volo-discord/volo/internal/lang"
)

// The hub keeps the open boards, each a websocket, by channel, and sends
// each the state of its channel's game whenever that changes: at once for
// a change this process committed (Changed, from the store Watch wraps),
// and within Options.Poll for one another process made. A board that
// falls behind gets only the latest state: states are whole, so one that
// is overtaken need never be sent.

// Timings of a board's websocket.
const (
	helloWait = 10 * time.Second // for the page's Hello
	writeWait = 10 * time.Second // for one write
	pingEvery = 25 * time.Second // keeps proxies from closing an idle board
	pongWait  = 60 * time.Second // a board that answers no ping is gone
)

// upgrader makes websockets of api/ws requests. Any origin may open one:
// in Discord the page comes from the application's discordsays.com
// proxy, whose Host differs from volobot's, and a board is authorized by
// the session it sends, not by cookies, so a page of another origin gains
// nothing by connecting.
var upgrader = websocket.Upgrader{
	ReadBufferSize:  1 << 10,
	WriteBufferSize: 16 << 10,
	CheckOrigin:     func(*http.Request) bool { return true },
}

type hub struct {
	s *Server

	mu     sync.Mutex
	boards map[string]map[*board]struct{} // by channel
	dirty  map[string]struct{}            // channels whose boards are owed a state
	shown  map[string]string              // by channel: what its boards last got (see fingerprint)
	wake   chan struct{}
	closed bool
}

// board is one open board.
type board struct {
	c    claims
	v    viewer
	conn *websocket.Conn

	mu   sync.Mutex
	next []byte // the latest message not yet written
	wake chan struct{}
	done chan struct{}
	once sync.Once
}

func newHub(s *Server) *hub {
	return &hub{s: s, boards: map[string]map[*board]struct{}{}, dirty: map[string]struct{}{},
		shown: map[string]string{}, wake: make(chan struct{}, 1)}
}

// changed marks a channel's boards as owed a state. It never waits: the
// store calls it as it commits.
func (h *hub) changed(channel string) {
	h.mu.Lock()
	if _, open := h.boards[channel]; open {
		h.dirty[channel] = struct{}{}
	}
	h.mu.Unlock()
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// changedAll marks every open board as owed a state.
func (h *hub) changedAll() {
	h.mu.Lock()
	for ch := range h.boards {
		h.dirty[ch] = struct{}{}
	}
	h.mu.Unlock()
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// run sends the states owed until ctx is done, and reads the boards'
// games again every Poll for changes made elsewhere.
func (h *hub) run(ctx context.Context) {
	poll := time.NewTicker(h.s.opts.Poll)
	defer poll.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.wake:
			h.mu.Lock()
			dirty := h.dirty
			h.dirty = map[string]struct{}{}
			h.mu.Unlock()
			for ch := range dirty {
				h.broadcast(ch, true)
			}
		case <-poll.C:
			for _, ch := range h.channels() {
				h.broadcast(ch, false)
			}
		}
	}
}

// channels lists the channels with open boards.
func (h *hub) channels() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.boards))
	for ch := range h.boards {
		out = append(out, ch)
	}
	return out
}

// broadcast sends a channel's boards its game's state; unless always, only
// when the game is not as they last got it.
func (h *hub) broadcast(channel string, always bool) {
	cg, err := load(h.s.opts.Store, channel)
	if err != nil {
		h.s.log.Warn("activity: a board's game cannot be read", "channel", channel, "err", err)
		for _, b := range h.boardsOf(channel) {
			b.push(problemPush(CodeFailed, b.v.lang.Sprint("The game of this channel cannot be read now. Try again in a moment.")))
		}
		return
	}
	fp := fingerprint(cg)
	h.mu.Lock()
	if !always && h.shown[channel] == fp {
		h.mu.Unlock()
		return
	}
	h.shown[channel] = fp
	h.mu.Unlock()
	now := h.s.opts.Clock()
	for _, b := range h.boardsOf(channel) {
		h.send(b, cg, now)
	}
}

// boardsOf lists a channel's open boards.
func (h *hub) boardsOf(channel string) []*board {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*board, 0, len(h.boards[channel]))
	for b := range h.boards[channel] {
		out = append(out, b)
	}
	return out
}

// send gives b the state of its game, cg, or tells it its session ended.
func (h *hub) send(b *board, cg *channelGame, now time.Time) {
	if !now.Before(time.Unix(b.c.Expires, 0)) {
		b.push(problemPush(CodeSession, b.v.lang.Sprint("This board's session has ended: it signs in again by itself, or close it and open it again.")))
		return
	}
	st := stateFor(b.c.Channel, cg, b.v, now, h.s.rating)
	msg, err := json.Marshal(Push{Type: "state", State: &st})
	if err != nil {
		h.s.log.Error("activity: a state cannot be written", "channel", b.c.Channel, "err", err)
		return
	}
	b.push(msg)
}

// fingerprint says what a channel's game is now, so that a read of it
// tells whether its boards have seen it.
func fingerprint(cg *channelGame) string {
	if cg == nil {
		return "none"
	}
	return cg.g.Status.String() + "/" + cg.g.ID + "/" + strconv.FormatUint(cg.g.Version, 10)
}

func problemPush(code, sentence string) []byte {
	msg, _ := json.Marshal(Push{Type: "problem", Problem: &Problem{Error: sentence, Code: code}})
	return msg
}

// serve answers api/ws: it takes the page's Hello, checks its session,
// and keeps the board open, sending it states, until either side closes.
func (h *hub) serve(w http.ResponseWriter, r *http.Request) {
	conn, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader answered the request
	}
	_ = conn.SetReadDeadline(time.Now().Add(helloWait))
	var hello Hello
	if err := conn.ReadJSON(&hello); err != nil {
		conn.Close()
		return
	}
	c, err := h.s.seal.open(hello.Session, h.s.opts.Clock())
	if err == nil {
		if ok, _ := h.s.acts.allow(c.User); !ok {
			h.refuse(conn, CodeRateLimited, lang.FromLocale(c.Locale).Sprint("Too many clicks at once: wait a moment, then try again."))
			return
		}
	}
	if err != nil {
		t := lang.FromLocale(r.Header.Get("Accept-Language"))
		msg := t.Sprint("This board is not signed in: close it and open it again from Discord.")
		if err == ErrExpiredSession {
			msg = t.Sprint("This board's session has ended: it signs in again by itself, or close it and open it again.")
		}
		h.refuse(conn, CodeSession, msg)
		return
	}
	b := &board{c: c, v: h.s.viewerOf(c), conn: conn, wake: make(chan struct{}, 1), done: make(chan struct{})}
	if !h.add(b) {
		conn.Close()
		return
	}
	defer h.remove(b)
	go b.write()
	cg, err := load(h.s.opts.Store, c.Channel)
	if err != nil {
		h.s.log.Warn("activity: a board's game cannot be read", "channel", c.Channel, "err", err)
		b.push(problemPush(CodeFailed, b.v.lang.Sprint("The game of this channel cannot be read now. Try again in a moment.")))
	} else {
		h.send(b, cg, h.s.opts.Clock())
	}
	// Reading keeps the pongs coming; the page sends nothing more.
	_ = conn.SetReadDeadline(time.Now().Add(pongWait))
	conn.SetPongHandler(func(string) error { return conn.SetReadDeadline(time.Now().Add(pongWait)) })
	for {
		if _, _, err := conn.NextReader(); err != nil {
			return
		}
	}
}

// refuse tells a websocket why it is refused, and closes it.
func (h *hub) refuse(conn *websocket.Conn, code, sentence string) {
	_ = conn.SetWriteDeadline(time.Now().Add(writeWait))
	_ = conn.WriteMessage(websocket.TextMessage, problemPush(code, sentence))
	_ = conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.ClosePolicyViolation, code))
	conn.Close()
}

// add registers a board; false once the hub is closed.
func (h *hub) add(b *board) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	if h.boards[b.c.Channel] == nil {
		h.boards[b.c.Channel] = map[*board]struct{}{}
	}
	h.boards[b.c.Channel][b] = struct{}{}
	return true
}

// remove forgets a board and closes it.
func (h *hub) remove(b *board) {
	h.mu.Lock()
	if set := h.boards[b.c.Channel]; set != nil {
		delete(set, b)
		if len(set) == 0 {
			delete(h.boards, b.c.Channel)
			delete(h.shown, b.c.Channel)
		}
	}
	h.mu.Unlock()
	b.close(websocket.CloseNormalClosure)
}

// closeAll closes every board, as the server stops: the pages reconnect,
// to this process started again or to another.
func (h *hub) closeAll() {
	h.mu.Lock()
	h.closed = true
	var all []*board
	for _, set := range h.boards {
		for b := range set {
			all = append(all, b)
		}
	}
	h.mu.Unlock()
	for _, b := range all {
		b.close(websocket.CloseServiceRestart)
	}
}

// count returns the number of open boards.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, set := range h.boards {
		n += len(set)
	}
	return n
}

// push hands the board a message to write, in place of any not yet
// written.
func (b *board) push(msg []byte) {
	b.mu.Lock()
	b.next = msg
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// write writes the board's messages, and pings it, until it closes.
func (b *board) write() {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-b.done:
			return
		case <-b.wake:
			b.mu.Lock()
			msg := b.next
			b.next = nil
			b.mu.Unlock()
			if msg == nil {
				continue
			}
			_ = b.conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := b.conn.WriteMessage(websocket.TextMessage, msg); err != nil {
				b.conn.Close() // the reader sees it and removes the board
				return
			}
		case <-ping.C:
			if err := b.conn.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait)); err != nil {
				b.conn.Close()
				return
			}
		}
	}
}

// close closes the board's websocket with a close code, once.
func (b *board) close(code int) {
	b.once.Do(func() {
		close(b.done)
		_ = b.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""), time.Now().Add(time.Second))
		b.conn.Close()
	})
}
