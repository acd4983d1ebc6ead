package fakediscord

import (
	"bytes"
	"compress/zlib"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// gatewayConn is one websocket connection. Writes go through a queue drained by one goroutine,
// so dispatching never blocks the server and payloads keep their order.
type gatewayConn struct {
	ws       *websocket.Conn
	srv      *Server
	out      *queue[frame] // frames waiting for the writer
	mu       sync.Mutex
	session  *gatewaySession // set once identified or resumed; guarded by srv.mu
	compress bool            // guarded by srv.mu
	zw       *zlib.Writer    // reused for compressed payloads; guarded by mu
	beat     bool            // the bot heartbeated on it; guarded by srv.mu
	faulted  bool            // a gateway fault was done to it since its IDENTIFY; guarded by srv.mu
	zombie   bool            // it acknowledges and sends nothing: see ZombieGateway; guarded by srv.mu
	beats    chan struct{}   // a heartbeat came, for watchHeartbeats
}

// frame is one websocket message to send; without data, the end of the connection.
type frame struct {
	binary bool
	data   []byte
}

// send queues a non-dispatch payload, never compressed.
func (c *gatewayConn) send(p payload) {
	b, _ := json.Marshal(p)
	c.enqueue(b, false)
}

// enqueue queues a payload for the writer, zlib-compressed as a binary message when the bot
// asked for compression in IDENTIFY.
func (c *gatewayConn) enqueue(b []byte, compress bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f := frame{data: b}
	if compress {
		var buf bytes.Buffer
		if c.zw == nil {
			c.zw = zlib.NewWriter(&buf)
		} else {
			c.zw.Reset(&buf)
		}
		_, _ = c.zw.Write(b)
		_ = c.zw.Close()
		f = frame{binary: true, data: buf.Bytes()}
	}
	c.out.push(f)
}

// writeLoop writes queued payloads in order until the connection stops.
func (c *gatewayConn) writeLoop() {
	for {
		select {
		case <-c.out.done:
			return
		case <-c.out.wake:
		}
		for _, f := range c.out.take() {
			if f.data == nil { // dropped: see DropGateway
				c.out.stop()
				_ = c.ws.Close()
				return
			}
			typ := websocket.TextMessage
			if f.binary {
				typ = websocket.BinaryMessage
			}
			_ = c.ws.SetWriteDeadline(time.Now().Add(gatewayWriteTimeout))
			if err := c.ws.WriteMessage(typ, f.data); err != nil {
				c.srv.logf("fakediscord: gateway write: %v", err)
				c.out.stop()
				return
			}
		}
	}
}

// close sends a close frame with a gateway close code, after what is already queued, and ends
// the connection.
func (c *gatewayConn) close(code int, reason string) {
	for i := 0; i < 50 && c.out.pending() > 0; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	c.out.stop()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	_ = c.ws.Close()
}

// randomHex returns n random bytes in hex, for session IDs and interaction tokens.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
