package fakediscord

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// allContexts is what a global command's contexts are when it was registered without them:
// Discord's documentation says "By default, contexts includes all interaction context types"
// (application commands, Interaction Contexts). PRIVATE_CHANNEL is reached only through a user
// install, so this is [GUILD, BOT_DM] for a guild-installed command and all three for a
// user-installed one.
var allContexts = []int{ContextGuild, ContextBotDM, ContextPrivateChannel}

// Permissions Discord gives an app in its interactions where its bot has no say: in group DMs
// and DMs between people, and in the bot's own DM (which also allows external emojis), as its
// documentation of app_permissions says ("Receiving and Responding", Interaction Object, the
// note on app_permissions). In a guild without the bot it documents nothing; see appPermissions.
const (
	privateAppPermissions = PermAttachFiles | PermEmbedLinks | PermMentionEveryone
	botDMAppPermissions   = privateAppPermissions | PermUseExternalEmojis
)

// commandGuild is the guild whose own commands are looked up in a channel: its guild, when the
// bot is in it. A guild command is only ever guild-installed. The caller holds s.mu.
func (s *Server) commandGuild(c *channelState) string {
	if c.GuildID != "" && s.botSees(c) {
		return c.GuildID
	}
	return ""
}

// integrationTypes are the installation contexts a command is available in: its
// integration_types, or the application's (Options.IntegrationTypes) when it has none, and only
// those the application supports.
func (s *Server) integrationTypes(def Command) []int {
	if len(def.IntegrationTypes) == 0 {
		return s.opts.IntegrationTypes
	}
	return slices.DeleteFunc(slices.Clone(def.IntegrationTypes), func(t int) bool { return !slices.Contains(s.opts.IntegrationTypes, t) })
}

// offer works out whether a command is offered to the invoker where they are, and through which
// installations: the interaction's authorizing_integration_owners, keyed "0" (GUILD_INSTALL) with
// the guild's ID, or "0" in the bot's DM, when the app's bot is there, and "1" (USER_INSTALL)
// with the user's ID when the user installed the app to their account; both when both apply.
//
// A global command is offered in an interaction context its contexts include (all when it has
// none; BOT_DM not with dm_permission false) through an installation its integration_types
// include: the guild install in a guild the bot is in and in the bot's DM, the user's install
// anywhere. A guild command is offered in its guild only, with the bot in it. In a guild, the
// member needs Use Application Commands, and default_member_permissions (checked whichever
// installation the command comes through). The caller holds s.mu.
func (s *Server) offer(def Command, inv *invoker) (map[string]string, error) {
	notHere := fmt.Errorf("%w: /%s is not offered here", ErrCommandNotAllowed, def.Name)
	owners := map[string]string{}
	if def.GuildID != "" {
		if inv.guild == nil || inv.guild.ID != def.GuildID || !inv.botHere {
			return nil, notHere
		}
		owners["0"] = def.GuildID
	} else {
		contexts := def.Contexts
		if len(contexts) == 0 {
			contexts = allContexts
		}
		if !slices.Contains(contexts, inv.context) ||
			inv.context == ContextBotDM && def.DMPermission != nil && !*def.DMPermission {
			return nil, notHere
		}
		types := s.integrationTypes(def)
		if slices.Contains(types, GuildInstall) && inv.botHere {
			owners["0"] = "0"
			if inv.guild != nil {
				owners["0"] = inv.guild.ID
			}
		}
		if slices.Contains(types, UserInstall) && s.userInstalls[inv.user.ID] {
			owners["1"] = inv.user.ID
		}
		if len(owners) == 0 {
			return nil, notHere
		}
	}
	if inv.guild == nil {
		return owners, nil
	}
	if inv.perms&PermUseApplicationCommand == 0 {
		return nil, fmt.Errorf("%w: no Use Application Commands permission", ErrCommandNotAllowed)
	}
	if def.DefaultMemberPermissions != nil {
		need, _ := strconv.ParseInt(*def.DefaultMemberPermissions, 10, 64)
		if inv.perms&PermAdministrator == 0 && (need == 0 || inv.perms&need != need) {
			return nil, fmt.Errorf("%w: /%s needs permissions %d", ErrCommandNotAllowed, def.Name, need)
		}
	}
	return owners, nil
}

// CommandsOffered lists the commands a user (an ID, username or mention) is offered in a channel,
// as Discord's client shows them in its command picker: the global ones, then the guild's, that
// InvokeCommand would let through there (see InstallForUser for what a user install adds). The
// user must be able to see the channel.
func (s *Server) CommandsOffered(channelID, userRef string) ([]Command, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	inv, err := s.invokerIn(channelID, userRef)
	if err != nil {
		return nil, err
	}
	out := []Command{}
	scopes := []string{""}
	if g := s.commandGuild(inv.channel); g != "" {
		scopes = append(scopes, g)
	}
	for _, scope := range scopes {
		for _, c := range s.commands[scope] {
			if _, err := s.offer(c, inv); err == nil {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// componentOwners are the authorizing_integration_owners of a component used on a message: those
// of the interaction that made the message, as Discord carries them over (so that anyone may
// click the buttons of an answer given through someone's user install), or, for a message the bot
// posted on its own, its guild install where it is. The caller holds s.mu.
func (s *Server) componentOwners(m *Message, inv *invoker) map[string]string {
	if md := m.InteractionMetadata; md != nil && len(md.AuthorizingIntegrationOwners) > 0 {
		return maps.Clone(md.AuthorizingIntegrationOwners)
	}
	owners := map[string]string{}
	if inv.botHere {
		owners["0"] = "0"
		if inv.guild != nil {
			owners["0"] = inv.guild.ID
		}
	} else if s.userInstalls[inv.user.ID] {
		owners["1"] = inv.user.ID
	}
	return owners
}

// appPermissions is an interaction's app_permissions, "the permissions the app has in the source
// location of the interaction": the bot's in the channel, overwrites included, in a guild it is
// in; what Discord documents in DMs and group DMs (see privateAppPermissions). In a guild the app
// is not installed to Discord documents no value; the stand-in sends what @everyone may do in the
// channel, as its changelog says an app without a bot user gets ("Changes to Bot Permissions for
// Interactions and Webhooks", 2022-06-29), which typically allows View Channel and Send Messages:
// a bot that took those for its own would post where it is no member, and meet 50001. Whether
// the bot is there is told by authorizing_integration_owners, whose "0" key is the guild
// install's. The caller holds s.mu.
func (s *Server) appPermissions(inv *invoker) int64 {
	switch {
	case inv.context == ContextBotDM:
		return botDMAppPermissions
	case inv.context == ContextPrivateChannel:
		return privateAppPermissions
	case inv.botHere:
		return s.channelPermissions(inv.guild, inv.channel, inv.guild.members[s.bot.ID])
	}
	return s.everyonePermissions(inv.guild, inv.channel)
}

// ephemeralOnly reports whether Discord makes every answer to an interaction ephemeral: in a
// guild the app is not installed to (used through a user install alone), when the member lacks
// Use External Apps, or may not send messages in the channel. The caller holds s.mu.
func ephemeralOnly(inv *invoker) bool {
	if inv.guild == nil || inv.botHere {
		return false
	}
	return inv.perms&PermUseExternalApps == 0 || inv.perms&sendPermission(inv.channel.Type) == 0
}
