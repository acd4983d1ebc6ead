// Planning a reply by clicks: the opponent's move by the picker's steps,
// then the reply over the position after it, then the confirmation; and
// Escape or a click elsewhere stepping back.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { Flight, Legal, Planning, RegionChoice, Source } from "../src/api";
import * as picker from "../src/picker";
import * as planning from "../src/planning";

const arrow = { from: { x: 0, y: 0 }, to: { x: 1, y: 0 } };

function flight(move: string, target: string, landing: string[], extra: Partial<Flight> = {}): Flight {
  return { move, target, landing, arrow, ...extra };
}

// The opponent (Orange) may add on d4 or a3, fly f5 to f7, or fly b2 W1
// splitting Blue, keeping region A or B.
const keepA: RegionChoice = { letter: "A", points: ["h2", "h3"], badge: "h3", birds: 1, move: "b2-NE1/h2" };
const keepB: RegionChoice = { letter: "B", points: ["k5"], badge: "k5", birds: 2, move: "b2-NE1/k5" };
const f5: Source = { ends: ["f5", "f5"], birds: ["f5"], flights: [flight("f5-E2", "f7", ["f7"])] };
const b2: Source = { ends: ["b2", "b2"], birds: ["b2"], flights: [flight("b2-NE1", "c2", ["c2"], { regions: [keepA, keepB] })] };
const theirLegal: Legal = { adds: [{ point: "d4", move: "d4" }, { point: "a3", move: "a3" }], sources: [f5, b2] };
const theirs: Planning = { legal: theirLegal, pass: false, plans: [{ moves: ["a3", "c3"], text: "if a3, c3" }] };

// After d4, Blue may add on j9 (which wins) or fly h7 to h9.
const h7: Source = { ends: ["h7", "h7"], birds: ["h7"], flights: [flight("h7-E2", "h9", ["h9"])] };
const replyLegal: Legal = { adds: [{ point: "j9", move: "j9", note: "wins the game" }], sources: [h7] };
const replies: Planning = {
  after: "d4", legal: replyLegal, pass: true, plans: theirs.plans,
  birds: [{ point: "d4", colour: "orange" }, { point: "h7", colour: "blue" }],
  last: { move: "d4", colour: "orange", ringed: ["d4"], ghosts: [], removed: [] },
};

test("planning off offers nothing to click", () => {
  assert.equal(planning.legalOf(planning.off), null);
  assert.equal(planning.boardOf(planning.off), null);
  assert.deepEqual(planning.click(planning.off, picker.idle, "d4"), { kind: "pick", pick: picker.idle });
});

test("step 1 lights the opponent's moves and an add chooses one", () => {
  const p = planning.start(theirs);
  assert.deepEqual([...picker.lit(planning.legalOf(p), picker.idle).keys()].sort(), ["a3", "b2", "d4", "f5"]);
  assert.equal(planning.boardOf(p), null, "the board is the game's");
  assert.deepEqual(planning.click(p, picker.idle, "d4"), { kind: "theirs", move: "d4" });
});

test("step 1 chooses a flight of the opponent's by bird then landing, and a split by its region", () => {
  const p = planning.start(theirs);
  const bird = planning.click(p, picker.idle, "f5");
  assert.deepEqual(bird, { kind: "pick", pick: { step: "bird", bird: "f5" } });
  assert.deepEqual(planning.click(p, { step: "bird", bird: "f5" }, "f7"), { kind: "theirs", move: "f5-E2" });
  const split = planning.click(p, { step: "bird", bird: "b2" }, "c2");
  assert.equal(split.kind, "pick");
  const region = (split as { pick: picker.Pick }).pick;
  assert.equal(region.step, "region");
  assert.deepEqual(planning.click(p, region, "k5"), { kind: "theirs", move: "b2-NE1/k5" });
});

test("step 2 shows the board after their move, lights the replies, and a reply asks to confirm", () => {
  const p = planning.replying(planning.start(theirs), replies);
  assert.equal(p.step, "reply");
  assert.deepEqual(planning.boardOf(p), { birds: replies.birds, last: replies.last });
  const lit = picker.lit(planning.legalOf(p), picker.idle);
  assert.deepEqual([...lit.keys()].sort(), ["h7", "j9"]);
  assert.equal(lit.get("j9")?.note, "wins the game");
  assert.deepEqual(planning.click(p, picker.idle, "j9"), { kind: "reply", if: "d4", move: "j9" });
  assert.deepEqual(planning.click(p, { step: "bird", bird: "h7" }, "h9"), { kind: "reply", if: "d4", move: "h7-E2" });
  assert.equal(planning.passOf(p), true);
  assert.deepEqual(planning.chose(p, "pass"), { kind: "reply", if: "d4", move: "pass" });
});

test("a pass of the opponent's is chosen as their move", () => {
  const p = planning.start({ ...theirs, pass: true });
  assert.equal(planning.passOf(p), true);
  assert.deepEqual(planning.chose(p, "pass"), { kind: "theirs", move: "pass" });
});

test("Escape or a click elsewhere steps back: a click step, then step 2 to step 1, then off", () => {
  const p1 = planning.start(theirs);
  const p2 = planning.replying(p1, replies);
  // A click step first, as for a move.
  assert.deepEqual(planning.click(p2, { step: "bird", bird: "h7" }, "a2"), { kind: "pick", pick: picker.idle });
  // Then the planning steps.
  assert.deepEqual(planning.click(p2, picker.idle, "a2"), { kind: "back", plan: p1 });
  assert.deepEqual(planning.back(p2), p1);
  assert.deepEqual(planning.click(p1, picker.idle, "m4"), { kind: "back", plan: planning.off });
  assert.deepEqual(planning.back(p1), planning.off);
  assert.deepEqual(planning.replying(planning.off, replies), planning.off);
});
