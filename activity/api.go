package activity

// The JSON the page and the server exchange. The page's types in
// web/src/api.ts mirror these field for field; TestAPITypesMatchThePage
// keeps the two in step.

// Config is the answer to GET api/config: what the page needs before it
// can ask Discord anything, and its words in the language asked for, to
// speak before it knows who is looking.
type Config struct {
	// ClientID is the application's ID, for the SDK and its authorize.
	ClientID string `json:"client_id"`
	// Words are the page's words, by key, in the language of the locale
	// the page asked with (the browser's), English by default.
	Words map[string]string `json:"words"`
}

// SessionRequest is the body of POST api/session: the code the SDK's
// authorize gave, and the Activity's instance it was given in.
type SessionRequest struct {
	Code       string `json:"code"`
	InstanceID string `json:"instance_id"`
}

// Session is the answer to POST api/session: a session bound to the user
// Discord named and to the instance's channel, and the access token the
// page hands the SDK's authenticate.
type Session struct {
	// Token is the session, sent back as "Authorization: Bearer <token>"
	// with api/state and api/act, and as the first message on api/ws.
	Token string `json:"token"`
	// Expires is when the session ends (RFC 3339); the page asks for a
	// new one before, with authorize's prompt "none".
	Expires string `json:"expires"`
	// AccessToken is Discord's OAuth2 access token, for authenticate.
	AccessToken string `json:"access_token"`
	// User is who Discord says is looking.
	User User `json:"user"`
	// Channel is the channel of the instance: the board shows its game.
	Channel string `json:"channel"`
	// Lang is the user's language, "en" or "fr", and Words the page's
	// words in it.
	Lang  string            `json:"lang"`
	Words map[string]string `json:"words"`
}

// User is a Discord user as the page shows them.
type User struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Problem is the body of every refusal (4xx) and failure (5xx): a
// sentence for the player, in their language when the server knows it,
// and a code the page branches on.
type Problem struct {
	// Error is the sentence to show.
	Error string `json:"error"`
	// Code says what kind of problem it is: see the Problem codes.
	Code string `json:"code"`
}

// The codes of a Problem.
const (
	// CodeRefused: the act was refused by the rules or the game's state;
	// nothing changed. The page shows the sentence and the board as it is.
	CodeRefused = "refused"
	// CodeSession: the session is missing, forged or expired; the page
	// asks Discord again (authorize with prompt "none") for a new one.
	CodeSession = "session"
	// CodeForbidden: the session is valid but not for this (another
	// channel's game, a user not in the instance).
	CodeForbidden = "forbidden"
	// CodeBadRequest: the request itself is malformed.
	CodeBadRequest = "bad_request"
	// CodeRateLimited: too many requests by this user; the page waits.
	CodeRateLimited = "rate_limited"
	// CodeDiscord: Discord refused or failed the OAuth2 exchange.
	CodeDiscord = "discord"
	// CodeFailed: something went wrong on the server's side; Error says
	// whether anything was saved.
	CodeFailed = "failed"
)

// Sky is the geometry of the board, the same for every game, in sky
// units: neighbouring points are 1 apart, the centre g7 is at (0, 0),
// and y grows downwards, as SVG's does. It is the answer to GET api/sky.
type Sky struct {
	// Points are the 120 points, in notation order (a2 first).
	Points []SkyPoint `json:"points"`
	// Holes are where the six corners and the centre are: nothing stands
	// or flies there.
	Holes []XY `json:"holes"`
	// Edges are the lines of the grid between neighbouring points, as
	// indices into Points.
	Edges [][2]int `json:"edges"`
	// Rim is the hexagon through the six corner holes, corner by corner.
	// The plate is that hexagon stroked with round joins RimMargin wide on
	// each side (so it reaches RimMargin beyond the outer points), filled
	// with the palette's Sky, under an edge RimEdge wider in SkyEdge.
	Rim       []XY    `json:"rim"`
	RimMargin float64 `json:"rim_margin"`
	RimEdge   float64 `json:"rim_edge"`
	// Labels are the row letters and point numbers, where the board
	// image writes them; Leads the lines, LeadWidth wide, that continue
	// the numbered lines towards their numbers.
	Labels    []Label `json:"labels"`
	Leads     []Line  `json:"leads"`
	LeadWidth float64 `json:"lead_width"`
	// BirdRadius is a bird's radius, as the board image draws it.
	BirdRadius float64 `json:"bird_radius"`
	// ViewBox is the SVG view box that holds the plate and its labels:
	// minimum x, minimum y, width, height.
	ViewBox [4]float64 `json:"view_box"`
}

