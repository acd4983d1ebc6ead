package fakediscord

import (
	"cmp"
	"slices"
)

// How much the stand-in remembers unless Options say otherwise, so that a long run, such as
// the sandbox or a load test, keeps its memory bounded.
const (
	DefaultMaxMessagesPerChannel = 200
	DefaultMaxRequests           = 5000
	DefaultMaxRequestBodies      = 500
	DefaultMaxInteractions       = 1000
)

// withRetentionDefaults fills in the retention limits left zero.
func withRetentionDefaults(opts Options) Options {
	opts.MaxMessagesPerChannel = cmp.Or(opts.MaxMessagesPerChannel, DefaultMaxMessagesPerChannel)
	opts.MaxRequests = cmp.Or(opts.MaxRequests, DefaultMaxRequests)
	opts.MaxRequestBodies = cmp.Or(opts.MaxRequestBodies, DefaultMaxRequestBodies)
	opts.MaxInteractions = cmp.Or(opts.MaxInteractions, DefaultMaxInteractions)
	return opts
}

// trimRequests forgets the oldest requests beyond MaxRequests, and releases the body and files
// of the one that just fell out of the latest MaxRequestBodies. The caller holds s.mu.
func (s *Server) trimRequests() {
	if limit := s.opts.MaxRequests; limit > 0 && len(s.requests) > limit {
		n := len(s.requests) - limit
		clear(s.requests[:n]) // the backing array is copied when append grows it
		s.requests = s.requests[n:]
	}
	if limit := s.opts.MaxRequestBodies; limit > 0 && len(s.requests) > limit {
		releaseBody(s.requests[len(s.requests)-1-limit])
	}
}

// releaseBody drops a record's raw body and its files' bytes, keeping the rest. The handler may
// still hold the files, so the record gets a copy without the bytes.
func releaseBody(rec *Request) {
	rec.Body = nil
	if len(rec.Files) == 0 {
		return
	}
	files := slices.Clone(rec.Files)
	for i := range files {
		files[i].Data = nil
	}
	rec.Files = files
}

// trimMessages forgets a channel's oldest messages beyond MaxMessagesPerChannel. They are not
// deleted, as on Discord: no event tells of it. The caller holds s.mu.
func (s *Server) trimMessages(c *channelState) {
	limit := s.opts.MaxMessagesPerChannel
	if limit <= 0 || len(c.messages) <= limit {
		return
	}
	n := len(c.messages) - limit
	for _, m := range c.messages[:n] {
		delete(s.messages, m.ID)
	}
	c.messages = slices.Delete(c.messages, 0, n)
}

// trimInteractions forgets the interactions whose token has expired, and the oldest beyond
// MaxInteractions. The caller holds s.mu.
func (s *Server) trimInteractions() {
	now := s.now()
	n := 0
	for _, id := range s.interactionOrder {
		st := s.interactions[id]
		expired := st == nil || now.Sub(st.createdAt) > s.opts.TokenLifetime
		over := s.opts.MaxInteractions > 0 && len(s.interactionOrder)-n > s.opts.MaxInteractions
		if !expired && !over {
			break
		}
		if st != nil {
			delete(s.interactions, id)
			delete(s.byToken, st.Token)
		}
		n++
	}
	if n > 0 {
		s.interactionOrder = slices.Delete(s.interactionOrder, 0, n)
	}
}

// Retained counts what the stand-in holds: messages, requests, and request bodies and
// interactions, for checking that memory stays bounded.
type Retained struct {
	Messages      int
	Attachments   int // attachments with their bytes, over every kept message
	Requests      int
	RequestBodies int // requests still holding a raw body or file bytes
	Interactions  int
}

// Retained counts what the stand-in holds now.
func (s *Server) Retained() Retained {
	s.mu.Lock()
	defer s.mu.Unlock()
	var r Retained
	for _, c := range s.channels {
		r.Messages += len(c.messages)
		for _, m := range c.messages {
			r.Attachments += len(m.Attachments)
		}
	}
	r.Requests = len(s.requests)
	for _, rec := range s.requests {
		if rec.Body != nil || slices.ContainsFunc(rec.Files, func(f File) bool { return f.Data != nil }) {
			r.RequestBodies++
		}
	}
	r.Interactions = len(s.interactions)
	return r
}
