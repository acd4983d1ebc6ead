// Volo Sandbox: a Discord channel in a page, run against the local stand-in for Discord.
// Plain JavaScript, no build step. The sandbox's JSON API does the work; this draws it.

const $ = (id) => document.getElementById(id);

const state = {
  world: null, // GET /api/state: guild, bot, users, channels with their threads
  user: null, // ID of the user the page acts as
  channel: null, // ID of the channel or thread shown
  messages: new Map(), // the shown channel's messages by ID, as the user sees them
  failed: new Map(), // message ID to "This interaction failed." under it
  dismissed: new Set(), // ephemeral messages dismissed
  unread: new Set(), // channels with messages not seen
  dms: [], // the user's direct messages and group DMs (GET /api/dms), the latest active first
  dmsFor: null, // the user whose direct messages dms holds
  dmUnread: new Map(), // a direct message channel's ID to the IDs of its messages not seen
  lastGuildChannel: null, // the last channel or thread of the guild shown, to go back to
  wantDM: null, // a switch of user while in direct messages: {id, bot}, to show the new user's, if any
  stream: null, // the EventSource, opened for the user the page acts as
  loading: false, // a channel's messages are being fetched: queue events meanwhile
  pending: [],
  loadSeq: 0,
  stick: true, // keep the newest message in view
  suggest: null, // the autocomplete popup's content
  active: -1, // the highlighted entry of the popup
  suppress: false, // Escape closed the popup: keep it closed until the next keystroke
  suggestSeq: 0,
  suggestTimer: 0,
};

const els = {
  app: $("app"),
  channels: $("channels"),
  dms: $("dms"),
  messages: $("messages"),
  list: $("message-list"),
  input: $("input"),
  box: $("composer-box"),
  error: $("composer-error"),
  popup: $("autocomplete"),
  popupTitle: $("autocomplete-title"),
  popupList: $("autocomplete-list"),
  popupHint: $("autocomplete-hint"),
  userSwitch: $("user-switch"),
  userMenu: $("user-menu"),
  userMenuList: $("user-menu-list"),
  members: $("member-list"),
};

// ---- Talking to the sandbox ----

let busy = 0;
function track(promise) {
  busy++;
  document.body.dataset.busy = String(busy);
  return promise.finally(() => {
    busy--;
    document.body.dataset.busy = String(busy);
  });
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await track(fetch(path, init));
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new Error((data && data.error) || `The sandbox answered ${res.status}.`);
  }
  return data;
}

function query(params) {
  return new URLSearchParams(params).toString();
}

// ---- Small DOM helpers ----

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "html") node.innerHTML = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c);
  }
  return node;
}

function svg(markup, cls) {
  const span = document.createElement("span");
  span.innerHTML = markup;
  const node = span.firstElementChild;
  if (cls) node.setAttribute("class", cls);
  return node;
}

const icons = {
  bird: '<svg viewBox="0 0 32 32" aria-hidden="true"><path fill="#fff" d="M2.5 9.5c4.8-.6 9 1.4 12 5.6l1.5 2.3 1.5-2.3c3-4.2 7.2-6.2 12-5.6-3.6 1.6-6.4 4.4-8.2 8.3l-1.3 2.9c-.6 1.4-1.7 2.6-2.9 3.3L16 24.8l-1.1-.8c-1.2-.7-2.3-1.9-2.9-3.3l-1.3-2.9C8.9 13.9 6.1 11.1 2.5 9.5z"/><circle fill="#fff" cx="16" cy="12.2" r="2.3"/></svg>',
  check: '<svg viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="M6.2 11.6 2.7 8.1l1.1-1.1 2.4 2.4 6-6 1.1 1.1z"/></svg>',
  eye: '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 5C5.6 5 2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0-6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"/></svg>',
  thread: '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M12 2.8c-5.2 0-9.2 3.5-9.2 8 0 2.3 1 4.4 2.8 5.8L4.8 21l4.6-2.5c.8.2 1.7.3 2.6.3 5.2 0 9.2-3.5 9.2-8s-4-8-9.2-8zm-4 9.2a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4zm4 0a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4zm4 0a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4z"/></svg>',
  file: '<svg viewBox="0 0 30 40" aria-hidden="true"><path fill="currentColor" d="M2 0h18l10 10v28a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V2a2 2 0 0 1 2-2zm18 2v8h8z"/></svg>',
  external: '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M15 2a1 1 0 1 0 0 2h3.6l-8.3 8.3a1 1 0 1 0 1.4 1.4L20 5.4V9a1 1 0 1 0 2 0V3a1 1 0 0 0-1-1zM5 3a3 3 0 0 0-3 3v13a3 3 0 0 0 3 3h13a3 3 0 0 0 3-3v-6a1 1 0 1 0-2 0v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h6a1 1 0 1 0 0-2z"/></svg>',
  group: '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="#fff" d="M14.5 8a3 3 0 1 0-6 0 3 3 0 0 0 6 0zm-9 9.5c0-2.5 3-4 6-4s6 1.5 6 4V19H5.5zM17 11.8a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zm1.5 1.6c1.6.6 3 1.7 3 3.6V19h-2.3v-1.5c0-1.7-.9-3.1-2.3-4.1z"/></svg>',
  warn: '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z"/></svg>',
};

function avatar(user, size = "") {
  const a = el("span", { class: `avatar ${size} ${user.bot ? "bot" : ""}`.trim(), style: `background:${user.colour}`, "aria-hidden": "true" });
  if (user.bot) a.append(svg(icons.bird));
  else if (size !== "tiny" || user.initial) a.append(user.initial || "?");
  return a;
}

// groupColours are what Discord's client paints a group DM's icon with, one per group.
const groupColours = ["#eb459e", "#3ba55c", "#faa61a", "#5865f2", "#ed4245"];

// groupAvatar is a group DM's icon: a circle of its colour with people in it.
function groupAvatar(c, size = "small") {
  let h = 0;
  for (const ch of c.id) h = (h * 31 + ch.charCodeAt(0)) % 1000003;
  const a = el("span", { class: `avatar ${size} group`.trim(), style: `background:${groupColours[h % groupColours.length]}`, "aria-hidden": "true" });
  a.append(svg(icons.group));
  return a;
}

// dmKind tells a direct message channel's kind: the bot's ("bot"), a group DM ("group"), or
// one with another person ("friend").
function dmKind(c) {
  if (c.group) return "group";
  return c.with && c.with.bot ? "bot" : "friend";
}

function userById(id) {
  if (!state.world) return null;
  if (state.world.bot.id === id) return state.world.bot;
  return state.world.users.find((u) => u.id === id) || null;
}

