package sandbox_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// TestDiscordHost drives web/discordhost.js in headless Chromium against Discord's own
// Embedded App SDK (testdata/discordhost/sdkprobe.js, bundled from activity/web/test by the
// page's build): every answer the host gives goes through the SDK's zod schemas, which refuse
// any shape Discord's client would not send. It skips when no Chromium is installed.
func TestDiscordHost(t *testing.T) {
	srv := httptest.NewServer(discordHostFiles(t))
	t.Cleanup(srv.Close)
	ctx := headless(t)

	t.Run("an Activity's life", func(t *testing.T) {
		open(t, ctx, srv.URL+"/host.html?probe=all&forger=1")
		waitFor(t, ctx, `(window.probeResult?.steps ?? []).includes("subscribed") && window.forgerSent === true`)
		// Who is here changes: the subscriber hears of it.
		eval[bool](t, ctx, `(window.host.updateParticipants([{id: "103", username: "cleo", global_name: "Cleo"}]), true)`)
		waitFor(t, ctx, `window.probeResult.updates.length === 1 && window.probeResult.done`)

		var r struct {
			InstanceID string `json:"instanceId"`
			Failure    string
			Steps      []string
			// Each command's answer: ok, or the error the SDK rejected with.
			LocaleBefore, AuthorizeRefused, AuthorizeOtherClient, AuthenticateBad, Unsupported, SubscribeUnknown struct {
				Error struct {
					Code    int
					Message string
				}
			}
			Authorize struct {
				OK struct{ Code string }
			}
			Authenticate struct {
				OK struct {
					AccessToken string `json:"access_token"`
					User        struct {
						ID, Username string
						GlobalName   string `json:"global_name"`
						PublicFlags  *int   `json:"public_flags"`
					}
					Scopes      []string
					Application struct{ ID, Name, Description string }
				}
			}
			Locale struct {
				OK struct{ Locale string }
			}
			Participants struct {
				OK struct {
					Participants []participantJSON
				}
			}
			Subscribe struct{ OK bool }
			Updates   []struct{ Participants []participantJSON }
		}
		decode(t, eval[string](t, ctx, `JSON.stringify(window.probeResult)`), &r)
		if r.Failure != "" {
			t.Fatalf("the SDK failed: %s (steps %v)", r.Failure, r.Steps)
		}
		if r.InstanceID != "i-7-gc-1-2" {
			t.Errorf("instanceId %q, want the URL's", r.InstanceID)
		}
		refusals := []struct {
			what string
			got  int
			want int
		}{
			{"the locale before authenticate", r.LocaleBefore.Error.Code, 4006},
			{"an authorize the user refused", r.AuthorizeRefused.Error.Code, 5000},
			{"an authorize for another application", r.AuthorizeOtherClient.Error.Code, 4007},
			{"an authenticate with a bad token", r.AuthenticateBad.Error.Code, 4009},
			{"an unsupported command (GET_CHANNEL)", r.Unsupported.Error.Code, 4002},
			{"a subscription to an event the host does not send", r.SubscribeUnknown.Error.Code, 4004},
		}
		for _, c := range refusals {
			if c.got != c.want {
				t.Errorf("%s: the SDK rejected with code %d, want %d", c.what, c.got, c.want)
			}
		}
		if r.AuthorizeRefused.Error.Message != "The user cancelled." {
			t.Errorf("a refused authorize says %q, want the callback's reason", r.AuthorizeRefused.Error.Message)
		}
		if r.Authorize.OK.Code != "code-1" {
			t.Errorf("authorize gave %+v, want code-1", r.Authorize)
		}
		a := r.Authenticate.OK
		if a.AccessToken != "good" || a.User.ID != "101" || a.User.GlobalName != "Ana" || a.User.PublicFlags == nil ||
			!slices.Equal(a.Scopes, []string{"identify"}) || a.Application.ID != "999" {
			t.Errorf("authenticate gave %+v", a)
		}
		if r.Locale.OK.Locale != "fr" {
			t.Errorf("the locale after authenticate is %q, want fr", r.Locale.OK.Locale)
		}
		if got := ids(r.Participants.OK.Participants); !slices.Equal(got, []string{"101", "102"}) {
			t.Errorf("participants %v, want 101 and 102", got)
		}
		if !r.Subscribe.OK {
			t.Error("the subscription to ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE was refused")
		}
		if len(r.Updates) != 1 || !slices.Equal(ids(r.Updates[0].Participants), []string{"103"}) {
			t.Errorf("participants updates %+v, want one with 103", r.Updates)
		}

		// What the host's callbacks were asked, and what the forger got: nothing.
		var calls struct {
			Authorize []struct {
				ClientID string `json:"client_id"`
				Scope    []string
				Prompt   string
			}
			Authenticate []string
			Logs         [][2]string
		}
		decode(t, eval[string](t, ctx, `JSON.stringify(window.calls)`), &calls)
		if len(calls.Authorize) != 2 || calls.Authorize[0].ClientID != "999" || calls.Authorize[0].Prompt != "none" ||
			!slices.Equal(calls.Authorize[0].Scope, []string{"identify"}) {
			t.Errorf("authorize was called with %+v, want the probe's two (none from the forger, none for another application)", calls.Authorize)
		}
		if !slices.Equal(calls.Authenticate, []string{"bad", "good"}) {
			t.Errorf("authenticate was called with %q", calls.Authenticate)
		}
		if !slices.Contains(calls.Logs, [2]string{"log", "probe logged"}) {
			t.Errorf("the app's console.log did not reach onLog: %q", calls.Logs)
		}
		if got := eval[int](t, ctx, `window.forgerGot.length`); got != 0 {
			t.Errorf("a frame posing as the Activity got %d answers", got)
		}
	})

	t.Run("a handshake from another application is closed", func(t *testing.T) {
		open(t, ctx, srv.URL+"/host.html?probe=client")
		waitFor(t, ctx, `window.probeResult?.done === true && window.probeResult.ready !== undefined`)
		var r struct {
			Closes []struct {
				Code    int
				Message string
			}
			Ready struct{ Error struct{ Message string } }
		}
		decode(t, eval[string](t, ctx, `JSON.stringify(window.probeResult)`), &r)
		if len(r.Closes) != 1 || r.Closes[0].Code != 4000 {
			t.Errorf("the host sent %+v, want one CLOSE with code 4000 (INVALID_CLIENTID)", r.Closes)
		}
		if r.Ready.Error.Message != "timed out: READY" {
			t.Errorf("ready() gave %+v, want no READY", r.Ready)
		}
	})

	t.Run("the app closes itself", func(t *testing.T) {
		open(t, ctx, srv.URL+"/host.html?probe=close")
		waitFor(t, ctx, `window.calls.closes.length === 1`)
		var closes []struct {
			Code    int
			Message string
		}
		decode(t, eval[string](t, ctx, `JSON.stringify(window.calls.closes)`), &closes)
		if closes[0].Code != 1000 || closes[0].Message != "bye" {
			t.Errorf("onClose got %+v, want 1000 bye", closes[0])
		}
		if eval[bool](t, ctx, `document.querySelector("iframe") !== null`) {
			t.Error("the Activity's iframe is still there after it closed")
		}
	})
}

