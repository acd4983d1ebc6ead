package bot

import "github.com/bwmarrin/discordgo"

// place is what the bot may do in the channel of an interaction, derived
// once from the interaction: every feature asks it rather than guessing
// from the kind of channel.
type place struct {
	// installed: the app's bot is where the interaction happened, a
	// server that added it or its own DM with the user: the interaction's
	// authorizing_integration_owners has the guild install's key, "0".
	// Its follow-ups are not capped (see maxFollowUps).
	installed bool
	// member: the bot may post and edit in the channel on its own: it is
	// installed there and the channel lets it view and send messages, or
	// this is its own DM with the user. Without it (a group DM, a DM
	// between friends, a server that did not add the bot but where the
	// user added the app to their account, a channel of the bot's server
	// that denies it Send Messages) the bot speaks only in answer to an
	// interaction.
	member bool
	// threads: the bot may start threads here.
	threads bool
	// images: what the bot posts here may carry files (a board, a
	// replay): it may Attach Files, or it answers only interactions, or
	// this is its own DM with the user.
	images bool
	// private: Discord shows every answer to this user alone: in a server
	// that did not add the bot, for a member who may not use external apps
	// or not send messages there.
	private bool
}

// denied reports whether the bot is in the server but the channel does
// not let it post: its permission overwrites deny it View Channel or
// Send Messages.
func (p place) denied() bool { return p.installed && !p.member }

// placeOf derives what the bot may do where the interaction happened.
// Whether the bot is there at all is what authorizing_integration_owners
// says: its "0" key (GUILD_INSTALL) is the server's ID in a server that
// added the app, "0" in the bot's DM ("Receiving and Responding",
// Authorizing Integration Owners Object). app_permissions says what the
// app may do in the channel, overwrites included; in a server without the
// bot Discord documents no value for it, and it may well allow View
// Channel and Send Messages, which the bot must not take for its own.
func placeOf(ic *discordgo.InteractionCreate) place {
	const post = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	var p place
	botDM := ic.Context == discordgo.InteractionContextBotDM
	owner, guildInstall := ic.AuthorizingIntegrationOwners[discordgo.ApplicationIntegrationGuildInstall]
	p.installed = botDM || guildInstall && ic.GuildID != "" && owner == ic.GuildID
	p.member = botDM || p.installed && ic.AppPermissions&post == post
	p.threads = p.member && ic.GuildID != "" && ic.AppPermissions&threadPermissions == threadPermissions
	p.images = !p.member || botDM || ic.AppPermissions&discordgo.PermissionAttachFiles != 0
	if ic.GuildID != "" && ic.Member != nil && !p.installed {
		need := int64(discordgo.PermissionUseExternalApps | discordgo.PermissionSendMessages)
		p.private = ic.Member.Permissions&need != need
	}
	return p
}
