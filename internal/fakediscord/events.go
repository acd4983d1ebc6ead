package fakediscord

import "context"

// EventKind says what changed in a channel.
type EventKind int

// The kinds of events a subscription receives.
const (
	MessageCreated EventKind = iota + 1
	MessageUpdated
	ChannelCreated
	ChannelUpdated
	// ActivityJoined: a user opened the application's Activity in the channel (see
	// LaunchActivity); ActivityLeft: a user closed it.
	ActivityJoined
	ActivityLeft
)

// Event is a change in a channel as a person watching it would see it: a message posted or
// edited, or a channel or thread created or renamed.
type Event struct {
	Kind      EventKind
	ChannelID string
	// Message is the message as it is after the change. Check
	// Message.VisibleTo before showing an ephemeral message.
	Message Message
	// Channel is the channel of a ChannelCreated or ChannelUpdated event, as it is after.
	Channel Channel
	// Activity is the instance of an ActivityJoined or ActivityLeft event, as it is after, and
	// UserID who joined or left it.
	Activity ActivityInstance
	UserID   string
}

// Subscribe returns a channel receiving every event from now on, in order, until ctx ends or
// the server closes; then the channel is closed. Events queue without bound so that the server
// never waits for a slow reader; one goroutine hands them over in order.
func (s *Server) Subscribe(ctx context.Context) <-chan Event {
	sub := newQueue[Event]()
	out := make(chan Event)
	s.mu.Lock()
	if s.closed {
		sub.stop()
	} else {
		s.subs[sub] = struct{}{}
	}
	s.mu.Unlock()
	go func() {
		defer close(out)
		defer func() {
			s.mu.Lock()
			delete(s.subs, sub)
			s.mu.Unlock()
		}()
		for {
			for _, e := range sub.take() {
				select {
				case out <- e:
				case <-ctx.Done():
					return
				case <-sub.done:
					return
				}
			}
			select {
			case <-sub.wake:
			case <-ctx.Done():
				return
			case <-sub.done:
				return
			}
		}
	}()
	return out
}

// publish queues an event for every subscriber. The caller holds s.mu.
func (s *Server) publish(e Event) {
	for sub := range s.subs {
		sub.push(e)
	}
}
