package bot_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/volo-discord/volo/store"
)

// postSigned posts body to a bot's interactions endpoint at addr, signed
// by the stand-in's key over timestamp as Discord signs, and returns the
// status answered.
func (w *world) postSigned(addr string, body []byte, timestamp string) int {
	w.t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/interactions", bytes.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", timestamp)
	req.Header.Set("X-Signature-Ed25519", w.srv.Sign(timestamp, body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// A signed interaction sent again within the five minutes its signature
// is taken for, by one who copied it or by a retry at another replica,
// changes nothing wherever it lands: at the bot that took it, restarted
// since, and at a second replica on its store. ana's challenge, withdrawn,
// is not made again.
func TestReplayedInteractionChangesNothing(t *testing.T) {
	t.Parallel()
	for _, where := range []string{"after a restart", "at another replica"} {
		t.Run(where, func(t *testing.T) {
			t.Parallel()
			w := newWorldWith(t, worldOptions{http: true})
			signed := strconv.FormatInt(time.Now().Unix(), 10)
			in := w.send(w.channel, "ana", "/volo challenge opponent:@ben colour:orange")
			c := w.answer(in, "ana's challenge")
			w.click("ana", c, "Withdraw")
			if _, err := w.store.Get(w.channel); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("after the withdrawal the channel holds %v", err)
			}
			public := len(w.said(w.channel, ""))
			flush := w.flush
			addr := ""
			if where == "after a restart" {
				w.restart()
				addr = w.bot.InteractionsAddr()
			} else {
				second := w.replica()
				addr = second.InteractionsAddr()
				flush = func() {
					w.flush()
					ctx, cancel := context.WithTimeout(context.Background(), answerWait())
					defer cancel()
					if err := second.Flush(ctx); err != nil {
						t.Fatal(err)
					}
				}
			}
			status := w.postSigned(addr, in.Payload, signed)
			flush()
			if status == http.StatusOK {
				t.Errorf("the replay was answered %d: it was taken as a new interaction", status)
			}
			if g, err := w.store.Get(w.channel); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("the replay made a challenge again: %+v, %v", g, err)
			}
			if n := len(w.said(w.channel, "")); n != public {
				t.Errorf("%d public messages after the replay, were %d", n, public)
			}
		})
	}
}
