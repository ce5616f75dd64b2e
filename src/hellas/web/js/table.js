// The table page: /table/ID?seat=K&token=T (no seat: watch as a spectator).
//
// One WebSocket carries the state: after every change the server sends this seat's view, its
// choices (only when it is this seat's decision), the new events and who sits where.  The page
// reconnects by itself (with backoff) and then gets the whole current state again.

import { BoardControl } from "./board-control.js";
import { ChoicePanel } from "./choices.js";
import { devToggle } from "./dev.js";
import { helpFor } from "./help/index.js";
import { HintBox, hintsNote } from "./hints.js";
import { rendererFor } from "./render/index.js";
import { botOptions, botTitle, normalBot } from "./levels.js";
import { resultsScene } from "./results.js";
import { TurnAlerts, turnNotice } from "./alerts.js";
import { ChatBox } from "./chat.js";
import { ClockLine } from "./clock.js";
import { rematchBox } from "./rematch.js";
import { SeatName, ratedRule } from "./people.js";
import { heroWith, personName, setPeople, withPeople } from "./render/common.js";
import {
  api, copyText, games, h, rememberSeat, replaceChildren, seatClass, seatDot, seatLink, seatParams,
  shareUrl, tableIdFromPath, toast,
} from "./util.js";

const EVENTS_SHOWN = 15;
const EVENTS_KEPT = 200;
const PING_EVERY = 25000;

const tableId = tableIdFromPath();
const { seat: mySeat, token } = seatParams();

const el = {
  title: document.getElementById("title"),
  name: document.getElementById("table-name"),
  conn: document.getElementById("conn"),
  status: document.getElementById("status"),
  outcomeSlot: document.getElementById("outcome-slot"),
  board: document.getElementById("board"),
  choices: document.getElementById("choices"),
  seats: document.getElementById("seats"),
  botControl: document.getElementById("bot-control"),
  events: document.getElementById("events"),
  eventsMore: document.getElementById("events-more"),
  replay: document.getElementById("replay-link"),
  phase: document.getElementById("phase"),
  help: document.getElementById("help-link"),
  role: document.getElementById("role"),
  hintsNote: document.getElementById("hints-note"),
};

let ws = null;
let state = null; // the last state message
let names = null; // display names per seat
let events = []; // newest last
let showAllEvents = false;
let freshConnection = false;
let retry = 0;
let retryTimer = null;
let pingTimer = null;
let stopped = false;
let gameInfo = null; // this game in /api/games: its bot levels and bot names
let renderSeq = 0;
let freshSteps = new Set(); // steps of the events the last message brought (highlighted)

const panel = new ChoicePanel(el.choices, (key) => {
  board.setBusy(true);
  send({ type: "choose", key, seq: state ? state.seq : null });
});
const board = new BoardControl(el.board, (key) => panel.pick(key)); // the board: click the things
const setBusy = panel.setBusy.bind(panel);
panel.setBusy = (busy) => {
  setBusy(busy);
  board.setBusy(busy);
};
const hints = new HintBox({ table: tableId, seat: mySeat, token, onPick: (key) => panel.hint([key]) });
panel.footer = hints.root;
// tables people come back to: table talk, the clock of a timed table, turn alerts, rematch
const chat = new ChatBox({ table: tableId, seat: mySeat, token, send, nameOf });
const clock = new ClockLine(nameOf);
const alerts = new TurnAlerts();
const seatName = new SeatName({ table: tableId, seat: mySeat, token }); // hello; a guest's name
el.seats.before(seatName.root);
document.querySelector(".sidebar").append(chat.root);
el.status.after(clock.root);
if (mySeat !== null) el.botControl.after(alerts.root);

// -- connection ---------------------------------------------------------------------------------

function wsUrl() {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  const q = new URLSearchParams();
  if (mySeat !== null) q.set("seat", String(mySeat)); // the token goes in the first message
  const qs = q.toString();
  return `${proto}://${window.location.host}/ws/${encodeURIComponent(tableId)}${qs ? `?${qs}` : ""}`;
}

function setConn(text, cls) {
  el.conn.textContent = text;
  el.conn.className = `conn ${cls}`;
}