// XY is a position in sky units.
type XY struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// SkyPoint is one point of the sky.
type SkyPoint struct {
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	// Neighbours are the indices of the neighbouring points in the six
	// directions E, NE, NW, W, SW, SE, or -1 where there is none: the
	// keyboard moves between points along them.
	Neighbours [6]int `json:"neighbours"`
}

// Label is a row letter or a point number, centred on (X, Y), in a font
// Size high.
type Label struct {
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	Size float64 `json:"size"`
	// Kind is "row" for a row letter, "number" for a point number.
	Kind string `json:"kind"`
}

// Line is a straight line, in sky units.
type Line struct {
	From XY `json:"from"`
	To   XY `json:"to"`
}

// The phases of a channel's game.
const (
	PhaseNone      = "none"      // no game: start one with /volo challenge
	PhaseChallenge = "challenge" // a challenge waits to be accepted
	PhasePlaying   = "playing"   // a game is being played
	PhaseOver      = "over"      // the channel's latest game is over
)

// State is what one viewer sees of a channel's game now: the answer to
// GET api/state, and each message api/ws sends.
type State struct {
	// Channel is the channel whose game this is.
	Channel string `json:"channel"`
	// Phase is one of the Phase constants.
	Phase string `json:"phase"`
	// Game names the game (its start), so that the page tells a new game
	// in the channel from a move; Version grows with every change of it,
	// so that the page keeps the latest state when two cross.
	Game    string `json:"game,omitempty"`
	Version uint64 `json:"version"`
	// Viewer is who looks and how they see it.
	Viewer Viewer `json:"viewer"`
	// Palette is the board's colours in the viewer's theme.
	Palette Palette `json:"palette"`
	// Players are Orange and Blue, in that order; a seat still open has
	// an empty ID.
	Players [2]Player `json:"players"`
	// Birds are the birds in the sky, in notation order.
	Birds []Bird `json:"birds"`
	// ToMove is the colour to move, "orange" or "blue", while the game is
	// played; empty otherwise.
	ToMove string `json:"to_move,omitempty"`
	// Ply is the number of moves played; Moves are their notations, in
	// order.
	Ply   int      `json:"ply"`
	Moves []string `json:"moves"`
	// Last marks what the last move did, as the board image does; nil
	// before the first move.
	Last *Marks `json:"last,omitempty"`
	// Headline is the board image's status line, in the viewer's
	// language: "Move 12 · Orange flew c3:c5-NE2 · Blue to play".
	Headline string `json:"headline"`
	// Deadline is when the player to move runs out of time (RFC 3339),
	// empty for a game without a time limit.
	Deadline string `json:"deadline,omitempty"`
	// Ending says how the game ended, once it is over.
	Ending *Ending `json:"ending,omitempty"`
	// DrawOffer and Takeback are a draw offered and a takeback asked, not
	// yet answered.
	DrawOffer *Offer `json:"draw_offer,omitempty"`
	Takeback  *Offer `json:"takeback,omitempty"`
	// Can says what the viewer may do now, each a button of the page.
	Can Can `json:"can"`
	// Legal is every move the viewer may make now, when it is their move;
	// nil for everyone else.
	Legal *Legal `json:"legal,omitempty"`
	// Note is a sentence for the viewer about the game that the rest
	// does not say: that the challenge waits for them, that their time
	// ran out. Empty when there is none.
	Note string `json:"note,omitempty"`
}

