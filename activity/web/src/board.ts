// The sky as SVG, in the board image's look: the plate, the grid, the
// dots and the coordinates; the birds with their bonds, the last move's
// ghosts, crosses, rings and arrow, the winning flock's glow; a pending
// flight's regions tinted and lettered; and over it all one element per
// point, its whole cell the place to click, that carries data-point, its
// aria-label and, when a click may choose it now, data-legal.

import type { Flight, Marks, Palette, RegionChoice } from "./api";
import type { Geometry } from "./geometry";
import { cellRadius, hexPath, hexPoints } from "./geometry";
import type { Colour } from "./pieces";
import * as piece from "./pieces";
import type { Lit } from "./picker";
import { clear, s, setAttrs } from "./svg";
import type { Words } from "./words";

/** BoardView is everything the board shows at one moment. */
export interface BoardView {
  palette: Palette;
  /** birds are the birds in the sky, by point. */
  birds: Map<string, Colour>;
  /** marks are the last move's, or a pending flight's. */
  marks: Marks | null;
  /** regions are a pending flight's regions, tinted and lettered. */
  regions: RegionChoice[];
  /** lit are the points a click may choose now. */
  lit: Map<string, Lit>;
  /** chosen are the birds chosen so far. */
  chosen: string[];
  /** preview is the flight whose target the pointer or the focus is on. */
  preview: { flight: Flight; birds: string[]; colour: Colour } | null;
  /** interactive is whether the viewer may click now. */
  interactive: boolean;
}

/** BoardEvents are what the board tells its owner. */
export interface BoardEvents {
  /** click is a click, a tap, Enter or Space on a point. */
  click(point: string): void;
  /** hover is the pointer or the focus coming to a point, or leaving (null). */
  hover(point: string | null): void;
}

/** Board draws the sky in an SVG element. */
export class Board {
  readonly el: SVGSVGElement;
  /** cells are the points' elements, in notation order. */
  readonly cells: SVGGElement[] = [];
  private readonly layers: Record<string, SVGGElement> = {};
  private staticFor: Palette | null = null;

  constructor(private readonly geo: Geometry, private readonly words: Words, private readonly on: BoardEvents) {
    const vb = geo.sky.view_box;
    this.el = s("svg", {
      class: "sky",
      viewBox: vb.join(" "),
      role: "group",
    });
    this.el.style.setProperty("--ratio", String(vb[2] / vb[3]));
    for (const name of ["defs", "plate", "grid", "labels", "tints", "glows", "ghosts", "chosen", "bonds", "birds", "rings", "arrow", "badges", "lit", "preview", "cells"]) {
      const g = s("g", { class: name });
      if (name !== "cells") g.setAttribute("aria-hidden", "true");
      this.layers[name] = g;
      this.el.append(g);
    }
    this.makeCells();
  }

  private makeCells(): void {
    const layer = this.layers["cells"]!;
    // The focus ring is the cell itself, drawn just inside its edge: it
    // shows the place a click takes, and differs from the last move's rings.
    const focusR = cellRadius - 0.05;
    this.geo.points.forEach((p, i) => {
      const g = s("g", { class: "pt", "data-point": p.name, tabindex: i === 0 ? 0 : -1, id: "pt-" + p.name });
      g.append(s("polygon", { class: "hit", points: hexPoints(p.x, p.y) }));
      g.append(s("polygon", { class: "focus-out", points: hexPoints(p.x, p.y, focusR) }));
      g.append(s("polygon", { class: "focus", points: hexPoints(p.x, p.y, focusR) }));
      g.addEventListener("click", () => this.on.click(p.name));
      g.addEventListener("pointerenter", () => this.on.hover(p.name));
      g.addEventListener("pointerleave", () => this.on.hover(null));
      g.addEventListener("focus", () => this.on.hover(p.name));
      // A focus listener makes an SVG element focusable in Chromium: listen
      // on the points, never on the layer or the <svg>.
      g.addEventListener("blur", (e: FocusEvent) => {
        if (!layer.contains(e.relatedTarget as Node | null)) this.on.hover(null);
      });
      layer.append(g);
      this.cells.push(g);
    });
  }

  /** draw shows view. */
  draw(v: BoardView): void {
    if (this.staticFor !== v.palette) this.drawStatic(v.palette);
    this.drawBirds(v);
    this.drawMarks(v);
    this.drawRegions(v);
    this.drawLit(v);
    this.drawPreview(v);
    this.labelCells(v);
    this.el.classList.toggle("interactive", v.interactive);
  }

