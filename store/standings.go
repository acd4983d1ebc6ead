package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/rating"
)

// Global is the scope of the standings that count every game, wherever
// it was played. Any other scope is a guild's ID: the games of that
// server.
const Global = ""

// Standing is a player's rating and record in one scope: everywhere
// (Global) or in one server.
type Standing struct {
	// Scope is Global or the guild the standing is kept for.
	Scope string
	// Player is the Discord user ID, or ComputerID(level) for a level of
	// the computer.
	Player string
	// Name is the player's display name in their latest game.
	Name string
	// Rating is the player's Glicko-2 rating; rating.New() until their
	// first rated game.
	Rating rating.Rating
	// Rated counts the rated games among those played.
	Rated int
	// Won, Lost and Drawn count the games finished with a result, rated or
	// not. Games called off or abandoned count nowhere.
	Won, Lost, Drawn int
	// Last is when the player's latest game ended.
	Last time.Time
}

// Played returns how many games the player finished with a result.
func (s Standing) Played() int { return s.Won + s.Lost + s.Drawn }

// RatingChange is a player's rating before and after one game.
type RatingChange struct {
	Before, After rating.Rating
}

// Diff returns how many points the game won (or, negative, lost).
func (c RatingChange) Diff() float64 { return c.After.R - c.Before.R }

// computerPrefix starts the standing IDs of the computer's levels, which
// no Discord user ID (a number) can.
const computerPrefix = "computer:"

// ComputerID returns the ID the standings keep for a level of the
// computer, such as "computer:hard": each level has a rating of its own.
func ComputerID(level string) string { return computerPrefix + level }

// StandingID returns the ID under which p's games count: their user ID, or
// ComputerID of their level for the computer.
func (p Player) StandingID() string {
	if p.Level != "" {
		return ComputerID(p.Level)
	}
	return p.ID
}

// Rated reports whether g, ended with its Outcome, changes ratings: a
// result between two different players, not marked Unrated.
func (g *Game) Rated() bool {
	a, b := g.Players[0].StandingID(), g.Players[1].StandingID()
	return g.Outcome.Over() && !g.Unrated && a != "" && b != "" && a != b
}

// standingV1 is a standing as stored, under its scope and player.
type standingV1 struct {
	Name  string    `json:"name,omitempty"`
	R     float64   `json:"r"`
	RD    float64   `json:"rd"`
	Sigma float64   `json:"sigma"`
	Rated int       `json:"rated,omitempty"`
	Won   int       `json:"won,omitempty"`
	Lost  int       `json:"lost,omitempty"`
	Drawn int       `json:"drawn,omitempty"`
	Last  time.Time `json:"last,omitzero"`
}

// standingKey returns the key of a player's standing in a scope.
func standingKey(scope, player string) []byte {
	return append(append([]byte(scope), 0), player...)
}

// newStanding returns the standing of a player who has not played in
// scope.
func newStanding(scope, player string) Standing {
	return Standing{Scope: scope, Player: player, Rating: rating.New()}
}

// getStanding reads a standing, a new one if the player has none.
func getStanding(b *bolt.Bucket, scope, player string) (Standing, error) {
	st := newStanding(scope, player)
	data := b.Get(standingKey(scope, player))
	if data == nil {
		return st, nil
	}
	return decodeStanding(st, data)
}

// decodeStanding fills st from its stored form.
func decodeStanding(st Standing, data []byte) (Standing, error) {
	var v standingV1
	if err := json.Unmarshal(data, &v); err != nil {
		return st, fmt.Errorf("%w: standing of %s in %q: %v", ErrCorrupt, st.Player, st.Scope, err)
	}
	if v.Sigma <= 0 || v.RD <= 0 {
		return st, fmt.Errorf("%w: standing of %s in %q has RD %v and σ %v", ErrCorrupt, st.Player, st.Scope, v.RD, v.Sigma)
	}
	st.Name, st.Rating = v.Name, rating.Rating{R: v.R, RD: v.RD, Sigma: v.Sigma}
	st.Rated, st.Won, st.Lost, st.Drawn, st.Last = v.Rated, v.Won, v.Lost, v.Drawn, v.Last
	return st, nil
}

// putStanding stores a standing.
func putStanding(b *bolt.Bucket, st Standing) error {
	data, err := encodeStanding(st)
	if err != nil {
		return err
	}
	return b.Put(standingKey(st.Scope, st.Player), data)
}