type participantJSON struct {
	ID       string
	Username string
	Flags    *int
	Bot      *bool
}

func ids(ps []participantJSON) []string {
	var out []string
	for _, p := range ps {
		if p.Flags == nil || p.Bot == nil {
			continue // the SDK would have refused it: leave it out, so the comparison fails
		}
		out = append(out, p.ID)
	}
	return out
}

// discordHostFiles serves the host under test and its test pages: the host page on the same
// origin as the Activity, under /activity/, as the sandbox serves it.
func discordHostFiles(t *testing.T) http.Handler {
	files := map[string]string{
		"/discordhost.js":       "web/discordhost.js",
		"/host.html":            "testdata/discordhost/host.html",
		"/forger.html":          "testdata/discordhost/forger.html",
		"/activity/probe.html":  "testdata/discordhost/probe.html",
		"/activity/sdkprobe.js": "testdata/discordhost/sdkprobe.js",
	}
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Fatal(err)
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		http.ServeFile(w, r, f)
	})
}

// headless starts Chromium for the test, or skips it when there is none.
func headless(t *testing.T) context.Context {
	t.Helper()
	exe, ok := sandboxtest.Chromium()
	if !ok {
		t.Skip("skipping the browser test: no chromium binary found (on Debian: apt-get install chromium)")
	}
	profile := t.TempDir()
	flags := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("no-pings", true),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags...)
	ctx, cancelTab := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	return ctx
}

func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	step, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(step, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

// waitFor waits until the JavaScript expression cond holds in the host page.
func waitFor(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("Boolean("+cond+")")); err == nil && ok {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.probeResult ?? null)`))
	t.Fatalf("waiting for %s: the probe says %s", cond, got)
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func decode(t *testing.T, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(s), v); err != nil {
		t.Fatalf("decoding %s: %v", s, err)
	}
}
