// Discord's client, as far as an Activity sees it: the host side of the Embedded App SDK's
// postMessage RPC. Discord shows an Activity in an iframe and answers the SDK's messages from
// the page around it; the sandbox does the same with this module, so that the Activity's own,
// unchanged page (and the real SDK inside it) runs in the sandbox as it runs in Discord.
// Plain JavaScript, no build step, like the rest of the sandbox's page.
//
// The wire, from the SDK's source (@discord/embedded-app-sdk 2.5.0, output/Discord.mjs and
// output/schema/*.mjs), and the shapes its zod schemas accept:
//   every message is an array [opcode, payload] sent with postMessage (never a JSON string);
//   opcodes HANDSHAKE 0, FRAME 1, CLOSE 2, HELLO 3;
//   the app opens with [0, {v: 1, encoding: "json", client_id, frame_id, sdk_version}];
//   the host answers with [1, {cmd: "DISPATCH", evt: "READY", nonce: null, data: {v, config, user}}];
//   the app sends commands [1, {cmd, args, nonce, …}] and the host answers each with
//   [1, {cmd, evt: null, nonce, data}] or [1, {cmd, evt: "ERROR", nonce, data: {code, message}}];
//   events go out as [1, {cmd: "DISPATCH", evt, nonce: null, data}] to subscribers.
// The SDK takes messages only from a few origins, among them the page's own, so the sandbox
// serves the Activity on its own origin (under /activity/).

const HANDSHAKE = 0;
const FRAME = 1;
const CLOSE = 2;

// The RPC error codes (Discord's "RPC Error Codes", the SDK's RPCErrorCodes).
const INVALID_PAYLOAD = 4000;
const INVALID_COMMAND = 4002;
const INVALID_EVENT = 4004;
const INVALID_PERMISSIONS = 4006;
const INVALID_CLIENTID = 4007;
const INVALID_TOKEN = 4009;
const OAUTH2_ERROR = 5000;

// The close codes of the RPC connection (the SDK's RPCCloseCodes).
const CLOSE_INVALID_CLIENTID = 4000;
const CLOSE_INVALID_VERSION = 4004;
const CLOSE_INVALID_ENCODING = 4005;

// The events a subscriber may follow here.
const EVENTS = new Set(["ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE"]);

/**
 * hostActivity opens the Activity at src in an iframe inside container and plays Discord's
 * client for it.
 *
 * src is the Activity's URL with the query Discord gives it (frame_id, instance_id, platform,
 * guild_id, channel_id, location_id); clientId the application's ID; user the user looking,
 * {id, username, global_name}. authorize(args) answers the SDK's authorize with {code} (or
 * throws to refuse it); authenticate(access_token) answers its authenticate with
 * {access_token, user, scopes, expires, application} (or throws for a bad token);
 * participants() lists who is in the Activity now, as users. Optional: locale (the user's, for
 * USER_SETTINGS_GET_LOCALE; "en-US" by default), title (the iframe's accessible name), onLog
 * (level, message) for the app's CAPTURE_LOG, and onClose({code, message}) when the app closes
 * itself.
 *
 * It returns {iframe, updateParticipants(list), close()}: updateParticipants tells the
 * subscribers who is in the Activity now; close removes the iframe and stops answering.
 */
