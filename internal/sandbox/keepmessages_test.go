package sandbox_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
)

// attachmentBytes fetches an attachment as the page does.
func attachmentBytes(t *testing.T, w *world, url string) []byte {
	t.Helper()
	res, err := http.Get(w.http.URL + url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	return data
}

// waitKeptMessages waits until the world file holds n messages of a channel: the sandbox writes
// them shortly after they change, not only when it stops.
func waitKeptMessages(t *testing.T, path, channel string, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var f struct {
			Messages []fakediscord.ChannelMessages `json:"messages"`
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(f.Messages, func(c fakediscord.ChannelMessages) bool { return c.ChannelID == channel })
		if i >= 0 && len(f.Messages[i].Messages) == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the world file does not hold the %d messages of the channel: %+v", n, f.Messages)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A channel reads after a restart as it did before: its messages, with their command lines,
// mentions, buttons and board images, and the ephemeral ones gone, as Discord's client forgets
// them. They are written as they come, not only when the sandbox stops, and a button of the kept
// board still works with the bot started again.
func TestMessagesKeptAcrossARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo-sandbox.world.json")
	first := startKept(t, path)
	bot := startTestBot(t, first.srv, first.sb.Guild().ID)
	w := first.page
	volo := w.channelID(t, "volo")
	w.run(t, volo, "ana", "/volo challenge opponent:@ben")
	challenge := w.waitMessages(t, volo, "cleo", 1, nil)[0]
	w.click(t, "ben", challenge.ID, "accept")
	w.waitMessages(t, volo, "cleo", 1, func(l []apiMessage) bool { return len(l[0].Attachments) == 1 })
	w.run(t, volo, "ana", "/volo move move:c3")
	w.run(t, volo, "cleo", "good luck both")
	w.run(t, volo, "ben", "/volo board") // ephemeral: ben alone sees it, until a reload
	w.waitMessages(t, volo, "ben", 4, nil)
	before := w.waitMessages(t, volo, "cleo", 3, nil)
	board := before[1]
	if len(board.Attachments) != 1 || !slices.Contains(board.labels(), "Board") {
		t.Fatalf("the board after c3 is %+v, want its image and its Board button", board)
	}
	image := attachmentBytes(t, w, board.Attachments[0].URL)
	waitKeptMessages(t, path, volo, 3) // before any stop: a crash does not lose them
	if files, _ := os.ReadDir(filepath.Join(filepath.Dir(path), "volo-sandbox.world.attachments")); len(files) != 2 {
		t.Errorf("the attachments' folder holds %d files, want the two boards", len(files))
	}
	first.stop(t)

	second := startKept(t, path)
	bot.connect(t, second.srv, second.sb.Guild().ID)
	w = second.page
	for _, who := range []string{"cleo", "ben"} {
		if after := w.messages(t, volo, who); !reflect.DeepEqual(after, before) {
			t.Errorf("after the restart %s sees\n%+v\nwant\n%+v", who, after, before)
		}
	}
	if got := attachmentBytes(t, w, board.Attachments[0].URL); !bytes.Equal(got, image) {
		t.Errorf("the board's image after the restart has %d bytes, want the %d it had", len(got), len(image))
	}

	w.click(t, "ben", board.ID, "board")
	list := w.waitMessages(t, volo, "ben", 4, nil)
	if got := list[3]; got.VisibleTo == "" || !strings.Contains(got.HTML, "The board after 1 moves") || len(got.Attachments) != 1 {
		t.Errorf("ben's click on the kept board answers %+v, want the board for his eyes only", got)
	}
	w.run(t, volo, "ben", "/volo move move:d4")
	list = w.waitMessages(t, volo, "cleo", 4, nil)
	if !strings.Contains(list[3].HTML, "<code>d4</code>") || snowflake(t, list[3].ID) <= snowflake(t, before[2].ID) {
		t.Errorf("the move after the restart is %+v, want d4 with an ID after the kept messages'", list[3])
	}
}

// A kept message whose attachment's file is gone is shown without it; the others are kept.
func TestKeptMessageWithoutItsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo-sandbox.world.json")
	first := startKept(t, path)
	startTestBot(t, first.srv, first.sb.Guild().ID)
	w := first.page
	volo := w.channelID(t, "volo")
	w.run(t, volo, "ana", "/volo challenge opponent:@ben")
	challenge := w.waitMessages(t, volo, "cleo", 1, nil)[0]
	w.click(t, "ben", challenge.ID, "accept")
	w.waitMessages(t, volo, "cleo", 1, func(l []apiMessage) bool { return len(l[0].Attachments) == 1 })
	first.stop(t)
	if err := os.RemoveAll(filepath.Join(filepath.Dir(path), "volo-sandbox.world.attachments")); err != nil {
		t.Fatal(err)
	}

	second := startKept(t, path)
	list := second.page.messages(t, volo, "cleo")
	if len(list) != 1 || !strings.Contains(list[0].HTML, "Game on!") || len(list[0].Attachments) != 0 {
		t.Errorf("after the restart cleo sees %+v, want the game without its board", list)
	}
}

// A world file whose kept messages do not fit its world stops the sandbox with a sentence naming
// it.
func TestKeptMessagesThatDoNotFit(t *testing.T) {
	dir := t.TempDir()
	world := `"world": {"application": {"id": "1", "name": "Volo"}, "guilds": [{"id": "2", "name": "g",
		"roles": [{"id": "2", "name": "@everyone"}], "members": []}], "channels": [{"id": "3", "type": 0, "guild_id": "2", "name": "volo"}]}`
	message := func(id, channel string, flags int) string {
		return `{"channel_id": "` + channel + `", "messages": [{"id": "` + id + `", "channel_id": "` + channel +
			`", "author": {"id": "1", "username": "Volo"}, "content": "hello", "flags": ` + strconv.Itoa(flags) + `}]}`
	}
	for _, tc := range []struct{ name, messages, says string }{
		{"a channel the world lacks", message("10", "9", 0), "does not have"},
		{"an ID that is no snowflake", message("ten", "3", 0), "not a snowflake"},
		{"an ephemeral message", message("10", "3", 64), "ephemeral"},
		{"an attachment ID that is a path", `{"channel_id": "3", "messages": [{"id": "10", "author": {"id": "1", "username": "Volo"},
			"attachments": [{"id": "../x", "filename": "x.png"}]}]}`, "not a snowflake"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".json")
			content := `{"format": 1, ` + world + `, "messages": [` + tc.messages + `]}`
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := sandbox.New(fakediscord.New(fakediscord.Options{}), sandbox.Options{WorldFile: path})
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("New: %v; want an error naming %s that says %q", err, path, tc.says)
			}
		})
	}
}
