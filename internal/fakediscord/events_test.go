package fakediscord

import (
	"context"
	"testing"
)

func TestSubscribeStreamsChannelChanges(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{})
	ctx, cancel := context.WithCancel(timeout(t))
	events := srv.Subscribe(ctx)
	ds := restSession(t, srv)

	said, err := srv.PostMessage(w.general.ID, "ana", "hello")
	if err != nil {
		t.Fatal(err)
	}
	sent, err := ds.ChannelMessageSend(w.general.ID, "welcome")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ds.ChannelMessageEdit(w.general.ID, sent.ID, "welcome, ana"); err != nil {
		t.Fatal(err)
	}
	thread, err := srv.AddThread(w.general.ID, "ana vs ben", "ana")
	if err != nil {
		t.Fatal(err)
	}

	want := []struct {
		kind EventKind
		id   string
	}{
		{MessageCreated, said.ID}, {MessageCreated, sent.ID}, {MessageUpdated, sent.ID},
		{ChannelCreated, thread.ID}, {MessageCreated, ""},
	}
	for i, w := range want {
		e, ok := <-events
		if !ok {
			t.Fatalf("stream ended after %d events", i)
		}
		id := e.Message.ID
		if e.Kind == ChannelCreated {
			id = e.Channel.ID
		}
		if e.Kind != w.kind || w.id != "" && id != w.id {
			t.Errorf("event %d = %v %s, want %v %s", i, e.Kind, id, w.kind, w.id)
		}
	}
	cancel()
	for range events {
	}
}