  /** drawStatic draws what changes only with the palette: the plate, the grid, the dots and the coordinates. */
  private drawStatic(p: Palette): void {
    this.staticFor = p;
    const sky = this.geo.sky;
    const L = this.layers;
    clear(L["defs"]!);
    L["defs"]!.append(piece.defs(p, sky.bird_radius));

    // The plate: the hexagon through the corner holes stroked with round
    // joins rim_margin wide on each side, filled with the sky, over the
    // same stroked rim_edge wider in the sky's edge colour.
    clear(L["plate"]!);
    const d = "M" + sky.rim.map((q) => `${q.x} ${q.y}`).join("L") + "Z";
    const margin = sky.rim_margin, edge = sky.rim_edge;
    L["plate"]!.append(
      s("path", { d, fill: p.sky_edge, stroke: p.sky_edge, "stroke-width": 2 * (margin + edge), "stroke-linejoin": "round" }),
      s("path", { d, fill: p.sky, stroke: p.sky, "stroke-width": 2 * margin, "stroke-linejoin": "round" }),
    );

    clear(L["grid"]!);
    let gd = "";
    for (const [a, b] of sky.edges) {
      const pa = sky.points[a], pb = sky.points[b];
      if (pa && pb) gd += `M${pa.x} ${pa.y}L${pb.x} ${pb.y}`;
    }
    L["grid"]!.append(s("path", { d: gd, stroke: p.grid, "stroke-width": 0.04, "stroke-linecap": "round", fill: "none" }));
    let ticks = "";
    for (const l of sky.leads ?? []) ticks += `M${l.from.x} ${l.from.y}L${l.to.x} ${l.to.y}`;
    L["grid"]!.append(s("path", { d: ticks, stroke: p.grid, "stroke-opacity": 0.8, "stroke-width": sky.lead_width, fill: "none" }));
    const dots = s("g", { fill: p.dot });
    for (const q of sky.points) dots.append(s("circle", { cx: q.x, cy: q.y, r: 0.075 }));
    L["grid"]!.append(dots);

    clear(L["labels"]!);
    for (const l of sky.labels) {
      const row = l.kind === "row";
      L["labels"]!.append(piece.text(l.text, l.x, l.y, l.size, row ? p.letter : p.number));
    }
  }

  private drawBirds(v: BoardView): void {
    const L = this.layers, p = v.palette, r = this.geo.sky.bird_radius;
    clear(L["bonds"]!);
    clear(L["birds"]!);
    for (const [a, b] of this.geo.sky.edges) {
      const pa = this.geo.sky.points[a], pb = this.geo.sky.points[b];
      if (!pa || !pb) continue;
      const c = v.birds.get(pa.name);
      if (c && v.birds.get(pb.name) === c) L["bonds"]!.append(piece.bond(p, c, pa, pb));
    }
    for (const q of this.geo.points) {
      const c = v.birds.get(q.name);
      if (c) L["birds"]!.append(piece.bird(p, c, q.x, q.y, r));
    }
  }

  private drawMarks(v: BoardView): void {
    const L = this.layers, p = v.palette, r = this.geo.sky.bird_radius;
    for (const k of ["glows", "ghosts", "rings", "arrow"]) clear(L[k]!);
    const m = v.marks;
    if (!m) return;
    const mover: Colour = m.colour === "blue" ? "blue" : "orange";
    const other: Colour = mover === "orange" ? "blue" : "orange";
    for (const name of m.glow ?? []) this.at(name, (q) => L["glows"]!.append(piece.glow(q.x, q.y, r)));
    for (const name of m.ghosts ?? []) this.at(name, (q) => L["ghosts"]!.append(piece.ghost(p, mover, q.x, q.y, r)));
    for (const name of m.removed ?? []) this.at(name, (q) => L["ghosts"]!.append(piece.removed(p, other, q.x, q.y, r)));
    for (const name of m.ringed ?? []) this.at(name, (q) => L["rings"]!.append(piece.ring(p, q.x, q.y, r)));
    if (m.arrow) L["arrow"]!.append(piece.arrow(p, m.arrow));
  }