function connect() {
  if (stopped) return;
  clearTimeout(retryTimer);
  setConn(retry ? "reconnecting…" : "connecting…", "connecting");
  let socket;
  try {
    socket = new WebSocket(wsUrl());
  } catch (err) {
    scheduleReconnect();
    return;
  }
  ws = socket;
  freshConnection = true;
  socket.addEventListener("open", () => {
    if (mySeat !== null) socket.send(JSON.stringify({ type: "auth", token }));
    retry = 0;
    setConn("online", "online");
    clearInterval(pingTimer);
    pingTimer = setInterval(() => send({ type: "ping" }), PING_EVERY);
  });
  socket.addEventListener("message", (e) => {
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  socket.addEventListener("close", (e) => {
    if (ws !== socket) return;
    clearInterval(pingTimer);
    panel.setBusy(false);
    if (e.code === 4403 || e.code === 4400 || e.code === 4429) { // refused: reconnecting won't help
      stopped = true;
      setConn("refused", "offline");
      return;
    }
    setConn("offline", "offline");
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  if (stopped) return;
  const delay = Math.min(10000, 500 * 2 ** retry) + Math.random() * 300;
  retry += 1;
  setConn(`offline — retrying in ${Math.round(delay / 1000)}s`, "offline");
  retryTimer = setTimeout(connect, delay);
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify(msg));
    return true;
  }
  if (msg.type === "choose") {
    toast("Not connected: the choice was not sent. Reconnecting…", "error");
    panel.setBusy(false);
  }
  return false;
}

// Reconnect at once when the page comes back to life (phones sleep sockets).
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !stopped && (!ws || ws.readyState > WebSocket.OPEN)) {
    retry = 0;
    connect();
  }
});
window.addEventListener("online", () => {
  if (!stopped && (!ws || ws.readyState > WebSocket.OPEN)) {
    retry = 0;
    connect();
  }
});

// -- messages -----------------------------------------------------------------------------------

function onMessage(msg) {
  if (chat.onMessage(msg)) return;
  if (msg.type === "state") {
    onState(msg);
  } else if (msg.type === "seats") {
    // who sits where and who is online changed (a seat connected or left): no new state
    if (state) {
      const named = (seats) => JSON.stringify(seats.map((s) => s.name || ""));
      const renamed = named(state.seats) !== named(msg.seats);
      state.seats = msg.seats;
      setPeople(msg.seats);
      if (renamed) { // someone gave their name: every line that says who is drawn again
        onState({ ...state, events: [], recent: false });
        return;
      }
      renderSeats(state);
      seatName.update(state);
    }
  } else if (msg.type === "error") {
    panel.setBusy(false);
    if (["bad-token", "no-table", "bad-seat", "closed"].includes(msg.code)) {
      showFatal(msg.message);
    } else {
      toast(msg.message || "error", msg.code === "stale" ? "info" : "error");
    }
  }
}

function showFatal(message) {
  stopped = true;
  el.status.className = "status error";
  el.status.textContent = message;
  replaceChildren(el.board, h("div", { class: "panel fatal" },
    h("p", {}, message),
    h("p", {}, h("a", { href: "/" }, "Back to the lobby"),
      mySeat !== null ? [" · ", h("a", { href: `/table/${encodeURIComponent(tableId)}` }, "watch as a spectator")] : null)));
  document.body.dataset.ready = "1";
}

