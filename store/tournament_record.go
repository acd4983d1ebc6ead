package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/volo-discord/volo/tournament"
)

// tournamentV1 is a tournament's record: one line of JSON, the Event as
// package tournament encodes it.
type tournamentV1 struct {
	Schema      int               `json:"schema"`
	ID          uint64            `json:"id"`
	Guild       string            `json:"guild"`
	Channel     string            `json:"channel"`
	Thread      string            `json:"thread,omitempty"`
	Name        string            `json:"name"`
	Status      TournamentStatus  `json:"status"`
	Creator     string            `json:"creator"`
	Format      tournament.Format `json:"format"`
	Rounds      int               `json:"rounds,omitempty"`
	MaxPlayers  int               `json:"max_players,omitempty"`
	TimePerMove int64             `json:"time_per_move_ns,omitempty"`
	Rated       bool              `json:"rated,omitempty"`
	Lang        string            `json:"lang,omitempty"`
	StartAt     time.Time         `json:"start_at,omitzero"`
	Entrants    []entrantV1       `json:"entrants"`
	Event       json.RawMessage   `json:"event,omitempty"`
	Boards      [][]boardV1       `json:"boards,omitempty"`
	Created     time.Time         `json:"created"`
	Updated     time.Time         `json:"updated"`
	Started     time.Time         `json:"started,omitzero"`
	Ended       time.Time         `json:"ended,omitzero"`
	Version     uint64            `json:"version"`
}

type entrantV1 struct {
	ID     string    `json:"id"`
	Name   string    `json:"name,omitempty"`
	Joined time.Time `json:"joined"`
}

type boardV1 struct {
	Channel string `json:"channel,omitempty"`
	Game    string `json:"game,omitempty"`
}

// EncodeTournament returns a tournament's record as every backend keeps
// it: one line of JSON, its Event as package tournament writes it.
func EncodeTournament(t *Tournament) ([]byte, error) {
	rec := tournamentV1{
		Schema: 1, ID: t.ID, Guild: t.Guild, Channel: t.Channel, Thread: t.Thread, Name: t.Name,
		Status: t.Status, Creator: t.Creator, Format: t.Format, Rounds: t.Rounds, MaxPlayers: t.MaxPlayers,
		TimePerMove: int64(t.TimePerMove), Rated: t.Rated, Lang: t.Lang, StartAt: utc(t.StartAt),
		Entrants: []entrantV1{}, Created: utc(t.Created), Updated: utc(t.Updated),
		Started: utc(t.Started), Ended: utc(t.Ended), Version: t.Version,
	}
	for _, e := range t.Entrants {
		rec.Entrants = append(rec.Entrants, entrantV1{e.ID, e.Name, utc(e.Joined)})
	}
	if t.Event != nil {
		ev, err := json.Marshal(t.Event)
		if err != nil {
			return nil, fmt.Errorf("encode tournament %d: %w", t.ID, err)
		}
		rec.Event = ev
		rec.Boards = make([][]boardV1, len(t.Boards))
		for r, round := range t.Boards {
			rec.Boards[r] = make([]boardV1, len(round))
			for b, bd := range round {
				rec.Boards[r][b] = boardV1(bd)
			}
		}
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("encode tournament %d: %w", t.ID, err)
	}
	return data, nil
}

// DecodeTournament reads the record of tournament id, wrapping ErrCorrupt
// when it cannot be decoded, says another ID, or breaks a rule of
// tournaments (see Tournament.Consistent).
func DecodeTournament(id uint64, data []byte) (*Tournament, error) {
	t, err := decodeTournament(id, data)
	if err != nil {
		return nil, fmt.Errorf("%w: tournament %d: %v", ErrCorrupt, id, err)
	}
	return t, nil
}

func decodeTournament(id uint64, data []byte) (*Tournament, error) {
	var rec tournamentV1
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, err
	}
	if rec.Schema != 1 {
		return nil, fmt.Errorf("record schema %d", rec.Schema)
	}
	if rec.ID != id {
		return nil, fmt.Errorf("record says ID %d", rec.ID)
	}
	t := &Tournament{
		ID: rec.ID, Guild: rec.Guild, Channel: rec.Channel, Thread: rec.Thread, Name: rec.Name,
		Status: rec.Status, Creator: rec.Creator, Format: rec.Format, Rounds: rec.Rounds,
		MaxPlayers: rec.MaxPlayers, TimePerMove: time.Duration(rec.TimePerMove), Rated: rec.Rated,
		Lang: rec.Lang, StartAt: utc(rec.StartAt), Entrants: []Entrant{}, Created: utc(rec.Created),
		Updated: utc(rec.Updated), Started: utc(rec.Started), Ended: utc(rec.Ended), Version: rec.Version,
	}
	for _, e := range rec.Entrants {
		t.Entrants = append(t.Entrants, Entrant{e.ID, e.Name, utc(e.Joined)})
	}
	if len(rec.Event) > 0 {
		ev, err := tournament.Decode(rec.Event)
		if err != nil {
			return nil, err
		}
		t.Event = ev
		t.Boards = make([][]Board, len(rec.Boards))
		for r, round := range rec.Boards {
			t.Boards[r] = make([]Board, len(round))
			for b, bd := range round {
				t.Boards[r][b] = Board(bd)
			}
		}
	}
	if err := t.Consistent(); err != nil {
		return nil, err
	}
	return t, nil
}

