package render

import (
	"sync"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
)

// counter is an Observer that counts the images by kind.
type counter struct {
	t    *testing.T
	mu   sync.Mutex
	seen map[string]int
}

func (c *counter) Rendered(kind string, took time.Duration) {
	if took <= 0 {
		c.t.Errorf("%s took %v", kind, took)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen[kind]++
}

// The Observer hears of every board and replay drawn, with its kind, and
// a theme's twin built from a renderer's Options carries it along.
func TestObserverHearsOfEveryImage(t *testing.T) {
	c := &counter{t: t, seen: map[string]int{}}
	r, err := New(Options{Size: MinSize, Observer: c})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Board(startScene(t)); err != nil {
		t.Fatal(err)
	}
	twin := r.Options()
	twin.Theme = Light
	light, err := New(twin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := light.Board(startScene(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := r.GIF(engine.NewGame(engine.Standard, engine.StartPosition()), GIFOptions{}); err != nil {
		t.Fatal(err)
	}
	if c.seen["board"] != 2 || c.seen["gif"] != 1 {
		t.Errorf("observed %v, want 2 boards and 1 gif", c.seen)
	}
}
