// The sky's geometry as the page uses it: points by name, their cells,
// and the way the arrow keys walk between neighbours.

import type { Sky, SkyPoint, XY } from "./api";
import { num } from "./svg";

/** The directions of SkyPoint.neighbours, by index. */
export const E = 0, NE = 1, NW = 2, W = 3, SW = 4, SE = 5;

/** Geometry indexes a Sky. */
export class Geometry {
  readonly sky: Sky;
  private readonly byName = new Map<string, number>();

  constructor(sky: Sky) {
    this.sky = sky;
    sky.points.forEach((p, i) => this.byName.set(p.name, i));
  }

  /** points are the 120 points in notation order. */
  get points(): SkyPoint[] {
    return this.sky.points;
  }

  /** index returns the index of the point named name, or -1. */
  index(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  /** at returns the position of the point named name, or null. */
  at(name: string): XY | null {
    const i = this.byName.get(name);
    return i === undefined ? null : (this.sky.points[i] ?? null);
  }

  /** centre returns the middle of the named points. */
  centre(names: string[]): XY {
    let x = 0, y = 0, n = 0;
    for (const name of names) {
      const p = this.at(name);
      if (!p) continue;
      x += p.x;
      y += p.y;
      n++;
    }
    return n ? { x: x / n, y: y / n } : { x: 0, y: 0 };
  }

  /**
   * step returns the point one arrow key away from the point at index i:
   * Left and Right go W and E; Up goes NE or NW, Down SE or SW, whichever
   * lands nearer column x (the x where the walk up or down began), so that
   * repeated presses run straight up or down the sky. -1 where there is none.
   */
  step(i: number, key: "left" | "right" | "up" | "down", x: number): number {
    const p = this.sky.points[i];
    if (!p) return -1;
    const n = p.neighbours;
    const pick = (a: number, b: number): number => {
      const pa = this.sky.points[a], pb = this.sky.points[b];
      if (!pa) return pb ? b : -1;
      if (!pb) return a;
      const da = Math.abs(pa.x - x), db = Math.abs(pb.x - x);
      if (Math.abs(da - db) > 1e-6) return da < db ? a : b;
      // Level: step towards the side the walk has drifted from, else east.
      return p.x > x + 1e-6 ? (pa.x < pb.x ? a : b) : pa.x > pb.x ? a : b;
    };
    switch (key) {
      case "left":
        return n[W];
      case "right":
        return n[E];
      case "up":
        return pick(n[NE], n[NW]);
      case "down":
        return pick(n[SE], n[SW]);
    }
  }
}

/** The radius of a point's cell: the hexagon of places nearer to it than to any other point. */
export const cellRadius = 1 / Math.sqrt(3);

/** hexPath returns the outline of the cell around (x, y), as path data, radius r. */
export function hexPath(x: number, y: number, r = cellRadius): string {
  let d = "";
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k + Math.PI / 6;
    d += (k ? "L" : "M") + num(x + r * Math.cos(a)) + " " + num(y + r * Math.sin(a));
  }
  return d + "Z";
}

/** hexPoints returns the corners of the cell around (x, y), for a polygon's points. */
export function hexPoints(x: number, y: number, r = cellRadius): string {
  const out: string[] = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k + Math.PI / 6;
    out.push(num(x + r * Math.cos(a)) + "," + num(y + r * Math.sin(a)));
  }
  return out.join(" ");
}
