package rating_test

import (
	"testing"

	"github.com/volo-discord/volo/rating"
)

func BenchmarkUpdate(b *testing.B) {
	player := rating.Rating{R: 1500, RD: 200, Sigma: 0.06}
	games := []rating.Game{
		{Opponent: rating.Rating{R: 1400, RD: 30}, Score: rating.Win},
		{Opponent: rating.Rating{R: 1550, RD: 100}, Score: rating.Loss},
		{Opponent: rating.Rating{R: 1700, RD: 300}, Score: rating.Loss},
	}
	for b.Loop() {
		rating.Update(player, games)
	}
}

func BenchmarkSettle(b *testing.B) {
	ana, ben := rating.New(), rating.New()
	for b.Loop() {
		rating.Settle(ana, ben, rating.Win)
	}
}
