package fakediscord

import "time"

// Heartbeats, as Discord's Gateway topic, "Sending Heartbeats", has them: a bot sends its first
// within heartbeat_interval of HELLO (the interval times a jitter between 0 and 1), then one
// every heartbeat_interval, each acknowledged with op 11. "If your app fails to send a
// heartbeat event in time, your connection will be closed and you will be forced to Resume":
// the stand-in closes a connection that sent none for heartbeatTolerance intervals, without
// ending its session. And "if a client does not receive a heartbeat ACK between its attempts at
// sending heartbeats, this may be due to a failed or 'zombied' connection. The client should
// immediately terminate the connection with any close code besides 1000 or 1001, then
// reconnect and attempt to Resume": ZombieGateway makes such a connection.

// heartbeatTolerance is how many heartbeat intervals the stand-in waits for a heartbeat before
// it closes the connection: Discord says there is "tolerance in the heartbeat_interval" and no
// more; the stand-in allows half an interval.
const heartbeatTolerance = 1.5

// watchHeartbeats closes c, keeping its session for a RESUME, once heartbeatTolerance intervals
// pass without a heartbeat on it. It returns when the connection ends.
func (c *gatewayConn) watchHeartbeats(interval time.Duration) {
	wait := time.Duration(float64(interval) * heartbeatTolerance)
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		select {
		case <-c.out.done:
			return
		case <-c.beats:
			if !t.Stop() {
				<-t.C
			}
			t.Reset(wait)
		case <-t.C:
			c.srv.logf("fakediscord: no heartbeat in %v: the connection is closed, its session kept for a RESUME", wait)
			c.srv.mu.Lock()
			c.srv.heartbeatTimeouts++
			c.srv.mu.Unlock()
			c.out.stop()
			_ = c.ws.Close()
			return
		}
	}
}

// ZombieGateway makes the bot's connections that carry a session "zombies", as a connection
// that died on the way without either end noticing: they stay open, but the stand-in no longer
// acknowledges heartbeats and sends nothing, keeping what it dispatches for a RESUME. A bot
// that misses the heartbeat ACK closes the connection with a code other than 1000 or 1001 and
// resumes its session on a new one; one that closes with 1000 or 1001 ends the session, and
// what was dispatched meanwhile, interactions included, is lost. ErrNotConnected if no
// connection carries a session.
func (s *Server) ZombieGateway() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for c := range s.conns {
		if c.session != nil && c.session.conn == c {
			c.zombie = true
			n++
		}
	}
	if n == 0 {
		return ErrNotConnected
	}
	s.notify()
	return nil
}

// HeartbeatTimeouts counts the connections the stand-in closed because the bot sent no heartbeat
// in time.
func (s *Server) HeartbeatTimeouts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heartbeatTimeouts
}
