package store

import (
	"bytes"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Finish ends a game read before, if nobody changed it since (ErrConflict
// otherwise), and moves it to the finished games in the same transaction:
// the channel is free again when Finish returns. Set g.Outcome (and the
// last move, if one ended the game) first; a game finished with an
// Ongoing outcome was abandoned. Finish sets g's ID, Status, Finished,
// Updated, Version and Ratings, and drops what no longer applies to a
// game over: its deadlines, region choice, draw offer and takeback
// request. In the same transaction the game counts in its players'
// standings, everywhere and in its guild (see Standing), and, when it is
// Rated, settles their ratings; and a game played for a tournament has
// its result recorded in its board (see TournamentResult), the
// tournament finishing with its last game. The announcements, if any,
// are committed with the game's end.
func (s *Store) Finish(g *Game, anns ...*Announcement) error {
	now, an, err := s.begin(g, anns)
	if err != nil {
		return err
	}
	next := *Ended(g, now)
	if _, err := encodeBody(&next); err != nil {
		return err // refused before the commit: the moves cannot be encoded
	}
	err = s.changeAt(g, an, func(tx *bolt.Tx, old *Game) error {
		ratings, err := settle(tx, &next)
		if err != nil {
			return err
		}
		next.Ratings = ratings
		body, err := encodeBody(&next)
		if err != nil {
			return err
		}
		if err := archive(tx, old, &next, body); err != nil {
			return err
		}
		return recordTournamentGame(tx, old.Channel, &next, now)
	})
	if err != nil {
		return err
	}
	*g = next
	return nil
}

// archive moves a game from the active ones (old) to the finished ones
// (g, with its body), giving it its ID and version.
func archive(tx *bolt.Tx, old, g *Game, body []byte) error {
	finished := tx.Bucket(bucketFinished)
	seq, err := finished.NextSequence()
	if err != nil {
		return err
	}
	id := newID(g.Finished, seq)
	g.ID = formatID(id)
	g.Number = old.Number // given by Create, never changed
	if err := newVersion(tx, g); err != nil {
		return err
	}
	data, err := encodeRecord(g, body)
	if err != nil {
		return err
	}
	if err := removeActive(tx, old.Channel, indexEntries(old, []byte(old.Channel))); err != nil {
		return err
	}
	if err := finished.Put(id, data); err != nil {
		return fmt.Errorf("finished game %s: %w", g.ID, err)
	}
	return putEntries(tx, indexEntries(g, id))
}

// GetFinished returns a finished game by its ID.
func (s *Store) GetFinished(id string) (*Game, error) {
	key, err := parseID(id)
	if err != nil {
		return nil, err
	}
	var g *Game
	err = s.view(func(tx *bolt.Tx) (err error) {
		g, err = loadFinished(tx, key)
		return err
	})
	return g, err
}

// History returns a user's finished games, the latest first: at most
// limit of them (0 for all), finished before the game with ID before (""
// to start from the latest), so a caller can page through them. Games
// whose records cannot be read are left out and reported in the error,
// each a *CorruptError; the others are returned all the same.
func (s *Store) History(user, before string, limit int) ([]*Game, error) {
	return s.history(bucketUsers, user, before, limit)
}

// ChannelHistory is History for the games played in a channel: with
// limit 1, the game that ended there last.
func (s *Store) ChannelHistory(channel, before string, limit int) ([]*Game, error) {
	return s.history(bucketChannels, channel, before, limit)
}

// GuildHistory is History for all the games of a guild.
func (s *Store) GuildHistory(guild, before string, limit int) ([]*Game, error) {
	return s.history(bucketGuilds, guild, before, limit)
}

func (s *Store) history(bucket []byte, owner, before string, limit int) ([]*Game, error) {
	prefix := ownerPrefix(owner, kindFinished)
	end := ownerPrefix(owner, kindFinished+1)
	if before != "" {
		id, err := parseID(before)
		if err != nil {
			return nil, err
		}
		end = append(prefix[:len(prefix):len(prefix)], id...)
	}
	var f found
	return f.result(s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucket).Cursor()
		k, _ := c.Seek(end)
		if k == nil {
			k, _ = c.Last()
		} else {
			k, _ = c.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, prefix) && (limit <= 0 || len(f.games) < limit); k, _ = c.Prev() {
			f.add(loadFinished(tx, k[len(prefix):]))
		}
		return nil
	}))
}