// Consistent checks what a tournament's record must say: its settings as
// ValidateTournament wants them, a known status, no player entered twice;
// an Event from its start on (and none before), with its players the
// entrants, its format and Swiss rounds the tournament's; and one board
// for each game of each round paired, a board being played (no result)
// with a channel, a board with no game to play (a bye, a rest) without
// one, and no channel on two boards being played. It does not look at the
// games themselves: CheckTournamentGames does.
func (t *Tournament) Consistent() error {
	if err := ValidateTournament(t); err != nil {
		return err
	}
	if !t.Status.valid() {
		return fmt.Errorf("status %q", t.Status)
	}
	ids := map[string]bool{}
	for _, e := range t.Entrants {
		if e.ID == "" || ids[e.ID] {
			return fmt.Errorf("entrant %q twice or without an ID", e.ID)
		}
		ids[e.ID] = true
	}
	if len(t.Entrants) > t.Capacity() {
		return fmt.Errorf("%d entrants, more than its %d players", len(t.Entrants), t.Capacity())
	}
	started := !t.Started.IsZero()
	switch {
	case t.Status == TournamentOpen && (t.Event != nil || started):
		return errors.New("open, and started")
	case (t.Status == TournamentRunning || t.Status == TournamentPaused || t.Status == TournamentFinished) && t.Event == nil:
		return fmt.Errorf("%s, without its event", t.Status)
	case t.Event == nil:
		return nil
	}
	return t.consistentEvent(ids)
}

func (t *Tournament) consistentEvent(ids map[string]bool) error {
	ev := t.Event
	if ev.Format != t.Format || (t.Format == tournament.Swiss && ev.Rounds != t.Rounds) {
		return fmt.Errorf("the event is a %s of %d rounds, the tournament a %s of %d", ev.Format, ev.Rounds, t.Format, t.Rounds)
	}
	if len(ev.Players) != len(ids) {
		return fmt.Errorf("the event has %d players, the tournament %d entrants", len(ev.Players), len(ids))
	}
	for _, p := range ev.Players {
		if !ids[p.ID] {
			return fmt.Errorf("the event's player %q is no entrant", p.ID)
		}
	}
	if t.Status == TournamentFinished && !ev.Over() {
		return errors.New("finished, and its event is not over")
	}
	if len(t.Boards) != len(ev.Paired) {
		return fmt.Errorf("%d rounds of boards for %d rounds paired", len(t.Boards), len(ev.Paired))
	}
	playing := map[string]bool{}
	for r, round := range ev.Paired {
		if len(t.Boards[r]) != len(round.Games) {
			return fmt.Errorf("round %d: %d boards for %d games", r+1, len(t.Boards[r]), len(round.Games))
		}
		for b, g := range round.Games {
			bd := t.Boards[r][b]
			switch {
			case g.Blue == "" && (bd.Channel != "" || bd.Game != ""):
				return fmt.Errorf("round %d board %d: a %s with a game", r+1, b+1, g.Result)
			case g.Result == tournament.Pending && bd.Channel == "":
				return fmt.Errorf("round %d board %d: being played, in no channel", r+1, b+1)
			case g.Result == tournament.Pending && bd.Game != "":
				return fmt.Errorf("round %d board %d: finished game %s, and no result", r+1, b+1, bd.Game)
			case bd.Game != "" && CheckGameID(bd.Game) != nil:
				return fmt.Errorf("round %d board %d: game ID %q", r+1, b+1, bd.Game)
			case bd.Channel != "" && bd.Game == "":
				if playing[bd.Channel] {
					return fmt.Errorf("round %d board %d: channel %s has two boards being played", r+1, b+1, bd.Channel)
				}
				playing[bd.Channel] = true
			}
		}
	}
	return nil
}

// CheckTournamentGames checks a tournament's boards against the games:
// active returns the game being played in a channel (ErrNotFound if none)
// and finished a finished game by its ID. Each board whose game has not
// ended must have that game, between the board's players, orange first;
// each finished one its game, between them, ending with the board's
// result unless the board was scored before (a withdrawal's forfeit). It
// returns every problem joined, each naming the tournament.
func CheckTournamentGames(t *Tournament, active func(channel string) (*Game, error), finished func(id string) (*Game, error)) error {
	if t.Event == nil {
		return nil
	}
	var problems []error
	for r, round := range t.Boards {
		for b, bd := range round {
			pair := t.Event.Paired[r].Games[b]
			where := fmt.Sprintf("tournament %d (%q) round %d board %d", t.ID, t.Name, r+1, b+1)
			var g *Game
			var err error
			switch {
			case bd.Game != "":
				g, err = finished(bd.Game)
			case bd.Channel != "":
				g, err = active(bd.Channel)
			default:
				continue
			}
			if err != nil {
				problems = append(problems, fmt.Errorf("%s: its game (%s%s): %w", where, bd.Channel, bd.Game, err))
				continue
			}
			if g.Players[0].ID != pair.Orange || g.Players[1].ID != pair.Blue {
				problems = append(problems, fmt.Errorf("%s: %s against %s, and its game is %s against %s", where,
					pair.Orange, pair.Blue, g.Players[0].ID, g.Players[1].ID))
				continue
			}
			if bd.Game != "" && !pair.Result.Forfeit() && TournamentResult(g) != pair.Result {
				problems = append(problems, fmt.Errorf("%s: scored %s, and its game ended %s", where, pair.Result, TournamentResult(g)))
			}
		}
	}
	return errors.Join(problems...)
}
