// The page's small pure pieces: the words' formats, the clock's text, the
// choice of the newer state, the keyboard's walk over the sky.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { Sky, SkyPoint, State } from "../src/api";
import { digits, relative } from "../src/clock";
import { Geometry } from "../src/geometry";
import { numbered } from "../src/moves";
import { newer } from "../src/socket";
import { Words, format } from "../src/words";

test("format fills %s and %d in order and leaves a missing one", () => {
  assert.equal(format("%s asks to take back %s.", ["ana", "c3"]), "ana asks to take back c3.");
  assert.equal(format("Trying again in %d s…", [2.4]), "Trying again in 2 s…");
  assert.equal(format("%s and %s", ["one"]), "one and %s");
  assert.equal(format("100%%", []), "100%");
});

test("format takes %[n]s by position, as a language that reorders the arguments writes them", () => {
  assert.equal(format("%[2]s avant %[1]s", ["un", "deux"]), "deux avant un");
  assert.equal(format("%[1]s coupe %[2]s ; %[3]s garde", ["c3-E2", "Bleu", "Bleu"]), "c3-E2 coupe Bleu ; Bleu garde");
  // After %[n]s, a plain verb takes the argument after the nth, as Go's fmt does.
  assert.equal(format("%[2]s %s", ["a", "b", "c"]), "b c");
  assert.equal(format("%[4]d", [1]), "%[4]d");
});

test("a word the server did not send falls back to English before it arrives, else to its key", () => {
  const w = new Words();
  assert.equal(w.t("failed", "boom"), "The board could not open: boom");
  assert.equal(w.t("your_move"), "your_move");
  w.set({ your_move: "À vous de jouer" }, "fr");
  assert.equal(w.t("your_move"), "À vous de jouer");
  assert.equal(w.lang, "fr");
});

test("the clock's digits and words", () => {
  assert.equal(digits(59_500), "1:00");
  assert.equal(digits(61_000), "1:01");
  assert.equal(digits(3_600_000 + 5_000), "1:00:05");
  assert.equal(digits(2 * 86_400_000 + 3 * 3_600_000), "2d 3h");
  assert.equal(digits(-5_000), "0:00");
  assert.equal(relative(5 * 60_000, "en"), "in 5 minutes");
  assert.equal(relative(-30_000, "en"), "30 seconds ago");
  assert.equal(relative(2 * 3_600_000, "fr"), "dans 2 heures");
});

function state(game: string, version: number): State {
  return { channel: "c", phase: "playing", game, version } as State;
}

test("a state replaces another of the same game only with a higher version; a new game replaces it", () => {
  assert.ok(newer(state("g1", 1), null));
  assert.ok(newer(state("g1", 2), state("g1", 1)));
  assert.ok(!newer(state("g1", 1), state("g1", 2)));
  assert.ok(!newer(state("g1", 2), state("g1", 2)));
  assert.ok(newer(state("g2", 1), state("g1", 9)));
});

// A sky of three rows as the server lays them out (y downwards): enough to
// walk up and down a zigzag.
function sky(): Sky {
  const h = Math.sqrt(3) / 2;
  const names = [
    ["a1", -1, h], ["a2", 0, h], ["a3", 1, h],
    ["b1", -1.5, 0], ["b2", -0.5, 0], ["b3", 0.5, 0], ["b4", 1.5, 0],
    ["c1", -1, -h], ["c2", 0, -h], ["c3", 1, -h],
  ] as const;
  const points: SkyPoint[] = names.map(([name, x, y]) => ({ name, x, y, neighbours: [-1, -1, -1, -1, -1, -1] }));
  const at = (x: number, y: number) => points.findIndex((p) => Math.abs(p.x - x) < 1e-9 && Math.abs(p.y - y) < 1e-9);
  const steps = [[1, 0], [0.5, -h], [-0.5, -h], [-1, 0], [-0.5, h], [0.5, h]] as const;
  for (const p of points) {
    p.neighbours = steps.map(([dx, dy]) => at(p.x + dx, p.y + dy)) as SkyPoint["neighbours"];
  }
  return { points, holes: [], edges: [], rim: [], rim_margin: 1, rim_edge: 0.04, labels: [], leads: [], lead_width: 0.03, bird_radius: 0.43, view_box: [0, 0, 1, 1] };
}

test("the arrow keys walk along the rows and straight up and down the sky", () => {
  const g = new Geometry(sky());
  const name = (i: number) => g.points[i]?.name ?? "none";
  const a2 = g.index("a2");
  assert.equal(name(g.step(a2, "left", 0)), "a1");
  assert.equal(name(g.step(a2, "right", 0)), "a3");
  // Up from a2 (x 0): b2 and b3 are as near; the walk goes east first, then back.
  const up = g.step(a2, "up", 0);
  assert.equal(name(up), "b3");
  assert.equal(name(g.step(up, "up", 0)), "c2");
  assert.equal(name(g.step(g.index("c2"), "down", 0)), "b3");
  assert.equal(g.step(g.index("c2"), "up", 0), -1);
  assert.equal(g.step(g.index("a1"), "left", -1), -1);
});

test("the moves list numbers each move by its place in the game, not in pairs", () => {
  assert.deepEqual(numbered(["f5", "h7", "d3"]), [
    { n: 1, move: "f5", side: "orange" },
    { n: 2, move: "h7", side: "blue" },
    { n: 3, move: "d3", side: "orange" },
  ]);
  assert.deepEqual(numbered([]), []);
});