// Viewer is who looks at the board.
type Viewer struct {
	ID string `json:"id"`
	// Seat is the viewer's colour, "orange" or "blue", or empty for a
	// spectator.
	Seat string `json:"seat,omitempty"`
	// Lang is the viewer's language, "en" or "fr".
	Lang string `json:"lang"`
	// Theme is "dark" or "light": the viewer's own, else the bot's.
	Theme string `json:"theme"`
}

// Palette is the board image's colours in one theme, as CSS colours.
type Palette struct {
	Background string `json:"background"`
	Sky        string `json:"sky"`
	SkyEdge    string `json:"sky_edge"`
	Grid       string `json:"grid"`
	Dot        string `json:"dot"`
	Letter     string `json:"letter"`
	Number     string `json:"number"`
	PointName  string `json:"point_name"`
	// Orange and Blue are the birds: the fill lit from the upper left
	// (Light to Dark), the rim, Blue's inner ring (empty for none), and
	// the bar joining neighbours of a flock.
	Orange BirdColours `json:"orange"`
	Blue   BirdColours `json:"blue"`
	// Ring circles the birds the last move put down, Arrow shows its
	// flight, Cross marks the birds it cleared, Glow lights the winning
	// flock; each Out is the contrasting edge.
	Ring     string `json:"ring"`
	RingOut  string `json:"ring_out"`
	Arrow    string `json:"arrow"`
	ArrowOut string `json:"arrow_out"`
	Cross    string `json:"cross"`
	Glow     string `json:"glow"`
	// Regions tint regions A, B, C… with RegionAlpha (0 to 1).
	Regions     []string `json:"regions"`
	RegionAlpha float64  `json:"region_alpha"`
	// InkDark and InkLight are the letters on light and dark badges.
	InkDark  string `json:"ink_dark"`
	InkLight string `json:"ink_light"`
	// Panel, PanelLine, Text, TextDim and Accent are the status strip's.
	Panel     string `json:"panel"`
	PanelLine string `json:"panel_line"`
	Text      string `json:"text"`
	TextDim   string `json:"text_dim"`
	Accent    string `json:"accent"`
}

// BirdColours are the colours of one side's birds.
type BirdColours struct {
	Light string `json:"light"`
	Dark  string `json:"dark"`
	Rim   string `json:"rim"`
	Ring  string `json:"ring,omitempty"`
	Bond  string `json:"bond"`
}

// Player is one side of the game.
type Player struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Rating is their global rating as the board image shows it, "1642 ±
	// 87", or empty.
	Rating string `json:"rating,omitempty"`
	// Computer is the level ("easy", "medium", "hard") when the computer
	// plays this side, worded in the viewer's language; else empty.
	Computer string `json:"computer,omitempty"`
	// Counts is the board image's count of this side's birds, in the
	// viewer's language: "23 birds · 37 in supply · 9 flocks".
	Counts string `json:"counts"`
}

// Bird is a bird in the sky.
type Bird struct {
	Point  string `json:"point"`
	Colour string `json:"colour"` // "orange" or "blue"
}

// Marks are what the board image marks of a move, and how a pending
// flight's regions are drawn.
type Marks struct {
	// Move is the move's notation; Colour who made it.
	Move   string `json:"move"`
	Colour string `json:"colour"`
	// Ringed are the birds the move put down; Ghosts the points a flight
	// left empty; Removed the opponent's birds it cleared.
	Ringed  []string `json:"ringed"`
	Ghosts  []string `json:"ghosts"`
	Removed []string `json:"removed"`
	// Arrow is the flight's arrow, nil for an add or a pass.
	Arrow *Arrow `json:"arrow,omitempty"`
	// Glow are the birds of the winning flock, when the move won.
	Glow []string `json:"glow,omitempty"`
}

// Arrow is a flight's arrow, from its tail to its tip, in sky units, as
// the board image draws it.
type Arrow struct {
	From XY `json:"from"`
	To   XY `json:"to"`
}

