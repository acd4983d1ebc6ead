package sandbox_test

import (
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
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
	if want := []string{"ana", "ben", "cleo", "margaux", "dana", "dora", "elise", "f.g_9"}; !slices.Equal(users, want) {
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
	if len(st.Users) != 5 {
		t.Errorf("%d users after the mistakes, want the 5 seeded", len(st.Users))
	}
}

// TestBrowserAddsPeople adds people from the user switch's form in headless Chromium: a
// mistake is shown under it and adds no one; a French person added is acted as at once, sees
// the commands in French and plays with them. It skips when no Chromium is installed.
func TestBrowserAddsPeople(t *testing.T) {
	w := newWorld(t)
	p := sandboxtest.Open(t, w.http.URL+"/?as=ana&channel=volo", sandboxtest.Options{})

	if msg := p.AddUserError("ben", "en-US"); msg != "There is already someone called ben." {
		t.Errorf("adding ben again shows %q", msg)
	}
	p.Screenshot("add-user-refused")
	p.AddUser("dora", "fr")
	p.Type("/volo d")
	if got := p.Suggestions(); !slices.Equal(got, []string{"/volo défi"}) {
		t.Errorf("/volo d suggests %q to dora, want the French /volo défi", got)
	}
	p.Run("/volo défi adversaire:@ana")
	p.WaitForText("challenges @ana to a game of Volo")
	if m := p.LastMessage(); m.Command != "dora used /volo challenge" {
		t.Errorf("the challenge shows %+v, want dora's command", m)
	}
	// dora stays in the user switch, to come back to.
	p.SelectUser("ana")
	p.SelectUser("dora")
}

// A person added is written to the world file at once, and is there after a restart, a member
// speaking the language they were added with, not only those of the seed.
func TestAddedPeopleKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "volo-sandbox.world.json")
	first := startKept(t, path)
	var dora apiNewUser
	if status := first.page.post(t, "/api/users", map[string]string{"name": "dora", "locale": "fr"}, &dora); status != http.StatusOK {
		t.Fatalf("adding dora: %d %q", status, dora.Error)
	}
	kept := readKept(t, path) // before any stop: a crash does not lose her
	if kept.World.LastID == "" || snowflake(t, kept.World.LastID) < snowflake(t, dora.ID) {
		t.Errorf("the world file's last ID %q is before dora's %s: she is not written", kept.World.LastID, dora.ID)
	}
	first.stop(t)

	second := startKept(t, path)
	u, ok := second.srv.User("dora")
	if !ok || u.ID != dora.ID || u.Locale != "fr" {
		t.Fatalf("after the restart dora is %+v (%v), want %s speaking fr", u, ok, dora.ID)
	}
	if _, err := second.srv.Member(second.sb.Guild().ID, u.ID); err != nil {
		t.Errorf("after the restart dora is not a member: %v", err)
	}
}
