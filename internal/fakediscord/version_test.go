package fakediscord

import (
	"net/http"
	"testing"
)

func TestAPIVersionIsRecorded(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{})
	tests := []struct {
		path    string
		version string
		status  int
	}{
		{"/api/v10/users/@me", "10", 200},
		{"/api/v9/users/@me", "9", 200},
		{"/api/v8/users/@me", "", 404},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			req, _ := http.NewRequest("GET", "https://discord.com"+tt.path, nil)
			req.Header.Set("Authorization", "Bot test-token")
			resp, err := srv.HTTPClient().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			rs := srv.RequestsFunc(func(r Request) bool { return r.Path == tt.path })
			if len(rs) != 1 || rs[0].APIVersion != tt.version || rs[0].Status != tt.status {
				t.Errorf("records %+v, want version %q answered %d", rs, tt.version, tt.status)
			}
		})
	}
}
