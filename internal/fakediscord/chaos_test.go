package fakediscord

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// draw picks n faults for a route from a chaos with the given settings.
func draw(c Chaos, route string, n int) []*Fault {
	st := newChaos(c)
	out := make([]*Fault, n)
	for i := range out {
		if f, ok := st.pick(route); ok {
			out[i] = &f
		}
	}
	return out
}

func TestChaosDrawsLikeABadDay(t *testing.T) {
	t.Parallel()
	const n = 4000
	const messages = "POST /channels/{channel_id}/messages"
	tests := []struct {
		name  string
		chaos Chaos
		route string
		check func(t *testing.T, faults []*Fault)
	}{
		{"no rate, no faults", Chaos{Seed: 1}, messages, func(t *testing.T, fs []*Fault) {
			if c := count(fs); c != 0 {
				t.Errorf("%d faults", c)
			}
		}},
		{"the rate is the share failed", Chaos{Rate: 0.2, Seed: 1}, messages, func(t *testing.T, fs []*Fault) {
			if share := float64(count(fs)) / n; math.Abs(share-0.2) > 0.03 {
				t.Errorf("share %.3f, want about 0.2", share)
			}
		}},
		{"every fault of the mix turns up, within bounds", Chaos{Rate: 1, Seed: 2}, messages, func(t *testing.T, fs []*Fault) {
			seen := map[FaultKind]bool{}
			after := false
			for _, f := range fs {
				seen[f.Kind] = true
				after = after || f.AfterProcessing
				if err := f.check(); err != nil {
					t.Fatalf("drew %v: %v", f, err)
				}
				switch f.Kind {
				case RateLimited, GlobalRateLimited:
					if f.RetryAfter < 50*time.Millisecond || f.RetryAfter > 500*time.Millisecond {
						t.Fatalf("retry after %v, want 50ms to 500ms", f.RetryAfter)
					}
				case Delay, SlowResponse:
					if f.Duration <= 0 || f.Duration > time.Second {
						t.Fatalf("%v held %v, want at most 1s", f.Kind, f.Duration)
					}
				}
			}
			if len(seen) != 8 || !after {
				t.Errorf("kinds drawn %v (after processing: %v), want all eight", seen, after)
			}
		}},
		{"a callback is never globally limited nor held long", Chaos{Rate: 1, Seed: 3, MaxRetryAfter: 5 * time.Second, MaxDelay: 10 * time.Second}, callbackRoute, func(t *testing.T, fs []*Fault) {
			for _, f := range fs {
				if f.Kind == GlobalRateLimited || f.RetryAfter > ChaosCallbackMaxWait || f.Duration > ChaosCallbackMaxWait {
					t.Fatalf("drew %v for a callback", f)
				}
			}
		}},
		{"longer delays elsewhere when asked", Chaos{Rate: 1, Seed: 3, Mix: []Fault{{Kind: Delay}}, MaxDelay: 5 * time.Second}, messages, func(t *testing.T, fs []*Fault) {
			longest := time.Duration(0)
			for _, f := range fs {
				longest = max(longest, f.Duration)
			}
			if longest <= 3*time.Second || longest > 5*time.Second {
				t.Errorf("longest delay %v, want past 3s, within 5s", longest)
			}
		}},
		{"the gateway URL is spared", Chaos{Rate: 1, Seed: 4}, "GET /gateway", func(t *testing.T, fs []*Fault) {
			if c := count(fs); c != 0 {
				t.Errorf("%d faults on GET /gateway", c)
			}
		}},
		{"a given mix is kept", Chaos{Rate: 1, Seed: 5, Mix: []Fault{{Kind: ServerError, AfterProcessing: true}}}, messages, func(t *testing.T, fs []*Fault) {
			for _, f := range fs {
				if f.Kind != ServerError || !f.AfterProcessing {
					t.Fatalf("drew %v", f)
				}
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, draw(tt.chaos, tt.route, n))
		})
	}
}

// count counts the faults drawn.
func count(fs []*Fault) int {
	c := 0
	for _, f := range fs {
		if f != nil {
			c++
		}
	}
	return c
}

