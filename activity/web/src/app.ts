// The game on the page: the channel's latest state, the choice being made
// by clicks, and the acts sent to the server. It draws the board, the strip
// and the panel from them, and keeps the root's data-* attributes, which
// tests wait on, true.

import type { Planning, Problem, State } from "./api";
import { ActionCancelPlan, ActionMove, ActionPlan, ActionResign, CodeRateLimited, CodeSession, PhasePlaying } from "./api";
import { Board, type BoardView } from "./board";
import type { Client } from "./client";
import { ProblemError } from "./client";
import { Asker } from "./dialog";
import type { Participant } from "./discord";
import type { Geometry } from "./geometry";
import { Keyboard } from "./keyboard";
import { Announcer } from "./live";
import { Panel } from "./panel";
import type { Colour } from "./pieces";
import * as picker from "./picker";
import type { Pick } from "./picker";
import * as planning from "./planning";
import type { PlanStep } from "./planning";
import { PlansBox } from "./plansbox";
import { newer } from "./socket";
import { Strip } from "./strip";
import type { Words } from "./words";

/** GameDeps are what the game needs from the page around it. */
export interface GameDeps {
  client: Client;
  words: Words;
  geo: Geometry;
  /** renew gets a new session (authorize again, without a prompt); false if it could not. */
  renew(): Promise<boolean>;
  /** root is the element whose data-* attributes say the page's state. */
  root: HTMLElement;
}

/** Game is the page once the board is open. */
export class Game {
  readonly board: Board;
  readonly strip: Strip;
  readonly panel: Panel;
  readonly live = new Announcer();
  readonly asker = new Asker();
  private readonly keys: Keyboard;
  private state: State | null = null;
  private pick: Pick = picker.idle;
  private hovered: string | null = null;
  /** acting is set while an act is on its way to the server; playing is its move, if it is one. */
  private acting = false;
  private playing = "";
  /** waiting is set from an act that went through until its state arrives. */
  private waiting = 0;
  readonly plans: PlansBox;
  /** plan is the planning step; planned the latest api/plan answer (the opponent's moves and the viewer's plans), for planKey's game and ply. */
  private plan: PlanStep = planning.off;
  private planned: Planning | null = null;
  private planKey = "";
  /** fetching is set while api/plan is asked for a step's moves. */
  private fetching = false;

