package store

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenGame is the game of testdata/game-v1.jsonl.
func goldenGame() *Game {
	g := fullGame()
	g.ID = "18980a5e5d7e3000000000000000002a"
	g.Status = Finished
	g.Outcome = engine.Outcome{Result: engine.OrangeWins, Reason: engine.Timeout}
	g.Created, g.Updated, g.Finished = epoch, epoch.Add(4*time.Hour), epoch.Add(4*time.Hour)
	g.Version = 7
	// The golden record was written before check_thread_at, and pins that
	// a record without it reads as none.
	g.CheckThreadAt = time.Time{}
	return g
}

// TestRecordsOfSchema1StayReadable pins the encoding: the golden file is a
// record exactly as schema 1 writes it, and every later build must read it.
func TestRecordsOfSchema1StayReadable(t *testing.T) {
	path := filepath.Join("testdata", "game-v1.jsonl")
	data, err := encodeGame(goldenGame())
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, want) {
		t.Errorf("the encoding changed (run go test -update if on purpose):\n%s", data)
	}
	readsAsGolden(t, want)
}

// readsAsGolden checks that the record line data decodes as goldenGame.
func readsAsGolden(t *testing.T, data []byte) {
	t.Helper()
	got, err := decodeGame(bytes.TrimSuffix(data, []byte("\n")))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, goldenGame()) {
		t.Errorf("decoded\n%+v\nwant\n%+v", got, goldenGame())
	}
}

// Records written before the field board_messages was dropped (the bot
// never set it) read as the golden game: the field is passed over.
func TestRecordsWithBoardMessagesStayReadable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "game-v1-board-messages.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"board_messages":["m1","m2"]`)) {
		t.Fatalf("the old record lacks its board_messages:\n%s", data)
	}
	readsAsGolden(t, data)
}

func TestDecodeIgnoresFieldsFromLaterBuilds(t *testing.T) {
	data := `{"schema":1,"channel":"c1","status":"active","version":3,"shard":7}
{"rules":"standard","result":"*","moves":[{"move":"f5","by":"100","premove":"h7"}],"spectators":["300"]}`
	g, err := decodeGame([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if g.Channel != "c1" || len(g.Moves) != 1 || g.Version != 3 {
		t.Errorf("decoded %+v", g)
	}
}

func TestDecodeRefusesBadRecords(t *testing.T) {
	good := `{"schema":1,"channel":"c1","status":"active"}
{"rules":"standard","result":"*","time_per_move":"1h","moves":[{"move":"f5"}]}`
	if _, err := decodeGame([]byte(good)); err != nil {
		t.Fatalf("the good record: %v", err)
	}
	tests := []struct{ name, from, to, want string }{
		{"truncated", `"f5"}]}`, `"f5`, "unexpected end"},
		{"not JSON", good, "\x00\x01garbage", "two lines"},
		{"one line", "}\n{", ",", "two lines"},
		{"a bad header", `"schema":1`, `"schema":"1"`, "cannot unmarshal"},
		{"a later schema", `"schema":1`, `"schema":2`, "schema 2"},
		{"no schema", `"schema":1,`, ``, "schema 0"},
		{"no channel", `"channel":"c1",`, ``, "no channel"},
		{"unknown status", `"active"`, `"paused"`, "unknown status"},
		{"unknown rules", `"standard"`, `"blitz"`, "unknown rule set"},
		{"unknown result", `"*"`, `"2-0"`, "unknown result"},
		{"bad duration", `"1h"`, `"soon"`, "duration"},
		{"empty move", `"f5"`, `""`, "move 1 is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := strings.Replace(good, tt.from, tt.to, 1)
			_, err := decodeGame([]byte(bad))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("decode %s: %v, want an error saying %q", bad, err, tt.want)
			}
		})
	}
}

func FuzzDecodeGame(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "game-v1.jsonl")); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"schema":1,"channel":"c","status":"challenge"}` + "\n" + `{"rules":"last-act","result":"1/2-1/2","reason":"agreed draw"}`))
	f.Add([]byte(`{"schema":1,"channel":"c","status":"active","deadline":"2026-03-01T12:00:00+02:00"}` + "\n" +
		`{"rules":"standard","result":"*","board_messages":[],"region_choice":{"regions":[]},"moves":[{"move":"a\u0000<","at":"2026-03-01T12:00:00.5-01:00"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := decodeGame(data)
		if err != nil {
			return
		}
		again, err := encodeGame(g)
		if err != nil {
			t.Fatalf("encode of a decoded record: %v", err)
		}
		g2, err := decodeGame(again)
		if err != nil {
			t.Fatalf("decode of a re-encoded record: %v\n%s", err, again)
		}
		if !reflect.DeepEqual(g, g2) {
			t.Fatalf("round trip changed the game:\n%+v\n%+v", g, g2)
		}
	})
}

// FuzzAppendMoves checks the hand-written encoding of moves against
// encoding/json: the same moves must read back.
func FuzzAppendMoves(f *testing.F) {
	f.Add("c3:c5-NE2/e7", "123456789012345678", int64(1772366460123456789))
	f.Add("f5\"\\\x00\u2028<é\xff", "", int64(0))
	f.Fuzz(func(t *testing.T, notation, player string, at int64) {
		moves := []Move{{notation, player, time.Unix(0, at)}, {"pass", "", time.Time{}}}
		got, err := appendMoves(nil, moves)
		if err != nil {
			return // a year out of range
		}
		var fromUs, fromJSON []moveV1
		if err := json.Unmarshal(got, &fromUs); err != nil {
			t.Fatalf("appendMoves wrote invalid JSON %s: %v", got, err)
		}
		want := []moveV1{{notation, player, utc(time.Unix(0, at))}, {Move: "pass"}}
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &fromJSON); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fromUs, fromJSON) {
			t.Errorf("appendMoves wrote %s, which reads as %+v; encoding/json reads %+v", got, fromUs, fromJSON)
		}
	})
}
