package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
)

func runRender(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("render", "POSITION, or -gif RECORD", stderr)
	out := fs.String("o", "", "output file, - for standard output (default board.png, or game.gif with -gif)")
	last := fs.String("last", "", "play `MOVE` from POSITION and draw the result with the move marked; a flight that splits\nthe opponent into regions, written without the kept region, shows the region choice")
	themeName := fs.String("theme", "dark", "colour scheme: dark or light")
	size := fs.Int("size", render.DefaultSize, "image width in pixels")
	asGIF := fs.Bool("gif", false, "draw the game RECORD (a file, or - for standard input) as an animated GIF")
	pointNames := fs.Bool("points", false, "write each empty point's name faintly")
	orange := fs.String("orange", "", "Orange player's `name` (with -gif, the record's Orange tag by default)")
	blue := fs.String("blue", "", "Blue player's `name` (with -gif, the record's Blue tag by default)")
	ply := fs.Int("ply", 0, "the number of moves played before POSITION, for the status line")
	rules := rulesFlag(fs)
	langName := fs.String("lang", "en", "the `language` of the text on the image: en or fr")
	if err := parseArgs(fs, args, 1); err != nil {
		return err
	}
	if *langName != "en" && *langName != "fr" {
		return fmt.Errorf("%w: -lang is en or fr, not %q", errUsage, *langName)
	}
	tag := lang.Parse(*langName)
	theme, err := render.ParseTheme(*themeName)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *asGIF && *last != "" {
		return fmt.Errorf("%w: -last draws one position, not a game", errUsage)
	}
	r, err := render.New(render.Options{Theme: theme, Size: *size, PointNames: *pointNames})
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	var img []byte
	if *asGIF {
		img, err = renderGame(r, fs.Arg(0), render.GIFOptions{Orange: *orange, Blue: *blue, Lang: tag})
	} else {
		img, err = renderPosition(r, fs.Arg(0), *last, render.Scene{Orange: *orange, Blue: *blue, Ply: *ply, Rules: *rules, Lang: tag})
	}
	if err != nil {
		return err
	}
	return writeImage(*out, *asGIF, img, stdout)
}

// renderPosition draws the position, or the position after the move last
// played from it.
func renderPosition(r *render.Renderer, position, last string, s render.Scene) ([]byte, error) {
	pos, err := engine.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	s.Position = pos
	if last == "" {
		return r.Board(s)
	}
	m, err := engine.ParseMove(last)
	if err != nil {
		return nil, err
	}
	if m.Kind == engine.KindFly && m.Keep == engine.NoPoint {
		regions, err := pos.PendingRegions(m, s.Rules)
		if err != nil {
			return nil, err
		}
		if len(regions) > 1 {
			s.Pending = m
			return r.Board(s)
		}
	}
	if m, err = pos.Check(m, s.Rules); err != nil {
		return nil, err
	}
	s.Position, s.Outcome = pos.Apply(m, s.Rules)
	s.Last, s.Before = m, pos
	s.Ply++
	return r.Board(s)
}

// renderGame draws the game record in file (- for standard input).
func renderGame(r *render.Renderer, file string, opts render.GIFOptions) ([]byte, error) {
	text, err := readInput(file)
	if err != nil {
		return nil, err
	}
	g, err := engine.ParseRecord(text)
	if err != nil {
		return nil, err
	}
	return r.GIF(g, opts)
}

func writeImage(path string, asGIF bool, img []byte, stdout io.Writer) error {
	switch {
	case path == "-":
		_, err := stdout.Write(img)
		return err
	case path == "" && asGIF:
		path = "game.gif"
	case path == "":
		path = "board.png"
	}
	return os.WriteFile(path, img, 0o644)
}
