// The clock: a live countdown to the deadline of the player to move, in
// digits and in words ("time runs out in 5 minutes"), in the viewer's
// language.

import type { Words } from "./words";

/** digits writes ms as h:mm:ss, m:ss, or whole days and hours past a day. */
export function digits(ms: number): string {
  const t = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(t / 86400), h = Math.floor((t % 86400) / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}

/** relative says ms from now in words, in lang: "in 5 minutes", "30 seconds ago". */
export function relative(ms: number, lang: string): string {
  const fmt = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const a = Math.abs(ms);
  const sign = ms < 0 ? -1 : 1;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
  ];
  for (const [unit, size] of units) {
    if (a >= size) return fmt.format(sign * Math.round(a / size), unit);
  }
  return fmt.format(sign * Math.round(a / 1000), "second");
}

/** Clock shows the countdown in two elements, ticking every second while it runs. */
export class Clock {
  private deadline = 0;
  private timer = 0;

  constructor(private readonly digitsEl: HTMLElement, private readonly wordsEl: HTMLElement, private readonly words: Words) {}

  /** set runs the clock to deadline (RFC 3339), or stops and hides it for "". */
  set(deadline: string): void {
    const t = deadline ? Date.parse(deadline) : NaN;
    window.clearInterval(this.timer);
    this.timer = 0;
    if (Number.isNaN(t)) {
      this.deadline = 0;
      this.digitsEl.textContent = "";
      this.wordsEl.textContent = "";
      return;
    }
    this.deadline = t;
    this.tick();
    this.timer = window.setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    const left = this.deadline - Date.now();
    this.digitsEl.textContent = digits(left);
    const key = left > 0 ? "time_runs_out" : "time_ran_out";
    this.wordsEl.textContent = this.words.t(key, relative(left, this.words.lang));
    this.digitsEl.classList.toggle("low", left < 60_000);
  }
}
