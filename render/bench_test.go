package render

import (
	"testing"
)

// benchGame is a random game of exactly 150 plies (seed 18), ended by a
// win: the length the GIF target is set for.
func benchGame(b testing.TB) []Scene {
	g := randomGame(b, 18, 150)
	if g.Ply() != 150 {
		b.Fatalf("game of %d plies, want 150", g.Ply())
	}
	scenes := make([]Scene, g.Ply()+1)
	for ply := range scenes {
		s, err := GameScene(g, ply)
		if err != nil {
			b.Fatal(err)
		}
		s.Orange, s.Blue = "ana", "ben"
		scenes[ply] = s
	}
	return scenes
}

// BenchmarkBoard draws every position of a 150-ply game in turn, each with
// its last move marked, at the default size. Targets: at most 8 ms and 60
// KB an image.
func BenchmarkBoard(b *testing.B) {
	benchBoard(b, benchGame(b))
}

// BenchmarkBoardPointNames is BenchmarkBoard with the empty points named,
// as a move picker's preview draws them. Targets: at most 10 ms and 80 KB
// an image.
func BenchmarkBoardPointNames(b *testing.B) {
	scenes := benchGame(b)
	for i := range scenes {
		scenes[i].PointNames = true
	}
	benchBoard(b, scenes)
}

func benchBoard(b *testing.B, scenes []Scene) {
	r, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	var total int
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		img, err := r.Board(scenes[i%len(scenes)])
		if err != nil {
			b.Fatal(err)
		}
		total += len(img)
	}
	b.ReportMetric(float64(total)/float64(b.N)/1000, "KB/image")
}

// BenchmarkGIF150 draws a whole 150-ply game as an animated GIF. Targets:
// at most 400 ms, and under 4 MB.
func BenchmarkGIF150(b *testing.B) {
	r, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	g := randomGame(b, 18, 150)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		img, err := r.GIF(g, GIFOptions{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(img)
	}
	b.ReportMetric(float64(size)/1e6, "MB")
}
