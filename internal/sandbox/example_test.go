package sandbox_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os/signal"
	"syscall"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/internal/sandbox"
)

// The sandbox seeds an empty stand-in with its guild, and shows it to the page.
func Example() {
	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	sb, err := sandbox.New(srv, sandbox.Options{})
	if err != nil {
		log.Fatal(err)
	}
	page := httptest.NewServer(sb)
	defer page.Close()
	defer sb.Close()

	res, err := http.Get(page.URL + "/api/state")
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	var st struct {
		Guild    struct{ Name string }
		Users    []struct{ Username, Note string }
		Channels []struct{ Name string }
	}
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		log.Fatal(err)
	}
	fmt.Println(st.Guild.Name)
	for _, c := range st.Channels {
		fmt.Println("#" + c.Name)
	}
	for _, u := range st.Users {
		fmt.Println(u.Username, u.Note)
	}

	// Ana's direct messages: the group DM she and ben share, where the bot is not a member.
	res, err = http.Get(page.URL + "/api/dms?user=ana")
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	var dms struct {
		DMs []struct {
			Name    string
			Group   bool
			Members []struct{ Username string }
		}
	}
	if err := json.NewDecoder(res.Body).Decode(&dms); err != nil {
		log.Fatal(err)
	}
	for _, c := range dms.DMs {
		fmt.Printf("%s: group %v, %d members\n", c.Name, c.Group, len(c.Members))
	}
	// Output:
	// Volo Sandbox
	// #general
	// #volo
	// ana player
	// ben player
	// cleo spectator
	// margaux player, French
	// dana manages the server
	// ana, ben: group true, 2 members
}

// A bot's main runs the sandbox when it has no Discord token: the stand-in, the page, and the
// bot's own discordgo session pointed at the stand-in. (Not run: it serves until interrupted.)
func ExampleSandbox_Serve() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	srv := fakediscord.New(fakediscord.Options{})
	if err := srv.Start(); err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	sb, err := sandbox.New(srv, sandbox.Options{})
	if err != nil {
		log.Fatal(err)
	}

	s, err := discordgo.New("Bot sandbox") // any token: the stand-in accepts it
	if err != nil {
		log.Fatal(err)
	}
	srv.Configure(s)
	// ... add the bot's handlers here, as with Discord ...
	if err := s.Open(); err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	// ... register the bot's commands, in sb.Guild().ID or globally ...

	ln, err := net.Listen("tcp", sandbox.DefaultAddr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("Sandbox: open http://%s in a browser\n", ln.Addr())
	if err := sb.Serve(ctx, ln); err != nil {
		log.Fatal(err)
	}
}