func TestChaosReplaysWithItsSeed(t *testing.T) {
	t.Parallel()
	c := Chaos{Rate: 0.3, Seed: 42}
	a, b, other := draw(c, "GET /users/@me", 500), draw(c, "GET /users/@me", 500), draw(Chaos{Rate: 0.3, Seed: 43}, "GET /users/@me", 500)
	same := func(x, y []*Fault) bool {
		for i := range x {
			if (x[i] == nil) != (y[i] == nil) || x[i] != nil && *x[i] != *y[i] {
				return false
			}
		}
		return true
	}
	if !same(a, b) {
		t.Error("one seed drew two different runs")
	}
	if same(a, other) {
		t.Error("two seeds drew the same run")
	}
}

// TestDiscordgoDeliversThroughChaos posts through rate limits and 502s with the real client,
// which rides them out, then turns chaos off.
func TestDiscordgoDeliversThroughChaos(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Chaos: Chaos{Rate: 0.4, Seed: 7, MaxRetryAfter: 60 * time.Millisecond,
		Mix: []Fault{{Kind: RateLimited}, {Kind: GlobalRateLimited}, {Kind: BadGateway}}}})
	ds := restSession(t, srv)
	ds.MaxRestRetries = 10
	const sends = 20
	for i := range sends {
		if _, err := ds.ChannelMessageSend(w.general.ID, "move "+string(rune('a'+i))); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	if n := len(srv.Messages(w.general.ID)); n != sends {
		t.Errorf("%d messages, want %d", n, sends)
	}
	faulted := srv.FaultedRequests()
	if len(faulted) == 0 {
		t.Fatal("chaos at 0.4 failed nothing")
	}
	for _, r := range faulted {
		if !r.Chaos {
			t.Errorf("request %d not marked as chaos", r.Seq)
		}
	}

	srv.SetChaos(0)
	if _, err := ds.ChannelMessageSendComplex(w.general.ID, &discordgo.MessageSend{Content: "calm"}, discordgo.WithRestRetries(0)); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.FaultedRequests()); n != len(faulted) {
		t.Errorf("%d faults after SetChaos(0), want %d", n, len(faulted))
	}
	srv.SetChaos(1)
	if _, err := ds.User("@me", discordgo.WithRestRetries(0), discordgo.WithRetryOnRatelimit(false)); err == nil {
		t.Error("a request succeeded with chaos at 1")
	}
}

// drawGateway picks n gateway faults from a chaos with the given settings.
func drawGateway(c Chaos, n int) []gatewayFault {
	st := newChaos(c)
	out := make([]gatewayFault, n)
	for i := range out {
		out[i] = st.pickGateway()
	}
	return out
}

func TestChaosFailsTheGatewayNowAndThen(t *testing.T) {
	t.Parallel()
	const n = 20000
	kinds := map[gatewayFault]int{}
	for _, f := range drawGateway(Chaos{Rate: 0.2, Seed: 1}, n) {
		kinds[f]++
	}
	faults := n - kinds[0]
	if want := n * 0.2 / ChaosGatewayEvents; math.Abs(float64(faults)-want) > want/4 {
		t.Errorf("%d gateway faults in %d dispatches at 0.2, want about %.0f", faults, n, want)
	}
	for _, f := range []gatewayFault{gatewayDrop, gatewayReconnect, gatewayInvalidate} {
		if kinds[f] < faults/5 {
			t.Errorf("fault %d drawn %d times of %d", f, kinds[f], faults)
		}
	}
	for name, c := range map[string]Chaos{"no rate": {Seed: 1}, "REST only": {Rate: 1, Seed: 1, NoGateway: true}} {
		for _, f := range drawGateway(c, n) {
			if f != 0 {
				t.Fatalf("%s: drew gateway fault %d", name, f)
			}
		}
	}
	// The gateway's draws do not change the REST requests': a seed replays both.
	a, b := newChaos(Chaos{Rate: 0.3, Seed: 42}), newChaos(Chaos{Rate: 0.3, Seed: 42})
	for range 100 {
		a.pickGateway()
	}
	for i := range 500 {
		fa, oka := a.pick("GET /users/@me")
		fb, okb := b.pick("GET /users/@me")
		if fa != fb || oka != okb {
			t.Fatalf("request %d drew %v, %v after gateway draws and %v, %v without", i, fa, oka, fb, okb)
		}
	}
}

func TestChaosReplaysGatewayFaultsWithItsSeed(t *testing.T) {
	t.Parallel()
	c := Chaos{Rate: 0.5, Seed: 42}
	a, b, other := drawGateway(c, 2000), drawGateway(c, 2000), drawGateway(Chaos{Rate: 0.5, Seed: 43}, 2000)
	if !slices.Equal(a, b) {
		t.Error("one seed drew two different runs")
	}
	if slices.Equal(a, other) {
		t.Error("two seeds drew the same run")
	}
}