function allChannels() {
  const out = [];
  for (const c of state.world ? state.world.channels : []) {
    out.push(c);
    for (const t of c.threads || []) out.push(t);
  }
  return out.concat(state.dms);
}

function channelById(id) {
  return allChannels().find((c) => c.id === id) || null;
}

// ---- Times ----

const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const shortDate = new Intl.DateTimeFormat(undefined, { day: "2-digit", month: "2-digit", year: "numeric" });
const fullDateTime = new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

function messageTime(date) {
  const now = new Date();
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(now) - day(date)) / 86400000);
  if (diff === 0) return `Today at ${clock.format(date)}`;
  if (diff === 1) return `Yesterday at ${clock.format(date)}`;
  return `${shortDate.format(date)} ${clock.format(date)}`;
}

// Discord writes a relative time in the reader's language: the words of its English and French
// clients, by the user's locale.
const relativeWords = {
  en: { seconds: "a few seconds", minute: ["a minute", "minutes"], hour: ["an hour", "hours"],
    day: ["a day", "days"], month: ["a month", "months"], year: ["a year", "years"],
    future: (s) => `in ${s}`, past: (s) => `${s} ago` },
  fr: { seconds: "quelques secondes", minute: ["une minute", "minutes"], hour: ["une heure", "heures"],
    day: ["un jour", "jours"], month: ["un mois", "mois"], year: ["un an", "ans"],
    future: (s) => `dans ${s}`, past: (s) => `il y a ${s}` },
};

// readerLocale is the locale of the user the page shows, as their client has it.
function readerLocale() {
  const me = userById(state.user);
  return (me && me.locale) || "en-US";
}

// relative says how far a time is from now in Discord's words, in the reader's language.
function relative(date) {
  const w = relativeWords[readerLocale().slice(0, 2)] || relativeWords.en;
  const d = (date.getTime() - Date.now()) / 1000;
  const s = Math.abs(d);
  const unit = (n, [one, many]) => (Math.round(n) <= 1 ? one : `${Math.round(n)} ${many}`);
  let span;
  if (s < 45) span = w.seconds;
  else if (s < 45 * 60) span = unit(s / 60, w.minute);
  else if (s < 22 * 3600) span = unit(s / 3600, w.hour);
  else if (s < 26 * 86400) span = unit(s / 86400, w.day);
  else if (s < 320 * 86400) span = unit(s / (30.4 * 86400), w.month);
  else span = unit(s / (365 * 86400), w.year);
  return d > 0 ? w.future(span) : w.past(span);
}

