package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/volo-discord/volo/internal/httpstop"
	"github.com/volo-discord/volo/store"
)

// Interactions by HTTP. With interactions: http the bot opens no gateway:
// Discord posts each interaction to the bot's endpoint (the address of the
// listen key), signed with the application's Ed25519 key, and takes the
// HTTP response as the interaction's callback. The bot verifies the
// signature (discordgo.VerifyInteraction) and the timestamp's age, answers
// PING with PONG, and hands every other interaction to the same handlers as
// the gateway's.
//
// Those handlers answer through answer (a refusal, a view, the picker) or
// through the outbox (an announcement that answers its interaction
// first), often after the handler has returned. So the HTTP request waits
// in a registry of this process, keyed by interaction ID, and the first
// answer for its interaction, from either, is written as its response
// (interactionRespond). An interaction that is not in the registry (one
// from the gateway, or whose request this process does not hold) is
// answered by the callback route, as before.
//
// If no answer comes within Discord's 3 s, less a margin for the way
// back, the request is answered 503 and the interaction fails for the
// user, as a callback that missed its window does; the outbox then finds
// the interaction gone (10062, as Discord would say) and delivers the
// announcement as a follow-up or a channel message, as it does for the
// gateway. A deferred response instead would be wrong for the bot's flows:
// it fixes at once whether the answer is private and whether it replaces a
// button's message, which only the handler knows, and leaves a "thinking…"
// message that the outbox, posting to the channel, would never fill.
//
// Apart from the registry, the endpoint keeps no state: every change goes
// to the store and every later message through REST, so on a store that
// processes can share (PostgreSQL) any number of replicas can serve one
// application behind a load balancer.

// The values of the interactions key.
const (
	InteractionsGateway = "gateway"
	InteractionsHTTP    = "http"
)

// The age an interaction's timestamp may have: Discord signs it as it
// sends, so an older one is a replay; a little of the future is allowed
// for clocks that differ.
const (
	maxSignatureAge  = 5 * time.Minute
	maxSignatureSkew = time.Minute
)

// answerMargin is how long before Discord's window closes the endpoint
// stops waiting for an answer: the way back to Discord and the clocks'
// difference.
const answerMargin = 500 * time.Millisecond

// maxInteractionBody bounds the body of an interaction posted to the
// endpoint; Discord's are a few kilobytes.
const maxInteractionBody = 1 << 20

// checkInteractions checks the interactions, listen and public_key keys:
// listen and public_key are needed for http, and checked whenever set.
func (c Config) checkInteractions() error {
	switch c.Interactions {
	case "", InteractionsGateway, InteractionsHTTP:
	default:
		return fmt.Errorf("interactions: %q is neither gateway nor http", shorten(c.Interactions, 40))
	}
	http := c.Interactions == InteractionsHTTP
	if http && c.Listen == "" {
		return errors.New("listen: interactions: http needs the address to serve the interactions endpoint on, such as 127.0.0.1:8090")
	}
	if err := checkAddress(c.Listen); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	if http && c.PublicKey == "" {
		return errors.New("public_key: interactions: http needs the application's public key, from General Information in Discord's developer portal")
	}
	if _, err := parsePublicKey(c.PublicKey); c.PublicKey != "" && err != nil {
		return fmt.Errorf("public_key: %w", err)
	}
	return nil
}

