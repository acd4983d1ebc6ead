package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/volo-discord/volo/render"
)

// A review's chart: Orange's chances after each move, the biggest swing
// marked, every word in the reader's language.
func ExampleDrawChart() {
	img, err := render.DrawChart(render.Chart{
		Chances: []float64{0.55, 0.6, 0.48, 0.52, 0.2, 0.25, 0},
		Marks:   []render.ChartMark{{Ply: 4, Label: "4. c3:c5-NE2"}},
		Labels: render.ChartLabels{
			Title:  "Chances de victoire d'Orange",
			Orange: "ana (Orange)", Blue: "ben (Bleu)",
			Top: "100 %", Middle: "50 %", Bottom: "0 %",
			Axis: "coup",
		},
		Theme: render.Light,
		Width: 310,
	})
	if err != nil {
		log.Fatal(err)
	}
	cfg, _ := png.DecodeConfig(bytes.NewReader(img))
	fmt.Printf("%d×%d PNG\n", cfg.Width, cfg.Height)
	// Output: 310×202 PNG
}
