package fakediscord

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway intents the stand-in honours.
const (
	IntentGuilds         int64 = 1 << 0
	IntentGuildMembers   int64 = 1 << 1
	IntentGuildPresences int64 = 1 << 8
	IntentGuildMessages  int64 = 1 << 9
	IntentDirectMessages int64 = 1 << 12
	IntentMessageContent int64 = 1 << 15

	privilegedIntents = IntentGuildMembers | IntentGuildPresences | IntentMessageContent
)

// Gateway close codes, as Discord sends them.
const (
	closeGoingAway         = 1001
	closeUnknownError      = 4000
	closeUnknownOpcode     = 4001
	closeDecodeError       = 4002
	closeNotAuthenticated  = 4003
	closeAuthFailed        = 4004
	closeAlreadyIdentified = 4005
	closeInvalidAPIVersion = 4012
	closeInvalidIntents    = 4013
	closeDisallowedIntents = 4014
)

// Limits and names of the gateway.
const (
	maxReplayedPayload      = 1000 // payloads kept per session for RESUME
	gatewayReadLimit        = 1 << 20
	gatewayWriteTimeout     = 10 * time.Second
	gatewayHandshakeTimeout = 10 * time.Second
	defaultLargeThreshold   = 50
	gatewayTraceName        = `["fakediscord-gateway",{"micros":0}]`
	gatewayEncodingJSON     = "json"
)

// ErrNotConnected is returned when an event is to be dispatched but no bot has identified on
// the gateway, or for an interaction no session would be sent (see InvokeCommand): Discord loses
// it.
var ErrNotConnected = errors.New("fakediscord: no bot connected to the gateway")

// Identify is what a bot sent in its IDENTIFY, without the token.
type Identify struct {
	SessionID      string
	Intents        int64
	Compress       bool
	LargeThreshold int
	Shard          *[2]int
	Properties     map[string]string
	// Query is the gateway URL's query the bot connected with, such as v=10&encoding=json.
	Query url.Values
	// Version is the API version the bot connected with, the query's v, such as "10"; empty
	// when it gave none.
	Version string
	Time    time.Time
}

// gatewaySession is an identified gateway session: what it asked for, its sequence, and the
// payloads dispatched so far so that a RESUME can replay what a dropped connection missed.
type gatewaySession struct {
	identify Identify
	seq      int64
	sent     [][]byte // dispatched payloads, the last maxReplayedPayload
	conn     *gatewayConn
}

// payload is a gateway payload as Discord frames it.
type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

// serveGateway upgrades a request to the gateway websocket: HELLO, then IDENTIFY or RESUME,
// heartbeats and dispatches.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	rec := s.startRecord(r, nil)
	s.mu.Lock()
	rec.Route, rec.Status = "GET /gateway (websocket)", http.StatusSwitchingProtocols
	s.mu.Unlock()
	up := websocket.Upgrader{HandshakeTimeout: gatewayHandshakeTimeout, CheckOrigin: func(*http.Request) bool { return true }}
	ws, err := up.Upgrade(w, r, nil)
	if err != nil {
		s.mu.Lock()
		rec.Status = http.StatusBadRequest
		s.mu.Unlock()
		return
	}
	ws.SetReadLimit(gatewayReadLimit)
	c := &gatewayConn{ws: ws, srv: s, out: newQueue[frame](), beats: make(chan struct{}, 1)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		_ = ws.Close()
		return
	}
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	go c.writeLoop()
	defer s.dropConn(c)
	q := r.URL.Query()
	if code, reason := checkGatewayQuery(q); code != 0 {
		c.close(code, reason)
		return
	}
	hello, _ := json.Marshal(map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds(), "_trace": []string{gatewayTraceName}})
	c.send(payload{Op: 10, D: hello})
	go c.watchHeartbeats(s.opts.HeartbeatInterval)
	c.readLoop(q)
}

// checkGatewayQuery checks the version and encoding a bot asks for in the gateway URL: API v9
// or v10, JSON, and no transport compression (discordgo asks for none).
func checkGatewayQuery(q url.Values) (int, string) {
	switch q.Get("v") {
	case "", "9", "10":
	default:
		return closeInvalidAPIVersion, "Invalid API version"
	}
	if e := q.Get("encoding"); e != "" && e != gatewayEncodingJSON {
		return closeDecodeError, "fakediscord speaks only the json encoding"
	}
	if q.Get("compress") != "" {
		return closeUnknownError, "fakediscord does not support transport compression"
	}
	return 0, ""
}

// readLoop reads the bot's payloads until the connection ends.
func (c *gatewayConn) readLoop(q url.Values) {
	for {
		_, data, err := c.ws.ReadMessage()
		if websocket.IsCloseError(err, websocket.CloseNormalClosure, websocket.CloseGoingAway) {
			c.srv.endSession(c) // as on Discord, a close with 1000 or 1001 ends the session
		}
		if err != nil {
			return
		}
		var p struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if json.Unmarshal(data, &p) != nil {
			c.close(closeDecodeError, "Error while decoding payload.")
			return
		}
		if !c.handle(p.Op, p.D, q) {
			return
		}
	}
}

// handle answers one payload from the bot and reports whether to keep reading.
func (c *gatewayConn) handle(op int, d json.RawMessage, q url.Values) bool {
	s := c.srv
	switch op {
	case 1: // heartbeat
		select {
		case c.beats <- struct{}{}:
		default:
		}
		s.mu.Lock()
		if !c.beat {
			c.beat = true
			s.notify() // a fault waits for the first heartbeat
		}
		zombie := c.zombie
		s.mu.Unlock()
		if !zombie {
			c.send(payload{Op: 11})
		}
		return true
	case 2:
		return s.identify(c, d, q)
	case 6:
		return s.resume(c, d, q)
	}
	s.mu.Lock()
	identified := c.session != nil
	s.mu.Unlock()
	if !identified {
		c.close(closeNotAuthenticated, "Not authenticated.")
		return false
	}
	switch op {
	case 3, 4, 8: // presence update, voice state update, request guild members: accepted, ignored
		return true
	}
	c.close(closeUnknownOpcode, "Unknown opcode.")
	return false
}

