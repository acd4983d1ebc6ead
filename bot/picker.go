package bot

import (
	"cmp"
	"slices"
	"strings"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
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
	actRow     = "prow"  // chose a row, or in a crowded row the bird lines start from, for a kind with more than 25 choices (arg: the kind)
	actSource  = "psrc"  // chose the bird or line that flies
	actDir     = "pdir"  // chose a direction, for a source with more than 25 flights (arg: the source)
	actMove    = "pmove" // chose a move: to the region step or the preview
	actConfirm = "pok"   // confirmed the previewed move (arg: the move)
	actBack    = "pback" // back one step (arg: the choice that led to the step, see choiceArg)
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
	back             bool       // offer Back to the step before
	from             pickChoice // the choice that led here; zero for the first step
	// plain: the step asks what to do, or which row (lettered on every
	// board's sides), which the board the picker was opened from shows
	// as well: a game's picker shows no board of its own then.
	plain bool
}

// pickChoice is a choice made in a picker's menu: the menu's action and
// argument, and the value chosen.
type pickChoice struct{ action, arg, value string }

// choiceArg writes a choice as a custom ID's argument, for Back: its parts
// joined by "~", a kept region's "/" written "+" as in moveArg.
func choiceArg(c pickChoice) string {
	return strings.ReplaceAll(strings.Join([]string{c.action, c.arg, c.value}, "~"), "/", "+")
}

// parseChoiceArg reads what choiceArg wrote.
func parseChoiceArg(arg string) (pickChoice, bool) {
	parts := strings.Split(strings.ReplaceAll(arg, "+", "/"), "~")
	if len(parts) != 3 || parts[0] == "" {
		return pickChoice{}, false
	}
	return pickChoice{parts[0], parts[1], parts[2]}, true
}

// picker builds views for a position.
type picker struct {
	pos   engine.Position
	rules engine.Rules
	moves []engine.Move // legal, canonical
	lang  lang.Tag      // the language of the player picking
}

func newPicker(pos engine.Position, r engine.Rules, t lang.Tag) picker {
	return picker{pos: pos, rules: r, moves: pos.LegalMoves(r), lang: t}
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

// within reports whether m's source lies in a group of the picker: a
// row ("d"), or for the lines of a crowded row, the bird they start from
// ("d3"); every move lies in the group "".
func within(m engine.Move, group string) bool {
	if len(group) > 1 {
		return m.From.String() == group
	}
	return group == "" || rowOf(m.From) == group
}

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
	t := pk.lang
	menu := &pickSelect{action: actKind, placeholder: t.Sprint("What do you do?")}
	if n := count[kindAdd]; n > 0 {
		menu.options = append(menu.options, pickOption{t.Sprint("Add a bird"), kindAdd, t.Sprintf("on one of %d points not next to your birds", n)})
	}
	if n := len(sources[kindBird]); n > 0 {
		menu.options = append(menu.options, pickOption{t.Sprint("Fly a bird"), kindBird, t.Sprintf("%d birds can fly to join another of your flocks", n)})
	}
	if n := len(sources[kindLine]); n > 0 {
		menu.options = append(menu.options, pickOption{t.Sprint("Fly a line of birds"), kindLine, t.Sprintf("%d straight lines can fly", n)})
	}
	if count[kindPass] > 0 {
		menu.options = append(menu.options, pickOption{t.Sprint("Pass"), kindPass, t.Sprint("Nothing else is possible")})
	}
	c := pk.pos.ToMove()
	return pickView{content: t.Sprintf("Your move as %s. What do you do?", c), menu: menu, plain: true}
}

// choose is the view after value was chosen in the menu of action with
// arg; ok is false for a choice the position does not offer (a stale or
// forged one).
func (pk picker) choose(action, arg, value string) (pickView, bool) {
	v, ok := pk.step(action, arg, value)
	v.from = pickChoice{action, arg, value}
	return v, ok
}

