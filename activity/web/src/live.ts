// What the page tells without being asked: an aria-live region that
// screen readers read out (a choice made, the last move, a refusal), and the
// connection's banner (lost, retrying, back).

import { h } from "./svg";

/** Announcer reads short sentences out to screen readers, politely. */
export class Announcer {
  readonly el = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true", id: "live" });
  private last = "";

  /** say reads text out; the same text twice is read twice. */
  say(text: string): void {
    if (!text) return;
    // A change of text is what a live region reads: make a repeat a change.
    this.last = this.last === text ? text + "\u00a0" : text;
    this.el.textContent = this.last;
  }
}

/** Banner shows the connection's state at the top of the page. */
export class Banner {
  readonly el = h("div", { class: "banner", role: "status", id: "net", hidden: "" });
  private timer = 0;

  /** show shows text until told otherwise; for ms milliseconds if ms is set. */
  show(text: string, kind: "lost" | "back", ms = 0): void {
    window.clearTimeout(this.timer);
    this.el.textContent = text;
    this.el.className = "banner " + kind;
    this.el.hidden = false;
    if (ms > 0) this.timer = window.setTimeout(() => this.hide(), ms);
  }

  /** hide hides the banner. */
  hide(): void {
    window.clearTimeout(this.timer);
    this.el.hidden = true;
  }
}