// Ending is how a game ended.
type Ending struct {
	// Text says it, in the viewer's language: "Blue resigned: Orange
	// wins."
	Text string `json:"text"`
	// Winner is "orange" or "blue", empty for a draw or a game called off.
	Winner string `json:"winner,omitempty"`
	// Ratings says what the game did to the ratings, in the viewer's
	// language, or that it was not rated; empty when ratings do not apply.
	Ratings string `json:"ratings,omitempty"`
}

// Offer is a draw offered or a takeback asked.
type Offer struct {
	// By is who made it, "orange" or "blue".
	By string `json:"by"`
	// Move is the move a takeback would take back.
	Move string `json:"move,omitempty"`
}

// Can says what the viewer may do now. A button the page shows only
// where its field is true; the server checks again when it is pressed.
type Can struct {
	Move           bool `json:"move"`            // it is their move: Legal lists how
	Pass           bool `json:"pass"`            // passing is legal now
	Resign         bool `json:"resign"`          // they play and the game goes on
	OfferDraw      bool `json:"offer_draw"`      // against a person, no offer standing
	AnswerDraw     bool `json:"answer_draw"`     // their opponent offered a draw
	AskTakeback    bool `json:"ask_takeback"`    // their last move may be taken back
	AnswerTakeback bool `json:"answer_takeback"` // their opponent asked to take back
	// Plan: they wait for their opponent in a correspondence game, so they
	// may plan replies (POST api/plan lays out the moves, and lists their
	// plans to them alone).
	Plan bool `json:"plan"`
}

// Legal is every move the viewer may make now, laid out for clicks: the
// points to add on, and the birds and lines that may fly, each with where
// it may land. It comes from the engine's LegalMoves: the page knows no
// rule of Volo.
type Legal struct {
	Adds    []Add    `json:"adds"`
	Sources []Source `json:"sources"`
}

// Add is an add: a click on Point plays Move.
type Add struct {
	Point string `json:"point"`
	Move  string `json:"move"`
	// Note says when the move ends the game, in the viewer's language:
	// "wins the game"; empty otherwise.
	Note string `json:"note,omitempty"`
}

// Source is a bird or a straight line of birds that may fly.
type Source struct {
	// Ends are its two end birds, in notation order; both the same point
	// for a single bird. A line is chosen by clicking one end, then the
	// other.
	Ends [2]string `json:"ends"`
	// Birds are all its birds, end to end.
	Birds   []string `json:"birds"`
	Flights []Flight `json:"flights"`
}

// Flight is one way a source may fly.
type Flight struct {
	// Move is the flight's notation. When the flight splits the opponent
	// into regions, it names no region, and Regions lists those to choose
	// from.
	Move string `json:"move"`
	// Target is the point a click plays the flight by: where its leading
	// bird lands (the bird furthest in the direction of flight). No two
	// flights of one source share a target.
	Target string `json:"target"`
	// Landing are the points the birds land on, in the order of Birds.
	Landing []string `json:"landing"`
	// Arrow is the arrow the board would draw for it.
	Arrow Arrow `json:"arrow"`
	// Note says when the flight ends the game: "wins the game", "hands
	// Blue the win"; empty otherwise, and for a flight with Regions.
	Note string `json:"note,omitempty"`
	// Regions are the opponent's regions the flight cuts them into,
	// lettered A, B, C… as the board image letters them; empty when it
	// splits nobody.
	Regions []RegionChoice `json:"regions,omitempty"`
}

// RegionChoice is one region the mover may let the opponent keep.
type RegionChoice struct {
	Letter string `json:"letter"`
	// Points are every point of the region, its birds and empty points;
	// a click on any of them keeps it.
	Points []string `json:"points"`
	// Badge is the point where the board writes the region's letter.
	Badge string `json:"badge"`
	// Birds counts the opponent's birds in it.
	Birds int `json:"birds"`
	// Move is the complete flight keeping this region.
	Move string `json:"move"`
	// Note is "hands Blue the win" when keeping this region leaves the
	// opponent one flock; the page asks again before it plays it.
	Note string `json:"note,omitempty"`
}

