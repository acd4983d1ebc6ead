package fakediscord

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// World is what a stand-in holds apart from what happens in it: the application and its bot
// user, the users (and who installed the app to their account), the guilds with their roles and
// members (the bot among them or not), and the channels, threads, DMs and group DMs, without
// their messages (Server.KeptMessages and RestoreMessages keep those). Take it with Server.World and give it to Server.Restore on a new
// stand-in to find the same server, with the same IDs, after a restart, as Discord keeps it.
// It marshals to JSON.
type World struct {
	// Application is the application the bot runs as; its bot user has its ID and name.
	Application Application `json:"application"`
	// SigningKey is the seed of the application's Ed25519 key pair, in hex, which signs the
	// interactions posted to the bot's endpoint (see SetInteractionsURLs): a restored stand-in
	// keeps the application's public key. Empty in a world kept before the stand-in had keys:
	// the stand-in keeps its own.
	SigningKey string `json:"signing_key,omitempty"`
	// Users are the people, without the bot, in the order they were added.
	Users []WorldUser `json:"users"`
	// Guilds are the guilds in the order they were added.
	Guilds []WorldGuild `json:"guilds"`
	// Channels are the channels, threads and direct message channels in the order they were
	// created, so that a thread comes after its parent.
	Channels []Channel `json:"channels"`
	// LastID is the latest snowflake handed out, messages and interactions included: a restored
	// stand-in hands out only later ones, so that no ID the bot remembers comes back.
	LastID string `json:"last_id"`
}

// WorldUser is a user as a World keeps them, with the locale of their client, whether they
// refuse direct messages from the bot (see Server.SetAcceptsDMs) and whether they installed the
// app to their account (see Server.InstallForUser).
type WorldUser struct {
	User
	Locale       string `json:"locale,omitempty"`
	RefusesDMs   bool   `json:"refuses_dms,omitempty"`
	InstalledApp bool   `json:"installed_app,omitempty"`
}

// WorldGuild is a guild as a World keeps it: with when the bot joined it, its roles
// (@everyone, which has the guild's ID, first) and its members in joining order. A guild the app
// is not installed to (Server.AddGuildWithoutBot) is one whose members leave out the bot.
type WorldGuild struct {
	Guild
	JoinedAt time.Time `json:"joined_at"`
	Roles    []Role    `json:"roles"`
	Members  []Member  `json:"members"`
}

// ErrBadWorld is returned by Restore for a world that does not hold together, such as a channel
// in a guild it does not have.
var ErrBadWorld = errors.New("fakediscord: the world does not hold together")

// ErrNotNew is returned by Restore on a stand-in that already holds something of its own.
var ErrNotNew = errors.New("fakediscord: restore a world into a new stand-in, before anything is added and before a bot connects")

// World returns what the stand-in holds apart from messages, interactions and commands, for
// Restore.
func (s *Server) World() World {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := World{Application: s.app, Users: []WorldUser{}, Guilds: []WorldGuild{}, Channels: []Channel{},
		LastID: strconv.FormatUint(s.ids.last, 10), SigningKey: hex.EncodeToString(s.signer.Seed())}
	for _, id := range s.userOrder {
		if u := s.users[id]; !u.Bot {
			w.Users = append(w.Users, WorldUser{User: *u, Locale: u.Locale, RefusesDMs: s.refusesDMs[u.ID], InstalledApp: s.userInstalls[u.ID]})
		}
	}
	for _, id := range s.guildOrder {
		g := s.guilds[id]
		wg := WorldGuild{Guild: g.Guild, JoinedAt: g.joinedAt, Members: g.memberList()}
		for _, r := range g.roles {
			wg.Roles = append(wg.Roles, *r)
		}
		w.Guilds = append(w.Guilds, wg)
	}
	for _, id := range s.channelOrder {
		w.Channels = append(w.Channels, cloneChannel(s.channels[id].Channel))
	}
	return w
}

