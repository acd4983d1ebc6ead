package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestDiscordAPIFlag(t *testing.T) {
	token := env(map[string]string{"DISCORD_TOKEN": "abc"})
	for _, tc := range []struct {
		args    []string
		getenv  func(string) string
		wantErr string
	}{
		{[]string{"-discord-api", "http://127.0.0.1:8081"}, token, ""},
		{[]string{"-discord-api", "https://proxy.example/"}, token, ""},
		{[]string{"-discord-api", "127.0.0.1:8081"}, token, "give the base URL"},
		{[]string{"-discord-api", "ftp://proxy.example"}, token, "give the base URL"},
		{[]string{"-discord-api", "http://127.0.0.1:8081"}, env(nil), "the sandbox has its own"},
		{[]string{"-sandbox", "-discord-api", "http://127.0.0.1:8081"}, token, "the sandbox has its own"},
	} {
		_, err := parseSettings(tc.args, tc.getenv, io.Discard)
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%q: %v, want an error with %q", tc.args, err, tc.wantErr)
		}
	}
}

// The client sends Discord's API requests to the other base, path, query
// and headers kept, and any other host's as they are.
func TestAPIClientSendsDiscordsRequestsElsewhere(t *testing.T) {
	var got []string
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.Host+" "+r.URL.RequestURI()+" "+r.Header.Get("Authorization"))
	}))
	defer api.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, "other "+r.URL.RequestURI())
	}))
	defer other.Close()

	client, err := apiClient(api.URL)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodGet, "https://discord.com/api/v10/gateway/bot?x=1", nil)
	req.Header.Set("Authorization", "Bot abc")
	for _, r := range []*http.Request{req, must(http.NewRequest(http.MethodGet, other.URL+"/avatar.png", nil))} {
		resp, err := client.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	want := []string{"GET " + strings.TrimPrefix(api.URL, "http://") + " /api/v10/gateway/bot?x=1 Bot abc", "other /avatar.png"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
