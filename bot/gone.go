package bot

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// A game whose channel is gone (the channel or thread deleted, or the bot
// removed from the server) can never go on: nobody can move there, and a
// timed one would be lost on time. The bot calls it off, unrated, as
// /volo abort does, and tells each person in it by direct message. It
// learns of it from the gateway (CHANNEL_DELETE, THREAD_DELETE,
// GUILD_DELETE that is not an outage, a READY that no longer lists a
// server, a GUILD_CREATE that no longer lists the active thread the bot
// started for a game, which Discord then says is unknown); where no
// gateway tells it (interactions: http), from the list of its servers at
// the start; and, for an event missed, from Discord's answer when a
// game's time runs out: "Unknown Channel", or "Missing Access" to the
// channel and its server.

// onChannelDelete calls off the games of a deleted channel and of its
// threads, which go with it.
func (b *Bot) onChannelDelete(_ *discordgo.Session, e *discordgo.ChannelDelete) {
	if e.Channel != nil {
		b.whenGone(e.GuildID, func(g *store.Game) bool { return g.Channel == e.ID || g.Parent == e.ID })
	}
}

// onThreadDelete calls off the game of a deleted thread.
func (b *Bot) onThreadDelete(_ *discordgo.Session, e *discordgo.ThreadDelete) {
	if e.Channel != nil {
		b.whenGone(e.GuildID, func(g *store.Game) bool { return g.Channel == e.ID })
	}
}

// onGuildDelete calls off the games of a server the bot was removed from
// (or that was deleted). A server that is only unavailable, in an outage,
// keeps them.
func (b *Bot) onGuildDelete(_ *discordgo.Session, e *discordgo.GuildDelete) {
	if e.Guild != nil && !e.Unavailable {
		b.whenGone(e.ID, func(*store.Game) bool { return true })
	}
}

// onReady calls off the games of the servers the bot was removed from
// while it was away (stopped, or disconnected past resuming): a READY
// lists every server of its shard, an outage's too, so one with games
// that it does not list is one the bot is no longer in.
func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	in := make(map[string]bool, len(r.Guilds))
	s.State.RLock() // discordgo's state fills the READY's servers in as their GUILD_CREATE comes
	for _, g := range r.Guilds {
		in[g.ID] = true
	}
	s.State.RUnlock()
	b.callOffLeft(in, func(guild string) bool { return servedBy(s, guild) })
}

// userGuildsPage is how many servers GET /users/@me/guilds gives at most.
const userGuildsPage = 200

// callOffLeftByList is onReady where no gateway sends a READY
// (interactions: http): it asks Discord for the bot's servers, a page at
// a time, once at the start. Where it cannot list them all it leaves
// every game as it is: the check when a game's time runs out remains.
func (b *Bot) callOffLeftByList(ctx context.Context) {
	in := map[string]bool{}
	for after := ""; ; {
		page, err := b.session.UserGuilds(userGuildsPage, "", after, false, discordgo.WithContext(ctx))
		if err != nil {
			if ctx.Err() == nil {
				b.log.Warn("could not list the bot's servers, to find those it was removed from", "err", err)
			}
			return
		}
		for _, g := range page {
			in[g.ID] = true
		}
		if len(page) < userGuildsPage {
			break
		}
		after = page[len(page)-1].ID
	}
	b.callOffLeft(in, func(string) bool { return true })
}

// callOffLeft calls off the games of the servers that have games, that
// in does not list, and that ours picks.
func (b *Bot) callOffLeft(in map[string]bool, ours func(guild string) bool) {
	guilds, err := b.store.ActiveGuilds()
	if err != nil {
		b.log.Error("could not list the servers with games, to find those the bot has left", "err", err)
		return
	}
	for _, guild := range guilds {
		if !in[guild] && ours(guild) {
			b.whenGone(guild, func(*store.Game) bool { return true })
		}
	}
}

// servedBy reports whether guild's events come to session s: those of
// the servers whose (guild_id >> 22) % shards is its shard.
func servedBy(s *discordgo.Session, guild string) bool {
	if s.ShardCount <= 1 {
		return true
	}
	id, err := strconv.ParseUint(guild, 10, 64)
	return err == nil && int((id>>22)%uint64(s.ShardCount)) == s.ShardID
}

// whenGone calls off the games and challenges of a server that gone
// picks.
func (b *Bot) whenGone(guild string, gone func(*store.Game) bool) {
	if guild == "" || !b.handling() {
		return // no server; or closing, and then the timeout's check remains
	}
	defer b.inFlight.Done()
	b.eachGame(guild, "call off a game whose channel is gone", func(g *store.Game) bool {
		return gone(g) && !g.Detached
	}, func(g *store.Game) error {
		return b.callOffGone(g.Channel)
	})
}

