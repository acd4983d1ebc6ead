package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Interactions by HTTP. An application with an Interactions Endpoint URL gets its interactions
// as HTTP POSTs instead of gateway events: each signed with the application's Ed25519 key
// (X-Signature-Ed25519, the signature of X-Signature-Timestamp followed by the body), and
// answered within 3 s by the HTTP response, which is the interaction's callback (or by 202 and
// no body when the bot sends its callback by the route instead). Saving the URL, Discord first
// checks that the endpoint answers a PING with a PONG and refuses a request with a bad
// signature.

// EndpointRoute is the Route of the records of interactions posted to the bot's interactions
// endpoint: see Request.Endpoint.
const EndpointRoute = "POST {interactions_endpoint_url}"

// ErrEndpointRefused is returned by SetInteractionsURLs for a URL that fails Discord's checks.
var ErrEndpointRefused = errors.New("fakediscord: the interactions endpoint URL could not be verified")

// The signature's headers, as Discord names them.
const (
	headerSignature = "X-Signature-Ed25519"
	headerTimestamp = "X-Signature-Timestamp"
)

// endpointUserAgent is the User-Agent Discord's interaction requests carry.
const endpointUserAgent = "Discord-Interactions/1.0 (+https://discord.com)"

// PublicKey returns the application's public key in hex, as the developer portal shows it
// (Application().VerifyKey): the key a bot verifies the signature of each interaction posted to
// its endpoint with. Each stand-in makes a key pair of its own.
func (s *Server) PublicKey() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.publicKey()
}

// publicKey is PublicKey with s.mu held.
func (s *Server) publicKey() string {
	return hex.EncodeToString(s.signer.Public().(ed25519.PublicKey))
}

// Sign signs a body as the stand-in signs the interactions it posts: the Ed25519 signature of
// timestamp followed by body, in hex, for X-Signature-Ed25519. Tests forge or replay requests
// with it, such as one with a stale timestamp.
func (s *Server) Sign(timestamp string, body []byte) string {
	s.mu.Lock()
	signer := s.signer // Restore may change it
	s.mu.Unlock()
	return hex.EncodeToString(ed25519.Sign(signer, append([]byte(timestamp), body...)))
}

// SetInteractionsURLs makes the stand-in deliver interactions by HTTP to the bot's interactions
// endpoint instead of the gateway, as Discord does for an application with an Interactions
// Endpoint URL: each interaction is posted, signed, to the next of urls in turn, as to replicas
// behind a load balancer. The answer is taken as the interaction's callback, as the callback
// route takes its body (JSON, validated against the route's schema), within CallbackDeadline; a
// 202 with no body leaves the callback to the route, as Discord documents for an answer sent
// there, such as one with files. An error status, a body that is not JSON (multipart with
// files, which Discord does not take there), a refused body or no answer in time makes the
// interaction fail (Interaction.Failed).
//
// First, as Discord's developer portal does when the URL is saved, each URL is checked: a PING
// signed with the application's key must be answered 200 with a PONG ({"type": 1}), and a PING
// with a bad signature 401. A URL that fails is refused with ErrEndpointRefused, and nothing
// changes. No URL at all goes back to the gateway.
func (s *Server) SetInteractionsURLs(ctx context.Context, urls ...string) error {
	for _, u := range urls {
		if err := s.checkEndpoint(ctx, u); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrEndpointRefused, u, err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.endpoints, s.next = append([]string(nil), urls...), 0
	return nil
}

// checkEndpoint checks an endpoint as Discord does when its URL is saved: a PING answered with
// a PONG, and a PING with a bad signature refused with 401.
func (s *Server) checkEndpoint(ctx context.Context, endpoint string) error {
	if u, err := url.Parse(endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("not an http(s) URL")
	}
	s.mu.Lock()
	ping, err := json.Marshal(map[string]any{
		"id": s.newID(), "application_id": s.app.ID, "type": InteractionPing,
		"token": "aW50ZXJhY3Rpb24" + randomHex(32), "version": 1,
	})
	s.mu.Unlock()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.answerWindow())
	defer cancel()
	status, _, body, err := s.exchange(ctx, endpoint, ping, false)
	if err != nil {
		return fmt.Errorf("the PING got no answer: %w", err)
	}
	var pong struct {
		Type *CallbackType `json:"type"`
	}
	if status != http.StatusOK || json.Unmarshal(body, &pong) != nil || pong.Type == nil || *pong.Type != CallbackPong {
		return fmt.Errorf("the PING was answered %d %q, not a PONG", status, shortBody(body))
	}
	status, _, body, err = s.exchange(ctx, endpoint, ping, true)
	if err != nil {
		return fmt.Errorf("the PING with a bad signature got no answer: %w", err)
	}
	if status != http.StatusUnauthorized {
		return fmt.Errorf("the PING with a bad signature was answered %d %q, not 401", status, shortBody(body))
	}
	return nil
}

