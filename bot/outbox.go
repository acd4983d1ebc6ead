package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/volo-discord/volo/store"
)

// Backoff between delivery attempts: the interaction's callback is tried
// again at once, briefly, while its window lasts; the channel waits
// longer, doubling up to the cap. discordgo itself waits out a 429's
// retry_after, global or not, before a request returns.
const (
	callbackRetry = 150 * time.Millisecond
	firstBackoff  = 500 * time.Millisecond
	maxBackoff    = time.Minute
)

// outbox delivers the committed announcements, each channel's in the
// order they were committed, one worker per channel with something to
// deliver. What it cannot deliver now it tries again, with backoff, until
// Discord has it; what is still pending at shutdown stays in the store
// for the next start.
type outbox struct {
	b      *Bot
	ctx    context.Context // ends the workers: the bot is stopping
	cancel context.CancelFunc

	mu      sync.Mutex
	queues  map[string][]*parcel     // by channel, oldest first
	workers map[string]chan struct{} // a channel's worker, woken by a send
	ids     map[uint64]struct{}      // parcels queued, so a reload adds none twice
	// acking are the parcels delivered whose clearing from the store is
	// not yet committed: a poll of the store must not queue them again.
	acking  map[uint64]struct{}
	running sync.WaitGroup
	loaded  chan struct{} // closed once reload has queued what the store held
	acks    chan uint64   // delivered parcels, for ackLoop to clear from the store
	acked   chan struct{} // closed when ackLoop has cleared the last
	// Where the bot is not a member: the latest interaction answered in
	// each channel, whose token carries follow-ups, and the parcels held
	// until there is one.
	tokens map[string]*via
	held   map[string][]*parcel
	// spentOut are the interactions whose follow-ups this process knows
	// are spent, by when they were received: the store counts them for
	// every process (see spend), this saves asking it again.
	spentOut map[string]time.Time
}

func newOutbox(b *Bot) *outbox {
	ctx, cancel := context.WithCancel(context.Background())
	o := &outbox{
		b:        b,
		ctx:      ctx,
		cancel:   cancel,
		queues:   map[string][]*parcel{},
		workers:  map[string]chan struct{}{},
		ids:      map[uint64]struct{}{},
		acking:   map[uint64]struct{}{},
		tokens:   map[string]*via{},
		held:     map[string][]*parcel{},
		spentOut: map[string]time.Time{},
		loaded:   make(chan struct{}),
		acks:     make(chan uint64, 256),
		acked:    make(chan struct{}),
	}
	go o.ackLoop()
	return o
}

// ackLoop clears delivered announcements from the store, as many in one
// commit as have been delivered meanwhile. A clearing lost to a crash
// only means the announcement is tried again at the next start, where
// the nonce or the interaction's response shows it was delivered.
func (o *outbox) ackLoop() {
	defer close(o.acked)
	for id := range o.acks {
		ids := []uint64{id}
	more:
		for {
			select {
			case id, ok := <-o.acks:
				if !ok {
					break more
				}
				ids = append(ids, id)
			default:
				break more
			}
		}
		if err := o.b.store.Delivered(ids...); err != nil {
			o.b.log.Error("could not mark announcements delivered", "ids", ids, "err", err)
			continue // kept in acking: this run does not deliver them again
		}
		o.mu.Lock()
		for _, id := range ids {
			delete(o.acking, id)
		}
		o.mu.Unlock()
	}
}

// send queues committed announcements for delivery and returns at once.
func (o *outbox) send(anns ...*store.Announcement) {
	var ps []*parcel
	for _, a := range anns {
		p, err := newParcel(a)
		if err != nil {
			o.b.log.Error("an announcement cannot be read; it is left in the outbox", "id", a.ID, "channel", a.Channel, "err", err)
			continue
		}
		ps = append(ps, p)
	}
	// A change's announcements are queued together, so nothing sees the
	// outbox idle between the first and the last (see flush).
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, p := range ps {
		o.add(p)
	}
}

// reload queues every announcement the store still holds: after a start,
// what the last run left undelivered.
func (o *outbox) reload() {
	anns, err := o.b.store.Pending()
	if err != nil {
		o.b.log.Error("some pending announcements cannot be read", "err", err)
	}
	if len(anns) > 0 {
		o.b.log.Info("delivering the announcements the last run left", "count", len(anns))
	}
	o.send(anns...)
	select {
	case <-o.loaded:
	default:
		close(o.loaded)
	}
}

// DefaultConfirmDelay is how long after an answer written into an HTTP
// response the bot looks whether Discord took it (see Options.ConfirmDelay).
const DefaultConfirmDelay = time.Second

// DefaultStorePoll is how often the outbox reads the store for
// announcements it does not hold: with a store shared by several
// processes (PostgreSQL), those of a process that stopped, once its claim
// on them lapses. It is well within pgstore's lease of two minutes.
const DefaultStorePoll = 30 * time.Second

