// The Embedded App SDK's side of the test of the sandbox's discordhost.js
// (internal/sandbox/discordhost_test.go): Discord's own SDK, unchanged,
// talks to the host from inside its iframe, and every answer it gets is
// parsed by the SDK's zod schemas, which throw on a shape Discord's client
// would never send. build.mjs bundles it into
// internal/sandbox/testdata/discordhost/sdkprobe.js, so that the Go test
// needs no npm.
//
// What it does depends on ?probe= in its URL:
//   all      the whole life of an Activity, each step's answer recorded;
//   client   a handshake with a client ID the host does not know: closed;
//   close    the app closing itself.
// It writes what happened to window.parent.probeResult, as JSON-able values.

import { DiscordSDK, Events, RPCCloseCodes } from "@discord/embedded-app-sdk";

type Result = Record<string, unknown>;

const out: Result = { steps: [] as string[] };
const steps = out["steps"] as string[];
const report = (done: boolean) => {
  out["done"] = done;
  (window.parent as unknown as { probeResult: Result }).probeResult = out;
};

/** settle returns what a promise gave or threw, as plain data. */
async function settle<T>(p: Promise<T>): Promise<{ ok: T } | { error: unknown }> {
  try {
    return { ok: await p };
  } catch (e) {
    return { error: e instanceof Error ? { message: e.message } : e };
  }
}

/** within rejects after ms milliseconds. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timed out: " + what)), ms))]);
}

async function all(): Promise<void> {
  // The console is left to the SDK, which sends it to the host (CAPTURE_LOG).
  const sdk = new DiscordSDK("999");
  await within(sdk.ready(), 5000, "READY");
  steps.push("ready");
  out["instanceId"] = sdk.instanceId;
  out["localeBefore"] = await settle(sdk.commands.userSettingsGetLocale());
  out["authorize"] = await settle(
    sdk.commands.authorize({ client_id: "999", response_type: "code", state: "", prompt: "none", scope: ["identify"] }),
  );
  out["authorizeRefused"] = await settle(sdk.commands.authorize({ client_id: "999", scope: ["identify", "guilds"] }));
  out["authorizeOtherClient"] = await settle(sdk.commands.authorize({ client_id: "1000", scope: ["identify"] }));
  out["authenticateBad"] = await settle(sdk.commands.authenticate({ access_token: "bad" }));
  out["authenticate"] = await settle(sdk.commands.authenticate({ access_token: "good" }));
  out["locale"] = await settle(sdk.commands.userSettingsGetLocale());
  out["participants"] = await settle(sdk.commands.getInstanceConnectedParticipants());
  out["unsupported"] = await settle(sdk.commands.getChannel({ channel_id: "1" }));
  out["subscribeUnknown"] = await settle(sdk.subscribe(Events.SPEAKING_START, () => undefined, { channel_id: "1" }));
  const updates: unknown[] = [];
  out["updates"] = updates;
  out["subscribe"] = await settle(sdk.subscribe(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, (e: unknown) => {
    updates.push(e);
    report(out["done"] === true);
  }).then(() => true));
  console.log("probe", "logged");
  steps.push("subscribed");
}

async function client(): Promise<void> {
  const closes: unknown[] = [];
  out["closes"] = closes;
  window.addEventListener("message", (e: MessageEvent) => {
    if (Array.isArray(e.data) && e.data[0] === 2) {
      closes.push(e.data[1]);
      report(true);
    }
  });
  const sdk = new DiscordSDK("not-the-app", { disableConsoleLogOverride: true });
  out["ready"] = await settle(within(sdk.ready(), 1000, "READY").then(() => true));
}

async function close(): Promise<void> {
  const sdk = new DiscordSDK("999", { disableConsoleLogOverride: true });
  await within(sdk.ready(), 5000, "READY");
  steps.push("ready");
  sdk.close(RPCCloseCodes.CLOSE_NORMAL, "bye");
}

const probe = new URLSearchParams(location.search).get("probe") ?? "all";
const run = probe === "client" ? client : probe === "close" ? close : all;
run().then(
  () => report(true),
  (e: unknown) => {
    out["failure"] = e instanceof Error ? e.message : String(e);
    report(true);
  },
);
