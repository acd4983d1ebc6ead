package bot_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// setOption sets the value of every option named name in an
// interaction's options tree.
func setOption(v any, name string, value string) {
	switch v := v.(type) {
	case map[string]any:
		if v["name"] == name && v["value"] != nil {
			v["value"] = value
		}
		for _, c := range v {
			setOption(c, name, value)
		}
	case []any:
		for _, c := range v {
			setOption(c, name, value)
		}
	}
}

// A /volo move whose text is longer than Discord's max_length lets
// through, signed as Discord signs and posted to the bot's endpoint, is
// answered with a private sentence within Discord's limits that does not
// quote the text, and nothing changes.
func TestLongMoveTextPostedToTheEndpoint(t *testing.T) {
	t.Parallel()
	w := newWorldWith(t, worldOptions{http: true})
	w.startGame(w.channel)
	// ana's move as the stand-in posts it, refused for its notation.
	in := w.send(w.channel, "ana", "/volo move move:zz")
	if _, err := in.Callback(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.flush()
	id, err := strconv.ParseUint(in.ID, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	version, public := w.storedVersion(w.channel), len(w.said(w.channel, ""))
	url := "http://" + w.bot.InteractionsAddr() + "/interactions"
	for i, tc := range []struct{ name, pattern string }{
		{"ASCII", "c3:c5-NE2/e7 "},
		{"CJK", "飛ぶ鳥の群れ"},
		{"emoji", "🐦🪶👩‍👩‍👧"},
	} {
		for j, n := range []int{990, 2000, 10240} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, n), func(t *testing.T) {
				r := []rune(strings.Repeat(tc.pattern, n))[:n]
				text := string(r)
				var payload map[string]any
				if err := json.Unmarshal(in.Payload, &payload); err != nil {
					t.Fatal(err)
				}
				payload["id"] = strconv.FormatUint(id+uint64(1+i*3+j), 10)
				setOption(payload["data"], "move", text)
				body, err := json.Marshal(payload)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Contains(body, []byte(text[:len(text)/2])) {
					t.Fatal("the text is not in the request")
				}
				now := strconv.FormatInt(time.Now().Unix(), 10)
				req, err := http.NewRequest("POST", url, bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Signature-Timestamp", now)
				req.Header.Set("X-Signature-Ed25519", w.srv.Sign(now, body))
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				raw, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				var answer struct {
					Type int `json:"type"`
					Data struct {
						Content string `json:"content"`
						Flags   int    `json:"flags"`
					} `json:"data"`
				}
				if resp.StatusCode != http.StatusOK || json.Unmarshal(raw, &answer) != nil {
					t.Fatalf("the endpoint answered %d %.200q", resp.StatusCode, raw)
				}
				content := answer.Data.Content
				if answer.Type != 4 || answer.Data.Flags&64 == 0 || !strings.Contains(content, "characters long; a move is at most 40") {
					t.Errorf("answer type %d, flags %d: %q, want a private refusal of the length", answer.Type, answer.Data.Flags, content)
				}
				if c := utf8.RuneCountInString(content); c > 2000 {
					t.Errorf("an answer of %d characters", c)
				}
				if piece := string(r[:41]); strings.Contains(content, piece) {
					t.Errorf("the answer quotes more than 40 characters of the text: %q", content)
				}
			})
		}
	}
	w.flush()
	if v := w.storedVersion(w.channel); v != version {
		t.Errorf("the long moves changed the game: version %d, was %d", v, version)
	}
	if n := len(w.said(w.channel, "")); n != public {
		t.Errorf("%d public messages after the long moves, want %d", n, public)
	}
	if msg := w.do("ana", "/volo move move:f5"); !strings.Contains(msg.Content, "f5 · move 1") {
		t.Errorf("ana's first move after the long ones: %q", msg.Content)
	}
	w.noValidationFailures()
}