// shortBody is the start of a body, for an error message.
func shortBody(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

// answerWindow is how long the stand-in waits for the endpoint's answer: CallbackDeadline, or
// the token's lifetime when there is no deadline.
func (s *Server) answerWindow() time.Duration {
	if d := s.opts.CallbackDeadline; d > 0 {
		return d
	}
	return s.opts.TokenLifetime
}

// exchange posts body to an endpoint, signed with the application's key (or, forged, with a key
// of no one's), and returns the answer: its status, header and body. The timestamp is the wall
// clock's, as the bot checks it against its own, whatever Options.Clock says.
func (s *Server) exchange(ctx context.Context, endpoint string, body []byte, forged bool) (int, http.Header, []byte, error) {
	timestamp := strconv.FormatInt(time.Now().Unix(), 10)
	signature := s.Sign(timestamp, body)
	if forged {
		_, other, _ := ed25519.GenerateKey(rand.Reader)
		signature = hex.EncodeToString(ed25519.Sign(other, append([]byte(timestamp), body...)))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", endpointUserAgent)
	req.Header.Set(headerSignature, signature)
	req.Header.Set(headerTimestamp, timestamp)
	resp, err := s.outgoing.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return 0, nil, nil, fmt.Errorf("reading the answer: %w", err)
	}
	return resp.StatusCode, resp.Header, answer, nil
}

// postToEndpoint posts an interaction to the next endpoint, in the background, and takes the
// answer as its callback. The caller holds s.mu.
func (s *Server) postToEndpoint(st *interactionState, raw []byte) {
	endpoint := s.endpoints[s.next%len(s.endpoints)]
	s.next++
	rec := &Request{Time: s.now(), Method: http.MethodPost, Route: EndpointRoute, Endpoint: true, Response: raw}
	if u, err := url.Parse(endpoint); err == nil {
		rec.Path, rec.Query = u.Path, u.RawQuery
	}
	s.requestSeq++
	rec.Seq = s.requestSeq
	s.requests = append(s.requests, rec)
	s.trimRequests()
	id, token, window, done := st.ID, st.Token, s.answerWindow(), s.done
	fault := s.endpointFault(rec)
	st.posted = true
	go func() {
		defer func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			if st, ok := s.interactions[id]; ok {
				st.posted = false
			}
			s.notify()
		}()
		ctx, cancel := context.WithTimeout(context.Background(), window)
		defer cancel()
		go func() {
			select {
			case <-done:
				cancel()
			case <-ctx.Done():
			}
		}()
		status, header, body, err := s.exchange(ctx, endpoint, raw, false)
		if err != nil {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.failInteraction(id, rec, fmt.Sprintf("no answer within %v: %v", window, err))
			return
		}
		switch {
		case fault != nil && fault.Kind == Dropped:
			s.mu.Lock()
			defer s.mu.Unlock()
			rec.Status = status
			s.failInteraction(id, rec, "the answer was lost on its way back (an injected fault)")
			return
		case fault != nil && fault.Kind == SlowResponse:
			s.hold(fault.Duration) // taken late: a read of the response meanwhile finds none
		}
		s.takeAnswer(id, token, rec, status, header, body)
	}()
}

// takeAnswer takes the endpoint's answer to an interaction as its callback, as the callback
// route takes its request, and records it on rec.
func (s *Server) takeAnswer(id, token string, rec *Request, status int, header http.Header, body []byte) {
	contentType := header.Get("Content-Type")
	payload, files, perr := parseBody(contentType, body)
	s.mu.Lock()
	rec.Status, rec.Header, rec.ContentType, rec.Body = status, header.Clone(), contentType, body
	rec.Payload, rec.Files = payload, files
	s.mu.Unlock()
	var verr error
	if status == http.StatusOK && perr == nil {
		verr = s.validate(http.MethodPost, "/interactions/"+id+"/"+token+"/callback", contentType, payload, rec)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case status == http.StatusAccepted && len(body) == 0:
		s.notify() // the bot sends its callback by the route
		return
	case status != http.StatusOK:
		s.failInteraction(id, rec, fmt.Sprintf("the endpoint answered %d %s", status, http.StatusText(status)))
		return
	case !isJSON(contentType):
		// Discord documents a JSON answer here ("Receiving and Responding", Interaction
		// Callback, "Inline HTTP Response Behavior"); files go by the callback route, with a
		// 202 and no body in the HTTP response. A multipart answer is reported to fail
		// above about 150 KB (discord-api-docs issue 5250), and whatever its size (issue
		// 5933): the stand-in fails every one.
		s.failInteraction(id, rec, "the answer is "+contentType+", not JSON: Discord takes files by the callback route")
		return
	case perr != nil:
		s.failInteraction(id, rec, "the answer's body: "+perr.Error())
		return
	case verr != nil && s.opts.RejectInvalid:
		s.failInteraction(id, rec, "the answer does not match Discord's API: "+verr.Error())
		return
	}
	if _, _, _, aerr := s.takeCallback(id, token, payload, files, rec.Seq); aerr != nil {
		rec.ErrorCode = aerr.Code
		s.failInteraction(id, rec, "the callback route would refuse the answer: "+aerr.Message)
	}
}

// failInteraction makes an interaction not yet answered fail, saying why on rec, and wakes the
// waiters. The caller holds s.mu.
func (s *Server) failInteraction(id string, rec *Request, why string) {
	rec.Refused = why
	if st, ok := s.interactions[id]; ok && !st.acked {
		st.failed = true
	}
	s.notify()
}

// isJSON reports whether a content type is JSON's.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}
