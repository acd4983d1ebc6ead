package activity

import (
	"time"

	"github.com/volo-discord/volo/store"
)

// Watch returns st with every committed change of a game told to the
// boards open on it, at once: give the bot the store Watch returns, and
// each of its commits (a move by any means, the computer's, a loss on
// time, the end) reaches the boards of that channel without waiting for
// the poll. The change is told after it is committed, and telling never
// waits.
func (s *Server) Watch(st store.Backend) store.Backend { return watched{Backend: st, hub: s.hub} }

// watched is a store that tells the hub of the games it changes.
type watched struct {
	store.Backend
	hub *hub
}

func (w watched) Create(g *store.Game, anns ...*store.Announcement) error {
	return w.told(g, w.Backend.Create(g, anns...))
}

func (w watched) Update(g *store.Game, anns ...*store.Announcement) error {
	return w.told(g, w.Backend.Update(g, anns...))
}

// UpdatePlans is a move committed with the plans it played or spent: the
// boards are told of the move (never of the plans).
func (w watched) UpdatePlans(g *store.Game, plans map[string][]string, anns ...*store.Announcement) error {
	return w.told(g, w.Backend.UpdatePlans(g, plans, anns...))
}

func (w watched) Delete(g *store.Game, anns ...*store.Announcement) error {
	return w.told(g, w.Backend.Delete(g, anns...))
}

func (w watched) Finish(g *store.Game, anns ...*store.Announcement) error {
	return w.told(g, w.Backend.Finish(g, anns...))
}

// Resume moves every deadline after an absence: every board is told.
func (w watched) Resume(away time.Duration) (store.Absence, error) {
	a, err := w.Backend.Resume(away)
	if err == nil {
		w.hub.changedAll()
	}
	return a, err
}

// told tells g's boards of a change that err did not stop.
func (w watched) told(g *store.Game, err error) error {
	if err == nil {
		w.hub.changed(g.Channel)
	}
	return err
}
