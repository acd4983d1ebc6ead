// The click state machine: how clicks on points choose a move from the
// server's Legal, and which points a click may choose at each step. It
// knows no rule of Volo: every choice is one the server listed.
//
//   idle    lit: the empty points to add on, and the ends of every source.
//   bird A  lit: where A alone may fly, and the other end of each line
//           that A ends.
//   line    lit: where the chosen line may fly.
//   region  the flight is shown landed; lit: every point of its regions.
//
// A click on a lit point moves forward (or plays); a click on another of
// the mover's flying birds switches to it; any other click, and Escape,
// steps back one step.

import type { Add, Flight, Legal, RegionChoice, Source } from "./api";

/** Pick is the step of a choice. */
export type Pick =
  | { step: "idle" }
  | { step: "bird"; bird: string }
  | { step: "line"; source: Source }
  | { step: "region"; source: Source; flight: Flight };

/** Reason is why a point is lit, one of the lit_* words. */
export type Reason = "lit_add" | "lit_source" | "lit_end" | "lit_target" | "lit_region";

/** Lit is a point a click may choose now, why, and what it leads to. */
export interface Lit {
  reason: Reason;
  add?: Add;
  flight?: Flight;
  region?: RegionChoice;
  /** note says the choice ends the game ("wins the game"), if it does. */
  note?: string;
}

/** Outcome is what a click does. */
export type Outcome =
  | { kind: "pick"; pick: Pick }
  | { kind: "play"; move: string }
  | { kind: "confirm"; region: RegionChoice; pick: Pick };

/** idle is the first step. */
export const idle: Pick = { step: "idle" };

/** lit returns the points a click may choose in pick, by name. */
export function lit(legal: Legal | null | undefined, pick: Pick): Map<string, Lit> {
  const out = new Map<string, Lit>();
  if (!legal) return out;
  const sources = legal.sources ?? [];
  switch (pick.step) {
    case "idle":
      for (const a of legal.adds ?? []) out.set(a.point, { reason: "lit_add", add: a, ...noteOf(a.note) });
      for (const s of sources) {
        for (const end of s.ends) out.set(end, { reason: "lit_source" });
      }
      break;
    case "bird": {
      const single = sources.find((s) => s.ends[0] === pick.bird && s.ends[1] === pick.bird);
      for (const f of single?.flights ?? []) out.set(f.target, { reason: "lit_target", flight: f, ...noteOf(f.note) });
      for (const s of lines(sources, pick.bird)) {
        const other = s.ends[0] === pick.bird ? s.ends[1] : s.ends[0];
        out.set(other, { reason: "lit_end" });
      }
      break;
    }
    case "line":
      for (const f of pick.source.flights ?? []) out.set(f.target, { reason: "lit_target", flight: f, ...noteOf(f.note) });
      break;
    case "region":
      for (const r of pick.flight.regions ?? []) {
        for (const p of r.points ?? []) out.set(p, { reason: "lit_region", region: r, ...noteOf(r.note) });
      }
      break;
  }
  return out;
}

function noteOf(note: string | undefined): { note?: string } {
  return note ? { note } : {};
}

/** lines returns the sources of two or more birds that have bird as an end. */
export function lines(sources: Source[], bird: string): Source[] {
  return sources.filter((s) => s.ends[0] !== s.ends[1] && (s.ends[0] === bird || s.ends[1] === bird));
}

/** isSourceEnd reports whether point is an end of some source. */
function isSourceEnd(legal: Legal, point: string): boolean {
  return (legal.sources ?? []).some((s) => s.ends[0] === point || s.ends[1] === point);
}

/** back returns the step before pick: region → line or bird → idle. */
export function back(pick: Pick): Pick {
  switch (pick.step) {
    case "region": {
      const s = pick.source;
      return s.ends[0] === s.ends[1] ? { step: "bird", bird: s.ends[0] } : { step: "line", source: s };
    }
    case "line":
    case "bird":
      return idle;
    default:
      return idle;
  }
}

/** click returns what a click on point does in pick. */
export function click(legal: Legal | null | undefined, pick: Pick, point: string): Outcome {
  if (!legal) return { kind: "pick", pick: idle };
  const l = lit(legal, pick).get(point);
  if (l) {
    switch (l.reason) {
      case "lit_add":
        return { kind: "play", move: l.add!.move };
      case "lit_source":
        return { kind: "pick", pick: { step: "bird", bird: point } };
      case "lit_end": {
        const a = (pick as { bird: string }).bird;
        const s = lines(legal.sources ?? [], a).find((x) => x.ends.includes(point));
        return s ? { kind: "pick", pick: { step: "line", source: s } } : { kind: "pick", pick: back(pick) };
      }
      case "lit_target": {
        const f = l.flight!;
        const source = pick.step === "line" ? pick.source : single(legal, (pick as { bird: string }).bird);
        if (f.regions && f.regions.length > 0 && source) {
          return { kind: "pick", pick: { step: "region", source, flight: f } };
        }
        return { kind: "play", move: f.move };
      }
      case "lit_region": {
        const r = l.region!;
        if (r.note) return { kind: "confirm", region: r, pick };
        return { kind: "play", move: r.move };
      }
    }
  }
  // Another of the mover's flying birds switches to it; the chosen bird
  // again, or anything else, steps back.
  if ((pick.step === "bird" || pick.step === "line") && isSourceEnd(legal, point) && !chosen(pick, point)) {
    return { kind: "pick", pick: { step: "bird", bird: point } };
  }
  return { kind: "pick", pick: back(pick) };
}

function single(legal: Legal, bird: string): Source | undefined {
  return (legal.sources ?? []).find((s) => s.ends[0] === bird && s.ends[1] === bird);
}

function chosen(pick: Pick, point: string): boolean {
  if (pick.step === "bird") return pick.bird === point;
  if (pick.step === "line") return pick.source.ends.includes(point);
  return false;
}

/**
 * revalidate returns pick as it stands in a new legal, or idle when the
 * choice it was making is no longer there.
 */
export function revalidate(legal: Legal | null | undefined, pick: Pick): Pick {
  if (!legal || pick.step === "idle") return idle;
  const sources = legal.sources ?? [];
  const same = (s: Source, t: Source) => s.ends[0] === t.ends[0] && s.ends[1] === t.ends[1];
  switch (pick.step) {
    case "bird":
      return isSourceEnd(legal, pick.bird) ? pick : idle;
    case "line": {
      const s = sources.find((x) => same(x, pick.source));
      return s ? { step: "line", source: s } : idle;
    }
    case "region": {
      const s = sources.find((x) => same(x, pick.source));
      const f = s?.flights.find((x) => x.move === pick.flight.move && (x.regions ?? []).length > 0);
      return s && f ? { step: "region", source: s, flight: f } : idle;
    }
  }
}

/** selected returns the birds pick has chosen so far. */
export function selected(pick: Pick): string[] {
  switch (pick.step) {
    case "bird":
      return [pick.bird];
    case "line":
    case "region":
      return pick.source.birds ?? [...new Set(pick.source.ends)];
    default:
      return [];
  }
}
