// The page's start: outside Discord it only says so; inside, it asks
// Discord who is looking, trades the answer for a session with the server,
// opens the board, and keeps it live over the socket. What can be asked at
// once is: the config and the sky before anything (early.ts), the state and
// the socket as soon as there is a session, beside authenticate.

// early first: its requests leave before the rest of the bundle is evaluated.
import { client, config, locale, sky } from "./early";

import type { Problem, Session, State } from "./api";
import { CodeForbidden, CodeSession } from "./api";
import { Game } from "./app";
import { ProblemError } from "./client";
import { Discord, rpcMessage } from "./discord";
import { Geometry } from "./geometry";
import { insideDiscord } from "./inside";
import { Banner } from "./live";
import { Live, newer } from "./socket";
import { h } from "./svg";
import { Words } from "./words";

const root = document.documentElement;
const app = document.getElementById("app") ?? document.body;
const words = new Words();
const splash = h("div", { class: "splash", id: "splash", role: "status" });

/** say shows the boot word key (with args) in the splash, and marks the root's data-boot. */
function say(stage: string, ...args: (string | number)[]): void {
  root.dataset["boot"] = stage;
  splash.textContent = words.t(stage, ...args);
  splash.hidden = false;
  if (!splash.isConnected) app.append(splash);
}

/** message returns the sentence of whatever was thrown. */
function message(e: unknown): string {
  return e instanceof ProblemError ? e.message : rpcMessage(e);
}

async function boot(): Promise<void> {
  root.dataset["connected"] = "false";
  words.lang = locale.slice(0, 2);
  say("opening");
  const inside = insideDiscord(location.search);
  let clientId = "";
  try {
    const c = await config;
    words.set(c.words);
    clientId = c.client_id;
  } catch (e) {
    if (inside) {
      say("failed", message(e));
      return;
    }
  }
  if (!inside) {
    say("outside");
    return;
  }
  say("opening");
  let discord: Discord;
  try {
    discord = new Discord(clientId);
    await discord.ready();
  } catch (e) {
    say("failed", message(e));
    return;
  }
  say("asking");
  let code: string;
  try {
    code = await discord.authorize();
  } catch {
    say("denied");
    return;
  }
  let session: Session;
  try {
    session = await client.session({ code, instance_id: discord.instanceId });
  } catch (e) {
    say("failed", message(e));
    return;
  }
  useSession(session);
  say("opening");
  open(discord, session);
}

/** useSession takes session's token and words. */
function useSession(s: Session): void {
  client.token = s.token;
  words.set(s.words, s.lang);
  root.lang = s.lang || "en";
}

/**
 * open keeps the board live from now on: it asks for the state and opens
 * the socket at once, and shows the board once the SDK is authenticated
 * and the sky is known.
 */
function open(discord: Discord, first: Session): void {
  const banner = new Banner();
  let game: Game | null = null;
  let waiting: State | null = null; // the newest state before the board shows
  let failed = false;

  let renewing: Promise<boolean> | null = null;
  let renewTimer = 0;
  const schedule = (expires: string) => {
    window.clearTimeout(renewTimer);
    const at = Date.parse(expires);
    if (Number.isNaN(at)) return;
    const wait = Math.min(2 ** 31 - 1, Math.max(5_000, at - Date.now() - 60_000));
    renewTimer = window.setTimeout(() => void renew(), wait);
  };
  const renew = (): Promise<boolean> => {
    renewing ??= (async () => {
      try {
        const code = await discord.authorize();
        const s = await client.session({ code, instance_id: discord.instanceId });
        useSession(s);
        schedule(s.expires);
        live.restart();
        return true;
      } catch {
        return false;
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  };

  // The board shows with its first state; until then the splash stays.
  let mounted = false;
  const show = (s: State) => {
    if (failed) return;
    if (!game) {
      if (newer(s, waiting)) waiting = s;
      return;
    }
    game.accept(s);
    if (mounted) return;
    mounted = true;
    splash.remove();
    root.dataset["boot"] = "ready";
    app.append(banner.el, game.strip.el, h("div", { class: "board-box" }, game.board.el), game.panel.el, game.live.el, game.asker.el);
    // The time to the first board, for the tests' figures.
    performance.mark("volo-board");
  };
  // A problem before the board shows leaves the splash saying it.
  const trouble = (p: Problem) => (mounted && game ? game.problem(p) : say("failed", p.error));

  let lost = false;
  const live = new Live(() => client.token, {
    state: show,
    problem: (p) => {
      if (p.code === CodeSession) {
        void renew().then((ok) => {
          if (!ok) {
            live.stop();
            trouble(p);
          }
        });
        return;
      }
      trouble(p);
      if (p.code === CodeForbidden) live.stop();
    },
    connected: (up) => {
      root.dataset["connected"] = up ? "true" : "false";
      if (up && lost) banner.show(words.t("reconnected"), "back", 2500);
      if (up) lost = false;
    },
    retrying: (sec) => {
      lost = true;
      banner.show(sec > 0 ? words.t("retry_in", sec) : words.t("reconnecting"), "lost");
    },
  });

  schedule(first.expires);
  live.start();
  client.state().then(show, (e: unknown) => {
    if (e instanceof ProblemError && e.code === CodeSession) void renew();
    else if (e instanceof ProblemError && e.status !== 0) trouble({ error: e.message, code: e.code });
  });

  const ready = Promise.all([discord.authenticate(first.access_token), sky ?? client.sky()]);
  ready.then(
    ([, theSky]) => {
      const g = new Game({ client, words, geo: new Geometry(theSky), renew, root });
      game = g;
      void discord.participants((ps) => g.setParticipants(ps));
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState !== "visible") return;
        live.now();
        client.state().then(show, () => undefined);
      });
      if (waiting) show(waiting);
    },
    (e: unknown) => {
      failed = true;
      live.stop();
      window.clearTimeout(renewTimer);
      say("failed", message(e));
    },
  );
}

void boot();
