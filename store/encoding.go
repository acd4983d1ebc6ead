package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/rating"
)

// recordSchema is the version of the record encoding this build writes.
//
// A record is two lines of JSON: a header, with what the indexes and the
// version check need, then a body with the rest of the game, its moves
// last. Both are readable with any tool and forward-compatible: a field
// added later is ignored by older builds, and a missing one reads as its
// zero value. Times are RFC 3339 in UTC, the time per move a Go duration
// such as "72h0m0s", the rules, status, result and reason their names in
// the engine's notation. A change that breaks this bumps recordSchema, and
// decodeGame learns to read both; and Resume, which rewrites a record's
// header and keeps its body as it was (EncodeHeader), must then keep each
// record's own schema in the header it writes.
//
// The split lets a change read the header of the record it replaces
// without parsing the moves; writing the moves by hand keeps a move's
// commit cheap however long the game.
const recordSchema = 1

// headerV1 is the first line of a record.
type headerV1 struct {
	Schema  int    `json:"schema"`
	Version uint64 `json:"version"`
	ID      string `json:"id,omitempty"`
	// Number is Game.Number; records written before schema 8 of the
	// file read it as none until the migration numbers them.
	Number   int       `json:"number,omitempty"`
	Guild    string    `json:"guild,omitempty"`
	Channel  string    `json:"channel"`
	Status   string    `json:"status"`
	Orange   playerV1  `json:"orange"`
	Blue     playerV1  `json:"blue"`
	RemindAt time.Time `json:"remind_at,omitzero"`
	Deadline time.Time `json:"deadline,omitzero"`
	// CheckThread is Game.CheckThreadAt; records written before it read
	// it as none.
	CheckThread time.Time `json:"check_thread_at,omitzero"`
}

// bodyV1 is the second line of a record. appendMoves writes its moves.
type bodyV1 struct {
	Rules        string    `json:"rules"`
	Start        string    `json:"start,omitempty"`
	TimePerMove  string    `json:"time_per_move,omitempty"`
	Result       string    `json:"result"`
	Reason       string    `json:"reason,omitempty"`
	RegionChoice *regionV1 `json:"region_choice,omitempty"`
	DrawOffer    *drawV1   `json:"draw_offer,omitempty"`
	Takeback     *drawV1   `json:"takeback,omitempty"`
	Unrated      bool      `json:"unrated,omitempty"`
	Friendly     bool      `json:"friendly,omitempty"`
	Ratings      []ratedV1 `json:"ratings,omitempty"`
	Parent       string    `json:"parent,omitempty"`
	Detached     bool      `json:"detached,omitempty"`
	Lang         string    `json:"lang,omitempty"`
	Created      time.Time `json:"created"`
	Updated      time.Time `json:"updated"`
	Finished     time.Time `json:"finished,omitzero"`
	Moves        []moveV1  `json:"moves,omitempty"`
}

type playerV1 struct {
	ID         string `json:"id,omitempty"`
	Name       string `json:"name,omitempty"`
	Level      string `json:"level,omitempty"`
	Challenger bool   `json:"challenger,omitempty"`
	Lang       string `json:"lang,omitempty"`
}

type moveV1 struct {
	Move string    `json:"move"`
	By   string    `json:"by,omitempty"`
	At   time.Time `json:"at,omitzero"`
}

type regionV1 struct {
	Flight  string    `json:"flight"`
	Player  string    `json:"player,omitempty"`
	Regions []string  `json:"regions,omitempty"`
	At      time.Time `json:"at,omitzero"`
}

// ratedV1 is a player's rating change in a finished game.
type ratedV1 struct {
	Before ratingV1 `json:"before"`
	After  ratingV1 `json:"after"`
}

type ratingV1 struct {
	R     float64 `json:"r"`
	RD    float64 `json:"rd"`
	Sigma float64 `json:"sigma"`
}

type drawV1 struct {
	By string    `json:"by"`
	At time.Time `json:"at,omitzero"`
}

// encodeGame returns g as a record of the current schema.
func encodeGame(g *Game) ([]byte, error) {
	body, err := encodeBody(g)
	if err != nil {
		return nil, err
	}
	return encodeRecord(g, body)
}

