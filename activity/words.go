package activity

import "github.com/volo-discord/volo/internal/lang"

// words are the page's own words, by the key the page looks them up by,
// in a language. The English is the catalogue's key, as everywhere in the
// program, so the French is in internal/lang/messages/activity.yaml and
// TestEveryMessageIsInTheCatalogue finds one missing. A word with %s or
// %d is a format: the page puts its arguments in, in order.
func words(t lang.Tag) map[string]string {
	return map[string]string{
		// Before the board shows.
		"opening":      t.Sprint("Opening the board…"),
		"asking":       t.Sprint("Asking Discord who you are…"),
		"outside":      t.Sprint("This board opens inside Discord: click Play on the board under a game's board, or open Volo from the app launcher."),
		"denied":       t.Sprint("Discord did not tell Volo who you are, so this board cannot take your moves. Close it and open it again, and allow Volo to know who you are."),
		"failed":       t.Sprint("The board could not open: %s"),
		"reconnecting": t.Sprint("Connection lost. Reconnecting…"),
		"retry_in":     t.Sprint("Connection lost. Trying again in %d s…"),
		"reconnected":  t.Sprint("Connected again."),

		// What the channel holds.
		"no_game":   t.Sprint("No game in this channel. Start one with /volo challenge."),
		"challenge": t.Sprint("A challenge waits for an answer in the channel."),
		"over":      t.Sprint("Game over."),

		// Whose turn.
		"your_move":      t.Sprint("Your move"),
		"their_move":     t.Sprint("%s to move"),
		"watching_you":   t.Sprint("You are watching: only the players move."),
		"time_runs_out":  t.Sprint("time runs out %s"),
		"time_ran_out":   t.Sprint("time ran out %s"),
		"computer_level": t.Sprint("the computer, %s"),

		// Choosing a move by clicks.
		"hint_idle":      t.Sprint("Click one of your birds to fly it, or a lit empty point to add a bird there."),
		"hint_idle_fly":  t.Sprint("Click one of your lit birds to fly it."),
		"hint_bird":      t.Sprint("Click a lit point to fly %s there, or the other end of a line to fly the line."),
		"hint_bird_only": t.Sprint("Click a lit point to fly %s there."),
		"hint_line":      t.Sprint("Click a lit point: the line %s flies there."),
		"hint_region":    t.Sprint("%s splits %s's birds. Click inside the region %s keeps; the birds in the others fly away."),
		"hands_win":      t.Sprint("Keeping region %s hands %s the win. Keep it anyway?"),
		"keep_anyway":    t.Sprint("Keep it"),
		"choose_another": t.Sprint("Choose another"),
		"cancel":         t.Sprint("Cancel"),
		"playing":        t.Sprint("Playing %s…"),
		"region":         t.Sprint("region %s"),

		// The buttons.
		"pass":             t.Sprint("Pass"),
		"resign":           t.Sprint("Resign"),
		"resign_confirm":   t.Sprint("Resign this game? Your opponent wins."),
		"offer_draw":       t.Sprint("Offer a draw"),
		"accept_draw":      t.Sprint("Accept the draw"),
		"decline_draw":     t.Sprint("Decline"),
		"ask_takeback":     t.Sprint("Ask to take back"),
		"agree_takeback":   t.Sprint("Agree"),
		"decline_takeback": t.Sprint("Decline"),

		// Offers.
		"draw_offered":      t.Sprint("%s offers a draw."),
		"draw_offered_you":  t.Sprint("You offered a draw."),
		"takeback_asked":    t.Sprint("%s asks to take back %s."),
		"takeback_asked_by": t.Sprint("You asked to take back %s."),

		// The points, for screen readers: "c3, orange bird".
		"point_orange": t.Sprint("%s, orange bird"),
		"point_blue":   t.Sprint("%s, blue bird"),
		"point_empty":  t.Sprint("%s, empty"),
		"lit_add":      t.Sprint("add a bird here"),
		"lit_source":   t.Sprint("can fly"),
		"lit_end":      t.Sprint("other end of a line"),
		"lit_target":   t.Sprint("fly here"),
		"lit_region":   t.Sprint("keep region %s"),

		// Around the board.
		"moves":    t.Sprint("Moves"),
		"watching": t.Sprint("Here now"),
		"orange":   t.Sprint("Orange"),
		"blue":     t.Sprint("Blue"),
		"board":    t.Sprint("The sky of Volo"),
	}
}
