package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// heartbeat is how often an idle event stream sends a comment, so that nothing between the page
// and the sandbox takes it for dead.
const heartbeat = 20 * time.Second

// eventView is a change the page hears about: "message" events carry the message as it is after
// the change, with the ID of the only user who sees it if it is ephemeral, and say when it is
// in one of the viewer's direct messages or group DMs; "channel" events a new or renamed
// channel or thread, or a new group DM of the viewer's.
type eventView struct {
	Kind      string       `json:"kind"` // created, updated, channel
	ChannelID string       `json:"channelId"`
	DM        bool         `json:"dm,omitempty"`
	Message   *messageView `json:"message,omitempty"`
	Channel   *channelView `json:"channel,omitempty"`
	// Activity is the instance of an "activity" event: someone opened or closed the
	// channel's Activity.
	Activity *activityView `json:"activity,omitempty"`
}

// serveEvents answers GET /events?user=name with a stream of server-sent events: "ready" once
// the stream follows the stand-in, then "message" and "channel" events as they happen, in
// order, until the page goes away or the sandbox closes. The guild's events go to every stream;
// those of a user's direct messages and group DMs only to a stream that names a user in them,
// which the page opens anew when it switches who it acts as.
func (sb *Sandbox) serveEvents(w http.ResponseWriter, r *http.Request) {
	viewer := ""
	if ref := r.FormValue("user"); ref != "" {
		if u, err := sb.member(ref); err == nil {
			viewer = u.ID
		}
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	events := sb.srv.Subscribe(r.Context())
	if err := sb.send(w, rc, "ready", struct{}{}); err != nil {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case e, ok := <-events:
			if !ok {
				return
			}
			kind, v, ok := sb.eventView(e, viewer)
			if !ok {
				continue
			}
			if err := sb.send(w, rc, kind, v); err != nil {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-sb.done:
			return
		}
	}
}

// eventView shows a change of the stand-in on the page of a viewer (a user ID, or none); false
// for changes outside the guild and outside the viewer's own direct messages and group DMs. A
// new group DM or DM between people is told to its people; the bot's direct messages with them
// are not, until the bot writes there.
func (sb *Sandbox) eventView(e fakediscord.Event, viewer string) (string, eventView, bool) {
	c, ok := sb.srv.Channel(e.ChannelID)
	if e.Kind == fakediscord.ChannelCreated {
		c, ok = e.Channel, true
	}
	private := ok && isPrivateTo(c, viewer)
	if !ok || c.GuildID != sb.guild.ID && !private || private && e.Kind == fakediscord.ChannelCreated && isBotDM(c) {
		return "", eventView{}, false
	}
	v := eventView{ChannelID: e.ChannelID, DM: private}
	switch e.Kind {
	case fakediscord.ChannelCreated, fakediscord.ChannelUpdated:
		cv := channelOf(e.Channel)
		if private {
			u, _ := sb.srv.User(viewer)
			cv = sb.privateView(e.Channel, u)
		}
		v.Kind, v.Channel = "channel", &cv
		return "channel", v, true
	case fakediscord.MessageCreated:
		v.Kind = "created"
	case fakediscord.MessageUpdated:
		v.Kind = "updated"
	case fakediscord.ActivityJoined, fakediscord.ActivityLeft:
		v.Kind = "activity"
		v.Activity = &activityView{Instance: e.Activity.InstanceID, Participants: sb.partners(e.Activity)}
		return "activity", v, true
	default:
		return "", eventView{}, false
	}
	mv := sb.messageView(e.Message)
	v.Message = &mv
	return "message", v, true
}

// send writes one server-sent event and flushes it to the page.
func (sb *Sandbox) send(w http.ResponseWriter, rc *http.ResponseController, event string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		sb.logf("sandbox: event %s: %v", event, err)
		return nil
	}
	if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
		return err
	}
	return rc.Flush()
}