// The actions of an ActRequest.
const (
	ActionMove            = "move"             // play Move (an add, a flight, or "pass")
	ActionResign          = "resign"           // resign, confirmed on the page
	ActionOfferDraw       = "offer_draw"       // offer a draw
	ActionAcceptDraw      = "accept_draw"      // accept the opponent's offer
	ActionDeclineDraw     = "decline_draw"     // decline it
	ActionAskTakeback     = "ask_takeback"     // ask to take back one's last move
	ActionAgreeTakeback   = "agree_takeback"   // let the opponent take theirs back
	ActionDeclineTakeback = "decline_takeback" // refuse it
	ActionPlan            = "plan"             // plan reply Move to the opponent's move If
	ActionCancelPlan      = "cancel_plan"      // cancel the plan whose first move is Move
)

// ActRequest is the body of POST api/act: one thing the viewer does.
type ActRequest struct {
	Action string `json:"action"`
	// Move is the move, for ActionMove; the reply, for ActionPlan; the
	// opponent's move the plan to cancel starts with, for ActionCancelPlan.
	Move string `json:"move,omitempty"`
	// If is the opponent's move a plan answers, for ActionPlan.
	If string `json:"if,omitempty"`
	// Game and Ply are the game (State.Game) and the number of its moves
	// (State.Ply) the viewer's board showed: a game that has moved on
	// since refuses the act, so that nobody plays a move against a board
	// they have not seen.
	Game string `json:"game"`
	Ply  int    `json:"ply"`
	// Channel is the channel whose board it is: it must be the session's.
	Channel string `json:"channel"`
}

// PlanRequest is the body of POST api/plan: the viewer, waiting for their
// opponent, plans a reply. The moves go in the body, not the URL, which
// proxies log: nothing may log a plan's moves.
type PlanRequest struct {
	// Channel, Game and Ply are the channel, the game and the number of
	// its moves the viewer's board showed, as for an act.
	Channel string `json:"channel"`
	Game    string `json:"game"`
	Ply     int    `json:"ply"`
	// After is the opponent's move the viewer chose; empty to ask for the
	// opponent's moves.
	After string `json:"after,omitempty"`
}

// Planning is the answer to POST api/plan, for the viewer alone: the
// moves a plan's next step may choose, laid out as Legal, and the
// viewer's plans in the game.
type Planning struct {
	// After is the request's: empty, and Legal is every move the opponent
	// may make now that leaves the game going (a plan answers it); set,
	// and Legal is every reply the viewer may make after it.
	After string `json:"after,omitempty"`
	Legal *Legal `json:"legal"`
	// Pass says the move of this step may be a pass.
	Pass bool `json:"pass"`
	// Birds and Last are the board after After, and what After did, for
	// the page to show the reply's position; empty when After is.
	Birds []Bird `json:"birds,omitempty"`
	Last  *Marks `json:"last,omitempty"`
	// Plans are the viewer's plans in the game, in the order made.
	Plans []Plan `json:"plans"`
}

// Plan is one of the viewer's plans.
type Plan struct {
	// Moves are its moves, the opponent's first: the first is what
	// ActionCancelPlan names.
	Moves []string `json:"moves"`
	// Text says it in the viewer's language: "if f5, h7; then if d4, j9".
	Text string `json:"text"`
}

// ActResult is the answer to an act that went through: what the bot says
// to the viewer alone about it, if anything (the board shows the rest).
type ActResult struct {
	Said string `json:"said,omitempty"`
}

// Push is one message the server sends on api/ws.
type Push struct {
	// Type is "state" (State is set), or "problem" (Problem is set: the
	// session is no longer good, or the channel's game cannot be read).
	Type    string   `json:"type"`
	State   *State   `json:"state,omitempty"`
	Problem *Problem `json:"problem,omitempty"`
}

// Hello is the first message the page sends on api/ws: its session.
type Hello struct {
	Session string `json:"session"`
}
