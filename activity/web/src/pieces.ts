// The pieces of the board, drawn as the board image draws them
// (render/sprite.go, render/layers.go), in sky units: a unit is the
// distance between neighbouring points.

import type { Arrow, BirdColours, Palette } from "./api";
import { s } from "./svg";

/** Colour is a side: "orange" or "blue". */
export type Colour = "orange" | "blue";

/** colours returns the palette's colours of side c. */
export function colours(p: Palette, c: Colour): BirdColours {
  return c === "orange" ? p.orange : p.blue;
}

/**
 * defs returns the gradients the pieces use: each side's bird lit from the
 * upper left, Light to Dark (the board image's radial gradient centred at
 * (-0.35r, -0.45r) reaching 1.5r), and the winning flock's glow, solid to
 * the bird's edge and fading beyond.
 */
export function defs(p: Palette, radius: number): SVGDefsElement {
  const d = s("defs");
  for (const c of ["orange", "blue"] as Colour[]) {
    const bc = colours(p, c);
    d.append(
      s(
        "radialGradient",
        { id: "bird-" + c, cx: 0.5 - 0.35 / 2, cy: 0.5 - 0.45 / 2, r: 0.75, fx: 0.5 - 0.35 / 2, fy: 0.5 - 0.45 / 2 },
        s("stop", { offset: 0, "stop-color": bc.light }),
        s("stop", { offset: 1, "stop-color": bc.dark }),
      ),
    );
  }
  const reach = radius + 0.36;
  d.append(
    s(
      "radialGradient",
      { id: "glow" },
      s("stop", { offset: 0, "stop-color": p.glow }),
      s("stop", { offset: radius / reach, "stop-color": p.glow }),
      s("stop", { offset: 1, "stop-color": p.glow, "stop-opacity": 0 }),
    ),
  );
  return d;
}

/** bird draws a bird of side c at (x, y): the lit disc, Blue's inner ring, the rim. */
export function bird(p: Palette, c: Colour, x: number, y: number, r: number, cls = "bird"): SVGGElement {
  const bc = colours(p, c);
  const g = s("g", { class: cls + " " + c });
  g.append(s("circle", { cx: x, cy: y, r, fill: `url(#bird-${c})` }));
  let w = 0.1 * r;
  if (bc.ring) {
    g.append(s("circle", { cx: x, cy: y, r: 0.72 * r, fill: "none", stroke: bc.ring, "stroke-width": 0.12 * r }));
    w = 0.06 * r;
  }
  g.append(s("circle", { cx: x, cy: y, r: r - w / 2, fill: "none", stroke: bc.rim, "stroke-width": w }));
  return g;
}

/** bond draws the bar joining two neighbouring birds of side c. */
export function bond(p: Palette, c: Colour, a: { x: number; y: number }, b: { x: number; y: number }): SVGLineElement {
  return s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: colours(p, c).bond, "stroke-width": 0.3, "stroke-linecap": "butt" });
}

/** ghost draws the faint, dashed bird a flight of side c left at (x, y). */
export function ghost(p: Palette, c: Colour, x: number, y: number, r: number): SVGGElement {
  const bc = colours(p, c);
  return s(
    "g",
    { class: "ghost" },
    s("circle", { cx: x, cy: y, r: 0.9 * r, fill: bc.light, "fill-opacity": 0.22 }),
    s("circle", {
      cx: x, cy: y, r: 0.9 * r, fill: "none", stroke: bc.dark, "stroke-opacity": 0.95,
      "stroke-width": 0.055, "stroke-dasharray": "0.17 0.11",
    }),
  );
}

/** removed draws the dashed, crossed-out outline of a bird of side c the last move cleared. */
export function removed(p: Palette, c: Colour, x: number, y: number, r: number): SVGGElement {
  const a = 0.42 * r;
  return s(
    "g",
    { class: "removed" },
    s("circle", {
      cx: x, cy: y, r: 0.86 * r, fill: "none", stroke: colours(p, c).dark, "stroke-opacity": 0.8,
      "stroke-width": 0.05, "stroke-dasharray": "0.12 0.1",
    }),
    s("path", {
      d: `M${x - a} ${y - a}L${x + a} ${y + a}M${x - a} ${y + a}L${x + a} ${y - a}`,
      stroke: p.cross, "stroke-width": 0.085, "stroke-linecap": "round", fill: "none",
    }),
  );
}