// stampOptions are the date formats of Discord's timestamp styles; "f" is the default.
const stampOptions = {
  t: { hour: "2-digit", minute: "2-digit" },
  T: { hour: "2-digit", minute: "2-digit", second: "2-digit" },
  d: { day: "2-digit", month: "2-digit", year: "numeric" },
  D: { day: "numeric", month: "long", year: "numeric" },
  f: { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" },
  F: { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" },
};

// stampFormats holds a formatter for each locale and style, made when first needed.
const stampFormats = new Map();

// stampFormat formats a timestamp's style in the reader's locale.
function stampFormat(style) {
  const locale = readerLocale();
  const key = `${locale} ${style}`;
  if (!stampFormats.has(key)) {
    stampFormats.set(key, new Intl.DateTimeFormat(locale, stampOptions[style] || stampOptions.f));
  }
  return stampFormats.get(key);
}

function formatStamp(date, style) {
  return style === "R" ? relative(date) : stampFormat(style).format(date);
}

function refreshStamps(root = document) {
  for (const t of root.querySelectorAll("time.timestamp[datetime]")) {
    const date = new Date(t.getAttribute("datetime"));
    t.textContent = formatStamp(date, t.dataset.style);
    t.title = stampFormat("F").format(date);
  }
}

// ---- Sidebar, user switch and members ----

function renderSidebar() {
  const w = state.world;
  $("guild-name").textContent = w.guild.name;
  $("guild-initials").textContent = w.guild.name.split(/\s+/).map((p) => p[0]).join("").slice(0, 3);
  document.title = `${currentChannelLabel()} · ${w.guild.name}`;
  els.channels.replaceChildren();
  for (const c of w.channels) {
    const li = el("li", {}, channelItem(c));
    if (c.threads && c.threads.length) {
      const ul = el("ul", { class: "threads" });
      for (const t of c.threads) ul.append(el("li", {}, channelItem(t)));
      li.append(ul);
    }
    els.channels.append(li);
  }
  renderDMs();
}

// renderDMs lists the user's direct messages and group DMs, as Discord's "Direct Messages" do:
// the bot's avatar and name, a person's, or a group's icon, name and member count, each with a
// red count of the messages not seen.
function renderDMs() {
  const me = userById(state.user);
  els.dms.replaceChildren();
  for (const c of state.dms) els.dms.append(el("li", {}, dmItem(c)));
  if (!state.dms.length && me) {
    els.dms.append(el("li", { class: "dm-empty" }, `${state.world.bot.name}'s direct messages to ${me.name} show here.`));
  }
  // Whose list it is, for whoever drives the page (see package sandboxtest).
  els.dms.dataset.username = state.dmsFor ? (userById(state.dmsFor) || {}).username || "" : "";
}

function dmItem(c) {
  const n = (state.dmUnread.get(c.id) || new Set()).size;
  const kind = dmKind(c);
  const cls = ["channel", "dm", `dm-${kind}`];
  if (c.id === state.channel) cls.push("selected");
  if (n) cls.push("unread");
  const members = (c.members || []).length;
  const label = c.group
    ? el("span", { class: "dm-text" }, el("span", { class: "name" }, c.name), el("span", { class: "dm-sub" }, `${members} Member${members === 1 ? "" : "s"}`))
    : el("span", { class: "name" }, c.name);
  return el("a", {
    class: cls.join(" "),
    "data-channel-id": c.id,
    "data-dm": c.name,
    "data-kind": kind,
    "data-members": c.group ? String(members) : undefined,
    "data-unread": String(n),
    title: c.group ? `Group DM: ${c.name}` : `Direct messages with ${c.name}`,
    onclick: () => selectChannel(c.id),
  }, c.group ? groupAvatar(c) : avatar(c.with, "small"), label,
  kind === "bot" ? el("span", { class: "bot-tag" }, svg(icons.check), "App") : "",
  n ? el("span", { class: "badge", "aria-label": `${n} unread` }, n > 99 ? "99+" : String(n)) : "");
}

function channelItem(c) {
  const cls = ["channel"];
  if (c.thread) cls.push("thread");
  if (c.id === state.channel) cls.push("selected");
  if (state.unread.has(c.id)) cls.push("unread");
  return el("a", {
    class: cls.join(" "),
    "data-channel-id": c.id,
    "data-name": c.name,
    title: c.thread ? `Thread: ${c.name}` : `#${c.name}`,
    onclick: () => selectChannel(c.id),
  }, c.thread ? "" : el("span", { class: "hash", "aria-hidden": "true" }, "#"), el("span", { class: "name" }, c.name));
}

function currentChannelLabel() {
  const c = channelById(state.channel);
  if (!c) return "";
  if (c.dm) return c.group ? c.name : `@${c.name}`;
  return c.thread ? c.name : `#${c.name}`;
}

function renderUser() {
  const me = userById(state.user);
  if (!me) return;
  const av = avatar(me, "small");
  av.append(el("span", { class: "status" }));
  $("me-avatar").replaceWith(av);
  av.id = "me-avatar";
  $("me-name").textContent = me.name;
  $("me-note").textContent = me.note ? `${me.note} · switch user` : "switch user";
  els.userMenuList.replaceChildren();
  for (const u of state.world.users) {
    els.userMenuList.append(el("li", {
      class: `user-option${u.id === state.user ? " current" : ""}`,
      role: "menuitem",
      "data-username": u.username,
      onclick: () => {
        closeUserMenu();
        selectUser(u.id);
      },
    }, avatar(u, "small"), el("span", {}, u.name), el("span", { class: "note" }, u.note || "")));
  }
  renderMembers();
  const c = channelById(state.channel);
  const bot = state.world.bot;
  // A bot whose commands are the guild's alone: in its direct messages there is nothing to type.
  const closed = Boolean(c && c.dm && dmKind(c) === "bot" && !c.commands);
  els.input.disabled = closed;
  els.box.classList.toggle("disabled", els.input.disabled);
  if (closed) {
    els.input.placeholder = `${c.name}'s commands work in the server's channels`;
    const back = channelById(state.lastGuildChannel);
    $("composer-help").replaceChildren(`Direct messages from ${c.name} to ${me.name}. Its commands work in the server's channels`,
      back ? el("span", {}, ": back to ", el("span", { class: "mention channel-mention", "data-channel": back.id }, `#${back.name}`)) : "", ".");
  } else if (c && c.dm) {
    els.input.placeholder = `Message ${c.group ? c.name : "@" + c.name} as ${me.name}`;
    if (c.commands) {
      $("composer-help").replaceChildren(...composerHelp.map((n) => n.cloneNode(true)));
    } else {
      $("composer-help").replaceChildren(`${bot.name} is not a member here: its commands are offered to those who added it to their account, and ${me.name} has not.`);
    }
  } else {
    els.input.placeholder = c ? `Message ${c.thread ? c.name : "#" + c.name} as ${me.name}` : "Message";
    $("composer-help").replaceChildren(...composerHelp.map((n) => n.cloneNode(true)));
  }
}

// composerHelp is the line under the message box in the guild's channels.
const composerHelp = [...$("composer-help").childNodes].map((n) => n.cloneNode(true));

// renderMembers lists the people of the channel shown: a group DM's own members, as Discord
// shows them (the bot is not one), or the server's people and its bot.
function renderMembers() {
  const w = state.world;
  const c = channelById(state.channel);
  const group = Boolean(c && c.dm && dmKind(c) === "group");
  const users = group ? (c.members || []).map((m) => userById(m.id) || m) : w.users;
  document.querySelector(".members-title").textContent = `Members — ${users.length + (group ? 0 : 1)}`;
  els.members.replaceChildren();
  if (!group) {
    const bot = el("li", { class: "member bot-member", title: `Message ${w.bot.name}: your direct messages with the bot under test`, onclick: openBotDM }, avatar(w.bot, "small"),
      el("span", { class: "member-name" }, el("span", {}, w.bot.name, " ", el("span", { class: "bot-tag" }, svg(icons.check), "App")),
        el("span", { class: "member-note" }, "the bot")));
    els.members.append(bot);
  }
  for (const u of users) {
    els.members.append(el("li", {
      class: `member${u.id === state.user ? " current" : ""}`,
      "data-username": u.username,
      title: `Act as ${u.name}`,
      onclick: () => selectUser(u.id),
    }, avatar(u, "small"), el("span", { class: "member-name" }, el("span", {}, u.name),
      el("span", { class: "member-note" }, u.id === state.user ? `${u.note || "member"} · you` : (u.note || "member")))));
  }
}

function toggleUserMenu() {
  const open = els.userMenu.hidden;
  els.userMenu.hidden = !open;
  els.userSwitch.setAttribute("aria-expanded", String(open));
}

function closeUserMenu() {
  els.userMenu.hidden = true;
  els.userSwitch.setAttribute("aria-expanded", "false");
}

function renderHeader() {
  const c = channelById(state.channel);
  if (!c) return;
  renderMembers();
  $("new-thread-button").hidden = Boolean(c.dm);
  $("intro-icon").style.background = "";
  $("intro-icon").classList.toggle("dm", Boolean(c.dm));
  if (c.dm) {
    const me = userById(state.user) || { name: "" };
    const kind = dmKind(c);
    $("channel-name").textContent = c.name;
    if (kind === "group") {
      const names = (c.members || []).map((u) => u.name);
      $("channel-icon").replaceChildren(groupAvatar(c, "tiny"));
      $("channel-topic").textContent = `${names.length} members: ${names.join(", ")}`;
      $("intro-icon").replaceChildren(svg(icons.group));
      $("intro-icon").style.background = groupAvatar(c).style.background;
      $("intro-title").textContent = c.name;
      $("intro-text").replaceChildren("Welcome to the beginning of the ", el("strong", {}, c.name), " group.",
        c.commands ? ` ${state.world.bot.name} is not a member: type / to use it through the app you added to your account.` : "");
    } else {
      $("channel-icon").replaceChildren("@");
      $("channel-topic").textContent = `${me.name}'s direct messages with ${c.name}`;
      if (kind === "bot") {
        $("intro-icon").replaceChildren(svg(icons.bird));
      } else {
        $("intro-icon").replaceChildren(c.with.initial || "?");
      }
      $("intro-icon").style.background = c.with.colour;
      $("intro-title").textContent = c.name;
      $("intro-text").replaceChildren("This is the beginning of your direct message history with ", el("strong", {}, c.name), ".",
        kind === "bot" && c.commands ? " Type / to play against it here." : "");
    }
    document.title = `${currentChannelLabel()} · ${state.world.guild.name}`;
    return;
  }
  $("channel-icon").replaceChildren(c.thread ? svg(icons.thread) : "#");
  $("channel-name").textContent = c.name;
  $("channel-topic").textContent = c.topic || (c.thread ? `Thread in #${(channelById(c.parentId) || {}).name || ""}` : "");
  $("intro-icon").replaceChildren(c.thread ? svg(icons.thread) : "#");
  $("intro-title").textContent = c.thread ? c.name : `Welcome to #${c.name}!`;
  const help = " Type / in the message box to see what the bot can do.";
  $("intro-text").textContent = c.thread ? `This is the start of the thread.${help}` : `This is the start of the #${c.name} channel.${help}`;
  document.title = `${currentChannelLabel()} · ${state.world.guild.name}`;
}

// ---- Messages ----

function visible(m) {
  return (!m.visibleTo || m.visibleTo === state.user) && !state.dismissed.has(m.id);
}

function order(a, b) {
  const x = BigInt(a.id), y = BigInt(b.id);
  return x < y ? -1 : x > y ? 1 : 0;
}

async function loadMessages() {
  const seq = ++state.loadSeq;
  const channel = state.channel, user = state.user;
  state.loading = true;
  state.pending = [];
  let data;
  try {
    data = await api(`/api/messages?${query({ channel, user })}`);
  } catch (e) {
    if (seq === state.loadSeq) state.loading = false;
    showError(e.message);
    return;
  }
  if (seq !== state.loadSeq) return;
  state.messages = new Map(data.messages.map((m) => [m.id, m]));
  for (const m of state.messages.values()) {
    if (m.local) state.messages.delete(m.id);
  }
  state.loading = false;
  renderMessages();
  for (const e of state.pending) applyEvent(e);
  state.pending = [];
  scrollToBottom();
  const c = channelById(channel) || {};
  if (c.dm) {
    const last = data.messages.length ? data.messages[data.messages.length - 1].id : c.lastMessageId;
    if (last) markSeen(user, channel, last);
    if (state.dmUnread.delete(channel)) renderDMs();
  }
  // Which view the list holds, for whoever drives the page (see package sandboxtest).
  els.list.dataset.channel = channel;
  els.list.dataset.user = user;
  els.list.dataset.channelName = c.name || "";
  els.list.dataset.dm = c.dm ? "1" : "";
  els.list.dataset.username = (userById(user) || {}).username || "";
}

function renderMessages() {
  const sorted = [...state.messages.values()].filter(visible).sort(order);
  els.list.replaceChildren(...sorted.map(renderMessage));
  regroup();
  refreshStamps(els.list);
}

function upsert(m) {
  const old = els.list.querySelector(`li[data-id="${m.id}"]`);
  if (!visible(m)) {
    state.messages.delete(m.id);
    if (old) old.remove();
    return;
  }
  state.messages.set(m.id, m);
  const stick = nearBottom();
  const node = renderMessage(m);
  refreshStamps(node);
  if (old) {
    old.replaceWith(node);
  } else {
    let after = null;
    for (const li of els.list.children) {
      if (BigInt(li.dataset.sort) > BigInt(m.id)) {
        after = li;
        break;
      }
    }
    els.list.insertBefore(node, after);
  }
  regroup();
  if (stick) scrollToBottom();
}

function remove(id) {
  state.messages.delete(id);
  const old = els.list.querySelector(`li[data-id="${id}"]`);
  if (old) old.remove();
  regroup();
}

// regroup joins a message to the one before when Discord would: same author, close in time, no
// command line above it.
function regroup() {
  let prev = null;
  for (const li of els.list.children) {
    const m = state.messages.get(li.dataset.id) || li._message;
    const p = prev && (state.messages.get(prev.dataset.id) || prev._message);
    const grouped = p && m && m.kind === "default" && p.kind === "default" && !m.command && !m.reply &&
      m.author.id === p.author.id && (m.visibleTo || "") === (p.visibleTo || "") &&
      new Date(m.time) - new Date(p.time) < 7 * 60 * 1000;
    li.classList.toggle("grouped", Boolean(grouped));
    prev = li;
  }
}

function renderMessage(m) {
  const li = el("li", { class: "message", "data-id": m.id, "data-sort": m.sort || m.id, "data-author": m.author.username });
  li._message = m;
  if (m.kind === "thread-created") return renderThreadNotice(m, li);
  if (m.reply) {
    li.classList.add("with-command");
    li.append(el("div", { class: "command-use reply" }, m.reply.author.id ? avatar(m.reply.author, "tiny") : "",
      el("span", { class: "who" }, m.reply.author.id ? `@${m.reply.author.name}` : ""), " ",
      el("span", { class: "excerpt", onclick: () => jumpTo(m.reply.id) }, m.reply.text)));
  } else if (m.command) {
    li.classList.add("with-command");
    li.append(el("div", { class: "command-use" }, avatar(m.command.user, "tiny"),
      el("span", { class: "who" }, m.command.user.name), " used ", el("span", { class: "cmd" }, `/${m.command.name}`)));
  }
  if (m.visibleTo) li.classList.add("ephemeral");
  if ((m.mentions || []).includes(state.user)) li.classList.add("mentioned");
  const time = new Date(m.time);
  li.append(avatar(m.author), el("span", { class: "hover-time" }, clock.format(time)));
  const body = el("div", { class: "body" });
  const header = el("h3", { class: "message-header" }, el("span", { class: "author" }, m.author.name));
  if (m.author.bot) header.append(el("span", { class: "bot-tag" }, svg(icons.check), "App"));
  header.append(el("time", { datetime: m.time, title: fullDateTime.format(time) }, messageTime(time)));
  body.append(header);
  if (m.loading) {
    body.append(el("div", { class: "thinking" }, `${m.author.name} is thinking`, el("span", { class: "dots" }, el("i"), el("i"), el("i"))));
  } else {
    const content = el("div", { class: "content", html: m.html || "" });
    if (m.edited && m.html) content.append(el("span", { class: "edited", title: "Edited" }, "(edited)"));
    body.append(content);
  }
  if (m.attachments && m.attachments.length) body.append(renderAttachments(m.attachments));
  for (const e of m.embeds || []) body.append(renderEmbed(e));
  if (m.components && m.components.length) body.append(renderComponents(m.components, m));
  if (m.thread) {
    body.append(el("div", { class: "thread-chip", onclick: () => selectChannel(m.thread.id) }, svg(icons.thread), m.thread.name));
  }
  if (m.visibleTo) {
    body.append(el("div", { class: "ephemeral-note" }, svg(icons.eye), "Only you can see this · ",
      el("a", { class: "dismiss", onclick: () => { state.dismissed.add(m.id); remove(m.id); } }, "Dismiss message")));
  }
  const failed = state.failed.get(m.id);
  if (failed) body.append(el("div", { class: "interaction-failed" }, svg(icons.warn), failed));
  li.append(body);
  return li;
}

function jumpTo(id) {
  const li = els.list.querySelector(`li[data-id="${id}"]`);
  if (!li) return;
  li.scrollIntoView({ block: "center", behavior: "smooth" });
  li.classList.add("flash");
  setTimeout(() => li.classList.remove("flash"), 1500);
}

function renderThreadNotice(m, li) {
  li.classList.add("system");
  const name = m.thread ? m.thread.name : m.html;
  li.append(el("span", { class: "system-icon" }, svg(icons.thread)));
  li.append(el("div", { class: "thread-notice" },
    el("span", {}, el("span", { class: "who" }, m.author.name), " started a thread: ",
      el("span", { class: "thread-name", onclick: () => m.thread && selectChannel(m.thread.id) }, name),
      ". ", el("time", { datetime: m.time }, messageTime(new Date(m.time))))));
  return li;
}

function renderAttachments(list) {
  const box = el("div", { class: "attachments" });
  for (const a of list) {
    if (a.image) {
      const img = el("img", { class: "attachment-image", src: a.url, alt: a.description || a.filename, loading: "lazy", "data-filename": a.filename });
      if (a.width && a.height) {
        const w = Math.min(a.width, 480);
        img.width = w;
        img.height = Math.round((a.height * w) / a.width);
        img.style.width = `${w}px`;
      }
      img.addEventListener("load", keepBottom);
      img.addEventListener("click", () => openLightbox(a.url));
      box.append(img);
    } else {
      box.append(el("div", { class: "attachment-file" }, svg(icons.file, "file-icon"),
        el("div", {}, el("a", { class: "file-name", href: a.url, download: a.filename }, a.filename),
          el("span", { class: "file-size" }, size(a.size)))));
    }
  }
  return box;
}

function size(n) {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(2)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

function renderEmbed(e) {
  const box = el("div", { class: "embed", style: e.colour ? `border-left-color:${e.colour}` : undefined });
  if (e.author) box.append(el("div", { class: "embed-author" }, e.author));
  if (e.title) {
    box.append(el("div", { class: "embed-title" }, e.url ? el("a", { href: e.url, target: "_blank", rel: "noopener noreferrer" }, e.title) : e.title));
  }
  if (e.html) box.append(el("div", { class: "embed-description", html: e.html }));
  if (e.fields && e.fields.length) {
    const fields = el("div", { class: "embed-fields" });
    for (const f of e.fields) {
      fields.append(el("div", { class: `embed-field${f.inline ? " inline" : ""}` },
        el("div", { class: "embed-field-name", html: f.name }), el("div", { class: "embed-field-value", html: f.html })));
    }
    box.append(fields);
  }
  if (e.image) {
    const img = el("img", { class: "embed-image", src: e.image, alt: "", onclick: () => openLightbox(e.image) });
    img.addEventListener("load", keepBottom);
    box.append(img);
  }
  if (e.thumbnail) box.append(el("img", { class: "embed-thumbnail", src: e.thumbnail, alt: "" }));
  if (e.footer || e.timestamp) {
    const parts = [e.footer, e.timestamp ? messageTime(new Date(e.timestamp)) : ""].filter(Boolean);
    box.append(el("div", { class: "embed-footer" }, parts.join(" • ")));
  }
  return box;
}

// ---- Components ----

const buttonStyles = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link-style secondary" };

function renderComponents(list, m) {
  const box = el("div", { class: "components" });
  for (const c of list) {
    const node = renderComponent(c, m);
    if (node) box.append(node);
  }
  return box;
}

function renderComponent(c, m) {
  switch (c.type) {
    case 1: {
      const row = el("div", { class: "row" });
      for (const child of c.components || []) {
        const node = renderComponent(child, m);
        if (node) row.append(node);
      }
      return row;
    }
    case 2:
      return renderButton(c, m);
    case 3:
      return renderSelect(c, m);
  }
  return null;
}

function renderButton(c, m) {
  const b = el("button", {
    type: "button",
    class: `btn ${buttonStyles[c.style] || "secondary"}`,
    "data-custom-id": c.customId || undefined,
    "data-label": c.label || c.emoji || "",
  });
  if (c.emoji) b.append(el("span", { class: "emoji" }, c.emoji));
  if (c.label) b.append(el("span", { class: "label" }, c.label));
  if (c.style === 5) b.append(svg(icons.external, "external"));
  b.disabled = Boolean(c.disabled) || c.style === 6;
  b.addEventListener("click", () => {
    if (c.style === 5) {
      window.open(c.url, "_blank", "noopener");
      return;
    }
    use(m, c.customId, [], b);
  });
  return b;
}

function renderSelect(c, m) {
  const multi = c.maxValues > 1;
  const s = el("select", { class: "select", "data-custom-id": c.customId, "aria-label": c.placeholder || "Make a selection" });
  s.disabled = Boolean(c.disabled);
  if (multi) {
    s.multiple = true;
    s.size = Math.min(5, (c.options || []).length);
  } else {
    s.append(el("option", { value: "", disabled: true, selected: true, hidden: true }, c.placeholder || "Make a selection"));
  }
  for (const o of c.options || []) {
    const label = `${o.emoji ? o.emoji + " " : ""}${o.label}${o.description ? " — " + o.description : ""}`;
    s.append(el("option", { value: o.value, selected: o.default && multi }, label));
  }
  if (!multi) {
    s.addEventListener("change", () => use(m, c.customId, [s.value], s));
    return s;
  }
  const done = el("button", { type: "button", class: "btn primary" }, "Choose");
  done.addEventListener("click", () => use(m, c.customId, [...s.selectedOptions].map((o) => o.value), done));
  return el("div", { class: "row" }, s, done);
}

// use clicks a button or chooses from a menu as the current user.
async function use(m, customId, values, control) {
  const wasDisabled = control.disabled;
  control.classList.add("loading");
  control.disabled = true;
  state.failed.delete(m.id);
  try {
    const out = await api("/api/click", { user: state.user, message: m.id, customId, values });
    handleOutcome(out, m.id);
  } catch (e) {
    setFailed(m.id, e.message);
  } finally {
    control.classList.remove("loading");
    control.disabled = wasDisabled;
  }
}

function setFailed(id, text) {
  state.failed.set(id, text);
  const m = state.messages.get(id);
  if (m) upsert(m);
}

function handleOutcome(out, messageId) {
  if (!out) return;
  if (out.notice) {
    if (messageId) setFailed(messageId, out.notice);
    else addNotice(out.notice);
  }
  if (out.activity) openActivity(out.activity);
}

// openActivity shows the Activity the bot launched (its answer LAUNCH_ACTIVITY) in the panel
// beside the chat, as Discord's client does in a text channel: the sandbox's page /play, which
// plays the Discord client for the Activity's iframe. Closing the panel leaves the Activity.
function openActivity(path) {
  const panel = document.getElementById("activity-panel");
  const frame = document.getElementById("activity-frame");
  const url = new URL(path, window.location.href);
  url.searchParams.set("embed", "1");
  if (!panel.hidden && frame.src === url.href) return;
  frame.src = url.href;
  document.getElementById("activity-tab").href = path;
  panel.hidden = false;
  document.getElementById("app").classList.add("activity-open");
}

function closeActivity() {
  const panel = document.getElementById("activity-panel");
  panel.hidden = true;
  document.getElementById("activity-frame").src = "about:blank"; // its page leaves the Activity
  document.getElementById("app").classList.remove("activity-open");
}

// addNotice shows a message only this page sees, as Discord's client does for a command the
// application did not answer.
function addNotice(text) {
  const bot = state.world.bot;
  const id = `local-${Date.now()}`;
  const sort = ((BigInt(Date.now()) - 1420070400000n) << 22n).toString();
  const m = {
    id, sort, local: true, channelId: state.channel, kind: "default", author: bot, time: new Date().toISOString(),
    html: `<span class="interaction-failed">${text.replace(/[<&>]/g, (c) => ({ "<": "&lt;", "&": "&amp;", ">": "&gt;" })[c])}</span>`,
    visibleTo: state.user,
  };
  state.messages.set(id, m);
  const node = renderMessage(m);
  node.dataset.sort = sort;
  els.list.append(node);
  regroup();
  scrollToBottom();
}

// ---- Scrolling ----

function nearBottom() {
  const s = els.messages;
  return s.scrollHeight - s.scrollTop - s.clientHeight < 120;
}

function scrollToBottom() {
  els.messages.scrollTop = els.messages.scrollHeight;
  state.stick = true;
}

function keepBottom() {
  if (state.stick) scrollToBottom();
}

// ---- Live events ----

// connect opens the event stream for the user the page acts as, closing the one before: the
// guild's events reach every stream, a user's direct messages only theirs. Once it follows the
// sandbox, the world, the user's direct messages and the messages shown are loaded afresh.
function connect() {
  if (state.stream) state.stream.close();
  const es = new EventSource(`/events?${query({ user: state.user || "" })}`);
  state.stream = es;
  const current = () => state.stream === es;
  es.addEventListener("ready", async () => {
    if (!current()) return;
    $("connection").hidden = true;
    try {
      await loadWorld();
    } catch (e) {
      showError(e.message);
      return;
    }
    if (!current()) return;
    if (state.wantDM) {
      // A switch of user while in direct messages shows the same group DM if the new user is in
      // it, or the new user's own direct messages with the bot, if they have any.
      const want = state.wantDM;
      state.wantDM = null;
      const dm = state.dms.find((x) => x.id === want.id) || (want.bot ? state.dms.find((x) => dmKind(x) === "bot") : null);
      if (dm) {
        state.channel = dm.id;
        state.dmUnread.delete(state.channel);
        remember();
        renderSidebar();
        renderUser();
        renderHeader();
      }
    }
    await loadMessages();
    suggestSoon(0);
    document.body.dataset.ready = "1";
  });
  es.addEventListener("message", (ev) => {
    if (!current()) return;
    const e = JSON.parse(ev.data);
    if (e.channelId === state.channel && state.loading) {
      state.pending.push(e);
      return;
    }
    applyEvent(e);
  });
  es.addEventListener("channel", async () => {
    if (!current()) return;
    await loadWorld();
    // A thread renamed: its notice in the shown channel says its name now.
    for (const li of els.list.querySelectorAll("li.system")) {
      const t = li._message.thread && channelById(li._message.thread.id);
      if (!t) continue;
      li._message.thread.name = t.name;
      li.querySelector(".thread-name").textContent = t.name;
    }
  });
  es.addEventListener("error", () => {
    if (current()) $("connection").hidden = false;
  });
}

function applyEvent(e) {
  const m = e.message;
  if (e.channelId !== state.channel) {
    if (e.kind === "created" && (!m.visibleTo || m.visibleTo === state.user)) {
      if (e.dm) {
        const unread = state.dmUnread.get(e.channelId) || new Set();
        unread.add(m.id);
        state.dmUnread.set(e.channelId, unread);
      } else {
        state.unread.add(e.channelId);
      }
      if (!channelById(e.channelId)) loadWorld();
      else renderSidebar();
    }
    return;
  }
  upsert(m);
  if (e.dm && e.kind === "created") markSeen(state.user, e.channelId, m.id);
}

// loadWorld loads the guild and the user's direct messages, and shows them. The sandbox keeps
// its IDs across restarts; should the user or channel be gone (a world started afresh), it
// finds them again by name.
async function loadWorld() {
  state.world = await api("/api/state");
  const before = state.user;
  if (!userById(state.user)) pickUser();
  await loadDMs();
  if (!channelById(state.channel)) pickChannel();
  renderSidebar();
  renderUser();
  renderHeader();
  if (state.user !== before && state.stream) connect();
}

// ---- Direct messages ----

// The last message each user has seen in each of their direct messages and group DMs, kept in
// the browser so that a reload does not show them unread again: "user ID/channel ID" to message
// ID. (A page of an earlier version kept the channel ID alone, for the direct messages with the
// bot, which are one user's.) A group DM is shared: what ana has read, ben may not have.
const seenKey = "volo-sandbox-dm-seen";

function seenDMs() {
  try {
    return JSON.parse(localStorage.getItem(seenKey)) || {};
  } catch {
    return {};
  }
}

// lastSeen is the latest message a user has seen in a channel, from what the browser keeps.
function lastSeen(seen, user, channel) {
  const id = seen[`${user}/${channel}`] || seen[channel];
  return id ? BigInt(id) : 0n;
}

function markSeen(user, channel, id) {
  const seen = seenDMs();
  if (lastSeen(seen, user, channel) >= BigInt(id)) return;
  seen[`${user}/${channel}`] = id;
  try {
    localStorage.setItem(seenKey, JSON.stringify(seen));
  } catch {
    // A browser that keeps nothing shows them unread again after a reload.
  }
}

// loadDMs fetches the user's direct messages and group DMs and counts what they have not seen.
async function loadDMs() {
  const user = state.user;
  if (!user) return;
  const data = await api(`/api/dms?${query({ user })}`);
  if (user !== state.user) return;
  const seen = seenDMs();
  for (const dm of data.dms) {
    const after = lastSeen(seen, user, dm.id);
    if (dm.id === state.channel || !dm.lastMessageId || BigInt(dm.lastMessageId) <= after) continue;
    const list = await api(`/api/messages?${query({ channel: dm.id, user })}`);
    if (user !== state.user) return;
    const unread = state.dmUnread.get(dm.id) || new Set();
    for (const m of list.messages) {
      if (BigInt(m.id) > after) unread.add(m.id);
    }
    state.dmUnread.set(dm.id, unread);
  }
  state.dms = data.dms;
  state.dmsFor = user;
}

// ---- Choosing who and where ----

// selectUser makes the page act as another user. Their direct messages are theirs alone: the
// page drops the last user's, and opens an event stream for the new user, whose "ready" loads
// theirs and the messages shown.
function selectUser(id) {
  if (!userById(id)) return;
  const c = channelById(state.channel);
  if (state.user !== id && !document.getElementById("activity-panel").hidden) closeActivity(); // it was the other user's
  state.user = id;
  state.failed.clear();
  state.dismissed.clear();
  state.dms = [];
  state.dmsFor = null;
  if (c && c.dm) {
    state.wantDM = { id: c.id, bot: dmKind(c) === "bot" };
    state.channel = state.lastGuildChannel;
  }
  remember();
  renderSidebar();
  renderUser();
  renderHeader();
  closePopup();
  connect();
  els.input.focus();
}

// openBotDM opens the user's direct messages with the bot, as "Message" on its profile does, so
// that its commands can be used there before it has written.
async function openBotDM() {
  try {
    const c = await api("/api/dms", { user: state.user });
    await loadDMs();
    selectChannel(c.id);
  } catch (e) {
    showError(e.message);
  }
}

function selectChannel(id) {
  const c = channelById(id);
  if (!c) return;
  state.channel = id;
  if (!c.dm) state.lastGuildChannel = id;
  state.unread.delete(id);
  state.dmUnread.delete(id);
  state.failed.clear();
  els.app.classList.remove("nav-open");
  $("thread-form").hidden = true;
  remember();
  renderSidebar();
  renderHeader();
  renderUser();
  closePopup();
  loadMessages();
  els.input.focus();
}

function remember() {
  const u = userById(state.user), c = channelById(state.channel);
  const params = new URLSearchParams(location.search);
  if (u) params.set("as", u.username);
  if (c) params.set("channel", c.dm ? `@${c.name}` : c.name);
  history.replaceState(null, "", `?${params}`);
}

// pickUser acts as the user the address names (?as=ben), or the first.
function pickUser() {
  const params = new URLSearchParams(location.search);
  const as = (params.get("as") || "").toLowerCase();
  const users = state.world.users;
  const u = users.find((x) => x.username.toLowerCase() === as || x.id === as) || users[0];
  state.user = u ? u.id : null;
}

// pickChannel shows the channel the address names (?channel=volo, or ?channel=@Volo for the
// direct messages with the bot, ?channel=@ana, ben for a group DM), or the first text channel.
function pickChannel() {
  const params = new URLSearchParams(location.search);
  const want = params.get("channel") || "volo";
  const all = allChannels();
  const guild = all.find((x) => !x.dm && (x.name === want || x.id === want)) || all.find((x) => !x.dm && !x.thread);
  const dm = state.dms.find((x) => `@${x.name}` === want || x.id === want);
  const c = dm || guild;
  state.channel = c ? c.id : null;
  if (!channelById(state.lastGuildChannel)) state.lastGuildChannel = guild ? guild.id : null;
  if (dm) state.dmUnread.delete(dm.id);
}

// ---- The message box and its autocomplete ----

function autosize() {
  els.input.style.height = "auto";
  els.input.style.height = `${els.input.scrollHeight}px`;
}

function showError(text) {
  els.error.textContent = text;
  els.error.hidden = false;
  els.box.classList.remove("error");
  void els.box.offsetWidth;
  els.box.classList.add("error");
}

function hideError() {
  els.error.hidden = true;
  els.box.classList.remove("error");
}

function lineBeforeCaret() {
  return els.input.value.slice(0, els.input.selectionStart ?? els.input.value.length);
}

function suggestSoon(delay = 90) {
  clearTimeout(state.suggestTimer);
  const line = lineBeforeCaret();
  if (els.input.disabled || state.suppress || !line.trimStart().startsWith("/")) {
    closePopup();
    els.popup.dataset.answered = line;
    return;
  }
  state.suggestTimer = setTimeout(() => suggest(line), delay);
}

async function suggest(line) {
  const seq = ++state.suggestSeq;
  let out;
  try {
    out = await api(`/api/autocomplete?${query({ channel: state.channel, user: state.user, line })}`);
  } catch (e) {
    out = { items: [], error: e.message };
  }
  if (seq !== state.suggestSeq || lineBeforeCaret() !== line || state.suppress) return;
  if (out.line && out.line !== line) {
    // The word typed moves into the command's first option, as Discord's client moves there:
    // "/volo challenge b" shows as "/volo challenge opponent:b", the caret after the b.
    const after = els.input.value.slice(line.length);
    els.input.value = out.line + after;
    els.input.setSelectionRange(out.line.length, out.line.length);
    line = out.line;
  }
  showPopup(out);
  els.popup.dataset.answered = line; // for whoever drives the page (see package sandboxtest)
}

function showPopup(out) {
  state.suggest = out;
  state.active = out.select && out.items.length ? 0 : -1;
  const items = out.items || [];
  if (!items.length && !out.hint && !out.error) {
    closePopup();
    return;
  }
  const bot = state.world.bot;
  const commands = out.title === "Commands";
  els.popupTitle.replaceChildren();
  if (commands) els.popupTitle.append(bot.name);
  else if (out.title) els.popupTitle.append(out.title);
  els.popupList.replaceChildren(...items.map((it, i) => {
    const li = el("li", {
      class: `suggestion${i === state.active ? " active" : ""}`,
      role: "option",
      "data-label": it.label,
      onmousedown: (ev) => {
        ev.preventDefault();
        accept(i);
      },
      onmousemove: () => setActive(i),
    });
    if (commands) li.append(avatar(bot, "small"));
    else if (it.user) li.append(avatar(it.user, "small"));
    li.append(el("span", { class: "label" }, it.label));
    if (it.detail) li.append(el("span", { class: `detail${it.detail === "required" ? " required" : ""}` }, it.detail));
    if (it.description) li.append(el("span", { class: "description" }, it.description));
    if (commands) li.append(el("span", { class: "source" }, bot.name));
    return li;
  }));
  const hint = out.error || out.hint;
  els.popupHint.hidden = !hint;
  els.popupHint.className = `autocomplete-hint${out.error ? " error" : ""}`;
  els.popupHint.replaceChildren();
  if (hint) {
    if (!out.error && out.title && !commands) els.popupHint.append(el("b", {}, out.title), " ");
    els.popupHint.append(hint);
  }
  els.popup.hidden = false;
  els.popup.dataset.state = "open";
}

function closePopup() {
  state.suggest = null;
  state.active = -1;
  els.popup.hidden = true;
  els.popup.dataset.state = "closed";
  state.suggestSeq++;
}

function setActive(i) {
  state.active = i;
  [...els.popupList.children].forEach((li, k) => li.classList.toggle("active", k === i));
  const li = els.popupList.children[i];
  if (li) li.scrollIntoView({ block: "nearest" });
}

function accept(i) {
  const it = state.suggest && state.suggest.items[i];
  if (!it) return;
  const rest = els.input.value.slice(els.input.selectionStart ?? els.input.value.length);
  els.input.value = it.line + rest;
  els.input.setSelectionRange(it.line.length, it.line.length);
  els.input.focus();
  autosize();
  hideError();
  state.suppress = false;
  suggestSoon(0);
}

async function send() {
  const line = els.input.value.trim();
  if (!line) return;
  // The suggestions of the line sent are of no use any more: the one still to be asked (a
  // keystroke's timer) is not asked, and one that comes back while the line is on its way is
  // not shown (closePopup makes it stale). Without this, a popup opened during the send stayed
  // over the newest messages, and a click meant for one of their buttons chose a suggestion.
  clearTimeout(state.suggestTimer);
  closePopup();
  hideError();
  try {
    const out = await api("/api/command", { channel: state.channel, user: state.user, line });
    if (els.input.value.trim() === line) {
      els.input.value = "";
      autosize();
      clearTimeout(state.suggestTimer);
      closePopup();
    }
    state.suppress = false;
    handleOutcome(out, null);
  } catch (e) {
    showError(e.message);
  }
}

function onKey(ev) {
  const items = state.suggest ? state.suggest.items : [];
  const open = !els.popup.hidden && items.length > 0;
  if (ev.isComposing) return;
  switch (ev.key) {
    case "ArrowDown":
    case "ArrowUp":
      if (!open) return;
      ev.preventDefault();
      if (ev.key === "ArrowDown") setActive(state.active < 0 ? 0 : (state.active + 1) % items.length);
      else setActive(state.active <= 0 ? items.length - 1 : state.active - 1);
      return;
    case "Tab":
      if (!open) return;
      ev.preventDefault();
      accept(state.active >= 0 ? state.active : 0);
      return;
    case "Enter":
      if (ev.shiftKey) return;
      ev.preventDefault();
      if (open && state.active >= 0) accept(state.active);
      else send();
      return;
    case "Escape":
      if (!els.popup.hidden) {
        ev.preventDefault();
        state.suppress = true;
        closePopup();
      }
      return;
  }
}

// ---- Threads, forms, images ----

function openThreadForm() {
  const c = channelById(state.channel);
  const parent = c && c.thread ? channelById(c.parentId) : c;
  if (!parent) return;
  $("thread-parent").textContent = `#${parent.name}`;
  $("thread-error").hidden = true;
  $("thread-form").hidden = false;
  $("thread-name").value = "";
  $("thread-name").focus();
}

async function createThread(ev) {
  ev.preventDefault();
  const c = channelById(state.channel);
  const parent = c && c.thread ? c.parentId : state.channel;
  const name = $("thread-name").value.trim();
  try {
    const th = await api("/api/threads", { channel: parent, user: state.user, name });
    $("thread-form").hidden = true;
    await loadWorld();
    selectChannel(th.id);
  } catch (e) {
    $("thread-error").textContent = e.message;
    $("thread-error").hidden = false;
  }
}

// addUser adds a person to the guild (POST /api/users), in the language picked, and acts as them.
async function addUser(ev) {
  ev.preventDefault();
  const name = $("add-user-name").value.trim();
  const locale = $("add-user-locale").value;
  // The last attempt's refusal is not this one's: it goes as this one starts.
  $("add-user-error").hidden = true;
  try {
    const u = await api("/api/users", { name, locale });
    $("add-user-name").value = "";
    $("add-user-error").hidden = true;
    await loadWorld();
    closeUserMenu();
    selectUser(u.id);
  } catch (e) {
    $("add-user-error").textContent = e.message;
    $("add-user-error").hidden = false;
  }
}

function openLightbox(src) {
  const box = $("lightbox");
  box.querySelector("img").src = src;
  box.hidden = false;
}

// ---- Start ----

function bind() {
  els.input.addEventListener("input", () => {
    autosize();
    hideError();
    state.suppress = false;
    suggestSoon();
  });
  els.input.addEventListener("keydown", onKey);
  els.input.addEventListener("click", () => suggestSoon(0));
  els.input.addEventListener("blur", () => setTimeout(() => {
    if (document.activeElement !== els.input) closePopup();
  }, 150));
  $("composer").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send();
  });
  els.userSwitch.addEventListener("click", toggleUserMenu);
  document.addEventListener("click", (ev) => {
    if (!$("user-panel").contains(ev.target)) closeUserMenu();
    const mention = ev.target.closest(".channel-mention");
    if (mention) selectChannel(mention.dataset.channel);
    const spoiler = ev.target.closest(".spoiler");
    if (spoiler) spoiler.classList.add("revealed");
  });
  els.messages.addEventListener("scroll", () => {
    state.stick = nearBottom();
  });
  $("menu-toggle").addEventListener("click", () => els.app.classList.toggle("nav-open"));
  $("members-toggle").addEventListener("click", () => {
    els.app.classList.toggle("members-hidden");
    $("members-toggle").classList.toggle("active", !els.app.classList.contains("members-hidden"));
  });
  $("members-toggle").classList.add("active");
  $("activity-close").addEventListener("click", closeActivity);
  $("new-thread-button").addEventListener("click", openThreadForm);
  $("thread-form").addEventListener("submit", createThread);
  $("add-user-form").addEventListener("submit", addUser);
  $("thread-cancel").addEventListener("click", () => {
    $("thread-form").hidden = true;
  });
  $("lightbox").addEventListener("click", () => {
    $("lightbox").hidden = true;
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      $("lightbox").hidden = true;
      closeUserMenu();
    }
  });
  setInterval(() => refreshStamps(els.list), 30000);
}

async function start() {
  bind();
  try {
    state.world = await api("/api/state");
  } catch (e) {
    showError(`The sandbox is not answering: ${e.message}`);
    return;
  }
  pickUser();
  try {
    await loadDMs();
  } catch (e) {
    showError(e.message);
  }
  pickChannel();
  remember();
  renderSidebar();
  renderUser();
  renderHeader();
  connect();
  els.input.focus();
}

start();
