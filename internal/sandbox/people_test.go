package sandbox_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// apiNewUser is the answer to POST /api/users.
type apiNewUser struct {
	apiUser
	Locale string `json:"locale"`
	Error  string `json:"error"`
}

func TestAddUsersThroughTheAPI(t *testing.T) {
	w := newWorld(t)
	volo := w.channelID(t, "volo")
	for _, tc := range []struct{ name, locale, want string }{
		{"dora", "", "en-US"},
		{"  elise  ", "fr", "fr"},
		{"f.g_9", "en-US", "en-US"},
	} {
		var got apiNewUser
		if status := w.post(t, "/api/users", map[string]string{"name": tc.name, "locale": tc.locale}, &got); status != http.StatusOK {
			t.Fatalf("adding %q: %d %q", tc.name, status, got.Error)
		}
		name := strings.TrimSpace(tc.name)
		if got.Username != name || got.ID == "" || got.Bot || got.Locale != tc.want {
			t.Errorf("adding %q answered %+v, want %s speaking %s", tc.name, got, name, tc.want)
		}
		u, ok := w.srv.User(got.ID)
		if !ok || u.Locale != tc.want {
			t.Errorf("the stand-in has %s as %+v (%v), want locale %s", name, u, ok, tc.want)
		}
		if _, err := w.srv.Member(w.sb.Guild().ID, got.ID); err != nil {
			t.Errorf("%s is not a member of the guild: %v", name, err)
		}
	}

	var st apiState
	w.get(t, "/api/state", &st)
	var users []string
	for _, u := range st.Users {
		users = append(users, u.Username)
	}
	if want := []string{"ana", "ben", "cleo", "margaux", "dora", "elise", "f.g_9"}; !slices.Equal(users, want) {
		t.Errorf("users %v, want %v", users, want)
	}

	// The new people act as anyone seeded does: a command as dora, against elise.
	w.run(t, volo, "dora", "/volo challenge opponent:@elise")
	list := w.waitMessages(t, volo, "elise", 1, nil)
	if c := list[len(list)-1].Command; c == nil || c.User.Username != "dora" {
		t.Errorf("the answer's command line %+v, want dora's", c)
	}
}

func TestAddUserMistakes(t *testing.T) {
	w := newWorld(t)
	for _, tc := range []struct {
		name, locale string
		status       int
		error        string
	}{
		{"", "", http.StatusBadRequest, "Give the new person a name."},
		{"   ", "", http.StatusBadRequest, "Give the new person a name."},
		{"Dora", "", http.StatusBadRequest, "A name is lower-case letters, digits, _ and . only, as a Discord username."},
		{"do ra", "", http.StatusBadRequest, "A name is lower-case letters, digits, _ and . only, as a Discord username."},
		{"<@1>", "", http.StatusBadRequest, "A name is lower-case letters, digits, _ and . only, as a Discord username."},
		{strings.Repeat("a", 33), "", http.StatusBadRequest, "A name is at most 32 characters."},
		{"dora", "de", http.StatusBadRequest, "Pick English (en-US) or French (fr) for dora's Discord."},
		{"ana", "", http.StatusConflict, "There is already someone called ana."},
		{"volo", "", http.StatusConflict, "There is already someone called volo."},
	} {
		var got apiNewUser
		status := w.post(t, "/api/users", map[string]string{"name": tc.name, "locale": tc.locale}, &got)
		if status != tc.status || got.Error != tc.error {
			t.Errorf("adding %q (%q): %d %q, want %d %q", tc.name, tc.locale, status, got.Error, tc.status, tc.error)
		}
	}
	var st apiState
	w.get(t, "/api/state", &st)
	if len(st.Users) != 4 {
		t.Errorf("%d users after the mistakes, want the 4 seeded", len(st.Users))
	}
}