// encodeStanding returns a standing's record: JSON, without its scope
// and player, which are its key.
func encodeStanding(st Standing) ([]byte, error) {
	data, err := json.Marshal(standingV1{
		Name: st.Name, R: st.Rating.R, RD: st.Rating.RD, Sigma: st.Rating.Sigma,
		Rated: st.Rated, Won: st.Won, Lost: st.Lost, Drawn: st.Drawn, Last: utc(st.Last),
	})
	if err != nil {
		return nil, fmt.Errorf("encode standing of %s: %w", st.Player, err)
	}
	return data, nil
}

// scopes returns the scopes a game counts in: Global, and its guild.
func scopes(g *Game) []string {
	if g.Guild == "" {
		return []string{Global}
	}
	return []string{Global, g.Guild}
}

// settle counts a finished game in its players' standings, in every scope
// it counts in, and returns the changes of their global ratings (zero for
// a game that is not rated). A game abandoned without a result, or played
// against oneself, counts nowhere.
func settle(tx *bolt.Tx, g *Game) ([2]RatingChange, error) {
	b := tx.Bucket(bucketStandings)
	changed, global, err := Settle(g, func(scope, player string) (Standing, error) {
		return getStanding(b, scope, player)
	})
	if err != nil {
		return global, err
	}
	for _, st := range changed {
		if err := putStanding(b, st); err != nil {
			return global, err
		}
	}
	return global, nil
}

// tally adds g's result to both players' standings (indexed by colour)
// and, for a rated game, settles their ratings as a rating period of its
// own, returning the changes.
func tally(st *[2]Standing, g *Game) [2]RatingChange {
	var score rating.Score // Orange's
	switch g.Outcome.Result {
	case engine.OrangeWins:
		score = rating.Win
		st[0].Won++
		st[1].Lost++
	case engine.BlueWins:
		score = rating.Loss
		st[0].Lost++
		st[1].Won++
	default:
		score = rating.Draw
		st[0].Drawn++
		st[1].Drawn++
	}
	for c := range st {
		st[c].Name, st[c].Last = g.Players[c].Name, g.Finished
	}
	var changes [2]RatingChange
	if !g.Rated() {
		return changes
	}
	orange, blue := rating.Settle(st[0].Rating, st[1].Rating, score)
	changes[0] = RatingChange{st[0].Rating, orange}
	changes[1] = RatingChange{st[1].Rating, blue}
	st[0].Rating, st[1].Rating = orange, blue
	st[0].Rated++
	st[1].Rated++
	return changes
}

// Standing returns a player's standing in a scope (Global or a guild's
// ID); a player who never finished a game there has a new one: 1500 ±
// 350 and no games.
func (s *Store) Standing(scope, player string) (Standing, error) {
	var st Standing
	err := s.view(func(tx *bolt.Tx) (err error) {
		st, err = getStanding(tx.Bucket(bucketStandings), scope, player)
		return err
	})
	return st, err
}

// Standings returns every standing kept in a scope, in no particular
// order: the leaderboard ranks them. Standings that cannot be read are
// left out and reported in the error; the others are returned all the
// same.
func (s *Store) Standings(scope string) ([]Standing, error) {
	var out []Standing
	var bad []error
	err := s.view(func(tx *bolt.Tx) error {
		prefix := standingKey(scope, "")
		c := tx.Bucket(bucketStandings).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			st, err := decodeStanding(newStanding(scope, string(k[len(prefix):])), v)
			if err != nil {
				bad = append(bad, err)
				continue
			}
			out = append(out, st)
		}
		return nil
	})
	if err == nil && len(bad) > 0 {
		err = errors.Join(bad...)
	}
	return out, err
}

// Preview returns what ending g now with its Outcome would do to its
// players' global ratings, without storing anything: the bot says it in
// the announcement it commits with Finish. A game that is not rated
// changes nothing. Another game of the same player ending in between
// would make Finish's figures differ from these.
func (s *Store) Preview(g *Game) ([2]RatingChange, error) {
	var changes [2]RatingChange
	err := s.view(func(tx *bolt.Tx) (err error) {
		b := tx.Bucket(bucketStandings)
		changes, err = PreviewRatings(g, func(scope, player string) (Standing, error) {
			return getStanding(b, scope, player)
		})
		return err
	})
	return changes, err
}