/** ring draws the ring around a bird the last move put down, edged to show on birds and sky alike. */
export function ring(p: Palette, x: number, y: number, r: number): SVGGElement {
  const rr = r + 0.13;
  return s(
    "g",
    { class: "ring" },
    s("circle", { cx: x, cy: y, r: rr, fill: "none", stroke: p.ring_out, "stroke-opacity": 0.9, "stroke-width": 0.085 + 0.06 }),
    s("circle", { cx: x, cy: y, r: rr, fill: "none", stroke: p.ring, "stroke-width": 0.085 }),
  );
}

/** glow draws the halo behind a bird of the winning flock. */
export function glow(x: number, y: number, r: number): SVGCircleElement {
  return s("circle", { class: "glow", cx: x, cy: y, r: r + 0.36, fill: "url(#glow)" });
}

/** arrow draws a flight's arrow from its tail to its tip: white, with a dark edge (the light theme's the other way). */
export function arrow(p: Palette, a: Arrow, cls = "arrow"): SVGGElement {
  const { from, to } = a;
  const dx = to.x - from.x, dy = to.y - from.y;
  const n = Math.hypot(dx, dy) || 1;
  const ux = dx / n, uy = dy / n;
  const head = 0.36, half = 0.22, shaft = 0.11, out = 0.05;
  const bx = to.x - ux * head, by = to.y - uy * head;
  const px = -uy, py = ux;
  // The shaft runs a little into the head, so that no seam shows.
  const sx = bx + ux * 0.02, sy = by + uy * 0.02;
  const headD = `M${to.x} ${to.y}L${bx + px * half} ${by + py * half}L${bx - px * half} ${by - py * half}Z`;
  const shaftD = `M${from.x} ${from.y}L${sx} ${sy}`;
  return s(
    "g",
    { class: cls },
    s("g", { opacity: 0.85 },
      s("path", { d: shaftD, stroke: p.arrow_out, "stroke-width": shaft + 2 * out, "stroke-linecap": "round", fill: "none" }),
      s("path", { d: headD, fill: p.arrow_out, stroke: p.arrow_out, "stroke-width": 2 * out, "stroke-linejoin": "round" }),
    ),
    s("path", { d: shaftD, stroke: p.arrow, "stroke-width": shaft, "stroke-linecap": "round", fill: "none" }),
    s("path", { d: headD, fill: p.arrow }),
  );
}

/**
 * badge draws a region's letter on a disc of its colour, edged in the
 * sky's colour: dark ink on a light disc, light ink on a dark one.
 */
export function badge(p: Palette, colour: string, letter: string, x: number, y: number): SVGGElement {
  const ink = luminance(colour) < 140_000 ? p.ink_light : p.ink_dark;
  return s(
    "g",
    { class: "badge", "aria-hidden": "true" },
    s("circle", { cx: x, cy: y, r: 0.4, fill: colour, stroke: p.sky, "stroke-width": 0.06 }),
    text(letter, x, y, 0.46, ink, "700"),
  );
}

/** text writes t centred on (x, y), capitals and digits centred upright, as the board image does. */
export function text(t: string, x: number, y: number, size: number, fill: string, weight = "500"): SVGTextElement {
  const e = s("text", { x, y: y + 0.36 * size, "font-size": size, "font-weight": weight, fill, "text-anchor": "middle" });
  e.textContent = t;
  return e;
}

/** luminance returns 299R+587G+114B of a CSS hex colour (#rgb or #rrggbb), as the board image weighs a badge. */
export function luminance(css: string): number {
  let h = css.trim().replace(/^#/, "");
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const v = parseInt(h.slice(0, 6), 16);
  if (Number.isNaN(v)) return 255 * 1000;
  return 299 * ((v >> 16) & 255) + 587 * ((v >> 8) & 255) + 114 * (v & 255);
}
