package store_test

import (
	"fmt"
	"log"
	"time"

	"github.com/volo-discord/volo/store"
)

// A server's puzzle of the day, and a player's answer to it: the bot
// judges the move (package engine/ai), the store keeps the streak.
func ExampleStore_AnswerPuzzle() {
	st, _, done := openExample(store.Options{})
	defer done()

	line := "3fdf660d49 easy win1 standard | 5/8/9/6OO2/8O2/4OOB2OO1/3BOB3O/3BBB1B4/6OBB2/6O1B1/9/8/5 B 0 | f4:f6-E1 | generated 5 ply 31"
	today := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC).Format(store.DateLayout)
	daily, _, err := st.SetDailyPuzzle(store.DailyPuzzle{Guild: "111", Date: today, ID: "3fdf660d49", Line: line})
	if err != nil {
		log.Fatal(err)
	}
	// ana asks for it: her next move answers it.
	err = st.SetPuzzleAttempt("333", store.PuzzleAttempt{ID: daily.ID, Line: daily.Line, Guild: "111", Daily: today})
	if err != nil {
		log.Fatal(err)
	}
	attempt, _ := st.PuzzleAttempt("333")
	res, err := st.AnswerPuzzle(store.PuzzleAnswer{User: "333", Puzzle: attempt.ID, Solved: true, Guild: "111", Daily: attempt.Daily})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("streak", res.Streak.Current, "counted", res.Counted, "first daily answer", res.FirstDaily)
	again, _ := st.AnswerPuzzle(store.PuzzleAnswer{User: "333", Puzzle: attempt.ID, Solved: true})
	fmt.Println("again: counted", again.Counted, "streak", again.Streak.Current)
	// Output:
	// streak 1 counted true first daily answer true
	// again: counted false streak 1
}
