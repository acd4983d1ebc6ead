package bot

import (
	"context"
	"log/slog"
	"regexp"
)

// interactionToken finds the token in an interaction's callback or
// webhook URL, as discordgo's errors quote them: with it anyone can post
// as the bot in that channel for 15 minutes, so it never reaches a log.
var interactionToken = regexp.MustCompile(`(/(?:interactions|webhooks)/\d+/)[A-Za-z0-9_.-]{16,}`)

// redact blanks out the interaction tokens in s.
func redact(s string) string { return interactionToken.ReplaceAllString(s, "${1}[token]") }

// redacting is a slog.Handler that blanks out interaction tokens in the
// message and in every string, error or Stringer attribute.
type redacting struct{ slog.Handler }

// Handle redacts the record and passes it on.
func (h redacting) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, redact(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return h.Handler.Handle(ctx, out)
}

// WithAttrs redacts the attributes and keeps redacting.
func (h redacting) WithAttrs(as []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(as))
	for i, a := range as {
		red[i] = redactAttr(a)
	}
	return redacting{h.Handler.WithAttrs(red)}
}

// WithGroup keeps redacting within the group.
func (h redacting) WithGroup(name string) slog.Handler { return redacting{h.Handler.WithGroup(name)} }

// redactAttr redacts one attribute's value.
func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, redact(v.String()))
	case slog.KindGroup:
		as := v.Group()
		red := make([]any, len(as))
		for i, g := range as {
			red[i] = redactAttr(g)
		}
		return slog.Group(a.Key, red...)
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			return slog.String(a.Key, redact(x.Error()))
		case interface{ String() string }:
			return slog.String(a.Key, redact(x.String()))
		}
	}
	return a
}