// Restore fills a new stand-in with a world taken from another, such as one that ran before a
// restart: the same application and bot user, users, guilds, roles, members, channels and
// threads, with the same IDs. The stand-in must hold nothing of its own yet and have answered
// no request (ErrNotNew): call it before the bot connects. A world that does not hold together
// is refused whole (ErrBadWorld). IDs
// handed out afterwards are later than every ID of the world and than its LastID.
func (s *Server) Restore(w World) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.guilds) > 0 || len(s.channels) > 0 || len(s.users) > 1 || s.requestSeq > 0 || len(s.identifies) > 0 {
		return ErrNotNew
	}
	r, err := buildWorld(w, s.ids)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadWorld, err)
	}
	s.app, s.bot, s.ids = w.Application, r.bot, r.ids
	s.app.VerifyKey = "" // Application tells the signer's
	if r.signer != nil {
		s.signer = r.signer
	}
	s.users = map[string]*User{}
	s.userOrder = nil
	s.users[s.bot.ID] = &s.bot
	s.userOrder = append(s.userOrder, s.bot.ID)
	s.refusesDMs, s.userInstalls = r.refusesDMs, r.userInstalls
	for _, u := range r.users {
		s.users[u.ID] = u
		s.userOrder = append(s.userOrder, u.ID)
	}
	s.guilds, s.guildOrder = r.guilds, r.guildOrder
	s.channels, s.channelOrder = r.channels, r.channelOrder
	s.notify()
	return nil
}

// restored is a world built apart from the server, so that a refused one changes nothing.
type restored struct {
	signer       ed25519.PrivateKey // nil: the world has none
	bot          User
	users        []*User
	refusesDMs   map[string]bool
	userInstalls map[string]bool
	guilds       map[string]*guildState
	guildOrder   []string
	channels     map[string]*channelState
	channelOrder []string
	ids          snowflakes
}

// buildWorld checks a world and builds what the server holds of it; ids is the generator to
// advance past the world's IDs.
func buildWorld(w World, ids snowflakes) (*restored, error) {
	r := &restored{guilds: map[string]*guildState{}, channels: map[string]*channelState{}, refusesDMs: map[string]bool{},
		userInstalls: map[string]bool{}, ids: ids}
	seen := map[string]string{} // every ID to what has it, so that none is used twice
	claim := func(id, what string) error {
		if err := r.ids.reserve(id); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if other, ok := seen[id]; ok {
			return fmt.Errorf("%s has the ID of %s, %s", what, other, id)
		}
		seen[id] = what
		return nil
	}
	if w.LastID != "" {
		if err := r.ids.reserve(w.LastID); err != nil {
			return nil, fmt.Errorf("last_id: %w", err)
		}
	}
	app := w.Application
	if app.Name == "" {
		return nil, errors.New("the application has no name")
	}
	if w.SigningKey != "" {
		seed, err := hex.DecodeString(w.SigningKey)
		if err != nil || len(seed) != ed25519.SeedSize {
			return nil, fmt.Errorf("signing_key: not the %d-byte seed of an Ed25519 key in hex", ed25519.SeedSize)
		}
		r.signer = ed25519.NewKeyFromSeed(seed)
	}
	if err := claim(app.ID, "the application"); err != nil {
		return nil, err
	}
	r.bot = User{ID: app.ID, Username: app.Name, Discriminator: "0", Bot: true, Locale: "en-US"}
	users := map[string]*User{r.bot.ID: &r.bot}
	for _, wu := range w.Users {
		u := wu.User
		u.Locale, u.Bot = wu.Locale, false
		if u.Locale == "" {
			u.Locale = "en-US"
		}
		if u.Discriminator == "" {
			u.Discriminator = "0"
		}
		if err := checkUser(u, users, claim); err != nil {
			return nil, err
		}
		users[u.ID] = &u
		r.users = append(r.users, &u)
		if wu.RefusesDMs {
			r.refusesDMs[u.ID] = true
		}
		if wu.InstalledApp {
			r.userInstalls[u.ID] = true
		}
	}
	for _, wg := range w.Guilds {
		g, err := buildGuild(wg, users, &r.ids, claim)
		if err != nil {
			return nil, err
		}
		r.guilds[g.ID] = g
		r.guildOrder = append(r.guildOrder, g.ID)
	}
	for _, c := range w.Channels {
		if err := r.checkChannel(c, users, claim); err != nil {
			return nil, err
		}
		c = cloneChannel(c)
		for i, u := range c.Recipients {
			c.Recipients[i] = *users[u.ID]
		}
		r.channels[c.ID] = &channelState{Channel: c}
		r.channelOrder = append(r.channelOrder, c.ID)
	}
	return r, nil
}

// checkUser checks a restored person: a username of their own.
func checkUser(u User, users map[string]*User, claim func(id, what string) error) error {
	if u.Username == "" {
		return fmt.Errorf("user %s has no username", u.ID)
	}
	for _, other := range users {
		if strings.EqualFold(other.Username, u.Username) {
			return fmt.Errorf("two users are called %s", u.Username)
		}
	}
	return claim(u.ID, "user "+u.Username)
}

