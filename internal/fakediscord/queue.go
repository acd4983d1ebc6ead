package fakediscord

import "sync"

// queue holds what one goroutine hands on, in order and without bound, so that whoever adds to
// it never waits for the reader. The reader waits on wake for more and on done for the end.
type queue[T any] struct {
	mu      sync.Mutex
	items   []T
	wake    chan struct{} // signalled when items arrive
	done    chan struct{} // closed by stop
	stopped bool
}

// newQueue returns an empty queue.
func newQueue[T any]() *queue[T] {
	return &queue[T]{wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// push adds an item, unless the queue has stopped.
func (q *queue[T]) push(v T) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopped {
		return
	}
	q.items = append(q.items, v)
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// take removes and returns what is queued.
func (q *queue[T]) take() []T {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	q.items = nil
	return items
}

// pending counts what is queued.
func (q *queue[T]) pending() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// stop ends the queue: done is closed and nothing more is added.
func (q *queue[T]) stop() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.stopped {
		q.stopped = true
		close(q.done)
	}
}
