package syncbuf_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/volo-discord/volo/internal/syncbuf"
)

func TestWritesFromManyGoroutinesAreAllKept(t *testing.T) {
	var b syncbuf.Buffer
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				fmt.Fprintf(&b, "%d\n", i)
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	if n := strings.Count(b.String(), "\n"); n != 800 {
		t.Errorf("%d lines kept, want 800", n)
	}
}

func ExampleBuffer() {
	var b syncbuf.Buffer
	fmt.Fprintln(&b, "ready")
	fmt.Print(b.String())
	// Output: ready
}