// eachGame does do to each game and challenge of guild that pick picks,
// and logs what fails, saying it could not do what.
func (b *Bot) eachGame(guild, what string, pick func(*store.Game) bool, do func(*store.Game) error) {
	games, err := b.store.ListGuild(guild)
	if err != nil {
		b.log.Error("could not list the games of a server, to "+what, "guild", guild, "err", err)
		return
	}
	for _, g := range games {
		if !pick(g) {
			continue
		}
		if err := do(g); err != nil {
			b.log.Error("could not "+what, "channel", g.Channel, "err", err)
		}
	}
}

// callOffGone calls off the game or challenge of a channel that is gone,
// under the channel's lock.
func (b *Bot) callOffGone(channel string) error {
	defer b.locks.lock(channel)()
	g, err := b.store.Get(channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil // called off already, or never there
	}
	if err != nil {
		return err
	}
	if err := b.goneLocked(g); !stale(err) {
		return err
	}
	return nil // another process, sharing the database, called it off first
}

// goneLocked calls off g, whose channel is gone, telling its players; the
// caller holds the channel's lock.
func (b *Bot) goneLocked(g *store.Game) error {
	_, c := b.challenger(g)
	dms, err := b.tellPlayers(g, func(t lang.Tag) string {
		if g.Status == store.Challenge {
			return t.Sprintf("The Volo challenge from %s is withdrawn: its channel is gone (deleted, or I was removed from its server).", plainName(g.Players[c].Name))
		}
		return t.Sprintf("Your Volo game between %s and %s is called off: its channel is gone (deleted, or I was removed from its server), so nobody can move there. It does not count for the ratings.",
			plainName(g.Players[0].Name), plainName(g.Players[1].Name))
	}, nil)
	if err != nil {
		return err
	}
	b.log.Info("called off a game whose channel is gone", "channel", g.Channel, "guild", g.Guild)
	return b.deleteGame(g, dms...)
}

// goneWait bounds the question whether a channel is still there.
const goneWait = 10 * time.Second

// channelGone asks Discord for g's channel: it returns the channel, or
// gone where Discord says it no longer exists or that the bot is no
// longer in its server: a channel it may not see ("Missing Access") is
// gone only if its server is refused too, since any member may read its
// own server. Where the bot is not a member it cannot ask, and a failure
// to ask is no answer: both return neither.
func (b *Bot) channelGone(ctx context.Context, g *store.Game) (ch *discordgo.Channel, gone bool) {
	if g.Detached {
		return nil, false
	}
	ch, err := b.session.Channel(g.Channel, discordgo.WithContext(ctx))
	if err == nil {
		return ch, false
	}
	if discordCode(err) == discordgo.ErrCodeMissingAccess && g.Guild != "" {
		_, err = b.session.Guild(g.Guild, discordgo.WithContext(ctx))
		if discordCode(err) == discordgo.ErrCodeMissingAccess {
			return nil, true // not in the server
		}
	}
	switch discordCode(err) {
	case discordgo.ErrCodeUnknownChannel, discordgo.ErrCodeUnknownGuild:
		return nil, true
	case 0:
		b.log.Warn("could not ask whether a game's channel is still there", "channel", g.Channel, "err", err)
	}
	return nil, false
}

// locked reports whether ch is a thread a moderator locked.
func locked(ch *discordgo.Channel) bool {
	return ch != nil && ch.ThreadMetadata != nil && ch.ThreadMetadata.Locked
}

// lockedOff calls off g, whose time ran out in a thread a moderator had
// locked: nobody but a moderator could post there, so nobody could move,
// and nobody loses. Its players hear it by direct message, and the
// channel the bot started the thread from in a line. A lock alone does not
// call a game off: a moderator may lift it before the time runs out. The
// caller holds the channel's lock.
func (b *Bot) lockedOff(g *store.Game) error {
	names := []any{plainName(g.Players[0].Name), plainName(g.Players[1].Name)}
	anns, err := b.tellPlayers(g, func(t lang.Tag) string {
		return t.Sprintf("Your Volo game between %s and %s is called off: a moderator had locked its thread when its time ran out, so nobody could move there. It does not count for the ratings.", names...)
	}, nil)
	if err != nil {
		return err
	}
	if g.Parent != "" {
		ann, err := b.announce(g.Parent, nil, false, reply{content: tr(g).Sprintf("%s vs %s is called off: a moderator had locked its thread, <#%s>, when its time ran out, so nobody could move there. It does not count for the ratings.", who(g, 0), who(g, 1), g.Channel)})
		if err != nil {
			return err
		}
		anns = append(anns, ann)
	}
	b.log.Info("called off a game whose time ran out in a locked thread", "channel", g.Channel, "guild", g.Guild)
	return b.deleteGame(g, anns...)
}
