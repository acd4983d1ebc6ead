package rating

import "testing"

// BenchmarkUpdate rates the period of the paper's worked example.
func BenchmarkUpdate(b *testing.B) {
	player, games := paperExample()
	for b.Loop() {
		Update(player, games)
	}
}

func BenchmarkSettle(b *testing.B) {
	ana, ben := New(), New()
	for b.Loop() {
		Settle(ana, ben, Win)
	}
}