// encodeRecord returns the record of g given its body from encodeBody: the
// body is the costly part, encoded before the commit, and the header the
// part the commit decides (the version, the ID).
func encodeRecord(g *Game, body []byte) ([]byte, error) {
	head, err := encodeHeader(g)
	if err != nil {
		return nil, err
	}
	record := make([]byte, 0, len(head)+1+len(body))
	return append(append(append(record, head...), '\n'), body...), nil
}

// encodeHeader returns the first line of the record of g, without its
// newline.
func encodeHeader(g *Game) ([]byte, error) {
	return json.Marshal(&headerV1{
		Schema:      recordSchema,
		Version:     g.Version,
		ID:          g.ID,
		Number:      g.Number,
		Guild:       g.Guild,
		Channel:     g.Channel,
		Status:      g.Status.String(),
		Orange:      playerV1(g.Players[engine.Orange]),
		Blue:        playerV1(g.Players[engine.Blue]),
		RemindAt:    utc(g.RemindAt),
		Deadline:    utc(g.Deadline),
		CheckThread: utc(g.CheckThreadAt),
	})
}

// encodeBody returns the second line of the record of g.
func encodeBody(g *Game) ([]byte, error) {
	b := bodyV1{
		Rules:    g.Rules.String(),
		Start:    g.Start,
		Result:   g.Outcome.Result.String(),
		Reason:   g.Outcome.Reason.String(),
		Parent:   g.Parent,
		Detached: g.Detached,
		Lang:     g.Lang,
		Created:  utc(g.Created),
		Updated:  utc(g.Updated),
		Finished: utc(g.Finished),
	}
	if g.TimePerMove != 0 {
		b.TimePerMove = g.TimePerMove.String()
	}
	if c := g.RegionChoice; c != nil {
		b.RegionChoice = &regionV1{c.Flight, c.Player, c.Regions, utc(c.At)}
	}
	if d := g.DrawOffer; d != nil {
		b.DrawOffer = &drawV1{d.By, utc(d.At)}
	}
	if d := g.Takeback; d != nil {
		b.Takeback = &drawV1{d.By, utc(d.At)}
	}
	b.Unrated, b.Friendly = g.Unrated, g.Friendly
	if g.Ratings != [2]RatingChange{} {
		for _, c := range g.Ratings {
			b.Ratings = append(b.Ratings, ratedV1{ratingV1(c.Before), ratingV1(c.After)})
		}
	}
	body, err := json.Marshal(&b)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(body)+16+96*len(g.Moves))
	out = append(out, body[:len(body)-1]...) // all but the closing brace
	out, err = appendMoves(append(out, `,"moves":`...), g.Moves)
	return append(out, '}'), err
}

// appendMoves appends moves as the JSON array of moveV1 that json.Marshal
// would write, at a fraction of the cost: a commit re-encodes them all.
func appendMoves(dst []byte, moves []Move) ([]byte, error) {
	dst = append(dst, '[')
	for i, m := range moves {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(append(dst, `{"move":`...), m.Notation)
		if m.Player != "" {
			dst = appendString(append(dst, `,"by":`...), m.Player)
		}
		if at := utc(m.At); !at.IsZero() {
			if y := at.Year(); y < 0 || y > 9999 {
				return nil, fmt.Errorf("move %d: time %v is outside years 0 to 9999", i+1, at)
			}
			dst = append(at.AppendFormat(append(dst, `,"at":"`...), time.RFC3339Nano), '"')
		}
		dst = append(dst, '}')
	}
	return append(dst, ']'), nil
}

// appendString appends s as a JSON string.
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			quoted, _ := json.Marshal(s) // escapes as JSON needs; cannot fail
			return append(dst, quoted...)
		}
	}
	return append(append(append(dst, '"'), s...), '"')
}

