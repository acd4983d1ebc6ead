package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/volo-discord/volo/engine"
)

// The move picker lets a player make any legal move without notation:
// what to do (add a bird, fly a bird, fly a line, pass), then which bird
// or line, then where, then which region the opponent keeps if the flight
// splits them, then a preview to confirm. Each step is a view built from
// the position alone; the choices made so far travel in the components'
// custom IDs and values, so the picker keeps no state of its own and
// survives a restart.

// The picker's steps, as button actions.
const (
	actPick    = "pick"  // open the picker: the button on the board
	actKind    = "pkind" // chose what to do: add, bird, line, pass
	actRow     = "prow"  // chose a row, for a kind with more than 25 choices (arg: the kind)
	actSource  = "psrc"  // chose the bird or line that flies
	actDir     = "pdir"  // chose a direction, for a source with more than 25 flights (arg: the source)
	actMove    = "pmove" // chose a move: to the region step or the preview
	actConfirm = "pok"   // confirmed the previewed move (arg: the move)
	actBack    = "pback" // back to the first step
)

// Kinds of move, as the first step names them.
const (
	kindAdd  = "add"
	kindBird = "bird"
	kindLine = "line"
	kindPass = "pass"
)

// pickOption is one choice of a select menu.
type pickOption struct{ label, value, description string }

// pickSelect is a select menu of a picker view.
type pickSelect struct {
	action, arg string // its custom ID's action and argument
	placeholder string
	options     []pickOption
}

// pickView is one step of the picker: a sentence, at most one select
// menu, and, at the end, the move to preview and confirm.
type pickView struct {
	content string
	menu    *pickSelect
	// preview is the chosen move, complete: the view shows the board after
	// it, with Confirm. pending is a flight waiting for its region choice:
	// the view shows the lettered regions.
	preview, pending *engine.Move
	back             bool // offer Back to the first step
}

// picker builds views for a position.
type picker struct {
	pos   engine.Position
	rules engine.Rules
	moves []engine.Move // legal, canonical
}

func newPicker(pos engine.Position, r engine.Rules) picker {
	return picker{pos: pos, rules: r, moves: pos.LegalMoves(r)}
}

// kindOf names the kind of a move as the first step does.
func kindOf(m engine.Move) string {
	switch {
	case m.Kind == engine.KindAdd:
		return kindAdd
	case m.Kind == engine.KindPass:
		return kindPass
	case m.Length() == 1:
		return kindBird
	}
	return kindLine
}

// sourceOf names the bird or line a flight moves: "c3" or "c3:c5".
func sourceOf(m engine.Move) string {
	if m.Length() == 1 {
		return m.From.String()
	}
	return m.From.String() + ":" + m.To.String()
}

// rowOf returns the row letter of a point.
func rowOf(p engine.Point) string { return p.String()[:1] }

// start is the first step: what to do.
func (pk picker) start() pickView {
	count := map[string]int{}
	sources := map[string]map[string]bool{}
	for _, m := range pk.moves {
		k := kindOf(m)
		switch k {
		case kindBird, kindLine:
			if sources[k] == nil {
				sources[k] = map[string]bool{}
			}
			sources[k][sourceOf(m)] = true
		default:
			count[k]++
		}
	}
	menu := &pickSelect{action: actKind, placeholder: "What do you do?"}
	if n := count[kindAdd]; n > 0 {
		menu.options = append(menu.options, pickOption{"Add a bird", kindAdd, fmt.Sprintf("on one of %d %s not next to your birds", n, plural(n, "point", "points"))})
	}
	if n := len(sources[kindBird]); n > 0 {
		menu.options = append(menu.options, pickOption{"Fly a bird", kindBird, fmt.Sprintf("%d %s can fly to join another of your flocks", n, plural(n, "bird", "birds"))})
	}
	if n := len(sources[kindLine]); n > 0 {
		menu.options = append(menu.options, pickOption{"Fly a line of birds", kindLine, fmt.Sprintf("%d straight %s can fly", n, plural(n, "line", "lines"))})
	}
	if count[kindPass] > 0 {
		menu.options = append(menu.options, pickOption{"Pass", kindPass, "Nothing else is possible"})
	}
	c := pk.pos.ToMove()
	return pickView{content: fmt.Sprintf("Your move as %s. What do you do?", c), menu: menu}
}

