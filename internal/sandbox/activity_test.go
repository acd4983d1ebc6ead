package sandbox_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
)

// activitySandbox is the sandbox with an Activity to show: a stand-in with Activities on, and
// an Activity's server that answers every request with its path.
func activitySandbox(t *testing.T) (*fakediscord.Server, *httptest.Server, string) {
	t.Helper()
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	srv.EnableActivities()
	activity := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "activity saw "+r.Method+" "+r.URL.Path)
	}))
	t.Cleanup(activity.Close)
	sb, err := sandbox.New(srv, sandbox.Options{Activity: activity.URL})
	if err != nil {
		t.Fatal(err)
	}
	page := httptest.NewServer(sb)
	t.Cleanup(page.Close)
	volo := ""
	for _, c := range srv.Channels(sb.Guild().ID) {
		if c.Name == "volo" {
			volo = c.ID
		}
	}
	return srv, page, volo
}

func postJSON(t *testing.T, url string, body any, out any) int {
	t.Helper()
	data, _ := json.Marshal(body)
	res, err := http.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if out != nil {
		_ = json.NewDecoder(res.Body).Decode(out)
	}
	return res.StatusCode
}

// The sandbox plays Discord's part around the Activity: it proxies the Activity under
// /activity/, gives a user's page of it, joins them to the channel's instance, gives codes
// and checks access tokens as Discord's client does for the SDK, and lists who is there.
func TestTheSandboxPlaysDiscordAroundTheActivity(t *testing.T) {
	srv, page, volo := activitySandbox(t)
	res, err := http.Get(page.URL + "/activity/api/state?x=1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "activity saw GET /api/state" {
		t.Errorf("the proxy: %q", body)
	}

	var u struct{ URL string }
	res, err = http.Get(page.URL + "/api/activity?" + url.Values{"channel": {volo}, "user": {"ana"}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	_ = json.NewDecoder(res.Body).Decode(&u)
	res.Body.Close()
	if !strings.HasPrefix(u.URL, page.URL+"/play?") {
		t.Fatalf("GET /api/activity: %q", u.URL)
	}

	var joined struct {
		Instance, Src, ClientID string
		User                    struct{ ID string }
	}
	if status := postJSON(t, page.URL+"/api/activity/join", map[string]string{"channel": volo, "user": "ana"}, &joined); status != 200 {
		t.Fatalf("join: %d", status)
	}
	q, _ := url.Parse(joined.Src)
	if q.Path != "/activity/" || q.Query().Get("instance_id") != joined.Instance || q.Query().Get("frame_id") == "" ||
		q.Query().Get("platform") != "desktop" || q.Query().Get("channel_id") != volo || joined.ClientID != srv.Application().ID {
		t.Fatalf("the Activity's iframe: %+v", joined)
	}

	var code struct{ Code string }
	if status := postJSON(t, page.URL+"/api/activity/authorize", map[string]any{"user": "ana", "client_id": joined.ClientID, "scope": []string{"identify"}}, &code); status != 200 || code.Code == "" {
		t.Fatalf("authorize: %d %+v", status, code)
	}
	form := url.Values{"client_id": {joined.ClientID}, "client_secret": {srv.ClientSecret()}, "grant_type": {"authorization_code"}, "code": {code.Code}}
	req, _ := http.NewRequest("POST", "https://discord.com/api/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err = srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var token struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(res.Body).Decode(&token)
	res.Body.Close()
	var auth map[string]any
	if status := postJSON(t, page.URL+"/api/activity/authenticate", map[string]string{"user": "ana", "access_token": token.AccessToken}, &auth); status != 200 || auth["access_token"] != token.AccessToken {
		t.Fatalf("authenticate: %d %v", status, auth)
	}
	if status := postJSON(t, page.URL+"/api/activity/authenticate", map[string]string{"user": "ben", "access_token": token.AccessToken}, nil); status != 401 {
		t.Errorf("ben authenticating with ana's token: %d, want 401", status)
	}
}

// A user is in the channel's Activity while their page of it is open: the presence stream joins
// them, and its end, however it comes, makes them leave.
func TestPresenceFollowsThePage(t *testing.T) {
	srv, page, volo := activitySandbox(t)
	res, err := http.Get(page.URL + "/api/activity/here?" + url.Values{"channel": {volo}, "user": {"ben"}}.Encode())
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(res.Body).ReadString('\n')
	if !strings.Contains(line, "event: here") {
		t.Fatalf("the presence stream began with %q", line)
	}
	ben, _ := srv.User("ben")
	if in, ok := srv.ActivityInstanceIn(volo); !ok || !slices.Contains(in.Users, ben.ID) {
		t.Fatalf("ben is not in the Activity while his page is open: %+v", in)
	}
	res.Body.Close() // the browser is gone
	deadline := time.Now().Add(5 * time.Second)
	for {
		in, ok := srv.ActivityInstanceIn(volo)
		if !ok || !slices.Contains(in.Users, ben.ID) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("ben is still in the Activity after his page went: %+v", in)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
