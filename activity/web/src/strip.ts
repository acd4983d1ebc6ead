// The strip above the board, as in the board image: each player's line
// (their bird, name, rating dimmer, their counts of birds on the right, an
// outline round the side to move or the winner) and the headline.

import type { Player, State } from "./api";
import { PhaseOver, PhasePlaying } from "./api";
import { h } from "./svg";
import type { Words } from "./words";

/** sides are the two colours in the order of State.players. */
export const sides = ["orange", "blue"] as const;

/** playerName returns how the page names side i of s: the name, else the computer, else the colour. */
export function playerName(s: State, i: number, words: Words): string {
  const p: Player | undefined = s.players[i];
  if (p?.name) return p.name;
  if (p?.computer) return words.t("computer_level", p.computer);
  return words.t(sides[i] ?? "orange");
}

/** Strip draws the players' lines and the headline into its element. */
export class Strip {
  readonly el: HTMLElement;
  private readonly rows: { row: HTMLElement; name: HTMLElement; rating: HTMLElement; counts: HTMLElement }[] = [];
  private readonly headline: HTMLElement;

  constructor(private readonly words: Words) {
    this.el = h("header", { class: "strip" });
    for (const side of sides) {
      const name = h("span", { class: "name" });
      const rating = h("span", { class: "rating" });
      const counts = h("span", { class: "counts" });
      const row = h("div", { class: "player " + side, "data-side": side },
        h("span", { class: "who" }, h("span", { class: "icon " + side, "aria-hidden": "true" }), name), rating, counts);
      this.rows.push({ row, name, rating, counts });
      this.el.append(row);
    }
    this.headline = h("p", { class: "headline", id: "headline" });
    this.el.append(this.headline);
  }

  /** render shows state s. */
  render(s: State): void {
    const winner = s.phase === PhaseOver ? (s.ending?.winner ?? "") : "";
    sides.forEach((side, i) => {
      const r = this.rows[i]!;
      const p = s.players[i];
      r.name.textContent = playerName(s, i, this.words);
      r.name.classList.toggle("open", !p?.id && !p?.computer);
      r.rating.textContent = p?.rating ?? "";
      r.counts.textContent = p?.counts ?? "";
      r.row.classList.toggle("to-move", s.phase === PhasePlaying && s.to_move === side);
      r.row.classList.toggle("winner", winner === side);
      r.row.classList.toggle("you", s.viewer.seat === side);
      if (s.phase === PhasePlaying && s.to_move === side) r.row.setAttribute("aria-current", "true");
      else r.row.removeAttribute("aria-current");
    });
    this.headline.textContent = s.headline;
  }

  /** say shows a line in place of the headline, before there is a state. */
  say(text: string): void {
    this.headline.textContent = text;
  }
}
