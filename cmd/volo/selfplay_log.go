package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/volo-discord/volo/engine"
)

// matchConfig is what makes a match: a file holding one match's pairs
// only resumes the same match.
type matchConfig struct {
	Format  string `json:"format"` // always logFormat
	A       string `json:"a"`
	B       string `json:"b"`
	Workers int    `json:"workers"`
	Rules   string `json:"rules"`
	Seed    uint64 `json:"seed"`
	Book    bool   `json:"book"`
}

const logFormat = "volo selfplay 1"

// gameResult is one game of a pair.
type gameResult struct {
	A      string `json:"a"` // A's colour: "orange" or "blue"
	Result string `json:"result"`
	Reason string `json:"reason"`
	Plies  int    `json:"plies"`
	Moves  string `json:"moves"`
}

// pairResult is one line of a match log: one opening played twice.
type pairResult struct {
	Pair    int          `json:"pair"`
	Opening string       `json:"opening"`
	Games   []gameResult `json:"games"`
}

// points returns A's points in the pair: 1 a win, ½ a draw.
func (p pairResult) points() float64 {
	total := 0.0
	for _, g := range p.Games {
		total += g.points()
	}
	return total
}

// points returns A's points in the game.
func (g gameResult) points() float64 {
	switch {
	case g.Result == engine.Draw.String():
		return 0.5
	case (g.Result == engine.OrangeWins.String()) == (g.A == "orange"):
		return 1
	}
	return 0
}

// newGameResult sums up a finished game in which A played aColour.
func newGameResult(g *engine.Game, aColour engine.Colour) gameResult {
	names := make([]string, 0, g.Ply())
	for _, m := range g.Moves() {
		names = append(names, m.String())
	}
	o := g.Outcome()
	return gameResult{
		A:      strings.ToLower(aColour.String()),
		Result: o.Result.String(),
		Reason: o.Reason.String(),
		Plies:  g.Ply(),
		Moves:  strings.Join(names, " "),
	}
}

// matchLog is the file a match appends its pairs to, one JSON line each
// after a first line with the match's configuration.
type matchLog struct {
	f *os.File
}

// openLog opens or creates the log at path for the match cfg and returns
// the pairs it already holds. A last line cut short by a crash is dropped.
// A file written by another match is refused.
func openLog(path string, cfg matchConfig) (*matchLog, map[int]pairResult, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	done, end, err := readLog(f, cfg)
	if err == nil {
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	l := &matchLog{f: f}
	if end == 0 {
		if err := l.write(cfg); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return l, done, nil
}

// errOtherMatch is returned for a log of a match other than this one.
var errOtherMatch = errors.New("the file holds another match")

// readLog reads the pairs of a log and returns them with the length of
// its complete lines.
func readLog(r io.Reader, cfg matchConfig) (map[int]pairResult, int64, error) {
	done := map[int]pairResult{}
	br := bufio.NewReader(r)
	var end int64
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return done, end, nil // an unfinished last line is dropped
		}
		if err != nil {
			return nil, 0, err
		}
		if n == 1 {
			var got matchConfig
			if err := json.Unmarshal(line, &got); err != nil || got != cfg {
				return nil, 0, fmt.Errorf("%w: %s, not %s; use another -out", errOtherMatch, bytes.TrimSpace(line), mustJSON(cfg))
			}
		} else {
			var p pairResult
			if err := json.Unmarshal(line, &p); err != nil {
				return nil, 0, fmt.Errorf("line %d: %w", n, err)
			}
			done[p.Pair] = p
		}
		end += int64(len(line))
	}
}

// write appends v as one line.
func (l *matchLog) write(v any) error {
	_, err := l.f.Write(append(mustJSON(v), '\n'))
	return err
}

func (l *matchLog) Close() error { return l.f.Close() }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
