// The JSON the page and the server exchange: these types mirror
// activity/api.go field for field (TestAPITypesMatchThePage keeps the two
// in step). A Go field marked omitempty is optional here. A Go slice may
// arrive as null when empty; the page reads every array through `?? []`.

/** The answer to GET api/config. */
export interface Config {
  client_id: string;
  words: Record<string, string>;
}

/** The body of POST api/session. */
export interface SessionRequest {
  code: string;
  instance_id: string;
}

/** The answer to POST api/session. */
export interface Session {
  token: string;
  expires: string;
  access_token: string;
  user: User;
  channel: string;
  lang: string;
  words: Record<string, string>;
}

/** A Discord user as the page shows them. */
export interface User {
  id: string;
  name: string;
}

/** The body of every refusal and failure. */
export interface Problem {
  error: string;
  code: string;
}

/** The codes of a Problem. */
export const CodeRefused = "refused";
export const CodeSession = "session";
export const CodeForbidden = "forbidden";
export const CodeBadRequest = "bad_request";
export const CodeRateLimited = "rate_limited";
export const CodeDiscord = "discord";
export const CodeFailed = "failed";

/** The geometry of the board, in sky units, y downwards: GET api/sky. */
export interface Sky {
  points: SkyPoint[];
  holes: XY[];
  edges: [number, number][];
  /** rim is the hexagon through the corner holes; the plate is it stroked rim_margin wide on each side, edged rim_edge wider. */
  rim: XY[];
  rim_margin: number;
  rim_edge: number;
  labels: Label[];
  leads: Line[];
  lead_width: number;
  bird_radius: number;
  view_box: [number, number, number, number];
}

/** A position in sky units. */
export interface XY {
  x: number;
  y: number;
}

/** One point of the sky; neighbours are indices in E, NE, NW, W, SW, SE order, -1 for none. */
export interface SkyPoint {
  name: string;
  x: number;
  y: number;
  neighbours: [number, number, number, number, number, number];
}

/** A row letter ("row") or a point number ("number"). */
export interface Label {
  text: string;
  x: number;
  y: number;
  size: number;
  kind: string;
}

/** A straight line, in sky units. */
export interface Line {
  from: XY;
  to: XY;
}

/** The phases of a channel's game. */
export const PhaseNone = "none";
export const PhaseChallenge = "challenge";
export const PhasePlaying = "playing";
export const PhaseOver = "over";

/** What one viewer sees of a channel's game now. */
export interface State {
  channel: string;
  phase: string;
  game?: string;
  version: number;
  viewer: Viewer;
  palette: Palette;
  players: [Player, Player];
  birds: Bird[];
  to_move?: string;
  ply: number;
  moves: string[];
  last?: Marks;
  headline: string;
  deadline?: string;
  ending?: Ending;
  draw_offer?: Offer;
  takeback?: Offer;
  can: Can;
  legal?: Legal;
  note?: string;
}

/** Who looks at the board. */
export interface Viewer {
  id: string;
  seat?: string;
  lang: string;
  theme: string;
}

/** The board image's colours in one theme, as CSS colours. */
export interface Palette {
  background: string;
  sky: string;
  sky_edge: string;
  grid: string;
  dot: string;
  letter: string;
  number: string;
  point_name: string;
  orange: BirdColours;
  blue: BirdColours;
  ring: string;
  ring_out: string;
  arrow: string;
  arrow_out: string;
  cross: string;
  glow: string;
  regions: string[];
  region_alpha: number;
  ink_dark: string;
  ink_light: string;
  panel: string;
  panel_line: string;
  text: string;
  text_dim: string;
  accent: string;
}

/** The colours of one side's birds. */
export interface BirdColours {
  light: string;
  dark: string;
  rim: string;
  ring?: string;
  bond: string;
}

/** One side of the game. */
export interface Player {
  id: string;
  name: string;
  rating?: string;
  computer?: string;
  counts: string;
}

/** A bird in the sky. */
export interface Bird {
  point: string;
  colour: string;
}

/** What the board marks of a move. */
export interface Marks {
  move: string;
  colour: string;
  ringed: string[];
  ghosts: string[];
  removed: string[];
  arrow?: Arrow;
  glow?: string[];
}

/** A flight's arrow, tail to tip, in sky units. */
export interface Arrow {
  from: XY;
  to: XY;
}

/** How a game ended. */
export interface Ending {
  text: string;
  winner?: string;
  ratings?: string;
}

/** A draw offered or a takeback asked. */
export interface Offer {
  by: string;
  move?: string;
}

/** What the viewer may do now. */
export interface Can {
  move: boolean;
  pass: boolean;
  resign: boolean;
  offer_draw: boolean;
  answer_draw: boolean;
  ask_takeback: boolean;
  answer_takeback: boolean;
  /** plan: they wait for their opponent in a correspondence game, so they may plan replies (POST api/plan). */
  plan: boolean;
}

/** Every move the viewer may make now, laid out for clicks. */
export interface Legal {
  adds: Add[];
  sources: Source[];
}

/** An add: a click on point plays move. */
export interface Add {
  point: string;
  move: string;
  note?: string;
}

/** A bird or a straight line of birds that may fly. */
export interface Source {
  ends: [string, string];
  birds: string[];
  flights: Flight[];
}

/** One way a source may fly. */
export interface Flight {
  move: string;
  target: string;
  landing: string[];
  arrow: Arrow;
  note?: string;
  regions?: RegionChoice[];
}

/** One region the mover may let the opponent keep. */
export interface RegionChoice {
  letter: string;
  points: string[];
  badge: string;
  birds: number;
  move: string;
  note?: string;
}

/** The actions of an ActRequest. */
export const ActionMove = "move";
export const ActionResign = "resign";
export const ActionOfferDraw = "offer_draw";
export const ActionAcceptDraw = "accept_draw";
export const ActionDeclineDraw = "decline_draw";
export const ActionAskTakeback = "ask_takeback";
export const ActionAgreeTakeback = "agree_takeback";
export const ActionDeclineTakeback = "decline_takeback";
export const ActionPlan = "plan";
export const ActionCancelPlan = "cancel_plan";

/** The body of POST api/act. */
export interface ActRequest {
  action: string;
  /** move: the move; the reply, for ActionPlan; the first move of the plan to cancel, for ActionCancelPlan. */
  move?: string;
  /** if: the opponent's move a plan answers, for ActionPlan. */
  if?: string;
  game: string;
  ply: number;
  channel: string;
}

/** The body of POST api/plan: the moves in the body, never the URL, which proxies log. */
export interface PlanRequest {
  channel: string;
  game: string;
  ply: number;
  /** after: the opponent's move chosen; none to ask for the opponent's moves. */
  after?: string;
}

/** The answer to POST api/plan, for the viewer alone. */
export interface Planning {
  /** after: the request's; legal is then the replies after it, else the opponent's moves that leave the game going. */
  after?: string;
  legal: Legal;
  /** pass: the move of this step may be a pass. */
  pass: boolean;
  /** birds and last: the board after `after`, and what it did. */
  birds?: Bird[];
  last?: Marks;
  plans: Plan[];
}

/** One of the viewer's plans: its moves, the opponent's first, and the line in words. */
export interface Plan {
  moves: string[];
  text: string;
}

/** The answer to an act that went through. */
export interface ActResult {
  said?: string;
}

/** One message the server sends on api/ws. */
export interface Push {
  type: string;
  state?: State;
  problem?: Problem;
}

/** The first message the page sends on api/ws. */
export interface Hello {
  session: string;
}
