package sky_test

import (
	"fmt"
	"slices"

	"github.com/volo-discord/volo/engine/internal/sky"
)

// A flock is the birds joined to one of them; a region the open points
// joined to a bird.
func ExampleJoined() {
	at := func(row, number int) sky.Point { p, _ := sky.PointAt(row, number); return p }
	c3, c4, d4, f5 := at(2, 3), at(2, 4), at(3, 4), at(5, 5)
	birds := sky.SetOf(c3, c4, d4, f5)
	fmt.Println(slices.Collect(sky.Joined(c3.Set(), birds).Points()))
	// a2 shut in by the birds on a3, b2 and b3 is a region of its own.
	a2 := at(0, 2)
	open := sky.All().AndNot(sky.SetOf(at(0, 3), at(1, 2), at(1, 3)))
	fmt.Println(sky.Joined(a2.Set(), open).Count(), sky.Joined(at(6, 8).Set(), open).Count())
	// Output:
	// [c3 c4 d4]
	// 1 116
}

// A bird flies along a ray until a bird, a hole or the edge stops it.
func ExamplePoint_Ray() {
	a2, _ := sky.PointAt(0, 2)
	fmt.Println(slices.Collect(a2.Ray(sky.E).Points()), a2.RayLength(sky.NE), a2.Landing(sky.NE, 3))
	// Output: [a3 a4 a5 a6] 11 d5
}
