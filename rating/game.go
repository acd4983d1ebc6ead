package rating

// Score is a player's result in one game: 1 for a win, ½ for a draw, 0 for a loss.
// Glicko-2 accepts any score from 0 to 1.
type Score float64

// The scores of a game of Volo.
const (
	Loss Score = 0
	Draw Score = 0.5
	Win  Score = 1
)

// Game is one game of a rating period, seen from the player being rated.
type Game struct {
	// Opponent is the opponent's rating at the start of the period; its Sigma is not used.
	Opponent Rating
	// Score is the player's result against Opponent.
	Score Score
}
