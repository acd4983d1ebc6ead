package engine

import "testing"

// TestOneArc derives oneArcRings from its definition: the rings whose set bits
// are one run round the circle of six, the empty and the full ring among
// them.
func TestOneArc(t *testing.T) {
	var want uint64
	for r := range 64 {
		ends := 0 // set bits whose next bit round the ring is clear
		for d := range 6 {
			if r>>d&1 == 1 && r>>((d+1)%6)&1 == 0 {
				ends++
			}
		}
		if ends <= 1 {
			want |= 1 << r
		}
	}
	if oneArcRings != want {
		t.Errorf("oneArcRings = %#x, want %#x", oneArcRings, want)
	}
}
