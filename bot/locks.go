package bot

import "sync"

// channelLocks gives each channel its own mutex: one change at a time per
// game. A channel's mutex lives only while someone holds it or waits for
// it, so a bot that runs for months in thousands of channels keeps as many
// mutexes as it has changes in hand, not one for every channel it has
// ever served.
type channelLocks struct {
	mu    sync.Mutex
	locks map[string]*channelLock
}

// channelLock is one channel's mutex and how many hold it or wait for it.
type channelLock struct {
	sync.Mutex
	users int // guarded by channelLocks.mu
}

// lock waits for channel's mutex and returns the function that releases
// it, to be called once.
func (l *channelLocks) lock(channel string) (unlock func()) {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*channelLock{}
	}
	m := l.locks[channel]
	if m == nil {
		m = &channelLock{}
		l.locks[channel] = m
	}
	m.users++ // before waiting: a waiter keeps the mutex in the map
	l.mu.Unlock()
	m.Lock()
	return func() {
		m.Unlock()
		l.mu.Lock()
		defer l.mu.Unlock()
		if m.users--; m.users == 0 {
			delete(l.locks, channel)
		}
	}
}

// held returns how many channels' mutexes are held or waited for.
func (l *channelLocks) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.locks)
}