// step is choose without noting the choice.
func (pk picker) step(action, arg, value string) (pickView, bool) {
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

// settle takes for the player every step of v's that offers one choice,
// and returns the first view that asks them something: a menu of two
// choices or more, or the preview to confirm.
func (pk picker) settle(v pickView) pickView {
	for v.preview == nil && v.menu != nil && len(v.menu.options) == 1 {
		next, ok := pk.choose(v.menu.action, v.menu.arg, v.menu.options[0].value)
		if !ok {
			break
		}
		v = next
	}
	return v
}

// opening is the picker's first view: the first step that asks something.
func (pk picker) opening() pickView {
	v := pk.settle(pk.start())
	v.back = false
	return v
}

// asks reports whether a view is shown to the player rather than taken
// for them: it offers a choice, or is the preview.
func (v pickView) asks() bool {
	return v.preview != nil || v.menu != nil && len(v.menu.options) > 1
}

// back is the view before the one that choice c led to: the last step
// on the way there that asked something, with its own Back when an
// earlier one asked too. ok is false when the position offers no such way
// (a stale or forged Back).
func (pk picker) back(c pickChoice) (view pickView, ok bool) {
	var path []pickView
	var visit func(v pickView, depth int) bool
	visit = func(v pickView, depth int) bool {
		path = append(path, v)
		if v.from == c {
			return true
		}
		if v.preview == nil && v.menu != nil && depth < maxPickDepth {
			for _, o := range v.menu.options {
				if next, ok := pk.choose(v.menu.action, v.menu.arg, o.value); ok && visit(next, depth+1) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if c == (pickChoice{}) || !visit(pk.start(), 0) {
		return pickView{}, false
	}
	path = path[:len(path)-1] // the view c led to
	for i := len(path) - 1; i >= 0; i-- {
		if path[i].asks() {
			view = path[i]
			view.back = slices.ContainsFunc(path[:i], pickView.asks)
			return view, true
		}
	}
	return pickView{}, false
}

// maxPickDepth bounds the picker's steps, for a walk of them: what to do,
// a row, the bird a line starts from, the source, a direction, the move,
// a region.
const maxPickDepth = 7

// kind is the step after choosing what to do, within a row when row is
// set: the points to add on, or the birds or lines to fly.
func (pk picker) kind(kind, row string) (pickView, bool) {
	var moves []engine.Move
	for _, m := range pk.moves {
		if kindOf(m) == kind && within(m, row) {
			moves = append(moves, m)
		}
	}
	if len(moves) == 0 {
		return pickView{}, false
	}
	if kind == kindPass {
		m := moves[0]
		return pickView{content: pk.lang.Sprint("You pass: nothing else is possible."), preview: &m, back: true}, true
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
	t := pk.lang
	what := map[string]string{kindAdd: t.Sprint("Where do you add a bird?"), kindBird: t.Sprint("Which bird flies?"), kindLine: t.Sprint("Which line flies?")}[kind]
	switch {
	case len(choices) <= maxOptions:
	case row == "":
		return pk.rows(choices, kind, what), true
	case len(row) == 1:
		// Only lines crowd a row (it has at most 12 points): they go by
		// the bird they start from.
		return pk.starts(choices, kind, what), true
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
			menu.options = append(menu.options, pickOption{t.Sprintf("Bird on %s", m.From), sourceOf(m), ""})
		default:
			menu.options = append(menu.options, pickOption{t.Sprintf("Line %s–%s (%d birds)", m.From, m.To, m.Length()), sourceOf(m), ""})
		}
	}
	return pickView{content: what, menu: menu, back: true}, true
}

// rows lets the player choose a row first when a kind has more choices
// than a menu holds.
func (pk picker) rows(choices []engine.Move, kind, what string) pickView {
	rows, count := tally(choices, func(m engine.Move) string { return rowOf(m.From) })
	t := pk.lang
	menu := &pickSelect{action: actRow, arg: kind, placeholder: t.Sprint("Which row?")}
	for _, r := range rows {
		var desc string
		switch kind {
		case kindAdd:
			desc = t.Sprintf("%d points", count[r])
		case kindBird:
			desc = t.Sprintf("%d birds", count[r])
		default:
			desc = t.Sprintf("%d lines", count[r])
		}
		menu.options = append(menu.options, pickOption{t.Sprintf("Row %s", r), r, desc})
	}
	return pickView{content: t.Sprintf("%s First the row, lettered on the board's sides.", what), menu: menu, back: true, plain: true}
}

// starts lets the player choose the bird a line starts from when a row
// has more lines than a menu holds.
func (pk picker) starts(choices []engine.Move, kind, what string) pickView {
	froms, count := tally(choices, func(m engine.Move) engine.Point { return m.From })
	t := pk.lang
	menu := &pickSelect{action: actRow, arg: kind, placeholder: t.Sprint("Which bird does the line start from?")}
	for _, p := range froms {
		menu.options = append(menu.options, pickOption{t.Sprintf("Lines from %s", p), p.String(), t.Sprintf("%d lines", count[p])})
	}
	return pickView{content: t.Sprintf("%s First the bird the line starts from.", what), menu: menu, back: true}
}

// tally groups choices by key: the keys in the order they first come,
// and how many choices each has.
func tally[K comparable](choices []engine.Move, key func(engine.Move) K) ([]K, map[K]int) {
	var keys []K
	count := map[K]int{}
	for _, m := range choices {
		k := key(m)
		if count[k] == 0 {
			keys = append(keys, k)
		}
		count[k]++
	}
	return keys, count
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
	t := pk.lang
	what := t.Sprintf("Where does %s fly?", src)
	if len(flights) > maxOptions && dir == "" {
		menu := &pickSelect{action: actDir, arg: src, placeholder: t.Sprint("Which way?")}
		var last engine.Direction
		for i, m := range flights {
			if i == 0 || m.Dir != last {
				menu.options = append(menu.options, pickOption{m.Dir.String(), m.Dir.String(), ""})
				last = m.Dir
			}
		}
		return pickView{content: t.Sprintf("%s First the direction.", what), menu: menu, back: true}, true
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
	return pk.lang.Sprintf("%s %d, to %s", m.Dir, m.Dist, where)
}

// move is the step after choosing a move: the region choice if the flight
// splits the opponent and no region is named yet, else the preview.
func (pk picker) move(notation string) (pickView, bool) {
	m, err := engine.ParseMove(notation)
	if err != nil {
		return pickView{}, false
	}
	t := pk.lang
	if slices.Contains(pk.moves, m) {
		return pickView{content: t.Sprintf("**%s** · %s. Confirm, or go back.", m, pk.describe(m)), preview: &m, back: true}, true
	}
	regions, err := pk.pos.PendingRegions(m, pk.rules)
	if err != nil || len(regions) < 2 || m.Keep != engine.NoPoint {
		return pickView{}, false
	}
	them := pk.pos.ToMove().Other()
	menu := &pickSelect{action: actMove, placeholder: t.Sprintf("Which region does %s keep?", them)}
	var letters []string
	for i, r := range regions {
		letter := string(rune('A' + i))
		letters = append(letters, letter)
		kept := m.Keeping(r.Name)
		desc := ""
		if winsFor(pk.pos, kept, pk.rules, them) {
			desc = t.Sprintf("hands %s the win", them)
		}
		menu.options = append(menu.options, pickOption{t.Sprintf("Keep %s (%s, %d birds)", letter, r.Name, len(r.Birds)), kept.String(), desc})
	}
	return pickView{
		content: t.Sprintf("%s splits %s's birds into %d regions, lettered %s on the board. Choose the one %s keeps; the birds in the others fly away.", m, them, len(regions), strings.Join(letters, ", "), them),
		menu:    menu, pending: &m, back: true,
	}, true
}

// warning says when a move ends the game, for a menu's option: "wins
// the game", "hands Blue the win", or nothing.
func (pk picker) warning(m engine.Move) string {
	_, o := pk.pos.Apply(m, pk.rules)
	if w, won := o.Result.Winner(); won {
		if w == pk.pos.ToMove() {
			return pk.lang.Sprint("wins the game")
		}
		return pk.lang.Sprintf("hands %s the win", w)
	}
	return ""
}

// describe says in a few words what a legal move does.
func (pk picker) describe(m engine.Move) string {
	e, err := pk.pos.Effect(m, pk.rules)
	if err != nil {
		return pk.lang.Sprintf("%s", err)
	}
	return pk.lang.Sprintf("%s", e)
}
