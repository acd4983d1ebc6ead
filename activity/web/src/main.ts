// The page's start: outside Discord it only says so; inside, it asks
// Discord who is looking, trades the answer for a session with the server,
// opens the board, and keeps it live over the socket.

import type { Session, State } from "./api";
import { CodeForbidden, CodeSession } from "./api";
import { Game } from "./app";
import { Client, ProblemError } from "./client";
import { Discord, insideDiscord, rpcMessage } from "./discord";
import { Geometry } from "./geometry";
import { Banner } from "./live";
import { Live } from "./socket";
import { h } from "./svg";
import { Words } from "./words";

const root = document.documentElement;
const app = document.getElementById("app") ?? document.body;
const words = new Words();
const client = new Client();
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
  const locale = navigator.language || "en";
  words.lang = locale.slice(0, 2);
  say("opening");
  let clientId = "";
  try {
    const config = await client.config(locale);
    words.set(config.words);
    clientId = config.client_id;
  } catch (e) {
    if (insideDiscord(location.search)) {
      say("failed", message(e));
      return;
    }
  }
  if (!insideDiscord(location.search)) {
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
    useSession(session);
    await discord.authenticate(session.access_token);
  } catch (e) {
    say("failed", message(e));
    return;
  }
  say("opening");
  let geo: Geometry;
  try {
    geo = new Geometry(await client.sky());
  } catch (e) {
    say("failed", message(e));
    return;
  }
  open(discord, session, geo);
}

/** useSession takes session's token and words. */
function useSession(s: Session): void {
  client.token = s.token;
  words.set(s.words, s.lang);
  root.lang = s.lang || "en";
}

/** open shows the board and keeps it live. */
function open(discord: Discord, first: Session, geo: Geometry): void {
  const banner = new Banner();
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

  const game = new Game({ client, words, geo, renew, root });
  let lost = false;
  const live = new Live(() => client.token, {
    state: (s: State) => show(s),
    problem: (p) => {
      if (p.code === CodeSession) {
        void renew().then((ok) => {
          if (!ok) {
            live.stop();
            game.problem(p);
          }
        });
        return;
      }
      game.problem(p);
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

  let shown = false;
  const show = (s: State) => {
    game.accept(s);
    if (shown) return;
    shown = true;
    splash.remove();
    root.dataset["boot"] = "ready";
    app.append(banner.el, game.strip.el, h("div", { class: "board-box" }, game.board.el), game.panel.el, game.live.el, game.asker.el);
  };

  schedule(first.expires);
  live.start();
  client.state().then(show, (e: unknown) => {
    if (e instanceof ProblemError && e.code === CodeSession) void renew();
  });
  void discord.participants((ps) => game.setParticipants(ps));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    live.now();
    client.state().then(show, () => undefined);
  });
}

void boot();
