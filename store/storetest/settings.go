package storetest

import (
	"errors"
	"testing"

	"github.com/volo-discord/volo/store"
)

func testGuildSettings(t *testing.T, e *env) {
	if gs, err := e.db.Settings("g1"); err != nil || gs != (store.GuildSettings{}) {
		t.Errorf("a guild that set nothing: %+v, %v", gs, err)
	}
	if err := e.db.SetSettings("g1", store.GuildSettings{Threads: true}); err != nil {
		t.Fatal(err)
	}
	if gs, err := e.db.Settings("g1"); err != nil || !gs.Threads {
		t.Errorf("after setting threads: %+v, %v", gs, err)
	}
	want := store.GuildSettings{PuzzleChannel: "c7", PuzzleLang: "fr"}
	if err := e.db.SetSettings("g1", want); err != nil {
		t.Fatal(err)
	}
	if gs, err := e.db.Settings("g1"); err != nil || gs != want {
		t.Errorf("after a second set: %+v, %v; want %+v", gs, err, want)
	}
	if gs, _ := e.db.Settings("g2"); gs != (store.GuildSettings{}) {
		t.Error("one guild's settings leak into another's")
	}
	if err := e.db.SetSettings("", store.GuildSettings{}); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("settings without a guild: %v, want ErrInvalid", err)
	}
	mustCheck(t, e.db)
}

func testPuzzleChannels(t *testing.T, e *env) {
	if got, err := e.db.PuzzleChannels(); err != nil || len(got) != 0 {
		t.Errorf("PuzzleChannels of no settings = %+v, %v", got, err)
	}
	if err := e.db.SetSettings("g1", store.GuildSettings{Threads: true}); err != nil {
		t.Fatal(err)
	}
	if err := e.db.SetSettings("g2", store.GuildSettings{PuzzleChannel: "c2", PuzzleLang: "fr"}); err != nil {
		t.Fatal(err)
	}
	got, err := e.db.PuzzleChannels()
	if err != nil || len(got) != 1 || got["g2"].PuzzleChannel != "c2" || got["g2"].PuzzleLang != "fr" {
		t.Errorf("PuzzleChannels() = %+v, %v; want g2's alone", got, err)
	}
}
