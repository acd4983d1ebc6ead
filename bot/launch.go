package bot

import "github.com/bwmarrin/discordgo"

// Where the bot serves the Activity (activity.listen), every board has a
// Play on the board button beside Make a move, and the app's entry point
// command (Discord's App Launcher) is registered with the bot as its
// handler: either opens the Activity in the conversation, showing its
// game, by answering the interaction with LAUNCH_ACTIVITY. See
// docs/activity.md.

// actBoard is the action of the Play on the board button. It opens the
// board whatever the game has become since the button was shown: the
// board shows the game as it stands.
const actBoard = "board"

// launchActivity is the interaction callback type LAUNCH_ACTIVITY (12),
// which opens the app's Activity for the user where they are; discordgo
// v0.29 names no constant for it. Discord's "Receiving and Responding",
// Interaction Callback Type.
const launchActivity = discordgo.InteractionResponseType(12)

// primaryEntryPoint is the application command type PRIMARY_ENTRY_POINT
// (4): the command of the App Launcher that opens an app's Activity.
// Discord's "Application Commands", Application Command Types.
const primaryEntryPoint = discordgo.ApplicationCommandType(4)

// launch opens the Activity for the user who clicked Play on the board or
// invoked the entry point command.
func (b *Bot) launch(in *interaction) error {
	if !b.cfg.Activity.On() {
		return refuse("The board is not open here: this bot serves no Activity. Use Make a move, or /volo move.")
	}
	return b.answer(in, func() *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{Type: launchActivity}
	})
}
