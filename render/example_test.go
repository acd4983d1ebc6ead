package render_test

import (
	"bytes"
	"fmt"
	"image/gif"
	"image/png"
	"log"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/render"
)

// A bot builds its Renderer once, then draws the board after every move,
// the move marked.
func ExampleRenderer_Board() {
	r, err := render.New(render.Options{Theme: render.Dark})
	if err != nil {
		log.Fatal(err)
	}
	before := engine.StartPosition()
	move, _ := engine.ParseMove("f5")
	after, outcome, err := before.Play(move, engine.Standard)
	if err != nil {
		log.Fatal(err)
	}
	img, err := r.Board(render.Scene{
		Position: after,
		Last:     move,
		Before:   before,
		Ply:      1,
		Outcome:  outcome,
		Orange:   "ana",
		Blue:     "ben",
	})
	if err != nil {
		log.Fatal(err)
	}
	cfg, _ := png.DecodeConfig(bytes.NewReader(img))
	fmt.Printf("%d×%d PNG\n", cfg.Width, cfg.Height)
	// Output: 800×904 PNG
}

// A flight that splits the opponent waits for its mover to choose the
// region the opponent keeps: the image letters the regions as the bot's
// buttons do.
func ExampleScene_pending() {
	r, err := render.New(render.Options{Size: render.MinSize, Theme: render.Light})
	if err != nil {
		log.Fatal(err)
	}
	pos, _ := engine.ParsePosition("2B1O/B1O1BBO1/1BO1B2O1/OOOBB1OOBB/2BBB1O1OOB/B2OO2OO1B1/B1O2BBBB1/BOOBOOB1BBB1/B1OO1OOOOO1/1O2BO3O/BOBBBBBB1/1BB2BO1/1OOOO O 0")
	flight, _ := engine.ParseMove("h8:h9-W2")
	regions, _ := pos.PendingRegions(flight, engine.Standard)
	for i, reg := range regions {
		fmt.Printf("%c holds %d of Blue's birds\n", 'A'+i, len(reg.Birds))
	}
	if _, err := r.Board(render.Scene{Position: pos, Pending: flight, Ply: 134}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// A holds 26 of Blue's birds
	// B holds 12 of Blue's birds
	// C holds 1 of Blue's birds
}

// A player still learning the points asks for the board with every empty
// point named, h9 written on h9, so that they find a point without
// counting along the lines.
func ExampleScene_pointNames() {
	r, err := render.New(render.Options{Theme: render.Light})
	if err != nil {
		log.Fatal(err)
	}
	pos := engine.StartPosition()
	img, err := r.Board(render.Scene{Position: pos, Orange: "ana", Blue: "ben", PointNames: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(engine.NumPoints-pos.Count(engine.Orange)-pos.Count(engine.Blue), "points named;", len(img) > 0)
	// Output: 114 points named; true
}

// A finished game becomes an animated GIF, one frame per move.
func ExampleRenderer_GIF() {
	r, err := render.New(render.Options{Size: render.MinSize})
	if err != nil {
		log.Fatal(err)
	}
	g, err := engine.ParseRecord("[Orange \"ana\"]\n[Blue \"ben\"]\n\n1. f5 h7 2. d4\n")
	if err != nil {
		log.Fatal(err)
	}
	img, err := r.GIF(g, render.GIFOptions{})
	if err != nil {
		log.Fatal(err)
	}
	anim, _ := gif.DecodeAll(bytes.NewReader(img))
	fmt.Println(len(anim.Image), "frames")
	// Output: 4 frames
}

// Any moment of a recorded game can be drawn, with the move that led to it
// marked.
func ExampleGameScene() {
	g, err := engine.ParseRecord("[Orange \"ana\"]\n[Blue \"ben\"]\n\n1. f5 h7 2. d4\n")
	if err != nil {
		log.Fatal(err)
	}
	s, err := render.GameScene(g, 2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Orange, "against", s.Blue, "after", s.Last, "by", s.Before.ToMove())
	r, err := render.New(render.Options{Size: render.MinSize})
	if err != nil {
		log.Fatal(err)
	}
	if _, err := r.Board(s); err != nil {
		log.Fatal(err)
	}
	// Output: ana against ben after h7 by Blue
}

func ExampleParseTheme() {
	theme, err := render.ParseTheme("light")
	fmt.Println(theme, err)
	// Output: light <nil>
}
