// The click state machine, step by step, over a Legal laid out as the
// server lays it out.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { Flight, Legal, RegionChoice, Source } from "../src/api";
import * as picker from "../src/picker";

const arrow = { from: { x: 0, y: 0 }, to: { x: 1, y: 0 } };

function flight(move: string, target: string, landing: string[], extra: Partial<Flight> = {}): Flight {
  return { move, target, landing, arrow, ...extra };
}

const keepA: RegionChoice = { letter: "A", points: ["a2", "a3"], badge: "a3", birds: 1, move: "c4-W2/a2" };
const keepB: RegionChoice = { letter: "B", points: ["f5", "f6"], badge: "f6", birds: 4, move: "c4-W2/f5", note: "hands Blue the win" };

// c3 flies alone to c5 or d4; c3 and c4 end a line that flies to b4; c4
// alone flies W2 splitting Blue; e5 is an add that wins.
const single: Source = { ends: ["c3", "c3"], birds: ["c3"], flights: [flight("c3-E2", "c5", ["c5"]), flight("c3-NE1", "d4", ["d4"], { note: "wins the game" })] };
const line: Source = { ends: ["c3", "c4"], birds: ["c3", "c4"], flights: [flight("c3:c4-SE1", "b4", ["b3", "b4"])] };
const c4: Source = { ends: ["c4", "c4"], birds: ["c4"], flights: [flight("c4-W2", "c2", ["c2"], { regions: [keepA, keepB] })] };
const h7: Source = { ends: ["h7", "h7"], birds: ["h7"], flights: [flight("h7-W1", "h6", ["h6"])] };
const legal: Legal = { adds: [{ point: "e5", move: "e5", note: "wins the game" }, { point: "f2", move: "f2" }], sources: [single, line, c4, h7] };

test("idle lights the adds and every source's ends", () => {
  const lit = picker.lit(legal, picker.idle);
  assert.deepEqual([...lit.keys()].sort(), ["c3", "c4", "e5", "f2", "h7"]);
  assert.equal(lit.get("e5")?.reason, "lit_add");
  assert.equal(lit.get("e5")?.note, "wins the game");
  assert.equal(lit.get("c3")?.reason, "lit_source");
});

test("an add plays at once", () => {
  assert.deepEqual(picker.click(legal, picker.idle, "f2"), { kind: "play", move: "f2" });
});

test("a bird lights where it flies alone and the other end of its lines", () => {
  const out = picker.click(legal, picker.idle, "c3");
  assert.deepEqual(out, { kind: "pick", pick: { step: "bird", bird: "c3" } });
  const lit = picker.lit(legal, { step: "bird", bird: "c3" });
  assert.deepEqual([...lit.keys()].sort(), ["c4", "c5", "d4"]);
  assert.equal(lit.get("c4")?.reason, "lit_end");
  assert.equal(lit.get("d4")?.reason, "lit_target");
  assert.equal(lit.get("d4")?.note, "wins the game");
  assert.deepEqual(picker.click(legal, { step: "bird", bird: "c3" }, "c5"), { kind: "play", move: "c3-E2" });
});

test("the other end chooses the line, whose target plays it", () => {
  const out = picker.click(legal, { step: "bird", bird: "c3" }, "c4");
  assert.deepEqual(out, { kind: "pick", pick: { step: "line", source: line } });
  assert.deepEqual([...picker.lit(legal, { step: "line", source: line }).keys()], ["b4"]);
  assert.deepEqual(picker.click(legal, { step: "line", source: line }, "b4"), { kind: "play", move: "c3:c4-SE1" });
  assert.deepEqual(picker.selected({ step: "line", source: line }), ["c3", "c4"]);
});

test("a flight that splits the opponent asks for the region, and warns before handing the win", () => {
  const bird = { step: "bird", bird: "c4" } as const;
  const out = picker.click(legal, bird, "c2");
  assert.equal(out.kind, "pick");
  const region = (out as { pick: picker.Pick }).pick;
  assert.equal(region.step, "region");
  const lit = picker.lit(legal, region);
  assert.deepEqual([...lit.keys()].sort(), ["a2", "a3", "f5", "f6"]);
  assert.equal(lit.get("f6")?.reason, "lit_region");
  assert.deepEqual(picker.click(legal, region, "a3"), { kind: "play", move: "c4-W2/a2" });
  assert.deepEqual(picker.click(legal, region, "f5"), { kind: "confirm", region: keepB, pick: region });
  // Outside every region, or Escape: back to the bird.
  assert.deepEqual(picker.click(legal, region, "m4"), { kind: "pick", pick: bird });
  assert.deepEqual(picker.back(region), bird);
});

test("another flying bird switches to it; the chosen bird again or any other point steps back", () => {
  const bird = { step: "bird", bird: "c3" } as const;
  assert.deepEqual(picker.click(legal, bird, "h7"), { kind: "pick", pick: { step: "bird", bird: "h7" } });
  assert.deepEqual(picker.click(legal, { step: "line", source: line }, "h7"), { kind: "pick", pick: { step: "bird", bird: "h7" } });
  // c3 is the other end of c4's line, so from c4 it chooses the line; in the line, it steps back.
  assert.deepEqual(picker.click(legal, { step: "bird", bird: "c4" }, "c3"), { kind: "pick", pick: { step: "line", source: line } });
  assert.deepEqual(picker.click(legal, { step: "line", source: line }, "c3"), { kind: "pick", pick: picker.idle });
  assert.deepEqual(picker.click(legal, bird, "c3"), { kind: "pick", pick: picker.idle });
  assert.deepEqual(picker.click(legal, bird, "e5"), { kind: "pick", pick: picker.idle });
  assert.deepEqual(picker.back({ step: "line", source: line }), picker.idle);
});

test("a new Legal keeps a choice still there and drops one gone", () => {
  assert.deepEqual(picker.revalidate(legal, { step: "bird", bird: "c3" }), { step: "bird", bird: "c3" });
  assert.deepEqual(picker.revalidate({ adds: [], sources: [c4] }, { step: "bird", bird: "c3" }), picker.idle);
  assert.deepEqual(picker.revalidate(null, { step: "bird", bird: "c3" }), picker.idle);
  const region = { step: "region", source: c4, flight: c4.flights[0]! } as const;
  assert.deepEqual(picker.revalidate(legal, region), region);
});

test("no Legal lights nothing and a click does nothing", () => {
  assert.equal(picker.lit(null, picker.idle).size, 0);
  assert.deepEqual(picker.click(undefined, picker.idle, "c3"), { kind: "pick", pick: picker.idle });
});
