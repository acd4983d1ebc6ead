package engine

import (
	"fmt"
	"strings"
)

// Diagram draws the position as text for a terminal: the sky row by row
// from m at the top to a at the bottom, "O" for Orange, "B" for Blue, "."
// for an empty point and a blank for a hole, the row letters at both ends;
// then the side to move and each player's birds, flocks and supply.
func Diagram(p *Position, r Rules) string {
	var sb strings.Builder
	for row := NumRows - 1; row >= 0; row-- {
		n := RowLength(row)
		indent := strings.Repeat(" ", NumRows-n)
		fmt.Fprintf(&sb, "%c %s", 'a'+row, indent)
		for num := 1; num <= n; num++ {
			if num > 1 {
				sb.WriteByte(' ')
			}
			pt, ok := PointAt(row, num)
			switch c, occupied := p.At(pt); {
			case !ok:
				sb.WriteByte(' ')
			case !occupied:
				sb.WriteByte('.')
			default:
				sb.WriteByte(c.letter())
			}
		}
		fmt.Fprintf(&sb, "%s %c\n", indent, 'a'+row)
	}
	sb.WriteString("Points are numbered from the left end of each row, holes included (g8 is right of the centre).\n")
	for _, c := range []Colour{Orange, Blue} {
		fmt.Fprintf(&sb, "%-6s %2d birds in %2d flocks, %2d in supply\n", c, p.Count(c), p.FlockCount(c), p.Supply(c))
	}
	fmt.Fprintf(&sb, "%s to move, %d legal moves (%s rules)", p.ToMove(), p.CountLegalMoves(r), r)
	if p.Passes() > 0 {
		sb.WriteString(", after a pass")
	}
	sb.WriteString("\n")
	return sb.String()
}