// parsePublicKey reads the application's public key: 64 hex digits.
func parsePublicKey(s string) (ed25519.PublicKey, error) {
	key, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(key) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("%q is not a public key (%d hex digits, from General Information in Discord's developer portal)",
			shorten(s, 70), 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(key), nil
}

// endpoint is the bot's interactions endpoint: the requests waiting for
// their interaction's answer, and where it listens. Its zero value is
// ready.
type endpoint struct {
	mu      sync.Mutex
	waiting map[string]*waitingRequest // by interaction ID
	swept   time.Time
	addr    atomic.Pointer[string] // once listening
	// window is the bot's callback window (Bot.callbackWindow).
	window time.Duration
}

// waitingRequest is an interaction's HTTP request waiting for its answer.
type waitingRequest struct {
	received time.Time
	answer   chan httpAnswer // the one answer taken, for the request to write

	mu    sync.Mutex
	state answerState
}

// answerState is where a waiting request stands.
type answerState int

const (
	awaiting answerState = iota // no answer yet
	taken                       // an answer is on its way to the response
	answered                    // the response is written
	lost                        // writing the response failed: Discord may or may not have it
	gaveUp                      // answered with an error: the interaction failed
)

// httpAnswer is an interaction response on its way to an HTTP response:
// its status (200 with a JSON body, or 202 with none when the answer went
// by the callback route), its body, and where the outcome of writing it
// goes.
type httpAnswer struct {
	status      int
	contentType string
	body        []byte
	written     chan error
}

// keepAnswered is how long the registry remembers a request after its
// answer or failure, so that a late answer hears what Discord would say;
// past the callback window nobody answers any more.
func (e *endpoint) keepAnswered() time.Duration {
	return e.window + time.Second
}

// wait registers the request of an interaction received now; false if
// one is waiting already (the same interaction delivered twice).
func (e *endpoint) wait(id string, received time.Time) (*waitingRequest, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.waiting == nil {
		e.waiting = map[string]*waitingRequest{}
	}
	if received.Sub(e.swept) > time.Second {
		for k, w := range e.waiting {
			if received.Sub(w.received) > e.keepAnswered() {
				delete(e.waiting, k)
			}
		}
		e.swept = received
	}
	if _, dup := e.waiting[id]; dup {
		return nil, false
	}
	w := &waitingRequest{received: received, answer: make(chan httpAnswer, 1)}
	e.waiting[id] = w
	return w, true
}

// request returns the request of an interaction this process holds, or
// nil.
func (e *endpoint) request(id string) *waitingRequest {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.waiting[id]
	if w == nil || time.Since(w.received) > e.keepAnswered() {
		return nil
	}
	return w
}

// offer hands the answer to the request, and returns once it is written,
// with Discord's word for what it cannot take: 40060 when the interaction
// is answered already, 10062 when the request has given up, and the error
// of the write when it failed (a passing error: the answer may have gone
// through).
func (w *waitingRequest) offer(a httpAnswer) error {
	w.mu.Lock()
	switch w.state {
	case taken, answered:
		w.mu.Unlock()
		return discordError(http.StatusBadRequest, discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged, "Interaction has already been acknowledged.")
	case lost, gaveUp:
		w.mu.Unlock()
		return discordError(http.StatusNotFound, discordgo.ErrCodeUnknownInteraction, "Unknown interaction")
	}
	w.state = taken
	w.mu.Unlock()
	a.written = make(chan error, 1)
	w.answer <- a // buffered, and taken once
	return <-a.written
}

// giveUp ends the wait without an answer, unless one is on its way:
// false then, and the request must write it.
func (w *waitingRequest) giveUp() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch w.state {
	case taken:
		return false
	case awaiting:
		w.state = gaveUp
	}
	return true
}

// done records how writing the answer went, and tells the one who offered
// it.
func (w *waitingRequest) done(a httpAnswer, err error) {
	w.mu.Lock()
	w.state = answered
	if err != nil {
		w.state = lost
		err = fmt.Errorf("write the interaction's HTTP response: %w", err)
	}
	w.mu.Unlock()
	a.written <- err
}

// discordError is the error Discord's API would answer, for the delivery
// code to read as it reads Discord's (discordCode, retryable).
func discordError(status, code int, message string) error {
	return &discordgo.RESTError{
		Response: &http.Response{StatusCode: status, Status: strconv.Itoa(status) + " " + http.StatusText(status)},
		Message:  &discordgo.APIErrorMessage{Code: code, Message: message},
	}
}

// interactionRespond answers an interaction with resp: in the HTTP
// response of its request when this process holds it, else by Discord's
// callback route. An answer with files goes by the callback route in
// either case (see respondBy).
func (b *Bot) interactionRespond(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	_, err := b.respondBy(ctx, i, resp)
	return err
}