async function onState(msg) {
  const first = state === null;
  state = msg;
  if (freshConnection || msg.recent) {
    // A new connection (or a full resend) starts with the server's recent events: keep what we
    // knew from before them (a restarted server remembers no earlier events), then take its list.
    const cut = msg.events.length ? msg.events[0].step : Infinity;
    events = events.filter((e) => e.step < cut).concat(msg.events);
    freshConnection = false;
    freshSteps = new Set();
  } else {
    events.push(...msg.events);
    freshSteps = new Set(msg.events.map((e) => e.step));
  }
  if (events.length > EVENTS_KEPT) events = events.slice(-EVENTS_KEPT);

  if (first) {
    el.title.textContent = msg.title;
    if (mySeat !== null) {
      rememberSeat({ table: msg.table, seat: mySeat, token, game: msg.game, title: msg.title, name: msg.name,
        link: seatLink(`/table/${msg.table}`, mySeat, token) });
    }
    loadBots(msg.game);
    el.help.href = `/how-to-play/${encodeURIComponent(msg.game)}`;
    el.help.setAttribute("aria-label", `How to play ${msg.title}`);
  }
  el.name.textContent = msg.name ? `“${msg.name}”` : `table ${msg.table}`;

  const seq = ++renderSeq;
  const [renderer, help] = await Promise.all([rendererFor(msg.game), helpFor(msg.game)]);
  if (seq !== renderSeq) return; // a newer state arrived while loading
  panel.explain = (c) => help.explain(c, msg.view);
  try {
    el.phase.textContent = msg.outcome ? "" : help.phase(msg.view) || "";
  } catch {
    el.phase.textContent = "";
  }
  panel.context = el.phase.textContent;
  try {
    names = renderer.seatNames ? renderer.seatNames(msg.view) : null;
  } catch {
    names = null;
  }
  setPeople(msg.seats); // who sits where, by name: the renderers' "who" reads them
  seatName.update(msg);
  renderStatus(msg);
  renderOutcome(msg, renderer);
  chat.update(msg);
  clock.update(msg);
  alerts.update(msg.seat !== null && msg.seat !== undefined && msg.choices.length > 0 && !msg.outcome, turnNotice(msg, events));
  const ctx = {
    seat: msg.seat,
    choices: msg.choices,
    replay: false,
    outcomeShown: Boolean(msg.outcome),
    choose: (key) => panel.pick(key),
    hint: (keys) => panel.hint(keys),
  };
  const before = cardCounts();
  const places = placeContents();
  try {
    renderer.render(el.board, msg.view, ctx);
    if (!first) {
      markChangedPlaces(places);
      markNewCards(before);
    }
  } catch (err) {
    console.error("render failed", err);
    replaceChildren(el.board, h("div", { class: "panel" }, h("p", { class: "error" }, `Cannot draw this view: ${err.message}`),
      h("pre", { class: "raw-view dev-only" }, JSON.stringify(msg.view, null, 2))));
  }
  board.setBusy(false);
  board.update(msg.choices, renderer.targets ? (key) => renderer.targets(key, msg.view) : null, el.phase.textContent,
    renderer.compound ? (choices) => renderer.compound(choices, msg.view) : null);
  hints.update(msg);
  el.hintsNote.textContent = hintsNote(msg);
  panel.update(msg.choices, waitingText(msg));
  renderSeats(msg);
  renderEvents();
  renderReplayLink(msg);
  window.hellasSeq = msg.seq; // the last state drawn (tests wait on it)
  document.body.dataset.ready = "1";
}

// Cards (elements with data-card) on the board, counted by kind, to spot the ones just drawn.
function cardCounts() {
  const counts = new Map();
  for (const node of el.board.querySelectorAll("[data-card]")) {
    counts.set(node.dataset.card, (counts.get(node.dataset.card) || 0) + 1);
  }
  return counts;
}

function markNewCards(before) {
  const seen = new Map();
  for (const node of el.board.querySelectorAll("[data-card]")) {
    const n = (seen.get(node.dataset.card) || 0) + 1;
    seen.set(node.dataset.card, n);
    if (n > (before.get(node.dataset.card) || 0)) node.classList.add("fresh");
  }
}

// Places on the board (Lords regions, Legends monsters) by id, with what they contain, so a
// move, a battle or a card played shows where it happened.
const PLACES = "[data-region], [data-monster]";
const placeKey = (node) => `${node.dataset.region || ""}/${node.dataset.monster || ""}/${node.dataset.layer || ""}`;
const contentOf = (node) => node.innerHTML.replace(/ (fresh|m-[a-z]+)\b/g, ""); // our own marks aside

function placeContents() {
  const out = new Map();
  for (const node of el.board.querySelectorAll(PLACES)) {
    out.set(placeKey(node), contentOf(node));
  }
  return out;
}

function markChangedPlaces(before) {
  for (const node of el.board.querySelectorAll(PLACES)) {
    const was = before.get(placeKey(node));
    if (was !== undefined && was !== contentOf(node)) node.classList.add("fresh");
  }
}

function nameOf(seat) {
  if (seat === null || seat === undefined) return "";
  const person = personName(seat); // "Ana", "Bea (guest)", "Normal bot", else "Player 2"
  const hero = names && names[seat]; // a game's own name for the seat: "Heracles (Ana)"
  return hero && hero !== `Player ${seat + 1}` && hero !== person ? heroWith(hero, person) : person;
}

function waitingText(msg) {
  if (msg.outcome) return "The game is over.";
  if (msg.to_act === null || msg.to_act === undefined) return "Nothing to decide right now.";
  const info = msg.seats[msg.to_act];
  if (msg.seat === msg.to_act && info && info.driver !== "human") {
    return `A bot (${botTitle(info.driver, gameInfo)}) is playing your seat. Take it back below.`;
  }
  const bot = info && info.driver !== "human" ? ` (${botTitle(info.driver, gameInfo)} bot)` : "";
  return `Waiting for ${nameOf(msg.to_act)}${bot}…`;
}

