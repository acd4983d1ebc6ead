package fakediscord

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"time"
)

// Resume is a RESUME a bot sent, and how the stand-in answered it.
type Resume struct {
	SessionID string
	// Seq is the last sequence number the bot said it received.
	Seq int64
	// Resumed reports whether the session was resumed: the missed dispatches replayed, then
	// RESUMED. When false the session was unknown, or too far behind, and INVALID_SESSION
	// (d=false) was answered, so the bot has to IDENTIFY anew.
	Resumed bool
	// Replayed is how many missed dispatches were sent again.
	Replayed int
	// Query is the gateway URL's query the bot reconnected with; Version its v.
	Query   url.Values
	Version string
	Time    time.Time
}

// gatewayFault is a fault done to a bot's gateway connection: 0 for none.
type gatewayFault int

// The gateway faults, by DropGateway, SendReconnect and InvalidateSession, or by chaos.
const (
	gatewayDrop gatewayFault = iota + 1
	gatewayReconnect
	gatewayInvalidate
)

// DropGateway closes the bot's gateway connections abruptly, without a close frame, as a
// network failure or a restarting Discord node does, once what was dispatched on them so far is
// sent. The sessions stay, so the bot can RESUME them; what is dispatched meanwhile,
// interactions included, is replayed then. discordgo notices the broken connection, reconnects
// and resumes when Session.ShouldReconnectOnError is set.
func (s *Server) DropGateway() error { return s.eachIdentified(gatewayDrop) }

// SendReconnect sends op 7 RECONNECT on the bot's gateway connections, as Discord does before
// moving a session to another node: the bot is to close the connection and RESUME on a new
// one. The sessions stay.
func (s *Server) SendReconnect() error { return s.eachIdentified(gatewayReconnect) }

// InvalidateSession ends every gateway session on Discord's side and sends op 9 INVALID_SESSION
// with d=false on the bot's connections. The sessions are forgotten: a RESUME of one gets
// INVALID_SESSION again, and what was dispatched is lost. The connections stay open and
// unidentified, so the bot must send a new IDENTIFY, on the same connection (as discordgo
// v0.29.0 does) or on a new one, and gets a new session and READY. An interaction started
// meanwhile is lost, as on Discord, which has no session to send it to: InvokeCommand and
// ClickComponent answer ErrNotConnected, and the user would see that the application did not
// respond.
func (s *Server) InvalidateSession() error { return s.eachIdentified(gatewayInvalidate) }

// eachIdentified does a fault to every open connection that carries a session, once the bot has
// heartbeated on each, as chaos does (see Chaos for why), waiting up to gatewayHandshakeTimeout
// for those heartbeats. It returns ErrNotConnected if no connection carries a session.
func (s *Server) eachIdentified(f gatewayFault) error {
	ctx, cancel := context.WithTimeout(context.Background(), gatewayHandshakeTimeout)
	defer cancel()
	var conns []*gatewayConn
	err := s.waitFor(ctx, func() bool {
		conns = conns[:0]
		for c := range s.conns {
			if c.session == nil || c.session.conn != c {
				continue
			}
			if !c.beat {
				return false
			}
			conns = append(conns, c)
		}
		for _, c := range conns {
			s.faultGateway(c, f)
		}
		if len(conns) > 0 && f == gatewayInvalidate {
			clear(s.sessions)
		}
		return true
	})
	switch {
	case err != nil:
		return fmt.Errorf("fakediscord: the bot has not heartbeated on its gateway connection: %w", err)
	case len(conns) == 0:
		return ErrNotConnected
	}
	return nil
}

// faultGateway does a fault to a connection that carries a session, and wakes the waiters. The
// caller holds s.mu.
func (s *Server) faultGateway(c *gatewayConn, f gatewayFault) {
	switch f {
	case gatewayDrop:
		c.session.conn = nil
		c.enqueue(nil, false) // the writer closes the TCP connection there
	case gatewayReconnect:
		c.send(payload{Op: 7})
	case gatewayInvalidate:
		c.send(payload{Op: 9, D: json.RawMessage("false")})
		delete(s.sessions, c.session.identify.SessionID)
		c.session = nil
	default:
		return
	}
	c.faulted = true
	s.gatewayFaults[f]++
	s.notify()
}

// GatewayFaults counts the gateway faults done so far, one per connection, by DropGateway,
// SendReconnect and InvalidateSession or by chaos: connections dropped, op 7 and op 9 sent.
func (s *Server) GatewayFaults() (dropped, reconnects, invalidated int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gatewayFaults[gatewayDrop], s.gatewayFaults[gatewayReconnect], s.gatewayFaults[gatewayInvalidate]
}

// WaitIdentifies waits until at least n IDENTIFYs have been received, and a session is
// connected, and returns them all.
func (s *Server) WaitIdentifies(ctx context.Context, n int) ([]Identify, error) {
	var out []Identify
	err := s.waitFor(ctx, func() bool {
		if len(s.identifies) < n || !s.connected() {
			return false
		}
		out = slices.Clone(s.identifies)
		return true
	})
	return out, err
}

// WaitResumes waits until at least n RESUMEs have succeeded, and a session is connected, and
// returns every RESUME received.
func (s *Server) WaitResumes(ctx context.Context, n int) ([]Resume, error) {
	var out []Resume
	err := s.waitFor(ctx, func() bool {
		ok := 0
		for _, r := range s.resumes {
			if r.Resumed {
				ok++
			}
		}
		if ok < n || !s.connected() {
			return false
		}
		out = slices.Clone(s.resumes)
		return true
	})
	return out, err
}

// WaitGatewaysClosed waits until no gateway connection is open: every connection the bot
// made has been closed, by the bot or by the server, and its end read here.
func (s *Server) WaitGatewaysClosed(ctx context.Context) error {
	return s.waitFor(ctx, func() bool { return len(s.conns) == 0 })
}