// respondBy is interactionRespond that also says whether the answer went into
// the HTTP response, which Discord does not acknowledge: that the write
// succeeded does not tell that Discord has it (a load balancer may fail
// after it), so an announcement answered so is confirmed afterwards
// (see attemptMessage).
//
// An answer with files (a board, a game's record and replay) never goes
// into the HTTP response. Discord documents a JSON answer there
// ("Receiving and Responding", Interaction Callback, "Inline HTTP
// Response Behavior"), and a multipart one is reported to fail for the
// user above about 150 KB (discord-api-docs issues 5250 and 5933), which
// a replay's GIF passes by far. It goes by the callback route, which
// takes files and says whether it took them, and the HTTP request is
// answered 202 with no body, as the same section says to do then.
func (b *Bot) respondBy(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) (byHTTP bool, err error) {
	w := b.endpoint.request(i.ID)
	if w == nil {
		return false, b.session.InteractionRespond(i, resp, discordgo.WithContext(ctx))
	}
	if resp.Data != nil && len(resp.Data.Files) > 0 {
		err := b.session.InteractionRespond(i, resp, discordgo.WithContext(ctx))
		if err == nil || discordCode(err) == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
			// Discord has the answer: the request is done with. A 202 that
			// cannot be written changes nothing of it.
			_ = w.offer(httpAnswer{status: http.StatusAccepted})
		}
		return false, err
	}
	body, err := json.Marshal(resp)
	if err != nil {
		return true, fmt.Errorf("encode the interaction's response: %w", err)
	}
	return true, w.offer(httpAnswer{status: http.StatusOK, contentType: "application/json", body: body})
}

// InteractionsAddr returns the address the interactions endpoint listens
// on once Run has opened it, with the port chosen when listen's is 0;
// empty before, and with interactions: gateway.
func (b *Bot) InteractionsAddr() string {
	if a := b.endpoint.addr.Load(); a != nil {
		return *a
	}
	return ""
}

// runHTTP is Run with interactions: http. It listens on the listen
// address, checks the token with GET /users/@me, registers the commands
// and serves the endpoint until ctx is done; then it refuses new
// interactions, finishes the requests in flight, and stops like Run.
func (b *Bot) runHTTP(ctx context.Context) error {
	key, err := parsePublicKey(b.cfg.PublicKey)
	if err != nil {
		return fmt.Errorf("public_key: %w", err)
	}
	ln, err := net.Listen("tcp", b.cfg.Listen)
	if err != nil {
		return fmt.Errorf("listen: the interactions endpoint: %w", err)
	}
	addr := ln.Addr().String()
	b.endpoint.addr.Store(&addr)
	srv := &http.Server{Handler: b.interactionsHandler(key), ReadHeaderTimeout: 5 * time.Second, IdleTimeout: time.Minute}
	me, err := b.whoAmI(ctx, defaultStartup())
	if err == nil {
		err = b.registerCommands(ctx, me.ID)
	}
	if err != nil {
		ln.Close()
		return err
	}
	defer b.beating()()
	b.log.Info("serving interactions by HTTP for "+b.discord(), "user", me.Username, "listen", addr)
	running, stopRunning := context.WithCancel(ctx) // ends with ctx, or when serving fails
	defer stopRunning()
	done := b.background(running)
	listed := make(chan struct{})
	go func() {
		defer close(listed)
		b.callOffLeftByList(running)
		b.watchUnwatchedThreads(running)
	}()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	b.ready.Store(true)
	select {
	case <-ctx.Done():
	case err = <-served: // the listener failed
	}
	stopRunning()
	b.log.Info("shutting down: finishing interactions in flight")
	close(b.closing)
	b.ready.Store(false)
	// The requests in flight wait at most Discord's window for their
	// answers, which the outbox, still running, may bring.
	_ = httpstop.Stop(srv, b.callbackWindow+time.Second)
	<-done
	<-listed
	b.inFlight.Wait()
	b.outbox.close(b.grace)
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve interactions on %s: %w", addr, err)
	}
	return nil
}

// whoAmI checks the token with GET /users/@me, retrying what a later
// attempt can mend, checks that the database is this bot's (claiming it
// the first time: store.ClaimBot), gives the players the time the bot
// was away (resume), and keeps the bot's user in the session's state, as
// READY would: the bot knows itself by it (see me).
func (b *Bot) whoAmI(ctx context.Context, p startup) (*discordgo.User, error) {
	var me *discordgo.User
	err := p.retry(ctx, b.log, "connect to "+b.discord()+": check the bot token", func(ctx context.Context) (err error) {
		me, err = b.session.User("@me", discordgo.WithContext(ctx))
		return refusedToken(err)
	})
	if err != nil {
		return nil, err
	}
	if err := b.store.ClaimBot(me.ID); errors.Is(err, store.ErrOtherBot) {
		return nil, fmt.Errorf("%w. Is the token (DISCORD_TOKEN) or the configuration's database the wrong one? Each bot needs a database of its own", err)
	} else if err != nil {
		return nil, fmt.Errorf("claim the database for the bot: %w", err)
	}
	if err := b.resume(); err != nil {
		return nil, err
	}
	if st := b.session.State; st != nil {
		st.Lock()
		st.User = me
		st.Unlock()
	}
	return me, nil
}