// choose is the view after value was chosen in the menu of action with
// arg; ok is false for a choice the position does not offer (a stale or
// forged one).
func (pk picker) choose(action, arg, value string) (pickView, bool) {
	switch action {
	case actKind:
		return pk.kind(value, "")
	case actRow:
		return pk.kind(arg, value)
	case actSource:
		return pk.source(value, "")
	case actDir:
		return pk.source(arg, value)
	case actMove:
		return pk.move(value)
	}
	return pickView{}, false
}

// kind is the step after choosing what to do, within a row when row is
// set: the points to add on, or the birds or lines to fly.
func (pk picker) kind(kind, row string) (pickView, bool) {
	var moves []engine.Move
	for _, m := range pk.moves {
		if kindOf(m) == kind && (row == "" || rowOf(m.From) == row) {
			moves = append(moves, m)
		}
	}
	if len(moves) == 0 {
		return pickView{}, false
	}
	if kind == kindPass {
		m := moves[0]
		return pickView{content: "You pass: nothing else is possible.", preview: &m, back: true}, true
	}
	// The choices: points to add on, or the sources of flights.
	seen := map[string]bool{}
	var choices []engine.Move
	for _, m := range moves {
		key := sourceOf(m)
		if kind == kindAdd {
			key = m.From.String()
		}
		if !seen[key] {
			seen[key] = true
			choices = append(choices, m)
		}
	}
	slices.SortFunc(choices, func(a, b engine.Move) int { return engine.CompareMoves(a, b) })
	what := map[string]string{kindAdd: "Where do you add a bird?", kindBird: "Which bird flies?", kindLine: "Which line flies?"}[kind]
	if len(choices) > maxOptions && row == "" {
		noun := map[string][2]string{kindAdd: {"point", "points"}, kindBird: {"bird", "birds"}, kindLine: {"line", "lines"}}[kind]
		return pk.rows(choices, kind, what, noun), true
	}
	menu := &pickSelect{action: actSource, placeholder: what}
	if kind == kindAdd {
		menu.action = actMove
	}
	for _, m := range choices {
		switch kind {
		case kindAdd:
			menu.options = append(menu.options, pickOption{m.From.String(), m.String(), pk.warning(m)})
		case kindBird:
			menu.options = append(menu.options, pickOption{"Bird on " + m.From.String(), sourceOf(m), ""})
		default:
			menu.options = append(menu.options, pickOption{fmt.Sprintf("Line %s–%s (%d birds)", m.From, m.To, m.Length()), sourceOf(m), ""})
		}
	}
	return pickView{content: what, menu: menu, back: true}, true
}

// rows lets the player choose a row first when a kind has more choices
// than a menu holds.
func (pk picker) rows(choices []engine.Move, kind, what string, noun [2]string) pickView {
	count := map[string]int{}
	var rows []string
	for _, m := range choices {
		r := rowOf(m.From)
		if count[r] == 0 {
			rows = append(rows, r)
		}
		count[r]++
	}
	menu := &pickSelect{action: actRow, arg: kind, placeholder: "Which row?"}
	for _, r := range rows {
		menu.options = append(menu.options, pickOption{"Row " + r, r, fmt.Sprintf("%d %s", count[r], plural(count[r], noun[0], noun[1]))})
	}
	return pickView{content: what + " First the row, lettered on the board's sides.", menu: menu, back: true}
}

