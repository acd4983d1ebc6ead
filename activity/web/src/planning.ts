// Planning a reply by clicks, for the player who waits for their opponent
// in a correspondence game. Like the picker, it knows no rule of Volo:
// every move it offers is one the server laid out (POST api/plan).
//
//   off     the board as ever; Plan a reply starts.
//   theirs  lit: the opponent's moves that leave the game going, chosen
//           by the picker's steps (bird, line's other end, landing,
//           region); choosing one asks the server for the replies.
//   reply   the board shows the position after that move, as the server
//           sent it; lit: the replies. Choosing one asks to confirm, then
//           saves the plan (the act "plan").
//
// Escape, or a click elsewhere, steps back: a click step first, as for a
// move, then reply → theirs → off.

import type { Bird, Legal, Marks, Planning, RegionChoice } from "./api";
import * as picker from "./picker";
import type { Pick } from "./picker";

/** PlanStep is where planning stands. */
export type PlanStep =
  | { step: "off" }
  | { step: "theirs"; theirs: Planning }
  | { step: "reply"; theirs: Planning; after: string; replies: Planning };

/** off is planning not started. */
export const off: PlanStep = { step: "off" };

/** PlanOutcome is what a click does while planning. */
export type PlanOutcome =
  | { kind: "pick"; pick: Pick }
  /** back: a click outside the lit points at a step's start: the planning step before. */
  | { kind: "back"; plan: PlanStep }
  /** theirs: the opponent's move is chosen; ask the server for the replies after it. */
  | { kind: "theirs"; move: string }
  /** reply: the reply is chosen; confirm, then save the plan "if `if`, `move`". */
  | { kind: "reply"; if: string; move: string }
  /** confirm: a region whose keeping hands the opponent the win; ask first. */
  | { kind: "confirm"; region: RegionChoice; pick: Pick };

/** start begins planning with the opponent's moves, as the server laid them out. */
export function start(theirs: Planning): PlanStep {
  return { step: "theirs", theirs };
}

/** replying goes on to the replies after the opponent's move the server answered for. */
export function replying(p: PlanStep, replies: Planning): PlanStep {
  if (p.step === "off") return p;
  return { step: "reply", theirs: p.theirs, after: replies.after ?? "", replies };
}

/** legalOf is what the step's clicks choose from; null when planning is off. */
export function legalOf(p: PlanStep): Legal | null {
  switch (p.step) {
    case "theirs":
      return p.theirs.legal;
    case "reply":
      return p.replies.legal;
    default:
      return null;
  }
}

/** passOf reports whether the step's move may be a pass. */
export function passOf(p: PlanStep): boolean {
  return p.step === "theirs" ? p.theirs.pass : p.step === "reply" ? p.replies.pass : false;
}

/** boardOf is the board the step shows: the position after the opponent's move for a reply, else null (the game's). */
export function boardOf(p: PlanStep): { birds: Bird[]; last: Marks | null } | null {
  if (p.step !== "reply") return null;
  return { birds: p.replies.birds ?? [], last: p.replies.last ?? null };
}

/** back steps back once: a click step, else a planning step. */
export function back(p: PlanStep): PlanStep {
  return p.step === "reply" ? { step: "theirs", theirs: p.theirs } : off;
}

/** chose is what choosing move (by clicks or a pass button) does at step p. */
export function chose(p: PlanStep, move: string): PlanOutcome {
  if (p.step === "reply") return { kind: "reply", if: p.after, move };
  return { kind: "theirs", move };
}

/** click returns what a click on point does while planning at p, pick. */
export function click(p: PlanStep, pick: Pick, point: string): PlanOutcome {
  const legal = legalOf(p);
  if (!legal) return { kind: "pick", pick: picker.idle };
  const out = picker.click(legal, pick, point);
  switch (out.kind) {
    case "pick":
      if (pick.step === "idle" && out.pick.step === "idle") return { kind: "back", plan: back(p) };
      return out;
    case "play":
      return chose(p, out.move);
    case "confirm":
      return out;
  }
}
