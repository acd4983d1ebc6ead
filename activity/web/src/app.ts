// The game on the page: the channel's latest state, the choice being made
// by clicks, and the acts sent to the server. It draws the board, the strip
// and the panel from them, and keeps the root's data-* attributes, which
// tests wait on, true.

import type { Problem, State } from "./api";
import { ActionMove, ActionResign, CodeRateLimited, CodeSession, PhasePlaying } from "./api";
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
    this.pick = sameGame && before.ply === s.ply ? picker.revalidate(s.can.move ? s.legal : null, this.pick) : picker.idle;
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

  /** current is the state shown. */
  get current(): State | null {
    return this.state;
  }

  private interactive(): boolean {
    const s = this.state;
    return !!s && s.phase === PhasePlaying && s.can.move && !!s.legal && !this.acting && !this.waiting;
  }

  private mover(): Colour {
    const c = this.state?.to_move ?? this.state?.viewer.seat;
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
    root.dataset["acting"] = this.acting || this.waiting ? "true" : "false";
    root.dataset["theme"] = s.viewer.theme;
    applyPalette(root, s);

    const interactive = this.interactive();
    const lit = interactive ? picker.lit(s.legal, this.pick) : new Map<string, picker.Lit>();
    const birds = new Map<string, Colour>();
    for (const b of s.birds ?? []) birds.set(b.point, b.colour === "blue" ? "blue" : "orange");
    const view: BoardView = {
      palette: s.palette,
      birds,
      marks: s.last ?? null,
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
    switch (p.step) {
      case "idle":
        return (s.legal?.adds ?? []).length > 0 ? w.t("hint_idle") : w.t("hint_idle_fly");
      case "bird":
        return picker.lines(s.legal?.sources ?? [], p.bird).length > 0 ? w.t("hint_bird", p.bird) : w.t("hint_bird_only", p.bird);
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

  /** back steps back one step of the choice. */
  back(): void {
    if (!this.interactive() || this.pick.step === "idle") return;
    this.setPick(picker.back(this.pick));
  }

  private async clickPoint(point: string): Promise<void> {
    const s = this.state;
    if (!s || !this.interactive()) return;
    this.keys.rove(this.d.geo.index(point), false);
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
  async act(action: string, move?: string): Promise<void> {
    const s = this.state;
    if (!s || this.acting || this.waiting) return;
    this.acting = true;
    this.playing = action === ActionMove ? (move ?? "") : "";
    this.panel.problem("");
    this.panel.said("");
    this.render();
    if (action === ActionMove && move) this.live.say(this.d.words.t("playing", move));
    const req = { action, game: s.game ?? "", ply: s.ply, channel: s.channel, ...(move ? { move } : {}) };
    let retried = false;
    for (;;) {
      try {
        const res = await this.d.client.act(req);
        this.acting = false;
        this.playing = "";
        if (res.said) this.panel.said(res.said);
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

  /** focus puts the focus on the board's tab stop. */
  focus(): void {
    this.board.cells[this.keys.index]?.focus();
  }
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