// source is the step after choosing a bird or line: where it lands, within
// a direction when dir is set.
func (pk picker) source(src, dir string) (pickView, bool) {
	seen := map[engine.Move]bool{}
	var flights []engine.Move
	for _, m := range pk.moves {
		base := m.Keeping(engine.NoPoint)
		if m.Kind == engine.KindFly && sourceOf(m) == src && (dir == "" || m.Dir.String() == dir) && !seen[base] {
			seen[base] = true
			flights = append(flights, base)
		}
	}
	if len(flights) == 0 {
		return pickView{}, false
	}
	slices.SortFunc(flights, func(a, b engine.Move) int { return cmp.Or(cmp.Compare(a.Dir, b.Dir), cmp.Compare(a.Dist, b.Dist)) })
	what := fmt.Sprintf("Where does %s fly?", src)
	if len(flights) > maxOptions && dir == "" {
		menu := &pickSelect{action: actDir, arg: src, placeholder: "Which way?"}
		var last engine.Direction
		for i, m := range flights {
			if i == 0 || m.Dir != last {
				menu.options = append(menu.options, pickOption{m.Dir.String(), m.Dir.String(), ""})
				last = m.Dir
			}
		}
		return pickView{content: what + " First the direction.", menu: menu, back: true}, true
	}
	menu := &pickSelect{action: actMove, placeholder: what}
	for _, m := range flights {
		menu.options = append(menu.options, pickOption{pk.landing(m), m.String(), pk.warning(m)})
	}
	return pickView{content: what, menu: menu, back: true}, true
}

// landing names a flight by where it goes: "NE 2, to e7" or "NE 2, to
// e7–e9" for a line.
func (pk picker) landing(m engine.Move) string {
	to, _ := m.Landing()
	where := to[0].String()
	if len(to) > 1 {
		where += "–" + to[len(to)-1].String()
	}
	return fmt.Sprintf("%s %d, to %s", m.Dir, m.Dist, where)
}

// move is the step after choosing a move: the region choice if the flight
// splits the opponent and no region is named yet, else the preview.
func (pk picker) move(notation string) (pickView, bool) {
	m, err := engine.ParseMove(notation)
	if err != nil {
		return pickView{}, false
	}
	if slices.Contains(pk.moves, m) {
		return pickView{content: fmt.Sprintf("**%s** · %s. Confirm, or go back.", m, pk.describe(m)), preview: &m, back: true}, true
	}
	regions, err := pk.pos.PendingRegions(m, pk.rules)
	if err != nil || len(regions) < 2 || m.Keep != engine.NoPoint {
		return pickView{}, false
	}
	them := pk.pos.ToMove().Other()
	menu := &pickSelect{action: actMove, placeholder: fmt.Sprintf("Which region does %s keep?", them)}
	var letters []string
	for i, r := range regions {
		letter := string(rune('A' + i))
		letters = append(letters, letter)
		kept := m.Keeping(r.Name)
		desc := ""
		if winsFor(pk.pos, kept, pk.rules, them) {
			desc = "hands " + them.String() + " the win"
		}
		menu.options = append(menu.options, pickOption{fmt.Sprintf("Keep %s (%s, %d %s)", letter, r.Name, len(r.Birds), plural(len(r.Birds), "bird", "birds")), kept.String(), desc})
	}
	return pickView{
		content: fmt.Sprintf("%s splits %s's birds into %d regions, lettered %s on the board. Choose the one %s keeps; the birds in the others fly away.", m, them, len(regions), strings.Join(letters, ", "), them),
		menu:    menu, pending: &m, back: true,
	}, true
}

// warning says when a move ends the game, for a menu's option: "wins
// the game", "hands Blue the win", or nothing.
func (pk picker) warning(m engine.Move) string {
	_, o := pk.pos.Apply(m, pk.rules)
	if w, won := o.Result.Winner(); won {
		if w == pk.pos.ToMove() {
			return "wins the game"
		}
		return "hands " + w.String() + " the win"
	}
	return ""
}

// describe says in a few words what a legal move does.
func (pk picker) describe(m engine.Move) string { return pk.pos.Describe(m, pk.rules) }