// poll queues, every Options.StorePoll until ctx is done, the
// announcements the store holds that this process has not queued.
func (o *outbox) poll(ctx context.Context) {
	every(ctx, o.b.storePoll, func() {
		anns, err := o.b.store.Pending()
		if err != nil {
			o.b.log.Error("some pending announcements cannot be read", "err", err)
		}
		o.send(anns...)
	})
}

// add queues a parcel behind its channel's others, and makes sure the
// channel has a worker. The caller holds o.mu.
func (o *outbox) add(p *parcel) {
	_, queued := o.ids[p.id]
	_, delivered := o.acking[p.id]
	if queued || delivered || o.ctx.Err() != nil {
		return // queued or delivered already, or stopped: the next start delivers it
	}
	o.ids[p.id] = struct{}{}
	o.queues[p.lane()] = append(o.queues[p.lane()], p)
	if o.nudge(p.lane()) {
		return // a new interaction: the head is tried again now
	}
	wake := make(chan struct{}, 1)
	o.workers[p.lane()] = wake
	o.running.Add(1)
	go o.work(o.ctx, p.lane(), wake)
}

// nudge wakes the worker of a queue, reporting whether it has one. The
// caller holds o.mu.
func (o *outbox) nudge(queue string) bool {
	wake, ok := o.workers[queue]
	if ok {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	return ok
}

// behind reports whether a parcel of p's channel committed before p is
// still queued there: a tidy waits until the boards before it are out,
// so that it finds them.
func (o *outbox) behind(p *parcel) bool {
	if p.lane() == p.channel {
		return false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, q := range o.queues[p.channel] {
		if q.id < p.id {
			return true
		}
	}
	return false
}

// head returns the oldest parcel of a queue, or ends the queue's worker
// when there is none.
func (o *outbox) head(queue string) *parcel {
	o.mu.Lock()
	defer o.mu.Unlock()
	q := o.queues[queue]
	if len(q) == 0 {
		delete(o.queues, queue)
		delete(o.workers, queue)
		return nil
	}
	return q[0]
}

// pop removes a channel's oldest parcel.
func (o *outbox) pop(p *parcel) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.dequeue(p)
	delete(o.ids, p.id)
}

// dequeue takes p, its channel's oldest parcel, off the channel's queue.
// The caller holds o.mu.
func (o *outbox) dequeue(p *parcel) {
	if q := o.queues[p.lane()]; len(q) > 0 && q[0] == p {
		o.queues[p.lane()] = q[1:]
	}
	if p.lane() == p.channel {
		o.nudge(p.channel + tidyQueue) // a tidy may wait for p (see behind)
	}
}

// work delivers a queue's parcels in order until none is left or ctx
// ends: a channel's, or its tidies' (see tidyQueue).
func (o *outbox) work(ctx context.Context, queue string, wake chan struct{}) {
	defer o.running.Done()
	for {
		p := o.head(queue)
		if p == nil {
			return
		}
		channel := p.channel
		if o.behind(p) {
			if !o.sleep(ctx, queue, wake, firstBackoff) {
				return
			}
			continue
		}
		out, err := o.b.attempt(ctx, p)
		o.b.metrics.delivery(out)
		if out == confirm {
			o.confirmLater(p)
			continue
		}
		p.tries++
		o.b.log.Debug("delivery attempt", "channel", channel, "id", p.id, "try", p.tries, "outcome", out, "err", err)
		switch out {
		case held:
			o.hold(p)
			continue
		case delivered, undeliverable:
			if out == undeliverable {
				o.b.log.Error("an announcement is given up", "channel", channel, "id", p.id, "err", err)
			} else if p.tries > 1 {
				o.b.log.Info("announcement delivered after a failure", "channel", channel, "id", p.id, "tries", p.tries)
			}
			o.mu.Lock()
			o.acking[p.id] = struct{}{}
			o.mu.Unlock()
			o.acks <- p.id
			o.pop(p)
			continue
		}
		wait := backoff(p)
		o.b.log.Warn("announcement not delivered yet; trying again", "channel", channel, "id", p.id, "tries", p.tries, "in", wait, "err", err)
		if !o.sleep(ctx, queue, wake, wait) {
			return
		}
	}
}

// sleep waits until d has passed or the queue's worker is woken, and
// reports true; false when ctx ends first, the queue then forgotten (it
// stays in the store for the next start).
func (o *outbox) sleep(ctx context.Context, queue string, wake chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		o.mu.Lock()
		delete(o.workers, queue)
		for _, q := range o.queues[queue] {
			delete(o.ids, q.id)
		}
		delete(o.queues, queue)
		o.mu.Unlock()
		return false
	case <-wake:
	case <-t.C:
	}
	return true
}

// confirmLater sets aside a parcel whose message was answered in an HTTP
// response, and queues it again once Discord has had the time to take
// that answer: its next attempt looks for the answer (see attemptMessage),
// and the channel's later parcels need not wait meanwhile. It stays
// among the parcels queued, and in the store, until then.
func (o *outbox) confirmLater(p *parcel) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.dequeue(p)
	time.AfterFunc(o.b.confirmDelay, func() {
		o.mu.Lock()
		defer o.mu.Unlock()
		delete(o.ids, p.id)
		o.add(p) // not once the bot is stopping: the next start looks
	})
}

