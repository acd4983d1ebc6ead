// The board by keyboard: one tab stop, a roving focus that the arrow keys
// move along the sky's lines (Left and Right along the row, Up and Down to
// the row above or below, straight on as far as the sky allows), Enter or
// Space to click the point, Escape to step back.

import type { Geometry } from "./geometry";

/** KeyEvents are what the keyboard does besides moving the focus. */
export interface KeyEvents {
  /** click clicks the point at index i. */
  click(i: number): void;
  /** back steps back one step. */
  back(): void;
}

/** Keyboard moves a roving focus over the board's point elements. */
export class Keyboard {
  private current = 0;
  private column: number | null = null; // the x where a walk up or down began

  constructor(private readonly geo: Geometry, private readonly cells: SVGGElement[], private readonly on: KeyEvents) {
    cells.forEach((cell, i) => {
      cell.addEventListener("keydown", (e) => this.key(e, i));
      cell.addEventListener("focus", () => this.rove(i, false));
      cell.addEventListener("pointerdown", () => (this.column = null));
    });
  }

  /** index is the point that holds the tab stop. */
  get index(): number {
    return this.current;
  }

  /** rove makes the point at index i the tab stop, and focuses it if focus is set. */
  rove(i: number, focus: boolean): void {
    const next = this.cells[i];
    if (!next) return;
    if (i !== this.current) {
      this.cells[this.current]?.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      this.current = i;
    }
    if (focus) next.focus();
  }

  private key(e: KeyboardEvent, i: number): void {
    const arrows: Record<string, "left" | "right" | "up" | "down"> = {
      ArrowLeft: "left",
      ArrowRight: "right",
      ArrowUp: "up",
      ArrowDown: "down",
    };
    const dir = arrows[e.key];
    if (dir) {
      e.preventDefault();
      const here = this.geo.points[i];
      if (!here) return;
      if (dir === "left" || dir === "right") this.column = null;
      else if (this.column === null) this.column = here.x;
      const j = this.geo.step(i, dir, this.column ?? here.x);
      if (j >= 0) {
        const keep = this.column;
        this.rove(j, true);
        this.column = keep;
      }
      return;
    }
    switch (e.key) {
      case "Enter":
      case " ":
        e.preventDefault();
        this.on.click(i);
        return;
      case "Escape":
        e.preventDefault();
        this.on.back();
        return;
      case "Home":
        e.preventDefault();
        this.column = null;
        this.rove(0, true);
        return;
      case "End":
        e.preventDefault();
        this.column = null;
        this.rove(this.cells.length - 1, true);
        return;
    }
  }
}
