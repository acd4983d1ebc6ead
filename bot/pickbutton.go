package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// moveButtonRow is the row of a board message with the button that opens
// the move picker, for a game in play, and, where the bot serves the
// Activity, the one that opens the board (see launch.go).
func (b *Bot) moveButtonRow(g *store.Game, ply int) []discordgo.MessageComponent {
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: tr(g).Sprint("Make a move"), Style: discordgo.PrimaryButton, CustomID: buttonID(actPick, g, ply, "")},
	}
	if b.cfg.Activity.On() {
		buttons = append(buttons, discordgo.Button{Label: tr(g).Sprint("Play on the board"), Style: discordgo.SecondaryButton, CustomID: buttonID(actBoard, g, ply, "")})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// A move travels in a custom ID's argument, where "/" separates the parts:
// the kept region's "/" is written "+".
func moveArg(m engine.Move) string { return strings.ReplaceAll(m.String(), "/", "+") }

func parseMoveArg(arg string) (engine.Move, error) {
	return engine.ParseMove(strings.ReplaceAll(arg, "+", "/"))
}

// pickerButton answers every step of the move picker: opening it from a
// board, a choice in its menus, Back, and Confirm.
func (b *Bot) pickerButton(in *interaction, bt button) error {
	if key, planning, ok := splitPlanGame(bt.game); ok {
		return b.planPickerButton(in, bt, key, planning)
	}
	if bt.action == actConfirm {
		return b.confirmPicked(in, bt)
	}
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	if bt.game != gameKey(g) || bt.action != actPick && bt.ply != eg.Ply() {
		return movedOn()
	}
	if bt.action == actPick && mayPlan(in, g, eg) {
		return b.offerPlan(in, g, eg)
	}
	if _, err := b.yourTurn(in, g, eg); err != nil {
		return err
	}
	pk := newPicker(eg.Position(), g.Rules, in.lang)
	view := pk.opening()
	if bt.action != actPick {
		var ok bool
		if view, ok = pk.chosen(in, bt); !ok {
			return movedOn()
		}
	}
	r, err := b.pickReply(g, eg, view, in)
	if err != nil {
		return err
	}
	if bt.action == actPick {
		return b.respond(in, r)
	}
	return b.updateEphemeral(in, r)
}

// chosen is the view after the choice a click made in the picker's menu
// of bt, the steps with one choice taken, or the step before after Back;
// ok is false for a choice the position does not offer, or a click with
// other than one value.
func (pk picker) chosen(in *interaction, bt button) (view pickView, ok bool) {
	if bt.action == actBack {
		c, ok := parseChoiceArg(bt.arg)
		if !ok {
			return pickView{}, false
		}
		return pk.back(c)
	}
	values := in.MessageComponentData().Values
	if len(values) != 1 {
		return pickView{}, false
	}
	if view, ok = pk.choose(bt.action, bt.arg, values[0]); !ok {
		return pickView{}, false
	}
	view = pk.settle(view)
	view.back = true // the step clicked in asked
	return view, true
}

// pickReply draws a picker view of g's position: its sentence, its
// menu, Confirm and Back, and the step's board: with the empty points
// named where the step asks for a point or a bird, after the previewed
// move, or with the regions of a pending flight lettered. A step that
// asks what to do or which row has none: the board the picker was opened
// from, in the channel above it, shows all that step needs, and a second
// one beside it would only repeat it.
func (b *Bot) pickReply(g *store.Game, eg *engine.Game, v pickView, in *interaction) (reply, error) {
	ply := eg.Ply()
	id := func(action, arg string) string { return buttonID(action, g, ply, arg) }
	if v.plain {
		return pickMessage(v, id, in.lang, nil), nil
	}
	img, err := b.pickBoard(b.scene(g, eg), eg.Position(), g.Rules, v, in.user)
	if err != nil {
		return reply{}, fmt.Errorf("render the picker's board %s: %w", g.Channel, err)
	}
	return pickMessage(v, id, in.lang, img), nil
}

// pickMessage is a picker view as a private message: its sentence, its
// menu, Confirm and Back, with custom IDs from id, and the board img.
func pickMessage(v pickView, id func(action, arg string) string, t lang.Tag, img []byte) reply {
	r := reply{content: v.content, ephemeral: true, replace: true, image: img}
	if m := v.menu; m != nil {
		menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id(m.action, m.arg), Placeholder: m.placeholder}
		for _, o := range m.options {
			menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: o.label, Value: o.value, Description: o.description})
		}
		r.components = append(r.components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}})
	}
	var buttons []discordgo.MessageComponent
	if v.preview != nil {
		buttons = append(buttons, discordgo.Button{Label: t.Sprintf("Confirm %s", *v.preview), Style: discordgo.SuccessButton, CustomID: id(actConfirm, moveArg(*v.preview))})
	}
	if v.back {
		buttons = append(buttons, discordgo.Button{Label: t.Sprint("Back"), Style: discordgo.SecondaryButton, CustomID: id(actBack, choiceArg(v.from))})
	}
	if len(buttons) > 0 {
		r.components = append(r.components, discordgo.ActionsRow{Components: buttons})
	}
	return r
}

// pickBoard draws the board of a picker view, from sc, the scene of pos
// as it stands. Every step shows it with its empty points named, so a
// point is found without counting: as it stands, with a pending flight's
// regions lettered, or after the previewed move. It is drawn in the
// viewer's own theme.
func (b *Bot) pickBoard(sc render.Scene, pos engine.Position, rules engine.Rules, v pickView, viewer string) ([]byte, error) {
	sc.PointNames = true
	switch {
	case v.preview != nil:
		next, o := pos.Apply(*v.preview, rules)
		sc.Position, sc.Before, sc.Last, sc.Outcome, sc.Ply = next, pos, *v.preview, o, sc.Ply+1
	case v.pending != nil:
		sc.Pending = *v.pending
	}
	return b.themed(viewer).Board(sc)
}

// updateEphemeral answers a click by replacing the message clicked on: a
// step of the picker, or a lapsed offer or challenge (see lapsed).
func (b *Bot) updateEphemeral(in *interaction, r reply) error {
	if err := r.check(); err != nil {
		return fmt.Errorf("update: %w", err)
	}
	if r.components == nil {
		r.components = []discordgo.MessageComponent{}
	}
	if in.board != nil {
		in.board.said = r.content
		return nil
	}
	return b.answer(in, func() *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: r.data()}
	})
}

// confirmPicked plays the move the picker previewed: the picker's message
// says it is played, and the board goes to the channel.
func (b *Bot) confirmPicked(in *interaction, bt button) error {
	m, err := parseMoveArg(bt.arg)
	if err != nil {
		return movedOn()
	}
	defer b.locks.lock(in.ChannelID)()
	g, eg, err := b.activeFor(in)
	if err != nil {
		return err
	}
	c, err := b.yourTurn(in, g, eg) // first: a replayed Confirm is told the move is played
	if err != nil {
		return err
	}
	if !bt.current(g) {
		return movedOn()
	}
	pos := eg.Position()
	canon, err := pos.Check(m, g.Rules)
	if err != nil {
		return refuse("%s", err)
	}
	return b.playClicked(in, g, eg, c, canon)
}
