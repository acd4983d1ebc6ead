package activity

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestSessionSealedAndOpened(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s := newSealer("secret")
	c := claims{User: "1", Name: "ana", Locale: "fr", Channel: "9", Guild: "8", Instance: "i-1", Expires: now.Add(time.Hour).Unix()}
	token := s.seal(c)
	got, err := s.open(token, now)
	if err != nil || got != c {
		t.Fatalf("open(seal(c)) = %+v, %v; want %+v", got, err, c)
	}
	payload, sig, _ := strings.Cut(token, ".")
	forged := newSealer("another secret").seal(c)
	tampered := newSealer("secret").seal(claims{User: "2", Channel: "9", Expires: c.Expires})
	cases := []struct {
		name  string
		token string
		at    time.Time
		want  error
	}{
		{"none", "", now, ErrNoSession},
		{"no signature", payload, now, ErrForgedSession},
		{"signed by another secret", forged, now, ErrForgedSession},
		{"another's claims under this signature", strings.SplitN(tampered, ".", 2)[0] + "." + sig, now, ErrForgedSession},
		{"signature not base64", payload + ".!!", now, ErrForgedSession},
		{"expired", token, now.Add(time.Hour), ErrExpiredSession},
	}
	for _, tc := range cases {
		if _, err := s.open(tc.token, tc.at); !errors.Is(err, tc.want) {
			t.Errorf("%s: open = %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestBearer(t *testing.T) {
	for header, want := range map[string]string{"Bearer abc": "abc", "bearer  abc ": "abc", "Bot abc": "", "": "", "Bearer": ""} {
		if got := bearer(header); got != want {
			t.Errorf("bearer(%q) = %q, want %q", header, got, want)
		}
	}
}

// FuzzSessionOpen checks that no token opens without this server's
// signature, and that a session opens as it was sealed.
func FuzzSessionOpen(f *testing.F) {
	s := newSealer("secret")
	now := time.Unix(1_800_000_000, 0)
	f.Add(s.seal(claims{User: "1", Channel: "2", Expires: now.Unix() + 60}), "3")
	f.Add("e30.", "")
	f.Add("..", "x")
	f.Fuzz(func(t *testing.T, token, user string) {
		if c, err := s.open(token, now); err == nil && s.seal(c) != token && !strings.Contains(token, "=") {
			// A token that opens was sealed here; only its JSON's
			// spelling may differ from a new seal of the same claims.
			if _, err := s.open(s.seal(c), now); err != nil {
				t.Fatalf("a session that opened does not open once sealed again: %v", err)
			}
		}
		if user == "" {
			return
		}
		c := claims{User: user, Channel: "2", Expires: now.Unix() + 60}
		got, err := s.open(s.seal(c), now)
		if err != nil || got != c {
			t.Fatalf("open(seal(%+v)) = %+v, %v", c, got, err)
		}
	})
}
