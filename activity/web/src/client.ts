// The HTTP side of the contract: api/config, api/session, api/sky,
// api/state, api/act and api/plan, every URL relative to the page's own, so that the
// page works at the root of discordsays.com and under a path prefix alike.

import type { ActRequest, ActResult, Config, Planning, PlanRequest, Problem, Session, SessionRequest, Sky, State } from "./api";
import { CodeFailed } from "./api";

/** ProblemError is a refusal or failure the server answered with. */
export class ProblemError extends Error {
  /** code is the Problem's code: refused, session, rate_limited… */
  readonly code: string;
  /** status is the HTTP status, 0 when the server could not be reached. */
  readonly status: number;
  /** retryAfter is the seconds the server asked to wait, or 0. */
  readonly retryAfter: number;

  constructor(p: Problem, status: number, retryAfter = 0) {
    super(p.error);
    this.name = "ProblemError";
    this.code = p.code;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** apiURL returns the URL of the API path p, relative to the page. */
export function apiURL(p: string): URL {
  return new URL("api/" + p, document.baseURI);
}

/** Client calls the server's API; token is the session, once there is one. */
export class Client {
  token = "";

  /** config asks for the client ID and the words in the browser's locale. */
  config(locale: string): Promise<Config> {
    const u = apiURL("config");
    u.searchParams.set("locale", locale);
    return this.call<Config>(u, { method: "GET" });
  }

  /** session trades authorize's code for a session. */
  session(req: SessionRequest): Promise<Session> {
    return this.call<Session>(apiURL("session"), { method: "POST", body: JSON.stringify(req) });
  }

  /** sky fetches the board's geometry. */
  sky(): Promise<Sky> {
    return this.call<Sky>(apiURL("sky"), { method: "GET" });
  }

  /** state fetches what the session's user sees of its channel's game. */
  state(): Promise<State> {
    return this.call<State>(apiURL("state"), { method: "GET" }, true);
  }

  /** act does one thing in the game. */
  act(req: ActRequest): Promise<ActResult> {
    return this.call<ActResult>(apiURL("act"), { method: "POST", body: JSON.stringify(req) }, true);
  }

  /** plan lays out a planning step's moves and lists the viewer's plans, for them alone. */
  plan(req: PlanRequest): Promise<Planning> {
    return this.call<Planning>(apiURL("plan"), { method: "POST", body: JSON.stringify(req) }, true);
  }

  private async call<T>(url: URL, init: RequestInit, auth = false): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (auth && this.token) headers["Authorization"] = "Bearer " + this.token;
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, cache: "no-store", credentials: "same-origin" });
    } catch (e) {
      throw new ProblemError({ error: e instanceof Error ? e.message : String(e), code: CodeFailed }, 0);
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    if (!res.ok) {
      const p = isProblem(body) ? body : { error: `${res.status} ${res.statusText}`.trim(), code: CodeFailed };
      throw new ProblemError(p, res.status, Number(res.headers.get("Retry-After")) || 0);
    }
    return body as T;
  }
}

/** isProblem reports whether v has a Problem's shape. */
export function isProblem(v: unknown): v is Problem {
  return typeof v === "object" && v !== null && typeof (v as Problem).error === "string" && typeof (v as Problem).code === "string";
}