export function hostActivity({
  container,
  src,
  clientId,
  user,
  authorize,
  authenticate,
  participants,
  onClose,
  onLog,
  locale = "en-US",
  title = "Activity",
}) {
  const url = new URL(src, window.location.href);
  const origin = url.origin;
  const frameId = url.searchParams.get("frame_id");
  const iframe = document.createElement("iframe");
  iframe.className = "activity-frame";
  iframe.title = title;
  iframe.src = url.href;

  // What this connection has done: a handshake made, an authenticate passed, the events
  // followed. A reload of the iframe shakes hands again and starts afresh.
  let ready = false;
  let authenticated = false;
  let closed = false;
  const subscribed = new Set();

  function post(message) {
    if (!closed && iframe.contentWindow) iframe.contentWindow.postMessage(message, origin);
  }
  function reply(cmd, nonce, data) {
    post([FRAME, { cmd, evt: null, nonce, data }]);
  }
  function refuse(cmd, nonce, code, message) {
    post([FRAME, { cmd, evt: "ERROR", nonce, data: { code, message } }]);
  }
  function dispatch(evt, data) {
    post([FRAME, { cmd: "DISPATCH", evt, nonce: null, data }]);
  }

  function handshake(p) {
    ready = false;
    authenticated = false;
    subscribed.clear();
    const shut = (code, message) => post([CLOSE, { code, message }]);
    if (!p || typeof p !== "object") return shut(CLOSE_INVALID_VERSION, "The handshake is not an object.");
    if (p.v !== 1) return shut(CLOSE_INVALID_VERSION, `Unsupported RPC version ${p.v}: use 1.`);
    if (p.encoding !== undefined && p.encoding !== "json") return shut(CLOSE_INVALID_ENCODING, `Unsupported encoding ${p.encoding}: use json.`);
    if (p.client_id !== clientId) return shut(CLOSE_INVALID_CLIENTID, `Unknown client_id ${p.client_id}.`);
    if (p.frame_id !== frameId) return shut(CLOSE_INVALID_CLIENTID, `Unknown frame_id ${p.frame_id}.`);
    ready = true;
    const me = { id: user.id, username: user.username, discriminator: user.discriminator ?? "0" };
    // READY's user.avatar must be a string or absent: the SDK refuses null.
    if (typeof user.avatar === "string") me.avatar = user.avatar;
    dispatch("READY", {
      v: 1,
      config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
      user: me,
    });
  }

  async function command(p) {
    if (!p || typeof p !== "object" || typeof p.cmd !== "string" || typeof p.nonce !== "string") return;
    const { cmd, nonce } = p;
    const args = p.args ?? {};
    if (!ready) return refuse(cmd, nonce, INVALID_PAYLOAD, "No handshake yet.");
    switch (cmd) {
      case "AUTHORIZE": {
        if (args.client_id !== clientId) return refuse(cmd, nonce, INVALID_CLIENTID, "Invalid client id");
        if (!Array.isArray(args.scope)) return refuse(cmd, nonce, INVALID_PAYLOAD, "scope must be an array of scopes.");
        if (args.response_type !== undefined && args.response_type !== "code") return refuse(cmd, nonce, INVALID_PAYLOAD, "response_type must be code.");
        try {
          const { code } = await authorize(args);
          if (typeof code !== "string") throw new Error("no code");
          return reply(cmd, nonce, { code });
        } catch (e) {
          return refuse(cmd, nonce, OAUTH2_ERROR, messageOf(e, "The user did not authorize the application."));
        }
      }
      case "AUTHENTICATE": {
        if (typeof args.access_token !== "string" || args.access_token === "") return refuse(cmd, nonce, INVALID_TOKEN, "Invalid access token");
        try {
          const answer = authenticateAnswer(await authenticate(args.access_token));
          authenticated = true;
          return reply(cmd, nonce, answer);
        } catch (e) {
          return refuse(cmd, nonce, INVALID_TOKEN, messageOf(e, "Invalid access token"));
        }
      }
      case "SUBSCRIBE":
      case "UNSUBSCRIBE": {
        if (!EVENTS.has(p.evt)) return refuse(cmd, nonce, INVALID_EVENT, `The sandbox does not send the event ${p.evt}.`);
        if (cmd === "SUBSCRIBE") subscribed.add(p.evt);
        else subscribed.delete(p.evt);
        return reply(cmd, nonce, { evt: p.evt });
      }
      case "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS":
        return reply(cmd, nonce, { participants: participants().map(participant) });
      case "CAPTURE_LOG":
        if (onLog) onLog(String(args.level ?? "log"), String(args.message ?? ""));
        return reply(cmd, nonce, null);
      case "USER_SETTINGS_GET_LOCALE":
        // It needs the identify scope: a user authenticated (Discord's documentation).
        if (!authenticated) return refuse(cmd, nonce, INVALID_PERMISSIONS, "Not authenticated or invalid scope");
        return reply(cmd, nonce, { locale });
      default:
        return refuse(cmd, nonce, INVALID_COMMAND, `The sandbox does not support the command ${cmd}.`);
    }
  }

  function onMessage(event) {
    // Only the Activity's own frame, on its own origin.
    if (closed || event.source !== iframe.contentWindow || event.origin !== origin) return;
    const data = event.data;
    if (!Array.isArray(data) || data.length < 2) return;
    const [opcode, payload] = data;
    switch (opcode) {
      case HANDSHAKE:
        handshake(payload);
        return;
      case FRAME:
        command(payload);
        return;
      case CLOSE:
        // The app closes itself (sdk.close): as Discord does, the Activity goes.
        stop();
        if (onClose) onClose({ code: Number(payload?.code ?? 1000), message: String(payload?.message ?? "") });
        return;
    }
  }

  function stop() {
    if (closed) return;
    closed = true;
    window.removeEventListener("message", onMessage);
    iframe.remove();
  }

  // The SDK shakes hands as soon as it is constructed: listen before the frame loads.
  window.addEventListener("message", onMessage);
  container.append(iframe);

  return {
    iframe,
    updateParticipants(list) {
      if (subscribed.has("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE")) {
        dispatch("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", { participants: list.map(participant) });
      }
    },
    close: stop,
  };
}

// authenticateAnswer shapes an authenticate answer as the SDK's AuthenticateResponseSchema wants
// it: user.public_flags and application.description are required (Discord always sends them),
// scopes an array.
function authenticateAnswer(a) {
  if (!a || typeof a.access_token !== "string" || !a.user || !a.application) {
    throw new Error("authenticate answered without access_token, user or application");
  }
  const u = a.user;
  return {
    access_token: a.access_token,
    user: {
      id: String(u.id),
      username: String(u.username),
      discriminator: String(u.discriminator ?? "0"),
      global_name: u.global_name ?? null,
      avatar: u.avatar ?? null,
      public_flags: Number(u.public_flags ?? 0),
    },
    scopes: Array.isArray(a.scopes) ? a.scopes : String(a.scopes ?? "").split(" ").filter(Boolean),
    expires: String(a.expires),
    application: {
      id: String(a.application.id),
      name: String(a.application.name ?? ""),
      description: String(a.application.description ?? ""),
      icon: a.application.icon ?? null,
    },
  };
}

// participant shapes a user as the SDK's participant schema wants it: flags and bot are
// required.
function participant(u) {
  return {
    id: String(u.id),
    username: String(u.username),
    global_name: u.global_name ?? null,
    discriminator: String(u.discriminator ?? "0"),
    avatar: u.avatar ?? null,
    flags: Number(u.flags ?? 0),
    bot: Boolean(u.bot),
  };
}

function messageOf(e, fallback) {
  return e && typeof e.message === "string" && e.message ? e.message : fallback;
}
