package sandbox

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// The seeded world: a guild, its channels, and the people in it with what they are for.
const (
	guildName = "Volo Sandbox"
	// moderatorRole names the role given to Options.Moderators.
	moderatorRole = "Moderator"
)

// seedUser is a person of the seeded world and what they are for.
type seedUser struct{ name, note string }

var (
	seedChannels = []string{"general", "volo"}
	seedUsers    = []seedUser{{"ana", "player"}, {"ben", "player"}, {"cleo", "spectator"}}
)

// seed populates an empty stand-in with the sandbox's world, or adopts the first guild of one
// already populated.
func (sb *Sandbox) seed() error {
	if guilds := sb.srv.Guilds(); len(guilds) > 0 {
		sb.guild = guilds[0]
		sb.adoptNotes()
		return nil
	}
	sb.guild = sb.srv.AddGuild(guildName)
	for _, name := range seedChannels {
		if _, err := sb.srv.AddChannel(sb.guild.ID, name); err != nil {
			return fmt.Errorf("sandbox: channel #%s: %w", name, err)
		}
	}
	var roles []string
	if len(sb.opts.Moderators) > 0 {
		mod, err := sb.srv.AddRole(sb.guild.ID, moderatorRole, fakediscord.PermManageMessages)
		if err != nil {
			return fmt.Errorf("sandbox: role %s: %w", moderatorRole, err)
		}
		roles = []string{mod.ID}
	}
	for _, u := range seedUsers {
		user, err := sb.user(u.name)
		if err != nil {
			return err
		}
		sb.notes[user.ID] = u.note
		var given []string
		if slices.ContainsFunc(sb.opts.Moderators, func(m string) bool { return strings.EqualFold(m, u.name) }) {
			given = roles
			sb.notes[user.ID] += ", moderator"
		}
		if _, err := sb.srv.AddMember(sb.guild.ID, user.ID, given...); err != nil {
			return fmt.Errorf("sandbox: member %s: %w", u.name, err)
		}
	}
	return nil
}

// adoptNotes says again what the seeded people are for in a world seeded before, such as one
// kept from an earlier run: by their names, and moderators by their role.
func (sb *Sandbox) adoptNotes() {
	mod := ""
	for _, r := range sb.srv.Roles(sb.guild.ID) {
		if r.Name == moderatorRole {
			mod = r.ID
		}
	}
	for _, u := range sb.members() {
		var notes []string
		if k := slices.IndexFunc(seedUsers, func(s seedUser) bool { return strings.EqualFold(s.name, u.Username) }); k >= 0 {
			notes = append(notes, seedUsers[k].note)
		}
		if m, err := sb.srv.Member(sb.guild.ID, u.ID); err == nil && mod != "" && slices.Contains(m.Roles, mod) {
			notes = append(notes, "moderator")
		}
		if len(notes) > 0 {
			sb.notes[u.ID] = strings.Join(notes, ", ")
		}
	}
}

// user creates a seeded user, or finds them when the stand-in already has them.
func (sb *Sandbox) user(name string) (fakediscord.User, error) {
	u, err := sb.srv.AddUser(name)
	if errors.Is(err, fakediscord.ErrDuplicate) {
		if u, ok := sb.srv.User(name); ok {
			return u, nil
		}
	}
	if err != nil {
		return fakediscord.User{}, fmt.Errorf("sandbox: user %s: %w", name, err)
	}
	return u, nil
}

// members lists the people of the guild the page lets one act as: every member but bots, in
// the order the stand-in added them.
func (sb *Sandbox) members() []fakediscord.User {
	var out []fakediscord.User
	for _, u := range sb.srv.Users() {
		if u.Bot {
			continue
		}
		if _, err := sb.srv.Member(sb.guild.ID, u.ID); err == nil {
			out = append(out, u)
		}
	}
	return out
}
