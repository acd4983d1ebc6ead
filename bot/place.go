package bot

import "github.com/bwmarrin/discordgo"

// place is what the bot may do in the channel of an interaction, derived
// once from the interaction: every feature asks it rather than guessing
// from the kind of channel.
type place struct {
	// member: the bot is in the channel (a server that added it, or its
	// own direct messages with the user) and may post and edit there on
	// its own. Without it (a group DM, a DM between friends, a server
	// that did not add the bot but where the user added the app to their
	// account) the bot speaks only in answer to an interaction.
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

// placeOf derives what the bot may do where the interaction happened.
// Discord sends app_permissions with every interaction: the bot's
// permissions in the channel when it is there; for an app used through a
// user's installation it carries no View Channel or Send Messages. The
// bot's own DM with a user is its to post in.
func placeOf(ic *discordgo.InteractionCreate) place {
	const post = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	var p place
	p.member = ic.Context == discordgo.InteractionContextBotDM || ic.AppPermissions&post == post
	p.threads = p.member && ic.GuildID != "" && ic.AppPermissions&threadPermissions == threadPermissions
	p.images = !p.member || ic.Context == discordgo.InteractionContextBotDM || ic.AppPermissions&discordgo.PermissionAttachFiles != 0
	if ic.GuildID != "" && ic.Member != nil && !p.member {
		_, guildInstall := ic.AuthorizingIntegrationOwners[discordgo.ApplicationIntegrationGuildInstall]
		need := int64(discordgo.PermissionUseExternalApps | discordgo.PermissionSendMessages)
		p.private = !guildInstall && ic.Member.Permissions&need != need
	}
	return p
}
