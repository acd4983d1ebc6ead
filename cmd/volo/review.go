package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"text/tabwriter"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/ai"
	"github.com/volo-discord/volo/render"
)

func runReview(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("review", "RECORD", stderr)
	levelName := fs.String("level", "easy", "the search's playouts per position: those of easy, medium or hard")
	iterations := fs.Int("iterations", 0, "playouts per position, instead of the level's")
	seed := fs.Uint64("seed", 1, "random `seed` of the searches: the same seed gives the same review")
	parallel := fs.Int("parallel", 1, "positions searched at once, one core each; the review is the same")
	chart := fs.String("chart", "", "draw the chart of the chances as a PNG to `FILE` (- for standard output)")
	themeName := fs.String("theme", "dark", "the chart's colours: dark or light")
	width := fs.Int("width", render.ChartDefaultWidth, "the chart's width in pixels")
	quiet := fs.Bool("q", false, "print no progress on standard error")
	if err := parseArgs(fs, args, 1); err != nil {
		return err
	}
	l, err := ai.ParseLevel(*levelName)
	if err != nil || l < ai.Easy {
		return fmt.Errorf("%w: -level %q: use easy, medium or hard", errUsage, *levelName)
	}
	theme, err := render.ParseTheme(*themeName)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *iterations < 0 || *parallel < 1 {
		return fmt.Errorf("%w: -iterations cannot be negative, -parallel must be at least 1", errUsage)
	}
	text, err := readInput(fs.Arg(0))
	if err != nil {
		return err
	}
	g, err := engine.ParseRecord(text)
	if err != nil {
		return err
	}
	opts := ai.ReviewOptions{Level: l, Budget: ai.Budget{Iterations: *iterations}, Seed: *seed, Parallel: *parallel}
	if !*quiet {
		opts.Progress = func(done, total int) {
			if done%10 == 0 || done == total {
				fmt.Fprintf(stderr, "\r%d/%d positions", done, total)
				if done == total {
					fmt.Fprintln(stderr)
				}
			}
		}
	}
	r, err := ai.Review(ctx, g, opts)
	if err != nil {
		return err
	}
	budget := l.Playouts().Iterations
	if *iterations > 0 {
		budget = *iterations
	}
	fmt.Fprintf(stderr, "%d positions at %d playouts each: %d playouts in %v\n", len(r.Chances), budget, r.Playouts, r.Elapsed.Round(time.Millisecond))
	printReview(stdout, g, r)
	if *chart == "" {
		return nil
	}
	img, err := render.DrawChart(reviewChart(g, r, theme, *width))
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if *chart == "-" {
		_, err = stdout.Write(img)
		return err
	}
	return os.WriteFile(*chart, img, 0o644)
}

// printReview writes every move with Orange's chance after it, then the
// swings.
func printReview(w io.Writer, g *engine.Game, r ai.GameReview) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "move\tside\tplayed\tOrange\tchange\tthe search preferred\n")
	fmt.Fprintf(tw, "0\t\tstart\t%s\t\t\n", percent(r.Chances[0]))
	for _, m := range r.Moves {
		best := ""
		if m.Best != m.Move && m.Best.Kind != 0 {
			best = fmt.Sprintf("%s (%s)", m.Best, percent(m.BestChance))
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%+.0f\t%s\n", m.Ply, m.Mover, m.Move, percent(r.Chances[m.Ply]), 100*m.Change(), best)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s\n", g.Outcome())
	fmt.Fprintln(w, "The moves that changed their side's chance most:")
	for _, s := range r.Swings {
		fmt.Fprintf(w, "  move %d, %s %s: %s → %s for %s; the search preferred %s (%s)\n",
			s.Ply, s.Mover, s.Move, percent(s.Before), percent(s.After), s.Mover, s.Best, percent(s.BestChance))
	}
}

func percent(x float64) string { return fmt.Sprintf("%.0f%%", math.Round(100*x)) }

// reviewChart is the chart of a review, in English: the command line's
// language.
func reviewChart(g *engine.Game, r ai.GameReview, theme render.Theme, width int) render.Chart {
	c := render.Chart{
		Chances: r.Chances,
		Theme:   theme,
		Width:   width,
		Labels: render.ChartLabels{
			Title:  "Orange's chance of winning",
			Orange: sideName(g, engine.Orange),
			Blue:   sideName(g, engine.Blue),
			Top:    "100%", Middle: "50%", Bottom: "0%",
			Axis: "move",
		},
	}
	for _, s := range r.Swings {
		c.Marks = append(c.Marks, render.ChartMark{Ply: s.Ply, Label: fmt.Sprintf("%d. %s", s.Ply, s.Move)})
	}
	return c
}

// sideName names a side as the chart does: the player's name from the
// record and the colour, or the colour alone.
func sideName(g *engine.Game, c engine.Colour) string {
	for _, t := range g.Tags {
		if t.Name == c.String() && t.Value != "" {
			return fmt.Sprintf("%s (%s)", t.Value, c)
		}
	}
	return c.String()
}
