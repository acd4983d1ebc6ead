package store

// How a player wants to hear that it is their move.
const (
	// NotifyChannel pings the player in the game's channel: the default.
	NotifyChannel = "channel"
	// NotifyDM sends the player a direct message in games with a time
	// limit, and pings them in the channel if Discord refuses it.
	NotifyDM = "dm"
	// NotifyOff names the player in the channel without pinging them.
	NotifyOff = "off"
)

// UserSettings are a player's own choices, the same in every server.
type UserSettings struct {
	// Notify is NotifyChannel, NotifyDM or NotifyOff; empty means
	// NotifyChannel.
	Notify string `json:"notify,omitempty"`
	// Theme is the board theme of the player's own ephemeral views (the
	// move picker's previews), such as "light"; empty for the bot's.
	Theme string `json:"theme,omitempty"`
}

// UserSettings returns a user's settings; a user who set none has the
// zero UserSettings.
func (s *Store) UserSettings(user string) (UserSettings, error) {
	return readJSON[UserSettings](s, bucketPrefs, user, "settings of user")
}

// SetUserSettings stores a user's settings.
func (s *Store) SetUserSettings(user string, us UserSettings) error {
	if err := ValidateUserSettings(user, us); err != nil {
		return err
	}
	return s.writeJSON(bucketPrefs, user, us)
}
