package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/store"
)

// onAutocomplete offers, for a move, the legal moves matching what the
// player typed, the most useful first, each with what it does in words:
// "c3:c5-NE2 · line of 3 flies NE 2, joins your bird at e7"; for a game,
// this server's or conversation's games (see suggestGames).
func (b *Bot) onAutocomplete(in *interaction) error {
	var typed, option, sub string
	data := in.ApplicationCommandData()
	if len(data.Options) > 0 {
		sub = data.Options[0].Name
		for _, o := range leaf(data.Options[0]).Options {
			if o.Focused {
				typed, _ = o.Value.(string)
				option = o.Name
			}
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	switch {
	case sub == cmdTournament:
		choices = b.suggestTournaments(in, typed)
	case option == optGame:
		choices = b.suggestGames(in, typed, sub == cmdReview)
	default:
		choices = b.suggest(in, typed)
	}
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

// suggest lists, for the player to move in the channel's game, the legal
// moves that begin with what they typed (case and spaces aside) and the
// flights whose line ends there, the most useful first (see usefulness),
// moves ranked alike in natural order (j2 before j10), at most
// maxChoices; anyone else gets none.
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
		m    engine.Move
		e    engine.Effect
		rank [3]int
	}
	var list []ranked
	for _, m := range eg.LegalMoves() {
		if !strings.HasPrefix(strings.ToLower(m.String()), key) && !matchesEnd(m, key) {
			continue
		}
		e, err := pos.Effect(m, g.Rules)
		if err != nil {
			continue // LegalMoves and Effect disagree: leave the move out rather than fail
		}
		list = append(list, ranked{m, e, usefulness(e)})
	}
	slices.SortFunc(list, func(a, b ranked) int {
		return cmp.Or(slices.Compare(a.rank[:], b.rank[:]), engine.CompareMoves(a.m, b.m))
	})
	for i, r := range list {
		if i == maxChoices {
			break
		}
		name := clip(r.m.String()+" · "+in.lang.Sprintf("%s", r.e), maxChoiceName)
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: r.m.String()})
	}
	return choices
}

// usefulness ranks a suggestion, smallest first: a win, then flights that
// join more flocks, cost the opponent more birds and move more birds, then
// adds, a pass, and last the moves that hand the opponent the game.
func usefulness(e engine.Effect) [3]int {
	if w, won := e.Outcome.Result.Winner(); won {
		if w == e.Mover {
			return [3]int{0}
		}
		return [3]int{9}
	}
	switch e.Move.Kind {
	case engine.KindFly:
		return [3]int{1, -len(e.Joined), -e.Removed*100 - e.Birds}
	case engine.KindAdd:
		return [3]int{5}
	}
	return [3]int{6}
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
