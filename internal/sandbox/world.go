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
	// managerRole names the role of the seeded people who manage the
	// server (Manage Server): they create tournaments and change the
	// server's settings.
	managerRole = "Manager"
)

// seedUser is a person of the seeded world, what they are for, the language of their Discord
// client ("" for the stand-in's en-US), and whether they added the app to their account.
type seedUser struct {
	name, note, locale string
	installs           bool
	// manager gives them the Manager role: they may manage the server.
	manager bool
}

// seedGroup is a group DM of the seeded world: its name and its people, the first its owner.
type seedGroup struct {
	name    string
	members []string
}

var (
	seedChannels = []string{"general", "volo"}
	seedUsers    = []seedUser{
		{name: "ana", note: "player", installs: true},
		{name: "ben", note: "player", installs: true},
		{name: "cleo", note: "spectator"},
		{name: "margaux", note: "player, French", locale: "fr", installs: true},
		{name: "dana", note: "manages the server", manager: true},
	}
	// seedGroups are where the app is used through its users' installs alone: the bot is not a
	// member, as in a group DM on Discord.
	seedGroups = []seedGroup{{name: "ana, ben", members: []string{"ana", "ben"}}}
)

// seed populates an empty stand-in with the sandbox's world, or adopts the first guild of one
// already populated. A world the sandbox kept in its file (kept) is brought up to date with
// what the seed has gained since it was written: people and group DMs missing from it are
// added, so that a world of an earlier version has them too.
func (sb *Sandbox) seed(kept bool) error {
	if guilds := sb.srv.Guilds(); len(guilds) > 0 {
		sb.guild = guilds[0]
		if kept {
			if err := sb.catchUp(); err != nil {
				return err
			}
		}
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
		user, err := sb.addSeedUser(u)
		if err != nil {
			return err
		}
		given, err := sb.seedRoles(u)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(sb.opts.Moderators, func(m string) bool { return strings.EqualFold(m, u.name) }) {
			given = append(given, roles...)
			sb.notes[user.ID] += ", moderator"
		}
		if _, err := sb.srv.AddMember(sb.guild.ID, user.ID, given...); err != nil {
			return fmt.Errorf("sandbox: member %s: %w", u.name, err)
		}
	}
	for _, g := range seedGroups {
		if err := sb.addGroup(g); err != nil {
			return err
		}
	}
	return nil
}

// seedRoles are the roles of a seeded person: the Manager role, made
// when first needed, for a manager.
func (sb *Sandbox) seedRoles(u seedUser) ([]string, error) {
	if !u.manager {
		return nil, nil
	}
	for _, r := range sb.srv.Roles(sb.guild.ID) {
		if r.Name == managerRole {
			return []string{r.ID}, nil
		}
	}
	r, err := sb.srv.AddRole(sb.guild.ID, managerRole, fakediscord.PermManageGuild)
	if err != nil {
		return nil, fmt.Errorf("sandbox: role %s: %w", managerRole, err)
	}
	return []string{r.ID}, nil
}

// addSeedUser creates a seeded person, or finds them, with their note, their client's language
// and the app added to their account if the seed says so.
func (sb *Sandbox) addSeedUser(u seedUser) (fakediscord.User, error) {
	user, err := sb.user(u.name)
	if err != nil {
		return user, err
	}
	sb.notes[user.ID] = u.note
	if u.locale != "" {
		if err := sb.srv.SetLocale(user.ID, u.locale); err != nil {
			return user, fmt.Errorf("sandbox: %s's language: %w", u.name, err)
		}
	}
	if u.installs {
		if err := sb.install(user); err != nil {
			return user, err
		}
	}
	return user, nil
}

// install adds the app to a person's account, as "Add to My Apps" does. A stand-in whose
// application cannot be installed to accounts (Options.IntegrationTypes) is left as it is: its
// commands are then not offered where the bot is not.
func (sb *Sandbox) install(u fakediscord.User) error {
	err := sb.srv.InstallForUser(u.ID)
	if err != nil && !errors.Is(err, fakediscord.ErrNotUserInstallable) {
		return fmt.Errorf("sandbox: adding the app to %s's account: %w", u.Username, err)
	}
	return nil
}

// addGroup creates a seeded group DM, with the app added to the accounts of those of its people
// the seed says install it. The bot is not in it.
func (sb *Sandbox) addGroup(g seedGroup) error {
	for _, name := range g.members {
		k := slices.IndexFunc(seedUsers, func(s seedUser) bool { return s.name == name })
		u, ok := sb.srv.User(name)
		if !ok {
			return fmt.Errorf("sandbox: group DM %q: no user %s", g.name, name)
		}
		if k >= 0 && seedUsers[k].installs {
			if err := sb.install(u); err != nil {
				return err
			}
		}
	}
	if _, err := sb.srv.AddGroupDM(g.name, g.members...); err != nil {
		return fmt.Errorf("sandbox: group DM %q: %w", g.name, err)
	}
	return nil
}

// catchUp adds to a world kept by an earlier version what the seed has gained since: the
// seeded people it lacks (members of the guild, with their language and the app on their
// account) and the seeded group DMs, where none of the same people is there yet. Nothing of
// the kept world is changed or taken away, and nothing is added twice.
func (sb *Sandbox) catchUp() error {
	for _, u := range seedUsers {
		if _, ok := sb.srv.User(u.name); ok {
			continue
		}
		user, err := sb.addSeedUser(u)
		if err != nil {
			return err
		}
		given, err := sb.seedRoles(u)
		if err != nil {
			return err
		}
		if _, err := sb.srv.AddMember(sb.guild.ID, user.ID, given...); err != nil {
			return fmt.Errorf("sandbox: member %s: %w", u.name, err)
		}
	}
	channels := sb.srv.World().Channels
	for _, g := range seedGroups {
		ids := make([]string, 0, len(g.members))
		for _, name := range g.members {
			if u, ok := sb.srv.User(name); ok {
				ids = append(ids, u.ID)
			}
		}
		if len(ids) < len(g.members) || slices.ContainsFunc(channels, func(c fakediscord.Channel) bool { return sameGroup(c, ids) }) {
			continue
		}
		if err := sb.addGroup(g); err != nil {
			return err
		}
	}
	return nil
}

// sameGroup reports whether a channel is a group DM of exactly these people.
func sameGroup(c fakediscord.Channel, ids []string) bool {
	if c.Type != fakediscord.ChannelGroupDM || len(c.Recipients) != len(ids) {
		return false
	}
	for _, r := range c.Recipients {
		if !slices.Contains(ids, r.ID) {
			return false
		}
	}
	return true
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