// identify answers IDENTIFY: checks the token and intents, starts a session, and sends READY
// and a GUILD_CREATE for each guild the bot is in.
func (s *Server) identify(c *gatewayConn, d json.RawMessage, q url.Values) bool {
	var id struct {
		Token          string            `json:"token"`
		Intents        *int64            `json:"intents"`
		Compress       bool              `json:"compress"`
		LargeThreshold int               `json:"large_threshold"`
		Shard          *[2]int           `json:"shard"`
		Properties     map[string]string `json:"properties"`
	}
	if json.Unmarshal(d, &id) != nil {
		c.close(closeDecodeError, "Error while decoding payload.")
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case c.session != nil:
		c.close(closeAlreadyIdentified, "Already authenticated.")
		return false
	case !s.gatewayToken(id.Token):
		c.close(closeAuthFailed, "Authentication failed.")
		return false
	case id.Intents == nil || *id.Intents < 0 || *id.Intents >= 1<<26:
		c.close(closeInvalidIntents, "Invalid intent(s).")
		return false
	case *id.Intents&privilegedIntents&^s.opts.PrivilegedIntents != 0:
		c.close(closeDisallowedIntents, "Disallowed intent(s).")
		return false
	case !validShard(id.Shard):
		c.close(closeInvalidShard, "Invalid shard.")
		return false
	case !s.mayIdentify(id.Shard):
		c.send(payload{Op: 9, D: json.RawMessage("false")})
		s.concurrencyRefusals++
		s.notify()
		return true
	}
	if id.LargeThreshold == 0 {
		id.LargeThreshold = defaultLargeThreshold
	}
	sess := &gatewaySession{conn: c, identify: Identify{
		SessionID: randomHex(16), Intents: *id.Intents, Compress: id.Compress, LargeThreshold: id.LargeThreshold,
		Shard: id.Shard, Properties: id.Properties, Query: q, Version: q.Get("v"), Time: s.now(),
	}}
	served := 0
	for _, gid := range s.botGuilds() {
		if sess.serves(gid) {
			served++
		}
	}
	if served > s.maxGuildsPerShard() {
		c.close(closeShardingRequired, "Sharding required.")
		return false
	}
	for sid, old := range s.sessions {
		if old.conn == nil {
			delete(s.sessions, sid)
		}
	}
	s.sessions[sess.identify.SessionID] = sess
	s.identifies = append(s.identifies, sess.identify)
	c.session, c.compress, c.faulted = sess, id.Compress, false
	s.dispatchTo(sess, "READY", s.ready(sess))
	for _, gid := range s.botGuilds() {
		if sess.serves(gid) && !s.guilds[gid].unavailable {
			s.dispatchTo(sess, "GUILD_CREATE", s.guildCreate(s.guilds[gid])(sess.identify.Intents))
		}
	}
	s.notify()
	return true
}

// gatewayToken checks the token of an IDENTIFY or RESUME, which discordgo sends with its
// "Bot " prefix. The caller holds s.mu.
func (s *Server) gatewayToken(token string) bool {
	token = strings.TrimPrefix(token, "Bot ")
	return token != "" && (s.opts.Token == "" || token == strings.TrimPrefix(s.opts.Token, "Bot "))
}

// resume answers RESUME: replays what the session missed and sends RESUMED, or answers
// INVALID_SESSION for a session it does not know.
func (s *Server) resume(c *gatewayConn, d json.RawMessage, q url.Values) bool {
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if json.Unmarshal(d, &r) != nil {
		c.close(closeDecodeError, "Error while decoding payload.")
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.gatewayToken(r.Token) {
		c.close(closeAuthFailed, "Authentication failed.")
		return false
	}
	attempt := Resume{SessionID: r.SessionID, Seq: r.Seq, Query: q, Version: q.Get("v"), Time: s.now()}
	sess, ok := s.sessions[r.SessionID]
	if !ok || r.Seq > sess.seq || sess.seq-r.Seq > int64(len(sess.sent)) {
		s.resumes = append(s.resumes, attempt)
		s.notify()
		c.send(payload{Op: 9, D: json.RawMessage("false")})
		return true
	}
	attempt.Resumed, attempt.Replayed = true, int(sess.seq-r.Seq)
	s.resumes = append(s.resumes, attempt)
	if old := sess.conn; old != nil && old != c {
		old.session = nil
		old.close(closeGoingAway, "resumed elsewhere")
	}
	sess.conn, c.session, c.compress = c, sess, sess.identify.Compress
	for _, p := range sess.sent[len(sess.sent)-int(sess.seq-r.Seq):] {
		c.enqueue(p, c.compress)
	}
	s.dispatchTo(sess, "RESUMED", map[string]any{"_trace": []string{gatewayTraceName}})
	s.notify()
	return true
}

// endSession forgets the session of a connection the bot closed. It cannot be resumed.
func (s *Server) endSession(c *gatewayConn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.session != nil && c.session.conn == c {
		delete(s.sessions, c.session.identify.SessionID)
	}
}

// dropConn forgets a connection that ended; its session stays for a RESUME.
func (s *Server) dropConn(c *gatewayConn) {
	c.out.stop()
	_ = c.ws.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.conns, c)
	if c.session != nil && c.session.conn == c {
		c.session.conn = nil
	}
	s.notify()
}
