package rating_test

import (
	"fmt"

	"github.com/volo-discord/volo/rating"
)

// Two new players; ana beats ben, and the game is rated at once.
func ExampleSettle() {
	ana, ben := rating.New(), rating.New()
	ana, ben = rating.Settle(ana, ben, rating.Win)
	fmt.Println("ana", ana)
	fmt.Println("ben", ben)
	// Output:
	// ana 1662 ± 290?
	// ben 1338 ± 290?
}

// The worked example of Glickman's paper: three games in one rating period.
func ExampleSystem_Update() {
	system := rating.System{Tau: 0.5}
	player := rating.Rating{R: 1500, RD: 200, Sigma: 0.06}
	player = system.Update(player, []rating.Game{
		{Opponent: rating.Rating{R: 1400, RD: 30}, Score: rating.Win},
		{Opponent: rating.Rating{R: 1550, RD: 100}, Score: rating.Loss},
		{Opponent: rating.Rating{R: 1700, RD: 300}, Score: rating.Loss},
	})
	// The paper, rounding as it goes, prints 1464.06, 151.52 and 0.05999.
	fmt.Printf("r′ = %.4f, RD′ = %.4f, σ′ = %.6f\n", player.R, player.RD, player.Sigma)
	fmt.Println(player, player.Provisional())
	// Output:
	// r′ = 1464.0507, RD′ = 151.5165, σ′ = 0.059996
	// 1464 ± 152? true
}

// A player who sits a period out keeps the rating, but it grows less certain.
func ExampleUpdate() {
	player := rating.Rating{R: 1700, RD: 50, Sigma: 0.06}
	fmt.Println(rating.Update(player, nil))
	// Output:
	// 1700 ± 51
}