  private drawRegions(v: BoardView): void {
    const L = this.layers, p = v.palette;
    clear(L["tints"]!);
    clear(L["badges"]!);
    const tints = p.regions ?? [];
    v.regions.forEach((reg, i) => {
      const colour = tints.length ? tints[i % tints.length]! : p.accent;
      let d = "";
      for (const name of reg.points ?? []) this.at(name, (q) => (d += hexPath(q.x, q.y, cellRadius)));
      // One path, its cells edged in their own colour so that no seam
      // shows between them, made transparent as a whole.
      L["tints"]!.append(
        s("path", { class: "tint", d, fill: colour, stroke: colour, "stroke-width": 0.02, opacity: p.region_alpha, "data-region": reg.letter }),
      );
      this.at(reg.badge, (q) => L["badges"]!.append(piece.badge(p, colour, reg.letter, q.x, q.y)));
    });
  }

  /** drawLit marks the points a click may choose (a dot where to add, a disc where to land, a dashed ring round a bird) and the chosen birds. */
  private drawLit(v: BoardView): void {
    const L = this.layers["lit"]!, C = this.layers["chosen"]!, p = v.palette, r = this.geo.sky.bird_radius;
    clear(L);
    clear(C);
    if (!v.interactive) return;
    // The chosen birds stand in a halo of the accent, under the bird and its bonds.
    for (const name of v.chosen) {
      this.at(name, (q) => C.append(s("circle", { class: "chosen", cx: q.x, cy: q.y, r: r + 0.24, fill: p.accent, "fill-opacity": 0.4 })));
    }
    for (const [name, l] of v.lit) {
      this.at(name, (q) => {
        if (l.reason === "lit_region") {
          // The region's tint shows it: a mark on every point would only clutter.
        } else if (v.birds.has(name)) {
          L.append(s("circle", { class: "lit-bird", cx: q.x, cy: q.y, r: r + 0.09, fill: "none", stroke: p.accent, "stroke-opacity": 0.85, "stroke-width": 0.05, "stroke-dasharray": "0.14 0.1" }));
        } else if (l.reason === "lit_target") {
          // Where a chosen bird may land: few, and the point of the choice, so plainer than an add.
          L.append(s("circle", { class: "lit-target", cx: q.x, cy: q.y, r: 0.22, fill: p.accent, "fill-opacity": 0.3, stroke: p.accent, "stroke-width": 0.06 }));
        } else {
          L.append(s("circle", { class: "lit-empty", cx: q.x, cy: q.y, r: 0.13, fill: p.accent, "fill-opacity": 0.5 }));
        }
      });
    }
  }

  /** drawPreview shows where the flight under the pointer or the focus would land, and its arrow. */
  private drawPreview(v: BoardView): void {
    const L = this.layers["preview"]!, p = v.palette, r = this.geo.sky.bird_radius;
    clear(L);
    if (!v.preview) return;
    const g = s("g", { opacity: 0.6 });
    for (const name of v.preview.flight.landing ?? []) {
      this.at(name, (q) => g.append(piece.bird(p, v.preview!.colour, q.x, q.y, r, "bird landing")));
    }
    L.append(g, piece.arrow(p, v.preview.flight.arrow, "arrow preview"));
  }

  /** labelCells names every point and what is on it, and marks those a click may choose. */
  private labelCells(v: BoardView): void {
    this.geo.points.forEach((q, i) => {
      const cell = this.cells[i]!;
      const c = v.birds.get(q.name);
      let label = this.words.t(c === "orange" ? "point_orange" : c === "blue" ? "point_blue" : "point_empty", q.name);
      const l = v.interactive ? v.lit.get(q.name) : undefined;
      if (l) {
        label += ", " + (l.reason === "lit_region" ? this.words.t("lit_region", l.region!.letter) : this.words.t(l.reason));
        if (l.note) label += ", " + l.note;
      }
      setAttrs(cell, {
        "aria-label": label,
        role: l ? "button" : "img",
        "data-legal": l ? "" : null,
        "data-lit": l ? l.reason : null,
        "data-bird": c ?? null,
      });
    });
  }

  private at(name: string, f: (q: { x: number; y: number }) => void): void {
    const q = this.geo.at(name);
    if (q) f(q);
  }

  /** cell returns the element of the point named name. */
  cell(name: string): SVGGElement | null {
    const i = this.geo.index(name);
    return i < 0 ? null : (this.cells[i] ?? null);
  }
}


