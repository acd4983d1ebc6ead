package fakediscord

import (
	"errors"
	"strings"
	"time"
)

// User is a Discord account: a person such as ana or ben, or the application's bot user. It
// marshals to Discord's user object.
type User struct {
	ID            string `json:"id"`
	Username      string `json:"username"`
	GlobalName    string `json:"global_name,omitempty"`
	Discriminator string `json:"discriminator"`
	Avatar        string `json:"avatar,omitempty"`
	Bot           bool   `json:"bot,omitempty"`
	// Locale is the language of the user's Discord client, sent with each of their interactions.
	Locale string `json:"-"`
}

// Role is a guild role: a named set of permissions given to members. The @everyone role has the
// guild's ID.
type Role struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Color       int    `json:"color"`
	Hoist       bool   `json:"hoist"`
	Position    int    `json:"position"`
	Permissions int64  `json:"permissions,string"`
	Managed     bool   `json:"managed"`
	Mentionable bool   `json:"mentionable"`
	Flags       int    `json:"flags"`
}

// Member is a user's membership of a guild. It marshals to Discord's guild member object.
type Member struct {
	User     User      `json:"user"`
	Nick     string    `json:"nick,omitempty"`
	Roles    []string  `json:"roles"`
	JoinedAt time.Time `json:"joined_at"`
	Deaf     bool      `json:"deaf"`
	Mute     bool      `json:"mute"`
	Flags    int       `json:"flags"`
	Pending  bool      `json:"pending"`
}

// memberWire is a member as an interaction carries it: with the member's computed permissions in
// the channel.
type memberWire struct {
	Member
	Permissions int64 `json:"permissions,string"`
}

// Permission bits the stand-in checks or hands out; the full list is Discord's.
const (
	PermCreateInstantInvite   int64 = 1 << 0
	PermAdministrator         int64 = 1 << 3
	PermManageChannels        int64 = 1 << 4
	PermManageGuild           int64 = 1 << 5
	PermAddReactions          int64 = 1 << 6
	PermViewChannel           int64 = 1 << 10
	PermSendMessages          int64 = 1 << 11
	PermManageMessages        int64 = 1 << 13
	PermEmbedLinks            int64 = 1 << 14
	PermAttachFiles           int64 = 1 << 15
	PermReadMessageHistory    int64 = 1 << 16
	PermMentionEveryone       int64 = 1 << 17
	PermUseExternalEmojis     int64 = 1 << 18
	PermUseApplicationCommand int64 = 1 << 31
	PermManageThreads         int64 = 1 << 34
	PermCreatePublicThreads   int64 = 1 << 35
	PermSendMessagesInThreads int64 = 1 << 38
	// PermUseExternalApps lets the apps members installed to their own account answer in public
	// in a server the app is not installed to; without it, those answers are ephemeral.
	PermUseExternalApps int64 = 1 << 50

	// permAll is every permission bit Discord defines today, what an administrator has.
	permAll int64 = 1<<51 - 1
)

// DefaultEveryonePermissions is what the @everyone role of a new guild allows: reading and
// writing messages, using application commands (the app's and, in public, those members
// installed to their account) and joining threads.
const DefaultEveryonePermissions = PermCreateInstantInvite | PermAddReactions | PermViewChannel |
	PermSendMessages | PermEmbedLinks | PermAttachFiles | PermReadMessageHistory |
	PermUseExternalEmojis | PermUseApplicationCommand | PermCreatePublicThreads |
	PermSendMessagesInThreads | PermUseExternalApps

// DefaultBotPermissions is what the bot's own role allows when Options leave it unset: what a
// game bot needs to post boards and run games in threads. It does not manage threads (Volo's
// invite does not ask it), so a thread a moderator locks is closed to it.
const DefaultBotPermissions = PermViewChannel | PermSendMessages | PermEmbedLinks |
	PermAttachFiles | PermReadMessageHistory | PermUseExternalEmojis |
	PermCreatePublicThreads | PermSendMessagesInThreads

// AddUser creates a user account with the given username, such as "ana". Usernames are unique,
// compared without case.
func (s *Server) AddUser(username string) (User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if username == "" {
		return User{}, errors.New("fakediscord: empty username")
	}
	if _, ok := s.userByName(username); ok {
		return User{}, ErrDuplicate
	}
	u := &User{ID: s.newID(), Username: username, Discriminator: "0", Locale: "en-US"}
	s.users[u.ID] = u
	s.userOrder = append(s.userOrder, u.ID)
	return *u, nil
}

// User finds a user by ID, username (case-insensitive) or mention markup (<@id>).
func (s *Server) User(ref string) (User, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.lookupUser(ref)
	if !ok {
		return User{}, false
	}
	return *u, true
}

// Users lists every user, the bot first, in the order they were added.
func (s *Server) Users() []User {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]User, 0, len(s.userOrder))
	for _, id := range s.userOrder {
		out = append(out, *s.users[id])
	}
	return out
}

// lookupUser resolves an ID, username or mention. The caller holds s.mu.
func (s *Server) lookupUser(ref string) (*User, bool) {
	ref = strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(ref, "<@"), ">"), "!")
	ref = strings.TrimPrefix(ref, "@")
	if u, ok := s.users[ref]; ok {
		return u, true
	}
	return s.userByName(ref)
}

// person finds a person, not the bot, by ID, username or mention; isBot is the error for the
// bot. The caller holds s.mu.
func (s *Server) person(ref string, isBot error) (*User, error) {
	u, ok := s.lookupUser(ref)
	if !ok {
		return nil, ErrUnknownUser
	}
	if u.ID == s.bot.ID {
		return nil, isBot
	}
	return u, nil
}

// userByName finds a user by username. The caller holds s.mu.
func (s *Server) userByName(name string) (*User, bool) {
	for _, id := range s.userOrder {
		if u := s.users[id]; strings.EqualFold(u.Username, name) {
			return u, true
		}
	}
	return nil, false
}

// SetLocale sets the language of a user's Discord client (userRef, an ID, username or mention),
// such as "fr": their interactions carry it as locale. Everyone speaks "en-US" until told
// otherwise.
func (s *Server) SetLocale(userRef, locale string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.lookupUser(userRef)
	if !ok {
		return ErrUnknownUser
	}
	u.Locale = locale
	return nil
}
