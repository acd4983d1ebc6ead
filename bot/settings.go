package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// settingsCommand shows the player's settings and the server's, or
// changes them: notify and theme are the player's own, thread the
// server's, for members who can manage it. Every change named is checked
// before any is stored.
func (b *Bot) settingsCommand(in *interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	us, err := b.store.UserSettings(in.user)
	if err != nil {
		return fmt.Errorf("settings of user %s: %w", in.user, err)
	}
	var gs store.GuildSettings
	if in.GuildID != "" {
		if gs, err = b.store.Settings(in.GuildID); err != nil {
			return fmt.Errorf("settings of %s: %w", in.GuildID, err)
		}
	}
	notify, setNotify := optChoice(opts, optNotify)
	theme, setTheme := optChoice(opts, optTheme)
	thread, setThread := opts[optThread]
	if setThread && thread.Type != discordgo.ApplicationCommandOptionBoolean {
		setThread = false
	}
	if !setNotify && !setTheme && !setThread {
		return b.respond(in, reply{ephemeral: true, content: settingsText(us, gs, in.GuildID != "", b.cfg.Render.Theme)})
	}
	if setThread {
		switch {
		case in.GuildID == "":
			return refuse("thread is a server's setting; change it in the server, not here. Nothing was changed.")
		case in.Member == nil || in.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) == 0:
			return refuse("Only members who can manage this server can change its thread setting. Nothing was changed.")
		}
	}
	var done []string
	if setNotify || setTheme {
		if setNotify {
			us.Notify = notify
			done = append(done, notifyText(notify))
		}
		if setTheme {
			us.Theme = theme
			done = append(done, fmt.Sprintf("The boards only you see (the move picker) are drawn in the %s theme.", theme))
		}
		if err := b.store.SetUserSettings(in.user, us); err != nil {
			return fmt.Errorf("set settings of user %s: %w", in.user, err)
		}
	}
	if setThread {
		gs.Threads = thread.BoolValue()
		if err := b.store.SetSettings(in.GuildID, gs); err != nil {
			if len(done) > 0 {
				// Your own settings are stored: say so, and what failed.
				b.log.Error("set server settings", "guild", in.GuildID, "err", err)
				return b.respond(in, reply{ephemeral: true, content: strings.Join(done, " ") + " The server's thread setting could not be stored; please try it again."})
			}
			return fmt.Errorf("set settings of %s: %w", in.GuildID, err)
		}
		if gs.Threads {
			done = append(done, "From now on, games in this server start in a thread of their own; a challenge can still say thread:false.")
		} else {
			done = append(done, "From now on, games in this server are played in the channel of their challenge; a challenge can still say thread:true.")
		}
	}
	// The settings are stored: a lost answer is shown again by /volo settings.
	if err := b.respond(in, reply{ephemeral: true, content: strings.Join(done, " ")}); err != nil {
		b.log.Warn("could not confirm a change of settings", "user", in.user, "err", err)
	}
	return nil
}

// optChoice returns a string option's value, if it was given.
func optChoice(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) (string, bool) {
	v := optString(opts, name)
	return v, v != ""
}

// notifyText says what a notify setting does from now on.
func notifyText(notify string) string {
	switch notify {
	case store.NotifyDM:
		return "When it becomes your move in a game with a time limit, and at its reminder, I send you a direct message with the board; if your direct messages are closed to me, I ping you in the game's channel instead. In games without a time limit I ping you in the channel."
	case store.NotifyOff:
		return "I name you when it is your move but never ping you. Use /volo mygames to see where you are to move."
	}
	return "I ping you in the game's channel when it is your move."
}

// settingsText shows a player's settings and, in a server, the server's.
func settingsText(us store.UserSettings, gs store.GuildSettings, inGuild bool, defaultTheme string) string {
	var sb strings.Builder
	notify := us.Notify
	if notify == "" {
		notify = store.NotifyChannel
	}
	theme := us.Theme
	if theme == "" {
		theme = defaultTheme + " (the bot's default)"
	}
	fmt.Fprintf(&sb, "**Your settings**\n• notify: %s. %s\n• theme: %s.\n", notify, notifyText(notify), theme)
	sb.WriteString("Change them with /volo settings notify:… or theme:….\n")
	if inGuild {
		where := "in the channel of their challenge"
		if gs.Threads {
			where = "in a thread of their own"
		}
		fmt.Fprintf(&sb, "**This server**\n• thread: games start %s (a challenge can say thread:true or thread:false). Members who can manage the server change this with /volo settings thread:true or thread:false.", where)
	}
	return sb.String()
}
