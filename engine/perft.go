package engine

// Perft counts the move sequences of the given depth from p under rules r:
// Perft(p, 0) = 1, and Perft(p, d) sums Perft over the children of the legal
// moves, where a move that ends the game counts 1 at depth 1 and 0 deeper.
// Every distinct notation is a distinct move: each region choice counts, and
// so does a legal pass. The ply guard of games is ignored.
func Perft(p Position, depth int, r Rules) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	return perft(&p, depth, r, bufs)
}

func perft(p *Position, depth int, r Rules, bufs [][]Move) uint64 {
	if depth == 1 {
		return uint64(p.CountLegalMoves(r))
	}
	moves := p.AppendLegalMoves(bufs[depth-1][:0], r)
	bufs[depth-1] = moves
	var n uint64
	for _, m := range moves {
		child, o := p.Apply(m, r)
		if o.Over() {
			continue
		}
		n += perft(&child, depth-1, r, bufs)
	}
	return n
}