// decodeGame reads a record written by encodeGame, of this schema or an
// older one, and checks every field it can.
func decodeGame(data []byte) (*Game, error) {
	head, body, ok := bytes.Cut(data, []byte{'\n'})
	if !ok {
		return nil, errors.New("a record is two lines, this is one")
	}
	g, err := decodeHeader(head)
	if err != nil {
		return nil, err
	}
	var b bodyV1
	if err := json.Unmarshal(body, &b); err != nil {
		return nil, err
	}
	var errs []error
	at := timeReader(&errs)
	g.Start = b.Start
	g.Parent, g.Detached, g.Lang = b.Parent, b.Detached, b.Lang
	g.Created, g.Updated, g.Finished = at(b.Created), at(b.Updated), at(b.Finished)
	g.Rules, err = engine.ParseRules(b.Rules)
	errs = append(errs, err)
	g.Outcome.Result, err = engine.ParseResult(b.Result)
	errs = append(errs, err)
	g.Outcome.Reason, err = engine.ParseReason(b.Reason)
	errs = append(errs, err)
	if b.TimePerMove != "" {
		g.TimePerMove, err = time.ParseDuration(b.TimePerMove)
		errs = append(errs, err)
	}
	if len(b.Moves) > 0 {
		g.Moves = make([]Move, len(b.Moves))
	}
	for i, m := range b.Moves {
		if m.Move == "" {
			errs = append(errs, fmt.Errorf("move %d is empty", i+1))
		}
		g.Moves[i] = Move{m.Move, m.By, at(m.At)}
	}
	if c := b.RegionChoice; c != nil {
		g.RegionChoice = &RegionChoice{c.Flight, c.Player, nonEmpty(c.Regions), at(c.At)}
	}
	if d := b.DrawOffer; d != nil {
		g.DrawOffer = &DrawOffer{d.By, at(d.At)}
	}
	if d := b.Takeback; d != nil {
		g.Takeback = &DrawOffer{d.By, at(d.At)}
	}
	g.Unrated, g.Friendly = b.Unrated, b.Friendly
	switch len(b.Ratings) {
	case 0:
	case 2:
		for c, r := range b.Ratings {
			g.Ratings[c] = RatingChange{rating.Rating(r.Before), rating.Rating(r.After)}
		}
	default:
		errs = append(errs, fmt.Errorf("%d ratings, want one per player", len(b.Ratings)))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return g, nil
}

// decodeHeader reads only the header line of a record: a Game with its
// IDs, players, status, reminder, deadline and version, enough for its
// index entries and a version check.
func decodeHeader(data []byte) (*Game, error) {
	head, _, _ := bytes.Cut(data, []byte{'\n'})
	var h headerV1
	if err := json.Unmarshal(head, &h); err != nil {
		return nil, err
	}
	var errs []error
	at := timeReader(&errs)
	g := &Game{
		ID:            h.ID,
		Number:        h.Number,
		Guild:         h.Guild,
		Channel:       h.Channel,
		Players:       [2]Player{Player(h.Orange), Player(h.Blue)},
		RemindAt:      at(h.RemindAt),
		Deadline:      at(h.Deadline),
		CheckThreadAt: at(h.CheckThread),
		Version:       h.Version,
	}
	if h.Schema < 1 || h.Schema > recordSchema {
		errs = append(errs, fmt.Errorf("record schema %d: this build reads 1 to %d", h.Schema, recordSchema))
	}
	if h.Channel == "" {
		errs = append(errs, errors.New("no channel"))
	}
	if h.Number < 0 {
		errs = append(errs, fmt.Errorf("game number %d is negative", h.Number))
	}
	var err error
	g.Status, err = ParseStatus(h.Status)
	if err := errors.Join(append(errs, err)...); err != nil {
		return nil, err
	}
	return g, nil
}

// timeReader returns a function that takes a decoded time to UTC and
// adds an error to errs for one that could not be written back.
func timeReader(errs *[]error) func(time.Time) time.Time {
	return func(t time.Time) time.Time {
		t = utc(t)
		if y := t.Year(); !t.IsZero() && (y < 0 || y > 9999) {
			*errs = append(*errs, fmt.Errorf("time %v is outside years 0 to 9999", t))
		}
		return t
	}
}

// nonEmpty returns nil for an empty list, so a list reads back the same
// whether it was written empty or left out.
func nonEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// utc drops the location and the monotonic reading, so a time reads back
// equal to what was written.
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.Round(0).UTC()
}