// hold sets a parcel aside until an interaction in its channel lends a
// token to deliver it with; it stays in the store meanwhile. When a token
// with follow-ups left was lent since the parcel's attempt found none, it
// is not set aside (lend could not see it) and hold reports false: the
// worker tries it again at once.
func (o *outbox) hold(p *parcel) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if v := o.tokens[p.channel]; v != nil && v.fresh() {
		if _, out := o.spentOut[v.ID]; !out {
			return false
		}
	}
	o.dequeue(p)
	o.held[p.channel] = append(o.held[p.channel], p)
	return true
}

// lend makes an answered interaction's token the one to carry a channel's
// messages where the bot is not a member, and sends what was held there.
func (o *outbox) lend(channel string, v *via) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if old := o.tokens[channel]; old == nil || !v.Received.Before(old.Received) {
		o.tokens[channel] = v
	}
	held := o.held[channel]
	delete(o.held, channel)
	for _, p := range held {
		delete(o.ids, p.id)
		o.add(p)
	}
}

// holds reports whether parcels of a channel are held for an interaction
// there.
func (o *outbox) holds(channel string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.held[channel]) > 0
}

// token returns the token to carry a channel's messages, nil if there is
// none still good.
func (o *outbox) token(channel string) *via {
	o.mu.Lock()
	defer o.mu.Unlock()
	v := o.tokens[channel]
	if v != nil && !v.fresh() {
		delete(o.tokens, channel)
		return nil
	}
	return v
}

// maxFollowUps is how many follow-ups Discord allows an interaction of an
// app used through a person's installation alone ("Receiving and
// Responding", Create Followup Message): where the bot is not in the
// server, or in a group DM or a DM between friends.
const maxFollowUps = 5

// spend counts a follow-up about to be sent with v's token, and reports
// false when the token has none left. Where the guild install authorised
// the interaction (v.Installed) Discord counts none. Elsewhere the store
// counts them (store.SpendFollowUp), so that a restart or another replica
// sharing the store does not send a sixth; if the store cannot say,
// Discord's 40094 will, and the message is held (see attemptDetached).
func (o *outbox) spend(v *via) bool {
	if v.Installed {
		return true
	}
	if o.isSpent(v) {
		return false
	}
	ok, err := o.b.store.SpendFollowUp(v.ID, maxFollowUps)
	if err != nil {
		o.b.log.Warn("could not count a follow-up in the store; sending it", "id", v.ID, "err", err)
		return true
	}
	if !ok {
		o.markSpent(v)
	}
	return ok
}

// isSpent reports whether this process knows v's follow-ups are spent.
func (o *outbox) isSpent(v *via) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, out := o.spentOut[v.ID]
	return out
}

// markSpent records that v's follow-ups are spent, forgetting those whose
// tokens no longer work.
func (o *outbox) markSpent(v *via) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.spentOut) > 1000 {
		for id, received := range o.spentOut {
			if time.Since(received) > tokenLifetime {
				delete(o.spentOut, id)
			}
		}
	}
	o.spentOut[v.ID] = v.Received
}

// forget drops a token Discord no longer takes.
func (o *outbox) forget(channel string, v *via) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.tokens[channel] == v {
		delete(o.tokens, channel)
	}
}

// backoff returns how long to wait before the next try of p, and counts
// the wait in p.backoffs when it is one past the callback: briefly while
// its interaction's callback may still make it, else doubling with jitter
// from the first failure past the callback (the callback's quick tries do
// not count: a reply that failed for 3 s leaves the channel's post at
// 0.5 s).
func backoff(p *parcel) time.Duration {
	if v := p.notice.Via; v != nil && !p.callbackDone {
		return callbackRetry
	}
	p.backoffs++
	d := firstBackoff << min(p.backoffs-1, 10)
	d = min(d, maxBackoff)
	return d/2 + rand.N(d/2+1)
}

// close gives the workers until grace ends to deliver what is queued,
// then stops them; what is left stays in the store for the next start.
func (o *outbox) close(grace time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	_ = o.flush(ctx) // what is left is delivered at the next start
	o.cancel()
	o.running.Wait()
	close(o.acks)
	<-o.acked
}

// flush waits until the store's leftovers are queued and nothing waits
// for delivery, or ctx ends.
func (o *outbox) flush(ctx context.Context) error {
	select {
	case <-o.loaded:
	case <-ctx.Done():
		return fmt.Errorf("the last run's announcements are not loaded yet: %w", ctx.Err())
	}
	for !o.idle() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("announcements still undelivered: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
	return nil
}

// idle reports whether nothing waits for delivery but what is held for
// an interaction (see hold), which no amount of waiting delivers.
func (o *outbox) idle() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	held := 0
	for _, ps := range o.held {
		held += len(ps)
	}
	return len(o.ids) == held
}

// pending counts the announcements waiting: queued for delivery (or
// waiting to be tried again), and held for an interaction.
func (o *outbox) pending() (queued, held int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, ps := range o.held {
		held += len(ps)
	}
	return len(o.ids) - held, held
}