  constructor(private readonly d: GameDeps) {
    const w = d.words;
    this.board = new Board(d.geo, w, {
      click: (p) => this.clickPoint(p),
      hover: (p) => this.hover(p),
    });
    this.board.el.setAttribute("aria-label", w.t("board"));
    this.board.el.addEventListener("click", (e) => {
      if (!(e.target instanceof Element) || !e.target.closest(".pt")) this.back();
    });
    this.keys = new Keyboard(d.geo, this.board.cells, {
      click: (i) => this.clickPoint(d.geo.points[i]!.name),
      back: () => this.back(),
    });
    this.strip = new Strip(w);
    this.panel = new Panel(w, {
      act: (action, move) => void this.act(action, move),
      resign: () => void this.resign(),
    });
    this.plans = new PlansBox(w, {
      start: () => void this.startPlanning(),
      stop: () => this.setPlan(planning.off),
      pass: () => void this.planChose("pass"),
      cancel: (first) => void this.act(ActionCancelPlan, first),
    });
    this.panel.el.querySelector("#buttons")?.after(this.plans.el);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && !this.asker.el.open && !this.board.el.contains(e.target as Node)) this.back();
    });
  }

  /** accept shows s if it is newer than the state shown. */
  accept(s: State): void {
    if (!newer(s, this.state)) return;
    const before = this.state;
    this.state = s;
    const ours = !!this.waiting; // the state the viewer's own act made
    if (this.waiting) {
      window.clearTimeout(this.waiting);
      this.waiting = 0;
    }
    const sameGame = before && (before.game ?? "") === (s.game ?? "") && before.channel === s.channel;
    const samePly = !!sameGame && before.ply === s.ply;
    if (!samePly || !s.can.plan) this.plan = planning.off;
    if (this.plan.step === "off") this.pick = samePly ? picker.revalidate(s.can.move ? s.legal : null, this.pick) : picker.idle;
    if (!s.can.plan) {
      this.planned = null;
      this.planKey = "";
    } else if (this.planKey !== keyOf(s)) {
      void this.refreshPlans();
    }
    if (!sameGame || before.ply !== s.ply) {
      this.panel.problem("");
      if (!ours && !this.acting) this.panel.said("");
    }
    this.render();
    if (!before) {
      // The tab stop starts where the last move landed, else at a point a
      // click may choose, else at the sky's middle row.
      const start = s.last?.ringed?.[0] ?? [...picker.lit(s.can.move ? s.legal : null, this.pick).keys()][0] ?? "g6";
      this.keys.rove(Math.max(0, this.d.geo.index(start)), false);
    }
    if (before && s.headline && s.headline !== before.headline) this.live.say(s.headline);
  }

  /** setParticipants shows who is in the Activity. */
  setParticipants(ps: Participant[]): void {
    this.panel.setParticipants(ps);
  }

  private interactive(): boolean {
    const s = this.state;
    if (!s || s.phase !== PhasePlaying || this.acting || this.waiting) return false;
    if (this.plan.step !== "off") return s.can.plan && !this.fetching;
    return s.can.move && !!s.legal;
  }

  /** legal is what clicks choose from now: the planning step's moves, else the viewer's. */
  private legal() {
    return this.plan.step !== "off" ? planning.legalOf(this.plan) : this.state?.legal;
  }

  private mover(): Colour {
    const s = this.state;
    if (s && this.plan.step !== "off") {
      const seat = s.viewer.seat === "blue" ? "blue" : "orange";
      if (this.plan.step === "reply") return seat;
      return seat === "blue" ? "orange" : "blue";
    }
    const c = s?.to_move ?? s?.viewer.seat;
    return c === "blue" ? "blue" : "orange";
  }

  /** render draws the board from the state and the pick, and the strip and the panel too unless all is false. */
  render(all = true): void {
    const s = this.state;
    if (!s) return;
    const root = this.d.root;
    root.dataset["phase"] = s.phase;
    root.dataset["ply"] = String(s.ply);
    root.dataset["seat"] = s.viewer.seat ?? "";
    root.dataset["pick"] = this.pick.step;
    root.dataset["acting"] = this.acting || this.waiting || this.fetching ? "true" : "false";
    root.dataset["plan"] = this.plan.step;
    root.dataset["theme"] = s.viewer.theme;
    applyPalette(root, s);

    const interactive = this.interactive();
    const lit = interactive ? picker.lit(this.legal(), this.pick) : new Map<string, picker.Lit>();
    const birds = new Map<string, Colour>();
    // Planning a reply shows the board after the opponent's move, as the server sent it.
    const after = planning.boardOf(this.plan);
    for (const b of after?.birds ?? s.birds ?? []) birds.set(b.point, b.colour === "blue" ? "blue" : "orange");
    const view: BoardView = {
      palette: s.palette,
      birds,
      marks: after ? after.last : (s.last ?? null),
      regions: [],
      lit,
      chosen: interactive ? picker.selected(this.pick) : [],
      preview: null,
      interactive,
    };
    if (this.pick.step === "region") {
      // The flight shown landed, as the board image shows a pending choice.
      const { source, flight } = this.pick;
      const mover = this.mover();
      for (const p of source.birds ?? []) birds.delete(p);
      for (const p of flight.landing ?? []) birds.set(p, mover);
      view.marks = {
        move: flight.move,
        colour: mover,
        ringed: flight.landing ?? [],
        ghosts: (source.birds ?? []).filter((p) => !(flight.landing ?? []).includes(p)),
        removed: [],
        arrow: flight.arrow,
      };
      view.regions = flight.regions ?? [];
      view.chosen = [];
    }
    const hl = this.hovered ? lit.get(this.hovered) : undefined;
    if (hl?.flight && this.pick.step !== "region") {
      const source = this.pick.step === "line" ? this.pick.source.birds : this.pick.step === "bird" ? [this.pick.bird] : [];
      view.preview = { flight: hl.flight, birds: source, colour: this.mover() };
    }
    this.board.draw(view);
    if (all) {
      this.strip.render(s);
      this.panel.render(s, this.acting || !!this.waiting);
      this.renderPlans(s);
    }
    this.panel.hint(this.hint(hl));
  }

  /** hint says what a click does now, or the note of the lit point under the pointer. */
  private hint(hovered: picker.Lit | undefined): string {
    const s = this.state, w = this.d.words;
    if (!s) return "";
    if (this.playing) return w.t("playing", this.playing);
    if (!this.interactive()) return "";
    if (hovered?.note && this.hovered) return `${this.hovered}: ${hovered.note}`;
    const p = this.pick;
    const legal = this.legal();
    switch (p.step) {
      case "idle":
        if (this.plan.step === "theirs") return w.t("hint_plan_theirs", this.opponentName());
        if (this.plan.step === "reply") return w.t("hint_plan_reply", this.opponentName(), this.plan.after);
        return (legal?.adds ?? []).length > 0 ? w.t("hint_idle") : w.t("hint_idle_fly");
      case "bird":
        return picker.lines(legal?.sources ?? [], p.bird).length > 0 ? w.t("hint_bird", p.bird) : w.t("hint_bird_only", p.bird);
      case "line":
        return w.t("hint_line", p.source.ends.join(":"));
      case "region": {
        const other = w.t(this.mover() === "orange" ? "blue" : "orange");
        return w.t("hint_region", p.flight.move, other, other);
      }
    }
  }

  private setPick(p: Pick): void {
    this.pick = p;
    this.render();
    this.live.say(this.panel.el.querySelector("#hint")?.textContent ?? "");
  }

  private hover(point: string | null): void {
    if (point === this.hovered) return;
    this.hovered = point;
    if (this.state) this.render(false);
  }

  /** back steps back one step of the choice, then, while planning, one planning step. */
  back(): void {
    if (!this.interactive()) return;
    if (this.pick.step !== "idle") this.setPick(picker.back(this.pick));
    else if (this.plan.step !== "off") this.setPlan(planning.back(this.plan));
  }

  private async clickPoint(point: string): Promise<void> {
    const s = this.state;
    if (!s || !this.interactive()) return;
    this.keys.rove(this.d.geo.index(point), false);
    if (this.plan.step !== "off") {
      await this.planClick(point);
      return;
    }
    const out = picker.click(s.legal, this.pick, point);
    switch (out.kind) {
      case "pick":
        this.panel.problem("");
        this.setPick(out.pick);
        return;
      case "play":
        await this.act(ActionMove, out.move);
        return;
      case "confirm": {
        const w = this.d.words;
        const other = w.t(this.mover() === "orange" ? "blue" : "orange");
        const yes = await this.asker.ask(w.t("hands_win", out.region.letter, other), w.t("keep_anyway"), w.t("choose_another"), true);
        if (yes && this.state === s) await this.act(ActionMove, out.region.move);
        return;
      }
    }
  }

  /** setPlan goes to planning step p, its first click step. */
  private setPlan(p: PlanStep): void {
    this.plan = p;
    this.pick = picker.idle;
    this.panel.problem("");
    this.setPick(picker.idle);
  }

  private opponentName(): string {
    const s = this.state;
    if (!s) return "";
    const i = s.viewer.seat === "blue" ? 0 : 1;
    return s.players[i]?.name || this.d.words.t(i === 0 ? "orange" : "blue");
  }

  /**
   * refreshPlans asks api/plan for the opponent's moves and the viewer's
   * plans, for the state shown; a problem is shown when say is set (the
   * viewer asked), else left: a refusal means the game moved on, and its
   * state is on its way.
   */
  private async refreshPlans(say = false): Promise<boolean> {
    const s = this.state;
    if (!s || !s.can.plan) return false;
    const key = keyOf(s);
    this.planKey = key;
    try {
      const p = await this.d.client.plan({ channel: s.channel, game: s.game ?? "", ply: s.ply });
      if (this.state !== s) return false;
      this.planned = p;
      this.render();
      return true;
    } catch (e) {
      if (this.planKey === key) this.planKey = "";
      if (say && this.state === s) this.panel.problem(e instanceof Error ? e.message : String(e));
      return false;
    }
  }

  /** startPlanning lights the opponent's moves. */
  private async startPlanning(): Promise<void> {
    if (!this.state?.can.plan || this.acting || this.waiting) return;
    if (!this.planned && !(await this.refreshPlans(true))) return;
    if (this.planned) this.setPlan(planning.start(this.planned));
  }

  private async planClick(point: string): Promise<void> {
    const out = planning.click(this.plan, this.pick, point);
    switch (out.kind) {
      case "pick":
        this.panel.problem("");
        this.setPick(out.pick);
        return;
      case "back":
        this.setPlan(out.plan);
        return;
      case "confirm": {
        const w = this.d.words;
        const other = w.t(this.mover() === "orange" ? "blue" : "orange");
        const yes = await this.asker.ask(w.t("hands_win", out.region.letter, other), w.t("keep_anyway"), w.t("choose_another"), true);
        if (yes) await this.planChose(out.region.move);
        return;
      }
      default:
        await this.planChose(out.move);
    }
  }

  /**
   * planChose takes move as the step's choice: the opponent's move asks the
   * server for the replies after it; a reply asks to confirm, then saves
   * the plan through the act "plan", as /volo move if: does.
   */
  private async planChose(move: string): Promise<void> {
    const s = this.state, plan = this.plan;
    if (!s || plan.step === "off" || this.fetching) return;
    const out = planning.chose(plan, move);
    if (out.kind === "theirs") {
      this.fetching = true;
      this.panel.problem("");
      this.render();
      try {
        const replies = await this.d.client.plan({ channel: s.channel, game: s.game ?? "", ply: s.ply, after: out.move });
        this.fetching = false;
        if (this.state === s && this.plan === plan) this.setPlan(planning.replying(plan, replies));
      } catch (e) {
        this.fetching = false;
        this.pick = picker.idle;
        this.panel.problem(e instanceof Error ? e.message : String(e));
        this.render();
      }
      return;
    }
    if (out.kind !== "reply") return;
    const w = this.d.words;
    const yes = await this.asker.ask(w.t("plan_confirm", this.opponentName(), out.if, out.move), w.t("plan_save"), w.t("cancel"));
    if (!yes || this.state !== s || this.plan !== plan) {
      this.setPick(picker.idle);
      return;
    }
    await this.act(ActionPlan, out.move, out.if);
  }

  private renderPlans(s: State): void {
    const w = this.d.words;
    const their = this.plan.step === "theirs";
    this.plans.render({
      can: s.phase === PhasePlaying && s.can.plan,
      step: this.plan.step,
      pass: planning.passOf(this.plan),
      passLabel: their ? w.t("their_pass", this.opponentName()) : w.t("pass"),
      plans: this.planned?.plans ?? [],
      busy: this.acting || !!this.waiting || this.fetching,
    });
  }

  private async resign(): Promise<void> {
    const w = this.d.words;
    const s = this.state;
    if (!s?.can.resign) return;
    if (await this.asker.ask(w.t("resign_confirm"), w.t("resign"), w.t("cancel"), true)) await this.act(ActionResign);
  }

  /**
   * act sends one act for the state shown. A session gone stale is renewed
   * and the act sent once more; a rate limit is waited out and the act
   * sent once more; a refusal is shown, the board left as it is.
   */
  async act(action: string, move?: string, ifMove?: string): Promise<void> {
    const s = this.state;
    if (!s || this.acting || this.waiting) return;
    this.acting = true;
    this.playing = action === ActionMove ? (move ?? "") : "";
    this.panel.problem("");
    this.panel.said("");
    this.render();
    if (action === ActionMove && move) this.live.say(this.d.words.t("playing", move));
    const req = { action, game: s.game ?? "", ply: s.ply, channel: s.channel, ...(move ? { move } : {}), ...(ifMove ? { if: ifMove } : {}) };
    // A plan made or cancelled changes no game: no state follows it.
    const planAct = action === ActionPlan || action === ActionCancelPlan;
    let retried = false;
    for (;;) {
      try {
        const res = await this.d.client.act(req);
        this.acting = false;
        this.playing = "";
        if (res.said) this.panel.said(res.said);
        if (planAct) {
          if (this.state === s) {
            this.plan = planning.off;
            this.pick = picker.idle;
            void this.refreshPlans();
          }
          break;
        }
        // The act's state may have come first, on the socket.
        if (this.state === s) this.awaitState();
        break;
      } catch (e) {
        const p = e instanceof ProblemError ? e : new ProblemError({ error: String(e), code: "failed" }, 0);
        if (!retried && p.code === CodeSession && (await this.d.renew())) {
          retried = true;
          continue;
        }
        if (!retried && p.code === CodeRateLimited) {
          retried = true;
          this.panel.problem(p.message);
          await new Promise((r) => window.setTimeout(r, 1000 * Math.min(10, Math.max(1, p.retryAfter || 2))));
          continue;
        }
        this.acting = false;
        this.playing = "";
        this.panel.problem(p.message);
        break;
      }
    }
    this.render();
  }

  /** awaitState holds clicks until the act's state arrives, fetching it if no push brings it soon. */
  private awaitState(): void {
    this.waiting = window.setTimeout(() => {
      this.waiting = 0;
      this.d.client.state().then((s) => this.accept(s), () => this.render());
      this.render();
    }, 4000);
  }

  /** problem shows a problem the server pushed. */
  problem(p: Problem): void {
    this.panel.problem(p.error);
  }
}

/** keyOf names the game and move a state shows, for the plans fetched for it. */
function keyOf(s: State): string {
  return `${s.channel}/${s.game ?? ""}/${s.ply}`;
}

/** applyPalette sets the page's colours from the state's palette, as CSS variables on root. */
export function applyPalette(root: HTMLElement, s: State): void {
  const p = s.palette;
  const vars: Record<string, string> = {
    "--background": p.background,
    "--panel": p.panel,
    "--panel-line": p.panel_line,
    "--text": p.text,
    "--text-dim": p.text_dim,
    "--accent": p.accent,
    "--glow": p.glow,
    "--cross": p.cross,
    "--sky": p.sky,
    "--orange-light": p.orange.light,
    "--orange-dark": p.orange.dark,
    "--orange-rim": p.orange.rim,
    "--blue-light": p.blue.light,
    "--blue-dark": p.blue.dark,
    "--blue-rim": p.blue.rim,
    "--blue-ring": p.blue.ring ?? "transparent",
  };
  for (const [k, v] of Object.entries(vars)) if (v) root.style.setProperty(k, v);
  root.style.colorScheme = s.viewer.theme === "light" ? "light" : "dark";
}

