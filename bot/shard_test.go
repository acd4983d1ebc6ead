package bot

import (
	"slices"
	"testing"
)

func TestShardConfig(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		shards, rng string
		count       int
		ids         []int
		bad         bool
	}{
		{shards: "auto", count: 0},
		{shards: "", count: 0},
		{shards: "4", count: 4, ids: []int{0, 1, 2, 3}},
		{shards: "16", rng: "0-3", count: 16, ids: []int{0, 1, 2, 3}},
		{shards: "16", rng: "12-15", count: 16, ids: []int{12, 13, 14, 15}},
		{shards: "16", rng: "5", count: 16, ids: []int{5}},
		{shards: "16", rng: "12-16", bad: true},
		{shards: "16", rng: "3-1", bad: true},
		{shards: "16", rng: "-1", bad: true},
		{shards: "16", rng: "a-b", bad: true},
		{shards: "0", bad: true},
		{shards: "many", bad: true},
	} {
		n, err := parseShardCount(tc.shards)
		if err == nil && n > 0 {
			var ids []int
			ids, err = parseShardRange(tc.rng, n)
			if err == nil && !slices.Equal(ids, tc.ids) {
				t.Errorf("%q %q: shards %v, want %v", tc.shards, tc.rng, ids, tc.ids)
			}
		}
		if (err != nil) != tc.bad || err == nil && n != tc.count {
			t.Errorf("%q %q: count %d, error %v; want %d, bad %v", tc.shards, tc.rng, n, err, tc.count, tc.bad)
		}
		cfg := DefaultConfig()
		cfg.Shards, cfg.ShardRange = tc.shards, tc.rng
		if err := cfg.Validate(); (err != nil) != tc.bad {
			t.Errorf("Validate %q %q: %v", tc.shards, tc.rng, err)
		}
	}
}

// Shards identify in buckets of max_concurrency: runs of IDs that share
// id / max_concurrency.
func TestShardBuckets(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ids         []int
		concurrency int
		want        [][]int
	}{
		{[]int{0}, 1, [][]int{{0}}},
		{[]int{0, 1, 2, 3}, 1, [][]int{{0}, {1}, {2}, {3}}},
		{[]int{0, 1, 2, 3}, 4, [][]int{{0, 1, 2, 3}}},
		{[]int{0, 1, 2, 3, 4, 5}, 4, [][]int{{0, 1, 2, 3}, {4, 5}}},
		{[]int{6, 7, 8, 9}, 4, [][]int{{6, 7}, {8, 9}}},
	} {
		got := shardPlan{ids: tc.ids, concurrency: tc.concurrency}.buckets()
		if !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("%v by %d: %v, want %v", tc.ids, tc.concurrency, got, tc.want)
		}
	}
}

// FuzzShardConfig reads any shards and shard_range: a count from 1 and a
// range within it, or an error, never a panic.
func FuzzShardConfig(f *testing.F) {
	for _, seed := range [][2]string{{"auto", ""}, {"4", "0-3"}, {"16", "12-15"}, {"16", "5"}, {"0", ""}, {"16", "3-1"}, {"9999999999999999999", "-"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, shards, rng string) {
		n, err := parseShardCount(shards)
		if err != nil || n == 0 {
			return
		}
		if n < 1 {
			t.Fatalf("parseShardCount(%q) = %d", shards, n)
		}
		ids, err := parseShardRange(rng, n)
		if err != nil {
			return
		}
		if len(ids) == 0 {
			t.Fatalf("parseShardRange(%q, %d) ran no shard", rng, n)
		}
		for i, id := range ids {
			if id < 0 || id >= n || i > 0 && id != ids[i-1]+1 {
				t.Fatalf("parseShardRange(%q, %d) = %v", rng, n, ids)
			}
		}
	})
}
