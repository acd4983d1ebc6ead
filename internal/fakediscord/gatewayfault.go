package fakediscord

import (
	"context"
	"encoding/json"
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

// DropGateway closes the bot's gateway connections abruptly, without a close frame, as a
// network failure or a restarting Discord node does. The sessions stay, so the bot can RESUME
// them; what is dispatched meanwhile is replayed then. discordgo notices the broken
// connection, reconnects and resumes when Session.ShouldReconnectOnError is set.
func (s *Server) DropGateway() error {
	return s.eachIdentified(func(c *gatewayConn) {
		c.session.conn = nil
		c.stop()
		_ = c.ws.Close() // the TCP connection, without a close frame
	})
}

// SendReconnect sends op 7 RECONNECT on the bot's gateway connections, as Discord does before
// moving a session to another node: the bot is to close the connection and RESUME on a new
// one. The sessions stay.
func (s *Server) SendReconnect() error {
	return s.eachIdentified(func(c *gatewayConn) { c.send(payload{Op: 7}) })
}

// InvalidateSession ends every gateway session on Discord's side and sends op 9 INVALID_SESSION
// with d=false on the bot's connections. The sessions are forgotten: a RESUME of one gets
// INVALID_SESSION again, and what was dispatched is lost. The connections stay open and
// unidentified, so the bot must send a new IDENTIFY, on the same connection (as discordgo
// v0.29.0 does) or on a new one, and gets a new session and READY. Interactions cannot be
// injected until it has.
func (s *Server) InvalidateSession() error {
	return s.eachIdentified(func(c *gatewayConn) {
		c.send(payload{Op: 9, D: json.RawMessage("false")})
		c.session = nil
		clear(s.sessions)
	})
}

// eachIdentified does fault to every open connection that carries a
// session, under s.mu, then wakes the waiters: ErrNotConnected if there is
// none.
func (s *Server) eachIdentified(fault func(c *gatewayConn)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var conns []*gatewayConn
	for c := range s.conns {
		if c.session != nil && c.session.conn == c {
			conns = append(conns, c)
		}
	}
	if len(conns) == 0 {
		return ErrNotConnected
	}
	for _, c := range conns {
		fault(c)
	}
	s.notify()
	return nil
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