function renderStatus(msg) {
  let text;
  let cls;
  const spectator = msg.seat === null || msg.seat === undefined;
  const info = msg.to_act !== null && msg.to_act !== undefined ? msg.seats[msg.to_act] : null;
  if (msg.outcome) {
    text = "Game over";
    cls = "over";
  } else if (!spectator && msg.choices.length) {
    text = "Your decision";
    cls = "mine";
  } else if (!spectator && msg.to_act === msg.seat && info && info.driver !== "human") {
    text = `A bot (${botTitle(info.driver, gameInfo)}) is playing your seat`;
    cls = "bot";
  } else if (info) {
    const bot = info.driver !== "human" ? ` — the ${botTitle(info.driver, gameInfo)} bot is thinking` : "";
    text = `${nameOf(msg.to_act)} to decide${bot}`;
    cls = "waiting";
  } else {
    text = "…";
    cls = "waiting";
  }
  replaceChildren(el.status,
    msg.to_act !== null && msg.to_act !== undefined && !msg.outcome ? seatDot(msg.to_act) : null,
    " ", h("span", { class: "status-text" }, text));
  el.status.className = `status ${cls}`;
  el.role.textContent = spectator ? "Watching as a spectator" : `You are ${nameOf(msg.seat)}`;
  el.role.className = `role ${spectator ? "" : seatClass(msg.seat)}`;
  document.title = `${cls === "mine" ? "● Your decision — " : ""}${msg.title} — Hellas`;
}

function renderOutcome(msg, renderer) {
  const existing = document.querySelector("[data-testid=outcome]");
  if (!msg.outcome) {
    if (existing) existing.remove();
    return;
  }
  const scene = resultsScene(msg, renderer, nameOf, replayHref(msg));
  const again = rematchBox(msg, token);
  if (again) scene.append(again);
  if (existing) existing.replaceWith(scene);
  else el.outcomeSlot.append(scene);
}

function replayHref(msg) {
  const base = `/replay/${encodeURIComponent(msg.table)}`;
  if (msg.seat !== null && msg.seat !== undefined) {
    return seatLink(base, msg.seat, token);
  }
  return msg.outcome ? base : null;
}

function renderReplayLink(msg) {
  const href = replayHref(msg);
  if (href) {
    el.replay.href = href;
    el.replay.hidden = false;
  } else {
    el.replay.hidden = true;
  }
}

// -- seats and the bot control ------------------------------------------------------------------

async function loadBots(gameId) {
  try {
    const list = await games();
    gameInfo = list.find((g) => g.id === gameId) || null;
  } catch (err) {
    gameInfo = null;
  }
  if (state) renderSeats(state);
}

function renderSeats(msg) {
  const items = msg.seats.map((s) => {
    const acting = msg.to_act === s.seat && !msg.outcome;
    const human = s.kind === "human";
    let what;
    if (!human) {
      what = h("span", { class: "kind bot" }, `bot, ${botTitle(s.kind, gameInfo)}`,
        h("span", { class: "dev-only" }, ` (${s.kind})`));
    } else if (!s.claimed) {
      what = h("span", { class: "kind free" }, "free seat");
    } else if (s.driver !== "human") {
      what = h("span", { class: "kind bot" }, `human, played by the ${botTitle(s.driver, gameInfo)} bot`,
        h("span", { class: "dev-only" }, ` (${s.driver})`));
    } else {
      what = h("span", { class: "kind human" }, "human");
    }
    // your own seat is online whenever this page is connected (the server tells only the others)
    const on = s.online || (s.seat === msg.seat && ws !== null && ws.readyState === WebSocket.OPEN);
    const online = human && s.claimed
      ? h("span", { class: `online ${on ? "yes" : "no"}`, title: on ? "connected" : "not connected" },
        on ? "online" : "offline")
      : null;
    const invite = human && !s.claimed && !msg.outcome
      ? h("button", {
        type: "button",
        class: "small secondary",
        onclick: async () => {
          const link = await shareUrl(`/?join=${encodeURIComponent(msg.table)}&seat=${s.seat}`);
          const ok = await copyText(link);
          toast(ok ? "Invitation link copied" : link, "info", ok ? 2500 : 10000);
        },
      }, "copy invite link")
      : null;
    return h("li", { class: `seat ${seatClass(s.seat)} ${acting ? "acting" : ""} ${s.seat === msg.seat ? "you" : ""}`,
      dataset: { seat: s.seat } },
    seatDot(s.seat), " ",
    h("span", { class: "seat-name" }, nameOf(s.seat), s.seat === msg.seat ? h("strong", {}, " (you)") : null),
    " ", what, " ", online, acting ? h("span", { class: "badge acting-badge" }, "to act") : null, invite);
  });
  replaceChildren(el.seats, ...items);
  renderBotControl(msg);
}