// TestDiscordgoRidesOutGatewayChaos has a discordgo session that reconnects, as the bot's does,
// hear of channel after channel while chaos drops its connection, sends op 7 and op 9: it hears
// of every one, what it missed replayed on RESUME, and an interaction started while its
// connection is away reaches it too; one started while its session is invalidated, before it
// identified again, is lost, as on Discord (ErrNotConnected).
func TestDiscordgoRidesOutGatewayChaos(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Chaos: Chaos{Seed: 48}}) // a seed that draws the three soon
	ds, log := connectReconnecting(t, srv)
	got := make(chan string, 100)
	ds.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { got <- i.ID })
	if _, err := ds.ApplicationCommandBulkOverwrite(srv.Application().ID, w.guild.ID, voloCommands()); err != nil {
		t.Fatal(err)
	}
	srv.SetChaos(1) // REST requests all fail, and the gateway once in ChaosGatewayEvents dispatches
	var interactions []string
	lost := 0
	for i := 0; ; i++ {
		if dropped, reconnects, invalidated := srv.GatewayFaults(); dropped > 0 && reconnects > 0 && invalidated > 0 {
			t.Logf("%d channels: %d dropped connections, %d op 7, %d op 9", i, dropped, reconnects, invalidated)
			break
		}
		if i == 400 {
			t.Fatal("no drop, op 7 and op 9 after 400 channels")
		}
		// Without a session (op 9, not yet identified again), Discord dispatches nothing: the
		// next channel waits for the bot to be back.
		if err := srv.waitFor(timeout(t), func() bool { return len(srv.sessions) > 0 }); err != nil {
			t.Fatal(err)
		}
		c, err := srv.AddChannel(w.guild.ID, fmt.Sprint("c", i))
		if err != nil {
			t.Fatal(err)
		}
		if !connected(srv) && len(interactions) < 3 {
			in, err := srv.RunCommandLine(w.general.ID, "ana", "/volo board")
			switch {
			case errors.Is(err, ErrNotConnected): // no session: Discord loses it
				lost++
			case err != nil:
				t.Fatalf("an interaction while the bot is away: %v", err)
			default:
				interactions = append(interactions, in.ID)
			}
		}
		log.wait(t, c.ID)
	}
	if len(interactions) < 1 {
		t.Errorf("%d interactions started while the bot was away reached it (%d lost), want one after a drop at least", len(interactions), lost)
	}
	for _, id := range interactions {
		select {
		case g := <-got:
			if !slices.Contains(interactions, g) {
				t.Errorf("interaction %s, want one of %v", g, interactions)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("interaction %s never reached the bot", id)
		}
	}
	if len(srv.Identifies()) < 2 || len(resumes(srv)) == 0 {
		t.Errorf("%d IDENTIFYs and %d RESUMEs, want a new IDENTIFY and a RESUME", len(srv.Identifies()), len(resumes(srv)))
	}
}

// What delivery.md says of the gateway's chaos, as it is: each connection meets one fault at most
// in each session it carries (a drop or op 7 ends the connection, and op 9 its session, which
// the bot identifies anew on it); the bot reconnects, so a long run meets many, one every
// ChaosGatewayEvents/Rate dispatches or so.
func TestChaosFaultsAConnectionOnceInEachSession(t *testing.T) {
	t.Parallel()
	srv, w := startWorld(t, Options{Chaos: Chaos{Rate: 1, Seed: 13}})
	_, log := connectReconnecting(t, srv)
	for i := range 200 {
		if err := srv.waitFor(timeout(t), func() bool { return len(srv.sessions) > 0 }); err != nil {
			t.Fatal(err)
		}
		c, err := srv.AddChannel(w.guild.ID, fmt.Sprint("c", i))
		if err != nil {
			t.Fatal(err)
		}
		log.wait(t, c.ID)
	}
	dropped, reconnects, invalidated := srv.GatewayFaults()
	connections := len(srv.RequestsTo("GET /gateway (websocket)"))
	t.Logf("200 channels: %d connections, %d dropped, %d op 7, %d op 9", connections, dropped, reconnects, invalidated)
	if faults := dropped + reconnects + invalidated; faults < 2 || faults > connections+invalidated {
		t.Errorf("%d gateway faults over %d connections and %d sessions ended by op 9", faults, connections, invalidated)
	}
}
