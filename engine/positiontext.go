package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// ErrBadPosition is wrapped by every error ParsePosition returns.
var ErrBadPosition = errors.New("unreadable position")

// StartText is the position notation of the start position.
const StartText = "5/1O4B1/9/10/11/12/B8O/12/11/10/9/1O4B1/5 O 0"

// String returns the position in the position notation: the 13 rows from m
// down to a separated by '/', each listing its points left to right ('O'
// orange, 'B' blue, a number for a run of empty points), then the side to
// move and the passes just played in a row.
func (p Position) String() string {
	var sb strings.Builder
	sb.Grow(64)
	for r := NumRows - 1; r >= 0; r-- {
		empty := 0
		for n := 1; n <= RowLength(r); n++ {
			pt, ok := PointAt(r, n)
			if !ok {
				continue
			}
			c, occupied := p.At(pt)
			if !occupied {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(c.letter())
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteByte(p.toMove.letter())
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.passes)))
	return sb.String()
}

// ParsePosition reads the position notation written by Position.String.
// The word "start" stands for the start position. Letters may be in any
// case, and the side to move and the pass count may be left out (Orange,
// 0).
func ParsePosition(s string) (Position, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "start") {
		return StartPosition(), nil
	}
	fields := strings.Fields(s)
	if len(fields) == 0 || len(fields) > 3 {
		return Position{}, fmt.Errorf("%w: want rows, side to move and passes, like %q", ErrBadPosition, StartText)
	}
	var p Position
	if err := p.parseRows(fields[0]); err != nil {
		return Position{}, fmt.Errorf("%w: %v", ErrBadPosition, err)
	}
	if len(fields) > 1 {
		switch strings.ToUpper(fields[1]) {
		case "O":
			p.toMove = Orange
		case "B":
			p.toMove = Blue
		default:
			return Position{}, fmt.Errorf("%w: side to move %q is neither O nor B", ErrBadPosition, fields[1])
		}
	}
	if len(fields) > 2 {
		switch fields[2] {
		case "0":
		case "1":
			p.passes = 1
		default:
			return Position{}, fmt.Errorf("%w: passes in a row %q is neither 0 nor 1", ErrBadPosition, fields[2])
		}
	}
	if err := p.check(); err != nil {
		return Position{}, fmt.Errorf("%w: %v", ErrBadPosition, err)
	}
	return p, nil
}

func (p *Position) parseRows(s string) error {
	rows := strings.Split(s, "/")
	if len(rows) != NumRows {
		return fmt.Errorf("%d rows, want %d separated by '/'", len(rows), NumRows)
	}
	for i, text := range rows {
		r := NumRows - 1 - i
		if err := p.parseRow(r, text); err != nil {
			return fmt.Errorf("row %c: %v", 'a'+r, err)
		}
	}
	return nil
}

func (p *Position) parseRow(r int, text string) error {
	var pts []Point
	for n := 1; n <= RowLength(r); n++ {
		if pt, ok := PointAt(r, n); ok {
			pts = append(pts, pt)
		}
	}
	i := 0
	for j := 0; j < len(text); {
		ch := text[j]
		switch {
		case ch >= '1' && ch <= '9':
			k := j
			for k < len(text) && text[k] >= '0' && text[k] <= '9' {
				k++
			}
			n, _ := strconv.Atoi(text[j:k])
			if n > len(pts)-i {
				return fmt.Errorf("%q runs past the row's %d points", text, len(pts))
			}
			i += n
			j = k
		case ch == 'O' || ch == 'o' || ch == 'B' || ch == 'b':
			if i >= len(pts) {
				return fmt.Errorf("%q runs past the row's %d points", text, len(pts))
			}
			c := Orange
			if ch == 'B' || ch == 'b' {
				c = Blue
			}
			p.birds[c] = p.birds[c].Or(sky.Point(pts[i]).Set())
			i++
			j++
		default:
			return fmt.Errorf("unexpected %q in %q: use O, B and numbers of empty points", ch, text)
		}
	}
	if i != len(pts) {
		return fmt.Errorf("%q covers %d of the row's %d points", text, i, len(pts))
	}
	return nil
}
