// The live side of the contract: api/ws. The page says Hello with its
// session; the server pushes the channel's state at once and at every
// change. A lost connection is opened again by itself, waiting 0.5 s, then
// twice as long each time up to 8 s, with jitter so that many boards do not
// knock at once after a restart.

import type { Hello, Problem, Push, State } from "./api";
import { apiURL } from "./client";

/** LiveEvents are what the socket tells its owner. */
export interface LiveEvents {
  /** state is a state pushed by the server. */
  state(s: State): void;
  /** problem is the server saying the session is no longer good. */
  problem(p: Problem): void;
  /** connected tells that the server answered (true) or the line dropped (false). */
  connected(up: boolean): void;
  /** retrying tells that the socket opens again in seconds s; 0 as it tries. */
  retrying(s: number): void;
}

const firstWait = 500;
const longestWait = 8000;

/** Live keeps a WebSocket to api/ws open. */
export class Live {
  private ws: WebSocket | null = null;
  private wait = firstWait;
  private timer = 0;
  private ticker = 0;
  private stopped = true;
  private up = false;

  /** token returns the session to say Hello with, read at every connection. */
  constructor(private readonly token: () => string, private readonly on: LiveEvents) {}

  /** start opens the socket, if it is not open. */
  start(): void {
    this.stopped = false;
    if (!this.ws) this.open();
  }

  /** restart closes the socket and opens it again at once, quietly: after a new session. */
  restart(): void {
    this.stopped = false;
    this.clearTimers();
    const old = this.ws;
    this.ws = null;
    if (old) {
      old.onclose = null;
      old.close(1000);
    }
    this.open();
  }

  /** stop closes the socket for good. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const old = this.ws;
    this.ws = null;
    if (old) {
      old.onclose = null;
      old.close(1000);
    }
    this.setUp(false);
  }

  /** now opens the socket at once if it is waiting to retry: the page became visible. */
  now(): void {
    if (this.stopped || this.ws) return;
    this.clearTimers();
    this.open();
  }

  private open(): void {
    const u = apiURL("ws");
    u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
    let ws: WebSocket;
    try {
      ws = new WebSocket(u);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      const hello: Hello = { session: this.token() };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (ws !== this.ws || typeof ev.data !== "string") return;
      let push: Push;
      try {
        push = JSON.parse(ev.data) as Push;
      } catch {
        return;
      }
      this.wait = firstWait; // the server answered: the next loss starts afresh
      this.setUp(true);
      if (push.type === "state" && push.state) this.on.state(push.state);
      else if (push.type === "problem" && push.problem) this.on.problem(push.problem);
    };
    ws.onclose = () => {
      if (ws !== this.ws) return;
      this.ws = null;
      this.setUp(false);
      if (!this.stopped) this.retry();
    };
  }

  private retry(): void {
    const jitter = 0.75 + Math.random() * 0.5;
    const wait = Math.round(this.wait * jitter);
    this.wait = Math.min(longestWait, this.wait * 2);
    const at = Date.now() + wait;
    const tell = () => this.on.retrying(Math.max(1, Math.ceil((at - Date.now()) / 1000)));
    tell();
    this.ticker = window.setInterval(tell, 1000);
    this.timer = window.setTimeout(() => {
      this.clearTimers();
      this.on.retrying(0);
      this.open();
    }, wait);
  }

  private clearTimers(): void {
    window.clearTimeout(this.timer);
    window.clearInterval(this.ticker);
    this.timer = 0;
    this.ticker = 0;
  }

  private setUp(up: boolean): void {
    if (up === this.up) return;
    this.up = up;
    this.on.connected(up);
  }
}

/**
 * newer reports whether state s should replace cur: a different game
 * replaces everything; within one game only a higher version counts.
 */
export function newer(s: State, cur: State | null): boolean {
  if (!cur) return true;
  if ((s.game ?? "") !== (cur.game ?? "") || s.channel !== cur.channel) return true;
  return s.version > cur.version;
}
