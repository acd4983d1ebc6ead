// The panel beside the board (under it on a phone): whose turn, the clock,
// what a click does now, what went wrong, the offers with their answers,
// the buttons, how the game ended, who is here, and the moves.

import type { State } from "./api";
import {
  ActionAcceptDraw, ActionMove, ActionAgreeTakeback, ActionAskTakeback, ActionDeclineDraw, ActionDeclineTakeback,
  ActionOfferDraw, ActionResign, PhaseChallenge, PhaseNone, PhaseOver, PhasePlaying,
} from "./api";
import { Clock } from "./clock";
import { numbered } from "./moves";
import type { Participant } from "./discord";
import { playerName, sides } from "./strip";
import { clear, h } from "./svg";
import type { Words } from "./words";

/** PanelEvents are the panel's buttons. */
export interface PanelEvents {
  /** act does action; "pass" is a move. */
  act(action: string, move?: string): void;
  /** resign asks first, then resigns. */
  resign(): void;
}

/** Panel draws everything around the board but the strip. */
export class Panel {
  readonly el: HTMLElement;
  readonly clock: Clock;
  private readonly turn = h("p", { class: "turn", id: "turn" });
  private readonly watch = h("p", { class: "watching-you" });
  private readonly clockEl = h("p", { class: "clock" });
  private readonly hintEl = h("p", { class: "hint", id: "hint" });
  private readonly problemEl = h("p", { class: "problem", id: "problem", role: "alert" });
  private readonly noteEl = h("p", { class: "note", id: "note" });
  private readonly saidEl = h("p", { class: "said", id: "said", role: "status" });
  private readonly offers = h("div", { class: "offers", id: "offers" });
  private readonly buttons = h("div", { class: "buttons", id: "buttons" });
  private readonly ending = h("div", { class: "ending", id: "ending" });
  private readonly hereTitle = h("h2", {});
  private readonly here = h("ul", { class: "here", id: "here" });
  private readonly movesTitle = h("h2", {});
  private readonly moves = h("ol", { class: "moves", id: "moves" });
  private participants: Participant[] = [];
  private lastState: State | null = null;
  private disabled = false;

  constructor(private readonly words: Words, private readonly on: PanelEvents) {
    const digits = h("span", { class: "digits", "aria-hidden": "true" });
    const said = h("span", { class: "said" });
    this.clockEl.append(digits, " ", said);
    this.clock = new Clock(digits, said, words);
    this.el = h(
      "aside",
      { class: "panel" },
      h("div", { class: "status" }, this.turn, this.hintEl, this.problemEl, this.saidEl, this.clockEl, this.watch, this.noteEl),
      this.offers,
      this.buttons,
      this.ending,
      h("section", { class: "here-box" }, this.hereTitle, this.here),
      h("section", { class: "moves-box" }, this.movesTitle, this.moves),
    );
  }

  /** render shows state s; busy disables the buttons while an act is on its way. */
  render(s: State, busy: boolean): void {
    this.lastState = s;
    this.disabled = busy;
    const w = this.words;
    const seat = s.viewer.seat ?? "";
    const toMove = sides.indexOf((s.to_move ?? "") as (typeof sides)[number]);
    switch (s.phase) {
      case PhaseNone:
        this.turn.textContent = w.t("no_game");
        break;
      case PhaseChallenge:
        this.turn.textContent = w.t("challenge");
        break;
      case PhaseOver:
        this.turn.textContent = w.t("over");
        break;
      default:
        this.turn.textContent = seat && seat === s.to_move ? w.t("your_move") : toMove >= 0 ? w.t("their_move", playerName(s, toMove, w)) : "";
    }
    // The headline above may say it already (a challenge, no game): once is enough.
    if (this.turn.textContent === s.headline) this.turn.textContent = "";
    this.turn.classList.toggle("yours", s.phase === PhasePlaying && !!seat && seat === s.to_move);
    this.watch.textContent = s.phase === PhasePlaying && !seat ? w.t("watching_you") : "";
    this.clockEl.hidden = !(s.phase === PhasePlaying && s.deadline);
    this.clock.set(s.phase === PhasePlaying ? (s.deadline ?? "") : "");
    this.noteEl.textContent = s.note ?? "";
    this.renderOffers(s);
    this.renderButtons(s);
    clear(this.ending);
    if (s.phase === PhaseOver && s.ending) {
      this.ending.append(h("p", { class: "ending-text" }, s.ending.text));
      if (s.ending.ratings) this.ending.append(h("p", { class: "ratings" }, s.ending.ratings));
    }
    this.renderMoves(s);
    this.renderHere();
  }