// interactionsHandler serves the interactions endpoint: POST, at any path
// (the URL in the developer portal, through any proxy), of an interaction
// signed with the application's key.
func (b *Bot) interactionsHandler(key ed25519.PublicKey) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "interactions are POSTed", http.StatusMethodNotAllowed)
			return
		}
		received := time.Now()
		r.Body = http.MaxBytesReader(w, r.Body, maxInteractionBody)
		if !freshTimestamp(r.Header.Get("X-Signature-Timestamp"), received) || !discordgo.VerifyInteraction(r, key) {
			b.log.Warn("refused an interaction request: bad signature or stale timestamp", "remote", r.RemoteAddr)
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		var ic discordgo.InteractionCreate
		if err := json.Unmarshal(body, &ic); err != nil || ic.Interaction == nil || ic.ID == "" {
			http.Error(w, "not an interaction", http.StatusBadRequest)
			return
		}
		if ic.Type == discordgo.InteractionPing {
			writeJSON(w, []byte(`{"type":1}`))
			return
		}
		b.serveInteraction(w, r, &ic, received)
	})
}

// freshTimestamp reports whether an interaction's X-Signature-Timestamp,
// Unix seconds, is recent by the clock now: a replayed request is older.
func freshTimestamp(header string, now time.Time) bool {
	sec, err := strconv.ParseInt(header, 10, 64)
	if err != nil {
		return false
	}
	age := now.Sub(time.Unix(sec, 0))
	return age <= maxSignatureAge && age >= -maxSignatureSkew
}

// serveInteraction hands a verified interaction to the bot's handlers and
// answers its request with the first answer they give, or, when none
// comes within Discord's window, with 503.
func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request, ic *discordgo.InteractionCreate, received time.Time) {
	req, ok := b.endpoint.wait(ic.ID, received)
	if !ok {
		http.Error(w, "this interaction is being answered already", http.StatusConflict)
		return
	}
	switch b.admit(ic) {
	case "":
	case "closing":
		req.giveUp()
		http.Error(w, "the bot is stopping", http.StatusServiceUnavailable)
		return
	default: // taken before: a replay, here or at another replica
		req.giveUp()
		http.Error(w, "this interaction was answered already", http.StatusConflict)
		return
	}
	handled := make(chan struct{})
	go func() {
		defer close(handled)
		b.handleInteraction(ic)
	}()
	timer := time.NewTimer(time.Until(received.Add(b.callbackWindow - answerMargin)))
	defer timer.Stop()
	for {
		select {
		case a := <-req.answer:
			req.done(a, writeAnswer(w, a))
			return
		case <-handled:
			handled = nil
			if b.outbox.owes(ic.ID) {
				continue // an announcement answers it: see attemptMessage
			}
			if req.giveUp() {
				// The handler is done and said nothing: it refused to
				// handle the interaction (the bot is stopping, or saw it
				// before), or could not answer.
				http.Error(w, "the interaction was not answered", http.StatusServiceUnavailable)
				return
			}
		case <-timer.C:
			if req.giveUp() {
				b.log.Warn("an interaction was not answered within Discord's window", "id", ic.ID, "channel", ic.ChannelID)
				http.Error(w, "the interaction was not answered in time", http.StatusServiceUnavailable)
				return
			}
		case <-r.Context().Done():
			if req.giveUp() {
				return // Discord went away: nothing to answer
			}
		}
	}
}

// writeAnswer writes an interaction's answer as the HTTP response, and
// reports whether it left.
func writeAnswer(w http.ResponseWriter, a httpAnswer) error {
	if a.contentType != "" {
		w.Header().Set("Content-Type", a.contentType)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(a.body)))
	w.WriteHeader(a.status)
	if _, err := w.Write(a.body); err != nil {
		return err
	}
	return http.NewResponseController(w).Flush()
}

// writeJSON writes a JSON body.
func writeJSON(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

// owes reports whether an announcement queued answers the interaction id
// first: its callback may still come. (A parcel's delivery state belongs
// to its worker; its notice does not change.)
func (o *outbox) owes(id string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, q := range o.queues {
		for _, p := range q {
			if v := p.notice.Via; v != nil && v.ID == id {
				return true
			}
		}
	}
	return false
}
