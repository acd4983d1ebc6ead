// The sandbox's page for an Activity: it shows one user the Activity of one channel, playing
// the Discord client's side of the Embedded App SDK for it (discordhost.js) with the
// stand-in's OAuth2 and Activity instances behind the sandbox's API, as Discord's client does
// with Discord's. Its URL names the channel and the user: /play?channel=ID&user=ID (GET
// /api/activity gives it); embed=1 drops the bar above, for the panel beside the chat.

import { hostActivity } from "./discordhost.js";

const params = new URLSearchParams(window.location.search);
const channel = params.get("channel") || "";
const user = params.get("user") || "";
if (params.get("embed") === "1") document.body.classList.add("embed");

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const out = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(out.error || `${res.status} ${res.statusText}`);
  return out;
}

function fail(text) {
  const p = document.createElement("p");
  p.className = "play-error";
  p.textContent = text;
  document.getElementById("activity").replaceChildren(p);
}

async function start() {
  let joined;
  try {
    joined = await api("/api/activity/join", { channel, user });
  } catch (e) {
    fail(`The Activity cannot open: ${e.message}`);
    return;
  }
  document.getElementById("where").textContent = `Volo in ${joined.name}`;
  document.getElementById("who").textContent = `as ${joined.user.global_name || joined.user.username}`;
  document.title = `Volo · ${joined.name} · ${joined.user.username}`;
  let list = joined.participants;
  const host = hostActivity({
    container: document.getElementById("activity"),
    src: joined.src,
    clientId: joined.clientId,
    user: joined.user,
    locale: joined.locale,
    title: "Volo on the board",
    authorize: (args) => api("/api/activity/authorize", { user, client_id: args.client_id, scope: args.scope || [] }),
    authenticate: (token) => api("/api/activity/authenticate", { user, access_token: token }),
    participants: () => list,
  });
  // Who comes and goes: the sandbox's event stream tells of the channel's Activity.
  const events = new EventSource(`/events?user=${encodeURIComponent(user)}`);
  events.addEventListener("activity", (ev) => {
    const e = JSON.parse(ev.data);
    if (e.channelId !== channel || !e.activity || e.activity.instance !== joined.instance) return;
    list = e.activity.participants;
    host.updateParticipants(list);
  });
  // The user is in the Activity while this stream is open: closing the page, or losing the
  // browser, leaves it, as closing it in Discord does.
  const here = new EventSource(`/api/activity/here?channel=${encodeURIComponent(channel)}&user=${encodeURIComponent(user)}`);
  window.addEventListener("pagehide", () => {
    events.close();
    here.close();
    navigator.sendBeacon("/api/activity/leave", new Blob([JSON.stringify({ instance: joined.instance, user })], { type: "application/json" }));
  });
}

start();