  private renderOffers(s: State): void {
    const w = this.words, seat = s.viewer.seat ?? "";
    const key = JSON.stringify([s.draw_offer, s.takeback, s.can.answer_draw, s.can.answer_takeback, seat, s.players.map((p) => p.name), w.lang]);
    if (!fresh(this.offers, key, this.disabled)) return;
    clear(this.offers);
    const nameOf = (side: string) => playerName(s, Math.max(0, sides.indexOf(side as (typeof sides)[number])), w);
    if (s.draw_offer) {
      const mine = s.draw_offer.by === seat;
      const box = h("div", { class: "offer", "data-offer": "draw" }, h("p", {}, mine ? w.t("draw_offered_you") : w.t("draw_offered", nameOf(s.draw_offer.by))));
      if (s.can.answer_draw) {
        box.append(h("div", { class: "answer" }, this.button("accept_draw", () => this.on.act(ActionAcceptDraw), "primary"), this.button("decline_draw", () => this.on.act(ActionDeclineDraw))));
      }
      this.offers.append(box);
    }
    if (s.takeback) {
      const mine = s.takeback.by === seat, move = s.takeback.move ?? "";
      const box = h("div", { class: "offer", "data-offer": "takeback" }, h("p", {}, mine ? w.t("takeback_asked_by", move) : w.t("takeback_asked", nameOf(s.takeback.by), move)));
      if (s.can.answer_takeback) {
        box.append(h("div", { class: "answer" }, this.button("agree_takeback", () => this.on.act(ActionAgreeTakeback), "primary"), this.button("decline_takeback", () => this.on.act(ActionDeclineTakeback))));
      }
      this.offers.append(box);
    }
  }

  private renderButtons(s: State): void {
    const key = JSON.stringify([s.can.pass, s.can.offer_draw, s.can.ask_takeback, s.can.resign, this.words.lang]);
    if (!fresh(this.buttons, key, this.disabled)) return;
    const had = document.activeElement instanceof HTMLButtonElement && this.buttons.contains(document.activeElement) ? document.activeElement.dataset["action"] : undefined;
    clear(this.buttons);
    if (s.can.pass) this.buttons.append(this.button("pass", () => this.on.act(ActionMove, "pass")));
    if (s.can.offer_draw) this.buttons.append(this.button("offer_draw", () => this.on.act(ActionOfferDraw)));
    if (s.can.ask_takeback) this.buttons.append(this.button("ask_takeback", () => this.on.act(ActionAskTakeback)));
    if (s.can.resign) this.buttons.append(this.button(ActionResign, () => this.on.resign(), "danger"));
    if (had) (this.el.querySelector(`button[data-action="${had}"]`) as HTMLButtonElement | null)?.focus();
  }

  private button(key: string, f: () => void, kind = ""): HTMLButtonElement {
    const b = h("button", { type: "button", class: ("btn " + kind).trim(), "data-action": key }, this.words.t(key));
    b.disabled = this.disabled;
    b.addEventListener("click", f);
    return b;
  }

  private renderMoves(s: State): void {
    const moves = s.moves ?? [];
    if (!fresh(this.moves, moves.join(" ") + "|" + this.words.lang, false)) return;
    this.movesTitle.textContent = this.words.t("moves");
    clear(this.moves);
    // One line a move, numbered by its place in the game (see numbered).
    for (const m of numbered(moves)) {
      this.moves.append(h("li", { value: String(m.n) }, h("span", { class: "m " + m.side }, m.move)));
    }
    const last = this.moves.lastElementChild;
    if (last) {
      last.classList.add("last");
      // Keep the newest move in view in the panel's own scroll, not the page's.
      const box = this.moves.parentElement;
      if (box && box.scrollHeight > box.clientHeight) box.scrollTop = box.scrollHeight;
    }
    this.moves.parentElement!.hidden = moves.length === 0;
  }

  /** setParticipants shows who is connected to the Activity now. */
  setParticipants(ps: Participant[]): void {
    this.participants = ps;
    this.renderHere();
  }

  private renderHere(): void {
    const s = this.lastState;
    const key = JSON.stringify([this.participants, s?.players.map((p) => p.id), this.words.lang]);
    if (!fresh(this.here, key, false)) return;
    this.hereTitle.textContent = this.words.t("watching");
    clear(this.here);
    for (const p of this.participants) {
      const seat = s ? sides.findIndex((_, i) => s.players[i]?.id === p.id) : -1;
      const li = h("li", { "data-user": p.id, class: seat >= 0 ? "player" : "watcher" });
      if (seat >= 0) li.append(h("span", { class: "icon small " + sides[seat], "aria-hidden": "true" }));
      li.append(h("span", { class: "who" }, seat >= 0 ? `${p.name} (${this.words.t(sides[seat]!)})` : p.name));
      this.here.append(li);
    }
    this.here.parentElement!.hidden = this.participants.length === 0;
  }

  /** hint shows what a click does now. */
  hint(text: string): void {
    this.hintEl.textContent = text;
  }

  /** problem shows what went wrong, or nothing. */
  problem(text: string): void {
    this.problemEl.textContent = text;
  }

  /** said shows what the bot said to the viewer alone about their act. */
  said(text: string): void {
    this.saidEl.textContent = text;
  }
}

/**
 * fresh reports whether box must be built again for key (and remembers
 * key); when it need not, it only sets its buttons' disabled. Building
 * again only what changed keeps the focus on a button that stays.
 */
function fresh(box: HTMLElement, key: string, disabled: boolean): boolean {
  if (box.dataset["key"] === key) {
    for (const b of box.querySelectorAll("button")) b.disabled = disabled;
    return false;
  }
  box.dataset["key"] = key;
  return true;
}