function renderBotControl(msg) {
  if (msg.seat === null || msg.seat === undefined || !token || msg.outcome) {
    replaceChildren(el.botControl);
    return;
  }
  const me = msg.seats[msg.seat];
  if (!me || me.kind !== "human") {
    replaceChildren(el.botControl);
    return;
  }
  const botPlays = me.driver !== "human";
  const prev = el.botControl.querySelector("select");
  const chosen = prev ? prev.value : "";
  const preferred = botPlays ? me.driver : (chosen || normalBot(gameInfo));
  const options = botOptions(gameInfo, preferred, false, (title) => `the ${title} bot`);
  const select = h("select", { dataset: { testid: "bot-select" }, "aria-label": "Bot level to play your seat", disabled: botPlays || !options.length },
    options);
  const button = h("button", {
    type: "button",
    class: botPlays ? "" : "secondary",
    dataset: { testid: "bot-toggle" },
    onclick: async () => {
      button.disabled = true;
      try {
        await api(`/api/tables/${encodeURIComponent(msg.table)}/seats/${msg.seat}/bot`,
          { token, bot: botPlays ? "" : select.value });
        toast(botPlays ? "Your seat is yours again" : `The ${botTitle(select.value, gameInfo)} bot plays your seat`);
      } catch (err) {
        toast(err.message, "error");
        button.disabled = false;
      }
    },
  }, botPlays ? "Take my seat back" : "Let a bot play for me");
  replaceChildren(el.botControl,
    h("label", { class: "bot-label" }, botPlays ? `The ${botTitle(me.driver, gameInfo)} bot is playing for you. ` : "Away? Hand your seat to ", select),
    " ", button, ratedRule(msg, gameInfo));
}

// -- events -------------------------------------------------------------------------------------

function renderEvents() {
  const newest = events.slice().reverse();
  const shown = showAllEvents ? newest : newest.slice(0, EVENTS_SHOWN);
  replaceChildren(el.events, ...shown.map((e, i) => h("li", {
    class: `ev kind-${(e.kind || "info").replace(/[^a-z0-9-]/gi, "")} ${i === 0 ? "latest" : ""} ${freshSteps.has(e.step) ? "fresh" : ""}`,
  }, h("span", { class: "ev-step", title: `move ${e.step}` }, String(e.step)), " ", h("span", { class: "ev-text" }, withPeople(e.text)))));
  if (!events.length) el.events.append(h("li", { class: "muted" }, "Nothing yet."));
  if (events.length > EVENTS_SHOWN) {
    el.eventsMore.hidden = false;
    el.eventsMore.textContent = showAllEvents ? "Show fewer" : `Show all ${events.length}`;
  } else {
    el.eventsMore.hidden = true;
  }
}

el.eventsMore.addEventListener("click", () => {
  showAllEvents = !showAllEvents;
  renderEvents();
});

// -- the phone layout: keep the page clear of the docked choice panel --------------------------

const dock = window.matchMedia("(max-width: 900px)");
const resize = new ResizeObserver(() => {
  document.body.style.paddingBottom = dock.matches ? `${el.choices.offsetHeight + 8}px` : "";
});
resize.observe(el.choices);
dock.addEventListener("change", () => {
  document.body.style.paddingBottom = dock.matches ? `${el.choices.offsetHeight + 8}px` : "";
});

// -- start --------------------------------------------------------------------------------------

document.getElementById("dev-slot").append(devToggle());

if (!tableId) {
  showFatal("No table given.");
} else {
  el.title.textContent = "Hellas";
  el.name.textContent = `table ${tableId}`;
  connect();
}


// a seat link differs only in its fragment: following one to another seat of this table must
// load that seat, not stay on this one
window.addEventListener("hashchange", () => window.location.reload());
