package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/fakediscord"
	"github.com/volo-discord/volo/store"
)

// table is one game of the simulation: its channel, its two players and
// the position the simulation expects, which only the game's own
// goroutine touches.
type table struct {
	index   int
	guild   string
	channel string
	players [2]fakediscord.User // by colour
	pos     engine.Position
	over    bool // the game ended, or the bot's answers went out of step
	rng     *rand.Rand
}

// buildWorld adds the servers, their members and a channel for each game
// to the stand-in. The games are spread over the servers round-robin; each
// game has two members of its own.
func buildWorld(srv *fakediscord.Server, servers, games int) ([]*table, error) {
	guilds := make([]fakediscord.Guild, servers)
	for i := range guilds {
		guilds[i] = srv.AddGuild(fmt.Sprintf("server %d", i))
	}
	tables := make([]*table, games)
	for i := range tables {
		g := guilds[i%servers]
		ch, err := srv.AddChannel(g.ID, fmt.Sprintf("volo-%d", i))
		if err != nil {
			return nil, err
		}
		t := &table{index: i, guild: g.ID, channel: ch.ID, pos: engine.StartPosition(),
			rng: rand.New(rand.NewPCG(uint64(i), 7))}
		for c := range t.players {
			u, err := srv.AddUser(fmt.Sprintf("p%d-%d", i, c))
			if err != nil {
				return nil, err
			}
			if _, err := srv.AddMember(g.ID, u.ID); err != nil {
				return nil, err
			}
			t.players[c] = u
		}
		tables[i] = t
	}
	return tables, nil
}

// seed stores every table's game as the bot would after its Accept: a
// live game without a time limit, a correspondence game with 24 h per
// move whose reminder falls due in the next 18 h, so that some come due
// while the simulation runs, as they do on a running bot.
func seed(st store.Backend, tables []*table, live int, now time.Time) error {
	for _, t := range tables {
		g := &store.Game{Guild: t.guild, Channel: t.channel, Status: store.Active, Rules: engine.Standard, Lang: "en"}
		for c, u := range t.players {
			g.Players[c] = store.Player{ID: u.ID, Name: u.Username, Challenger: c == 0, Lang: "en"}
		}
		if t.index >= live {
			g.TimePerMove = 24 * time.Hour
			g.RemindAt = now.Add(time.Duration(t.rng.Int64N(int64(18 * time.Hour))))
			g.Deadline = g.RemindAt.Add(6 * time.Hour)
		}
		if err := st.Create(g); err != nil {
			return fmt.Errorf("store game %d: %w", t.index, err)
		}
	}
	return nil
}

// quietMove picks a random legal move that neither ends the game nor
// asks for a region choice, so the games go on; ok is false when there
// is none.
func quietMove(pos engine.Position, rng *rand.Rand) (engine.Move, bool) {
	moves := pos.LegalMoves(engine.Standard)
	if len(moves) == 0 {
		return engine.Move{}, false
	}
	for _, k := range rng.Perm(len(moves)) {
		m := moves[k]
		if _, o := pos.Apply(m, engine.Standard); !o.Over() && m.Keep == engine.NoPoint {
			return m, true
		}
	}
	return engine.Move{}, false
}
