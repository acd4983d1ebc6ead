package fakediscord

import (
	"strconv"
	"time"
)

// Sharding, as Discord does it: a bot's gateway connection identifies with
// shard [id, count] and is sent the events of the servers whose
// (guild_id >> 22) % count is its id, and those of no server (direct
// messages) on shard 0. A connection that would serve more servers than
// Options.MaxGuildsPerShard is closed with 4011; a shard that is not one
// of its count, with 4010.

// DefaultMaxGuildsPerShard is Discord's limit of servers one connection
// may serve.
const DefaultMaxGuildsPerShard = 2500

// recommendedGuildsPerShard is how many servers GET /gateway/bot
// recommends a shard serve, as Discord's recommendation roughly does.
const recommendedGuildsPerShard = 1000

// Gateway close codes of sharding.
const (
	closeInvalidShard     = 4010
	closeShardingRequired = 4011
)

// ShardOf returns the shard of count that serves guild: (guild_id >> 22)
// % count, and 0 for no guild.
func ShardOf(guild string, count int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil || count <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// shard returns the session's [id, count]: [0, 1] without sharding.
func (sess *gatewaySession) shard() [2]int {
	if sess.identify.Shard == nil {
		return [2]int{0, 1}
	}
	return *sess.identify.Shard
}

// serves reports whether the session is sent the events of guild (empty
// for a direct message).
func (sess *gatewaySession) serves(guild string) bool {
	sh := sess.shard()
	return ShardOf(guild, sh[1]) == sh[0]
}

// identifyWindow is the time max_concurrency counts IDENTIFYs over: "Number of identify requests
// allowed per 5 seconds" (the Gateway topic, Session Start Limit Object).
const identifyWindow = 5 * time.Second

// lastIdentify is the last IDENTIFY of a rate limit key: which shard, and when, by the wall
// clock.
type lastIdentify struct {
	shard int
	at    time.Time
}

// mayIdentify reports whether a shard may identify now, and if so records it. As the Gateway
// topic's "Max Concurrency" says, a shard's rate limit key is shard_id % max_concurrency, and
// shards are started max_concurrency at a time, a key once per identifyWindow: an IDENTIFY of
// another shard of the same key within the window exceeds the limit, and "Discord will respond
// with an Invalid Session (opcode 9) event" ("Identifying"). A shard identifying again (after
// an op 9 or a restart) is not counted against itself: discordgo v0.29.0 answers op 9 with an
// IDENTIFY at once, and the stand-in would only make it spin. The caller holds s.mu.
func (s *Server) mayIdentify(shard *[2]int) bool {
	id := 0
	if shard != nil {
		id = shard[0]
	}
	key := id % max(1, s.opts.MaxConcurrency)
	now := time.Now()
	if last, ok := s.identifyAt[key]; ok && last.shard != id && now.Sub(last.at) < identifyWindow {
		return false
	}
	s.identifyAt[key] = lastIdentify{shard: id, at: now}
	return true
}

// ConcurrencyRefusals counts the IDENTIFYs refused with op 9 for exceeding max_concurrency.
func (s *Server) ConcurrencyRefusals() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.concurrencyRefusals
}

// validShard reports whether [id, count] is a shard Discord accepts.
func validShard(sh *[2]int) bool {
	return sh == nil || sh[1] >= 1 && sh[0] >= 0 && sh[0] < sh[1]
}

// maxGuildsPerShard is the most servers one connection may serve. The
// caller holds s.mu.
func (s *Server) maxGuildsPerShard() int {
	if s.opts.MaxGuildsPerShard > 0 {
		return s.opts.MaxGuildsPerShard
	}
	return DefaultMaxGuildsPerShard
}

// recommendedShards is the shard count GET /gateway/bot recommends for
// the servers the bot is in. The caller holds s.mu.
func (s *Server) recommendedShards() int {
	per := min(recommendedGuildsPerShard, s.maxGuildsPerShard())
	return max(1, (len(s.botGuilds())+per-1)/per)
}
