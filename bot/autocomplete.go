package bot

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// onAutocomplete offers the legal moves matching what the player typed,
// the most useful first: wins, then flights, then adds, then a pass.
func (b *Bot) onAutocomplete(in *interaction) error {
	var typed string
	data := in.ApplicationCommandData()
	if len(data.Options) > 0 {
		for _, o := range data.Options[0].Options {
			if o.Focused {
				typed, _ = o.Value.(string)
			}
		}
	}
	choices := b.suggest(in, typed)
	if err := checkChoices(choices); err != nil {
		return fmt.Errorf("autocomplete: %w", err)
	}
	return b.answer(in, func() *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices},
		}
	})
}

func (b *Bot) suggest(in *interaction, typed string) []*discordgo.ApplicationCommandOptionChoice {
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	g, err := b.store.Get(in.ChannelID)
	if err != nil || g.Status != store.Active {
		return choices
	}
	eg, err := g.Replay()
	if err != nil {
		return choices
	}
	pos := eg.Position()
	if c, plays := g.Colour(in.user); !plays || c != pos.ToMove() || eg.Outcome().Over() {
		return choices
	}
	key := normalise(typed)
	type ranked struct {
		name string
		rank int
	}
	var list []ranked
	for _, m := range eg.LegalMoves() {
		name := m.String()
		if !strings.HasPrefix(strings.ToLower(name), key) && !matchesEnd(m, key) {
			continue
		}
		list = append(list, ranked{name, rank(pos, m, g.Rules)})
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].rank != list[j].rank {
			return list[i].rank < list[j].rank
		}
		return list[i].name < list[j].name
	})
	for i, r := range list {
		if i == maxChoices {
			break
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: r.name, Value: r.name})
	}
	return choices
}

// rank orders suggestions: a win, then flights (longer lines first), then
// region choices that keep the game going, adds, a pass, and last the
// moves that hand the opponent the game.
func rank(pos engine.Position, m engine.Move, r engine.Rules) int {
	_, o := pos.Apply(m, r)
	if w, won := o.Result.Winner(); won {
		if w == pos.ToMove() {
			return 0
		}
		return 9
	}
	switch m.Kind {
	case engine.KindFly:
		return 4 - min(m.Length(), 3)
	case engine.KindAdd:
		return 5
	}
	return 6
}

// matchesEnd lets "c5" find flights whose line ends on c5 too.
func matchesEnd(m engine.Move, key string) bool {
	return m.Kind == engine.KindFly && key != "" && strings.HasPrefix(m.To.String(), key)
}

func normalise(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}