// buildGuild builds a restored guild: its @everyone role, its roles and its members, who must
// be users of the world with roles of the guild.
func buildGuild(wg WorldGuild, users map[string]*User, ids *snowflakes, claim func(id, what string) error) (*guildState, error) {
	what := "guild " + wg.Name
	if err := claim(wg.ID, what); err != nil {
		return nil, err
	}
	if wg.OwnerID != "" { // a user outside the stand-in, whose ID was handed out all the same
		if err := ids.reserve(wg.OwnerID); err != nil {
			return nil, fmt.Errorf("%s: owner: %w", what, err)
		}
	}
	g := &guildState{Guild: wg.Guild, joinedAt: wg.JoinedAt, members: map[string]*Member{}}
	for _, role := range wg.Roles {
		if role.ID != g.ID {
			if err := claim(role.ID, what+" role "+role.Name); err != nil {
				return nil, err
			}
		}
		g.roles = append(g.roles, &role)
	}
	if g.role(g.ID) == nil {
		return nil, fmt.Errorf("%s has no @everyone role (a role with the guild's ID)", what)
	}
	for _, m := range wg.Members {
		u, ok := users[m.User.ID]
		if !ok {
			return nil, fmt.Errorf("%s: member %s is no user", what, m.User.ID)
		}
		if _, twice := g.members[u.ID]; twice {
			return nil, fmt.Errorf("%s: %s is a member twice", what, u.Username)
		}
		for _, id := range m.Roles {
			if g.role(id) == nil {
				return nil, fmt.Errorf("%s: member %s has role %s, which the guild does not have", what, u.Username, id)
			}
		}
		m.User, m.Roles = *u, slices.Clone(m.Roles)
		g.members[u.ID] = &m
		g.order = append(g.order, u.ID)
	}
	return g, nil
}

// checkChannel checks a restored channel: in a guild of the world, a thread under a text
// channel restored before it, a direct message between the bot and a user of the world or
// between two of them, a group DM of 1 to 10 of them.
func (r *restored) checkChannel(c Channel, users map[string]*User, claim func(id, what string) error) error {
	what := "channel " + c.Name
	switch c.Type {
	case ChannelDM:
		what = "a direct message channel"
	case ChannelGroupDM:
		what = "group DM " + c.Name
	}
	if err := claim(c.ID, what); err != nil {
		return err
	}
	switch {
	case c.Type == ChannelDM:
		if c.GuildID != "" || len(c.Recipients) < 1 || len(c.Recipients) > 2 || !arePeople(c.Recipients, users) {
			return fmt.Errorf("%s %s: a direct message is with one user of the world, or between two, outside guilds", what, c.ID)
		}
	case c.Type == ChannelGroupDM:
		if c.GuildID != "" || len(c.Recipients) < 1 || len(c.Recipients) > maxGroupDMRecipients || !arePeople(c.Recipients, users) {
			return fmt.Errorf("%s %s: a group DM is between 1 to 10 users of the world, outside guilds", what, c.ID)
		}
		if c.OwnerID != "" && !slices.ContainsFunc(c.Recipients, func(u User) bool { return u.ID == c.OwnerID }) {
			return fmt.Errorf("%s %s: its owner is none of its members", what, c.ID)
		}
	case c.Type == ChannelGuildText || c.Type.IsThread():
		if r.guilds[c.GuildID] == nil {
			return fmt.Errorf("%s is in guild %q, which the world does not have", what, c.GuildID)
		}
	default:
		return fmt.Errorf("%s has type %d, which the stand-in does not model", what, c.Type)
	}
	if !c.Type.IsThread() {
		return nil
	}
	parent, ok := r.channels[c.ParentID]
	if !ok || parent.Type != ChannelGuildText || parent.GuildID != c.GuildID || c.ThreadMetadata == nil {
		return fmt.Errorf("thread %s: its parent %q is no text channel of its guild restored before it", c.Name, c.ParentID)
	}
	return nil
}

// arePeople reports whether recipients are people of the world, not the bot, each once.
func arePeople(recipients []User, users map[string]*User) bool {
	seen := map[string]bool{}
	for _, u := range recipients {
		if known := users[u.ID]; known == nil || known.Bot || seen[u.ID] {
			return false
		}
		seen[u.ID] = true
	}
	return true
}

// cloneChannel copies a channel with what it points to.
func cloneChannel(c Channel) Channel {
	c.Recipients = slices.Clone(c.Recipients)
	c.PermissionOverwrites = slices.Clone(c.PermissionOverwrites)
	if c.ThreadMetadata != nil {
		meta := *c.ThreadMetadata
		c.ThreadMetadata = &meta
	}
	return c
}
