package fakediscord

import (
	"errors"
	"slices"
)

// Permission overwrites, as Discord's "Permissions" topic, section
// "Permission Overwrites", computes them: a member's guild permissions
// (@everyone's, with each of their roles', everything for the owner or an
// administrator), then the channel's overwrites in order: @everyone's
// deny and allow, the member's roles' denies and allows together, then
// the member's own deny and allow. A thread has its parent's overwrites
// ("Inherited Permissions (Threads)"). As "Implicit Permissions" says,
// a channel one may not view allows nothing, and denying the permission
// to send (Send Messages; in a thread Send Messages in Threads, which is
// the one that counts there) denies Mention Everyone, Attach Files and
// Embed Links with it.

// The types of an overwrite, as Discord numbers them.
const (
	OverwriteRole   = 0
	OverwriteMember = 1
)

// Overwrite is a channel's permission overwrite for a role (ID a role's,
// the guild's for @everyone) or a member (ID a user's): the permissions
// it allows and those it denies there, whatever the guild's roles say.
type Overwrite struct {
	ID    string `json:"id"`
	Type  int    `json:"type"`
	Allow int64  `json:"allow,string"`
	Deny  int64  `json:"deny,string"`
}

// ErrBadOverwrite is returned by SetOverwrite for an overwrite Discord
// would not take: on a thread or a channel outside guilds (a thread has
// its parent's), of another type than role or member, or for a role or a
// user the guild does not have.
var ErrBadOverwrite = errors.New("fakediscord: no such overwrite can be set there")

// SetOverwrite sets a guild text channel's overwrite for a role or a
// member, as a server manager does in the channel's permissions (Discord's
// PUT /channels/{channel.id}/permissions/{overwrite.id}); one that allows
// and denies nothing removes it. Its threads inherit it. A bot that sees
// the channel is sent CHANNEL_UPDATE with the channel's
// permission_overwrites.
func (s *Server) SetOverwrite(channelID string, o Overwrite) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[channelID]
	if !ok {
		return ErrUnknownChannel
	}
	g, ok := s.guilds[c.GuildID]
	if !ok || c.Type != ChannelGuildText {
		return ErrBadOverwrite
	}
	switch {
	case o.Type == OverwriteRole && g.role(o.ID) == nil:
		return ErrBadOverwrite
	case o.Type == OverwriteMember && s.users[o.ID] == nil:
		return ErrBadOverwrite
	case o.Type != OverwriteRole && o.Type != OverwriteMember:
		return ErrBadOverwrite
	}
	c.PermissionOverwrites = slices.DeleteFunc(c.PermissionOverwrites, func(x Overwrite) bool { return x.ID == o.ID })
	if o.Allow != 0 || o.Deny != 0 {
		c.PermissionOverwrites = append(c.PermissionOverwrites, o)
	}
	s.channelUpdated(c)
	return nil
}

// overwritesOf returns the overwrites that hold in a channel: its own, or
// for a thread its parent's. The caller holds s.mu.
func (s *Server) overwritesOf(c *channelState) []Overwrite {
	if c.Type.IsThread() {
		if parent, ok := s.channels[c.ParentID]; ok {
			return parent.PermissionOverwrites
		}
	}
	return c.PermissionOverwrites
}

// channelPermissions computes what a member may do in a guild channel:
// their guild permissions with the channel's overwrites, as the
// documentation's compute_overwrites does, then the implicit denials. The
// caller holds s.mu.
func (s *Server) channelPermissions(g *guildState, c *channelState, m *Member) int64 {
	base := g.permissions(m)
	if base&PermAdministrator != 0 || base == permAll {
		return permAll
	}
	ows := s.overwritesOf(c)
	find := func(id string) *Overwrite {
		for i := range ows {
			if ows[i].ID == id {
				return &ows[i]
			}
		}
		return nil
	}
	p := base
	if o := find(g.ID); o != nil {
		p = p&^o.Deny | o.Allow
	}
	var allow, deny int64
	for _, r := range m.Roles {
		if o := find(r); o != nil && o.Type == OverwriteRole {
			allow, deny = allow|o.Allow, deny|o.Deny
		}
	}
	p = p&^deny | allow
	if o := find(m.User.ID); o != nil && o.Type == OverwriteMember {
		p = p&^o.Deny | o.Allow
	}
	return implied(p, c.Type)
}

// everyonePermissions is what @everyone may do in a guild channel: the
// role's permissions with the channel's overwrite for it. The caller
// holds s.mu.
func (s *Server) everyonePermissions(g *guildState, c *channelState) int64 {
	p := g.role(g.ID).Permissions
	if p&PermAdministrator != 0 {
		return permAll
	}
	for _, o := range s.overwritesOf(c) {
		if o.ID == g.ID {
			p = p&^o.Deny | o.Allow
		}
	}
	return implied(p, c.Type)
}

// implied applies the implicit denials of "Implicit Permissions": nothing
// without View Channel, and no Mention Everyone, Attach Files or Embed
// Links without the permission to send in a channel of type t.
func implied(p int64, t ChannelType) int64 {
	if p&PermViewChannel == 0 {
		return 0
	}
	if p&sendPermission(t) == 0 {
		p &^= PermMentionEveryone | PermAttachFiles | PermEmbedLinks
	}
	return p
}
