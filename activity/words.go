package activity

import "github.com/volo-discord/volo/internal/lang"

// words are the page's own words, by the key the page looks them up by,
// in a language. The English is the catalogue's key, as everywhere in the
// program, so the French is in internal/lang/messages/activity.yaml and
// TestEveryMessageIsInTheCatalogue finds one missing. A word with %s or
// %d is a format, given unfilled: the page puts its arguments in, in
// order.
func words(t lang.Tag) map[string]string {
	return map[string]string{
		// Before the board shows.
		"opening":      t.Format("Opening the board…"),
		"asking":       t.Format("Asking Discord who you are…"),
		"outside":      t.Format("This board opens inside Discord: click Play on the board under a game's board, or open Volo from the app launcher."),
		"denied":       t.Format("Discord did not tell Volo who you are, so this board cannot take your moves. Close it and open it again, and allow Volo to know who you are."),
		"failed":       t.Format("The board could not open: %s"),
		"reconnecting": t.Format("Connection lost. Reconnecting…"),
		"retry_in":     t.Format("Connection lost. Trying again in %d s…"),
		"reconnected":  t.Format("Connected again."),

		// What the channel holds.
		"no_game":   t.Format("No game in this channel. Start one with /volo challenge."),
		"challenge": t.Format("A challenge waits for an answer in the channel."),
		"over":      t.Format("Game over."),

		// Whose turn.
		"your_move":      t.Format("Your move"),
		"their_move":     t.Format("%s to move"),
		"watching_you":   t.Format("You are watching: only the players move."),
		"time_runs_out":  t.Format("time runs out %s"),
		"time_ran_out":   t.Format("time ran out %s"),
		"computer_level": t.Format("the computer, %s"),

		// Choosing a move by clicks.
		"hint_idle":      t.Format("Click one of your birds to fly it, or a lit empty point to add a bird there."),
		"hint_idle_fly":  t.Format("Click one of your lit birds to fly it."),
		"hint_bird":      t.Format("Click a lit point to fly %s there, or the other end of a line to fly the line."),
		"hint_bird_only": t.Format("Click a lit point to fly %s there."),
		"hint_line":      t.Format("Click a lit point: the line %s flies there."),
		"hint_region":    t.Format("%s splits %s's birds. Click inside the region %s keeps; the birds in the others fly away."),
		"hands_win":      t.Format("Keeping region %s hands %s the win. Keep it anyway?"),
		"keep_anyway":    t.Format("Keep it"),
		"choose_another": t.Format("Choose another"),
		"cancel":         t.Format("Cancel"),
		"playing":        t.Format("Playing %s…"),
		"region":         t.Format("region %s"),

		// Planning a reply, while the opponent is to move.
		"plan_reply":       t.Format("Plan a reply"),
		"plan_stop":        t.Format("Stop planning"),
		"plans_title":      t.Format("Your plans, seen by you alone"),
		"plan_cancel":      t.Format("Cancel the plan %s"),
		"hint_plan_theirs": t.Format("Planning a reply, step 1: click the move you expect from %s."),
		"hint_plan_reply":  t.Format("Planning a reply, step 2: click your reply if %s plays %s."),
		"plan_confirm":     t.Format("If %s plays %s, I play %s for you at once. Save this plan?"),
		"plan_save":        t.Format("Save the plan"),
		"their_pass":       t.Format("%s passes"),

		// The buttons.
		"pass":             t.Format("Pass"),
		"resign":           t.Format("Resign"),
		"resign_confirm":   t.Format("Resign this game? Your opponent wins."),
		"offer_draw":       t.Format("Offer a draw"),
		"accept_draw":      t.Format("Accept the draw"),
		"decline_draw":     t.Format("Decline"),
		"ask_takeback":     t.Format("Ask to take back"),
		"agree_takeback":   t.Format("Agree"),
		"decline_takeback": t.Format("Decline"),

		// Offers.
		"draw_offered":      t.Format("%s offers a draw."),
		"draw_offered_you":  t.Format("You offered a draw."),
		"takeback_asked":    t.Format("%s asks to take back %s."),
		"takeback_asked_by": t.Format("You asked to take back %s."),

		// The points, for screen readers: "c3, orange bird".
		"point_orange": t.Format("%s, orange bird"),
		"point_blue":   t.Format("%s, blue bird"),
		"point_empty":  t.Format("%s, empty"),
		"lit_add":      t.Format("add a bird here"),
		"lit_source":   t.Format("can fly"),
		"lit_end":      t.Format("other end of a line"),
		"lit_target":   t.Format("fly here"),
		"lit_region":   t.Format("keep region %s"),

		// Around the board.
		"moves":    t.Format("Moves"),
		"watching": t.Format("Here now"),
		"orange":   t.Format("Orange"),
		"blue":     t.Format("Blue"),
		"board":    t.Format("The sky of Volo"),
	}
}
