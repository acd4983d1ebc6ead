package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
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
	thread, setThread := optBool(opts, optThread)
	daily, setDaily := optBool(opts, optDailyPuzzle)
	if !setNotify && !setTheme && !setThread && !setDaily {
		content := settingsText(in.lang, us, gs, in.GuildID != "", b.cfg.Render.Theme)
		if in.GuildID != "" {
			content += "\n" + b.dailySetting(in.lang, gs)
		}
		return b.respond(in, reply{ephemeral: true, content: content})
	}
	if setThread {
		switch {
		case in.GuildID == "":
			return refuse("thread is a server's setting; change it in the server, not here. Nothing was changed.")
		case !in.canManageGuild():
			return refuse("Only members who can manage this server can change its thread setting. Nothing was changed.")
		}
	}
	if setDaily {
		switch {
		case in.GuildID == "":
			return refuse("daily_puzzle is a server's setting; change it in the server, not here. Nothing was changed.")
		case !in.canManageGuild():
			return refuse("Only members who can manage this server can change its puzzle of the day. Nothing was changed.")
		case daily && (!in.place.member || in.place.private):
			return refuse("I cannot post in this channel on my own, so the puzzle of the day cannot go here. Nothing was changed.")
		case daily && !in.place.images:
			return refuse("I may not attach files in this channel, and the puzzle of the day is a picture of its board. A server manager can give me Attach Files here. Nothing was changed.")
		case daily && b.cfg.Puzzles.DailyHour < 0:
			return refuse("This bot posts no puzzles of the day (its configuration turns them off). Nothing was changed.")
		}
	}
	var done []string
	if setNotify || setTheme {
		if setNotify {
			us.Notify = notify
			done = append(done, notifyText(in.lang, notify))
		}
		if setTheme {
			us.Theme = theme
			done = append(done, in.lang.Sprintf("The boards only you see (the move picker) are drawn in the %s theme.", themeName(in.lang, theme)))
		}
		if err := b.committed(commitSettings, func() error { return b.store.SetUserSettings(in.user, us) }); err != nil {
			return fmt.Errorf("set settings of user %s: %w", in.user, err)
		}
	}
	if setThread || setDaily {
		if setThread {
			gs.Threads = thread
		}
		if setDaily {
			gs.PuzzleChannel, gs.PuzzleLang = "", ""
			if daily {
				gs.PuzzleChannel, gs.PuzzleLang = in.ChannelID, in.public.String()
			}
		}
		if err := b.committed(commitSettings, func() error { return b.store.SetSettings(in.GuildID, gs) }); err != nil {
			if len(done) > 0 {
				// Your own settings are stored: say so, and what failed.
				b.log.Error("set server settings", "guild", in.GuildID, "err", err)
				return b.respond(in, reply{ephemeral: true, content: strings.Join(done, " ") + " " + in.lang.Sprint("The server's settings could not be stored; please try them again.")})
			}
			return fmt.Errorf("set settings of %s: %w", in.GuildID, err)
		}
		switch {
		case !setThread:
		case gs.Threads:
			done = append(done, in.lang.Sprint("From now on, games in this server start in a thread of their own; a challenge can still say thread:false."))
		default:
			done = append(done, in.lang.Sprint("From now on, games in this server are played in the channel of their challenge; a challenge can still say thread:true."))
		}
		if setDaily {
			done = append(done, b.dailySetting(in.lang, gs))
		}
	}
	// The settings are stored: a lost answer must not say that nothing
	// changed (/volo settings shows them again).
	return afterCommit(b.respond(in, reply{ephemeral: true, content: strings.Join(done, " ")}))
}

// dailySetting says in t where and when the server's puzzle of the day
// is posted, if it is.
func (b *Bot) dailySetting(t lang.Tag, gs store.GuildSettings) string {
	if gs.PuzzleChannel == "" || b.cfg.Puzzles.DailyHour < 0 {
		return t.Sprint("Puzzle of the day: none (a manager of the server turns it on in a channel with daily_puzzle:true).")
	}
	return t.Sprintf("Puzzle of the day: in <#%s>, every day at %s:00 UTC.", gs.PuzzleChannel, fmt.Sprintf("%02d", b.cfg.Puzzles.DailyHour))
}

// optChoice returns a string option's value, if it was given.
func optChoice(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) (string, bool) {
	v := optString(opts, name)
	return v, v != ""
}

// notifyText says in t what a notify setting does from now on.
func notifyText(t lang.Tag, notify string) string {
	switch notify {
	case store.NotifyDM:
		return t.Sprint("When it becomes your move in a game with a time limit, and at its reminder, I send you a direct message with the board; if your direct messages are closed to me, I ping you in the game's channel instead. In games without a time limit I ping you in the channel.")
	case store.NotifyOff:
		return t.Sprint("I name you when it is your move but never ping you. Use /volo mygames to see where you are to move.")
	}
	return t.Sprint("I ping you in the game's channel when it is your move.")
}

// notifyName names a notify setting in t: "dm", "message privé".
func notifyName(t lang.Tag, notify string) string {
	switch notify {
	case store.NotifyDM:
		return t.Sprint("dm")
	case store.NotifyOff:
		return t.Sprint("off")
	case store.NotifyChannel:
		return t.Sprint("channel")
	}
	return notify
}

// themeName names a theme in t: "dark", "sombre".
func themeName(t lang.Tag, theme string) string {
	switch theme {
	case "dark":
		return t.Sprint("dark")
	case "light":
		return t.Sprint("light")
	}
	return theme
}

// settingsText shows in t a player's settings and, in a server, the
// server's.
func settingsText(t lang.Tag, us store.UserSettings, gs store.GuildSettings, inGuild bool, defaultTheme string) string {
	var sb strings.Builder
	notify := us.Notify
	if notify == "" {
		notify = store.NotifyChannel
	}
	theme := themeName(t, us.Theme)
	if us.Theme == "" {
		theme = t.Sprintf("%s (the bot's default)", themeName(t, defaultTheme))
	}
	sb.WriteString(t.Sprint("**Your settings**") + "\n")
	sb.WriteString(t.Sprintf("• notify: %s. %s", notifyName(t, notify), notifyText(t, notify)) + "\n")
	sb.WriteString(t.Sprintf("• theme: %s.", theme) + "\n")
	sb.WriteString(t.Sprint("Change them with /volo settings notify:… or theme:….") + "\n")
	if inGuild {
		sb.WriteString(t.Sprint("**This server**") + "\n")
		if gs.Threads {
			sb.WriteString(t.Sprint("• thread: games start in a thread of their own (a challenge can say thread:true or thread:false). Members who can manage the server change this with /volo settings thread:true or thread:false."))
		} else {
			sb.WriteString(t.Sprint("• thread: games start in the channel of their challenge (a challenge can say thread:true or thread:false). Members who can manage the server change this with /volo settings thread:true or thread:false."))
		}
	}
	return sb.String()
}
