// The lobby: create a table (game, options from the game's schema, who plays each seat, public
// or private), join an open seat, watch or replay a table, and find again the tables whose seats
// this browser holds ("My tables").  /?join=ID&seat=K claims that open seat and goes to it.

import { startAccount } from "./account.js";
import {
  api, copyText, forgetSeat, games, h, mySeats, query, rememberSeat, replaceChildren,
  seatClass, seatDot, seatLink, toast,
} from "./util.js";
import { drawTiles, quickPlay } from "./lobby-games.js";
import { markTitle } from "./alerts.js";
import { duration } from "./clock.js";
import { customField, isAdvanced, loadPickers } from "./pickers.js";
import { loadArt } from "./art.js";
import { advancedBots, botOptions, botTitle, levelsHelp, levelsOf, normalBot } from "./levels.js";

const LIST_LIMIT = 15;
let openShown = LIST_LIMIT; // open tables shown; "Show more" adds as many again
const REFRESH_MS = 5000;
const LAST_GAME = "hellas.lastGame";

const el = {
  game: document.getElementById("game"),
  summary: document.getElementById("game-summary"),
  options: document.getElementById("options"),
  seats: document.getElementById("seats"),
  name: document.getElementById("table-name"),
  seed: document.getElementById("seed"),
  create: document.getElementById("create"),
  private: document.getElementById("private"),
  hints: document.getElementById("hints"),
  pace: document.getElementById("pace"),
  customPace: document.getElementById("custom-pace"),
  perMove: document.getElementById("pace-per-move"),
  reserve: document.getElementById("pace-reserve"),
  mute: document.getElementById("mute-spectators"),
  createError: document.getElementById("create-error"),
  created: document.getElementById("created"),
  open: document.getElementById("open-tables"),
  playing: document.getElementById("playing-tables"),
  finished: document.getElementById("finished-tables"),
  mine: document.getElementById("mine"),
  minePanel: document.getElementById("mine-panel"),
  joinBox: document.getElementById("join-box"),
  tiles: document.getElementById("game-tiles"),
  advanced: document.getElementById("advanced-bots"),
  levelsHelp: document.getElementById("levels-help"),
  advancedOptions: document.getElementById("advanced-options"),
};

let gameList = [];
let current = null; // the selected game's description

// -- joining by link ----------------------------------------------------------------------------

async function handleJoin(params) {
  const id = params.get("join");
  const seat = Number(params.get("seat"));
  el.joinBox.hidden = false;
  replaceChildren(el.joinBox, h("h2", {}, `Joining table ${id}…`));
  if (!Number.isInteger(seat) || params.get("seat") === null || params.get("seat") === "") {
    replaceChildren(el.joinBox, h("h2", {}, "Cannot join"), h("p", { class: "form-error" }, "The link names no seat."));
    return;
  }
  try {
    const res = await api(`/api/tables/${encodeURIComponent(id)}/claim`, { seat });
    rememberSeat({ table: id, seat: res.seat, token: res.token, link: res.link });
    window.location.replace(res.link);
  } catch (err) {
    replaceChildren(el.joinBox,
      h("h2", {}, `Cannot join seat ${seat + 1} of table ${id}`),
      h("p", { class: "form-error" }, err.message),
      h("p", {}, h("a", { href: `/table/${encodeURIComponent(id)}`, class: "button secondary" }, "Watch this table"), " ",
        h("a", { href: "/", class: "button secondary" }, "Back to the lobby")));
  }
}

// -- the new-table form -------------------------------------------------------------------------

function fillGames() {
  const params = query();
  const wanted = params.get("game") || localStorage.getItem(LAST_GAME) || (gameList[0] && gameList[0].id);
  replaceChildren(el.game, gameList.map((g) => h("option", { value: g.id, selected: g.id === wanted }, g.title)));
  if (!gameList.some((g) => g.id === wanted) && gameList.length) el.game.value = gameList[0].id;
  selectGame(el.game.value);
}

function selectGame(id) {
  current = gameList.find((g) => g.id === id) || null;
  if (!current) return;
  try {
    localStorage.setItem(LAST_GAME, id);
  } catch {
    // ignore
  }
  el.summary.textContent = current.summary;
  el.game.value = id;
  drawTiles(el.tiles, gameList, id, selectGame, (message) => {
    el.createError.textContent = message;
  });
  buildOptions();
  buildSeats();
  el.created.hidden = true;
  el.createError.textContent = "";
}

function optionField(opt, seatOpt) {
  const custom = customField(current.id, opt, () => seatCount() ?? current.min_seats);
  if (custom) return custom;
  const id = `opt-${opt.name}`;
  let input;
  if (opt.kind === "int") {
    let min = opt.minimum;
    let max = opt.maximum;
    if (opt.name === seatOpt) {
      min = Math.max(min ?? current.min_seats, current.min_seats);
      max = Math.min(max ?? current.max_seats, current.max_seats);
    }
    input = h("input", { id, name: opt.name, type: "number", step: "1", min: min ?? null, max: max ?? null, value: opt.default, required: true });
  } else if (opt.kind === "bool") {
    input = h("input", { id, name: opt.name, type: "checkbox", checked: Boolean(opt.default) });
  } else if (opt.kind === "str" && opt.choices) {
    input = h("select", { id, name: opt.name }, opt.choices.map((c) => h("option", { value: c, selected: c === opt.default }, c)));
  } else if (opt.kind === "list") {
    input = h("input", { id, name: opt.name, type: "text", value: (opt.default || []).join(","), placeholder: "comma-separated" });
  } else {
    input = h("input", { id, name: opt.name, type: "text", value: opt.default ?? "" });
  }
  input.dataset.kind = opt.kind;
  const label = opt.name === seatOpt ? "Players" : opt.name.replace(/_/g, " ");
  return h("div", { class: "field" },
    h("label", { for: id }, label.charAt(0).toUpperCase() + label.slice(1)),
    input,
    opt.help ? h("span", { class: "help" }, opt.help) : null);
}

// the content packs the server's operator offers (hellas serve --packs): a table names one in the
// game's local_only option, which the server maps to the pack's folder
function packField(game) {
  const opt = game.options.find((o) => o.local_only);
  if (!opt || !(game.packs || []).length) return null;
  const help = h("span", { class: "help", dataset: { testid: "pack-help" } });
  const select = h("select", { id: `opt-${opt.name}`, name: opt.name, dataset: { testid: "pack" } },
    h("option", { value: "" }, "None (the cards of the box)"),
    game.packs.map((p) => h("option", { value: p.id }, p.name)));
  const describe = () => {
    const chosen = game.packs.find((p) => p.id === select.value);
    if (!chosen) {
      help.textContent = "Content packs are cards an owner typed in; this server offers them.";
      return;
    }
    const lines = [chosen.description, ...(chosen.contents || [])];
    if (chosen.modules) lines.push(`plays with: ${chosen.modules.split(",").join(", ")}`);
    help.textContent = lines.filter(Boolean).join(" · ");
  };
  select.addEventListener("change", describe);
  describe();
  return h("div", { class: "field" }, h("label", { for: select.id }, "Content pack"), select, help);
}

function buildOptions() {
  const seatOpt = current.seats_option;
  const shown = current.options.filter((opt) => !opt.local_only && !opt.legacy);
  const fields = shown.filter((opt) => !isAdvanced(current.id, opt.name)).map((opt) => optionField(opt, seatOpt));
  const extra = shown.filter((opt) => isAdvanced(current.id, opt.name)).map((opt) => optionField(opt, seatOpt));
  const pack = packField(current);
  if (pack) fields.push(pack);
  replaceChildren(el.options, fields, extra.length
    ? h("details", { class: "more advanced-options", dataset: { testid: "advanced-options" } },
      h("summary", {}, "Advanced rules options"), extra)
    : null);
  const players = el.options.elements.namedItem(seatOpt);
  const refresh = () => {
    buildSeats();
    for (const field of fields) if (field.refresh) field.refresh();
  };
  if (players) {
    players.addEventListener("input", refresh);
    players.addEventListener("change", refresh);
  }
  for (const field of fields) if (field.refresh) field.refresh();
}

function seatCount() {
  const players = current && el.options.elements.namedItem(current.seats_option);
  if (!players) return current ? current.min_seats : 0;
  const n = Number(players.value);
  if (!Number.isInteger(n)) return null;
  return Math.max(current.min_seats, Math.min(current.max_seats, n));
}

function buildSeats() {
  const n = seatCount();
  if (n === null) return;
  const previous = [...el.seats.querySelectorAll("select[data-testid=seat]")].map((s) => s.value);
  const fallbackBot = normalBot(current);
  const advanced = el.advanced.checked;
  // a seat keeps its pick while this game offers it (a new game or no Advanced: its Normal bot)
  const offered = new Set(["human", ...levelsOf(current).map((l) => l.bot), ...(advanced ? advancedBots(current) : [])]);
  const rows = [];
  for (let i = 0; i < n; i += 1) {
    const kept = previous[i];
    const value = kept && offered.has(kept) ? kept : (i === 0 && kept === undefined ? "human" : fallbackBot);
    const id = `seat-${i}`;
    rows.push(h("div", { class: `seat-row ${seatClass(i)}` },
      h("label", { for: id }, seatDot(i), `Seat ${i + 1}`),
      h("select", { id, name: id, dataset: { testid: "seat", seat: i }, "aria-describedby": "levels-help" },
        h("option", { value: "human", selected: value === "human" }, "Human"),
        h("optgroup", { label: "Bots" }, botOptions(current, value, advanced, (title) => `Bot — ${title}`)))));
  }
  replaceChildren(el.seats, rows);
  el.levelsHelp.textContent = levelsHelp(current);
}

function readOptions() {
  const out = {};
  for (const opt of current.options) {
    const field = el.options.elements.namedItem(opt.name);
    if (!field) continue;
    if (opt.kind === "int") {
      const raw = field.value.trim();
      if (raw === "") throw new Error(`give a number for ${opt.name}`);
      const n = Number(raw);
      if (!Number.isInteger(n)) throw new Error(`${opt.name} must be a whole number`);
      out[opt.name] = n;
    } else if (opt.kind === "bool") {
      out[opt.name] = field.checked;
    } else {
      out[opt.name] = field.value;
    }
  }
  return out;
}

/** The pace the form asks for: a name, or {per_move, reserve} in seconds for a custom one. */
function readPace() {
  if (el.pace.value !== "custom") return el.pace.value;
  const minutes = (input, what) => {
    const n = Number(input.value);
    if (input.value.trim() === "" || !Number.isFinite(n) || n < 0) throw new Error(`give the ${what} in minutes`);
    return n;
  };
  const perMove = minutes(el.perMove, "time a decision");
  const reserve = minutes(el.reserve, "reserve");
  if (perMove * 60 < 3) throw new Error("a decision needs at least 3 seconds (0.05 minutes)");
  if (perMove > 43200 || reserve > 43200) throw new Error("at most 30 days (43200 minutes) each");
  return { per_move: Math.round(perMove * 60 * 10) / 10, reserve: Math.round(reserve * 60 * 10) / 10 };
}

async function create() {
  el.createError.textContent = "";
  el.created.hidden = true;
  let body;
  try {
    const options = readOptions();
    const seats = [...el.seats.querySelectorAll("select[data-testid=seat]")].map((s) => s.value);
    body = { game: current.id, options, seats, private: el.private.checked, hints: el.hints.checked,
      pace: readPace(), mute_spectators: el.mute.checked };
    const name = el.name.value.trim();
    if (name) body.name = name;
    const seed = el.seed.value.trim();
    if (seed !== "") {
      const n = Number(seed);
      if (!Number.isInteger(n)) throw new Error("the seed must be a whole number");
      body.seed = n;
    }
  } catch (err) {
    el.createError.textContent = err.message;
    return;
  }
  el.create.disabled = true;
  try {
    const res = await api("/api/tables", body);
    if (res.you) {
      rememberSeat({ table: res.id, seat: res.you.seat, token: res.you.token, game: current.id, title: current.title,
        name: body.name || "", link: res.you.link, invites: res.invites.map((i) => ({ seat: i.seat, url: i.url })) });
    }
    if (!res.join.length && !res.invites.length && !(res.warnings || []).length) {
      window.location.href = res.you ? res.you.link : res.watch;
      return;
    }
    showCreated(res);
    refreshLists();
  } catch (err) {
    el.createError.textContent = err.message;
  } finally {
    el.create.disabled = false;
  }
}

function linkRow(seat, url, testid) {
  return h("div", { class: `link-row ${seatClass(seat)}` },
    seatDot(seat), h("strong", {}, `Seat ${seat + 1}:`),
    h("a", { href: url, dataset: { testid, seat } }, url),
    h("button", {
      type: "button",
      class: "small secondary",
      onclick: async () => toast(await copyText(url) ? `Link for seat ${seat + 1} copied` : url),
    }, "Copy"));
}

function showCreated(res) {
  const intro = res.private
    ? [h("p", {}, "A private table: it is not listed, and each link below is the key to one seat. Send each friend their own link, privately — whoever opens it plays that seat."),
      res.invites.map((i) => linkRow(i.seat, i.url, "invite-link")),
      h("p", { class: "warn-note" }, "The links are kept under My tables in this browser.")]
    : [h("p", {}, "Open seats: anyone can take them, from these links or from the lobby's open tables — first come, first seated. For friends only, tick “Private table” instead."),
      res.join.map((j) => linkRow(j.seat, j.url, "join-link"))];
  const warnings = (res.warnings || []).length
    ? h("div", { class: "warn-note", role: "note", dataset: { testid: "create-warnings" } },
      res.warnings.map((w) => h("p", {}, `⚠ ${w}`)))
    : null;
  replaceChildren(el.created,
    h("h2", {}, `Table ${res.id} is ready`),
    warnings,
    res.join.length || res.invites.length ? intro : null,
    h("div", { class: "form-actions" },
      res.you ? h("a", { href: res.you.link, class: "button big", dataset: { testid: "go-table" } }, `Go to your seat (seat ${res.you.seat + 1}) →`) : null,
      h("a", { href: res.watch, class: "button secondary" }, "Watch")));
  el.created.hidden = false;
  el.created.scrollIntoView({ block: "nearest", behavior: "smooth" });
}

// -- table lists --------------------------------------------------------------------------------

function gameTitle(id) {
  return (gameList.find((g) => g.id === id) || { title: id }).title;
}

function seatKinds(seats, game, names, free = []) {
  const info = gameList.find((g) => g.id === game);
  return h("span", { class: "seat-kinds" }, seats.map((kind, i) => {
    // [issue 48] who sits there, by name ("Ana", "Bea (guest)", "Normal bot"), where known
    const named = names && names[i];
    const person = free.includes(i) ? "free seat" : "a player"; // (not the kind's word, "human")
    const words = named || (kind === "human" ? person : `${botTitle(kind, info)} bot`);
    return h("span", { class: `seat-kind ${seatClass(i)}`, title: `seat ${i + 1}: ${words}` }, words);
  }));
}

function tableItem(t, actions) {
  return h("li", { class: "table-item", dataset: { table: t.id } },
    h("span", { class: "t-title" }, gameTitle(t.game)),
    h("span", { class: "t-meta" }, t.name ? `“${t.name}” · ` : "", `${t.id} · ${t.moves} move${t.moves === 1 ? "" : "s"}`),
    seatKinds(t.seats, t.game, t.names, t.free),
    t.status === "unavailable"  // a stored table the server could not load: say why, offer nothing
      ? h("span", { class: "t-actions form-error", dataset: { testid: "unavailable" } }, `Unavailable: ${t.reason}`)
      : h("span", { class: "t-actions" }, actions));
}

// Fill a list with up to `limit` items; past that, a "Show more" button (onMore) or a note.
function fillList(node, items, empty, limit = LIST_LIMIT, onMore = null) {
  if (!items.length) {
    replaceChildren(node, h("li", { class: "muted" }, empty));
    return;
  }
  replaceChildren(node, items.slice(0, limit));
  if (items.length <= limit) return;
  node.append(onMore
    ? h("li", {}, h("button", { type: "button", class: "small secondary", dataset: { testid: "more-open" }, onclick: onMore }, "Show more"))
    : h("li", { class: "muted" }, "…and more"));
}

// The newest `count` tables of a list, asked for in pages (the server sends 100 at most).
async function fetchTables(status, count) {
  const out = [];
  while (out.length < count) {
    const limit = Math.min(100, count - out.length);
    const page = await api(`/api/tables?status=${status}&limit=${limit}&offset=${out.length}`);
    out.push(...page);
    if (page.length < limit) break;
  }
  return out;
}

async function claim(id, seat, button) {
  button.disabled = true;
  try {
    const res = await api(`/api/tables/${encodeURIComponent(id)}/claim`, { seat });
    rememberSeat({ table: id, seat: res.seat, token: res.token, link: res.link });
    window.location.href = res.link;
  } catch (err) {
    toast(err.message, "error");
    button.disabled = false;
    refreshLists();
  }
}

async function refreshLists() {
  let open;
  let playing;
  let finished;
  try {
    [open, playing, finished] = await Promise.all([
      fetchTables("open", openShown + 1), fetchTables("playing", LIST_LIMIT + 1),
      fetchTables("finished", LIST_LIMIT + 1),
    ]);
  } catch (err) {
    for (const node of [el.open, el.playing, el.finished]) {
      replaceChildren(node, h("li", { class: "form-error" }, `Cannot load the tables: ${err.message}`));
    }
    return;
  }
  const openIds = new Set(open.map((t) => t.id));
  fillList(el.open, open.map((t) => tableItem(t, [
    t.free.map((seat) => {
      const b = h("button", { type: "button", class: "small", dataset: { testid: "join", seat } }, `Join as seat ${seat + 1}`);
      b.addEventListener("click", () => claim(t.id, seat, b));
      return b;
    }),
    h("a", { href: `/table/${encodeURIComponent(t.id)}`, class: "button small secondary" }, "Watch"),
  ])), "No table is waiting for players.", openShown, () => {
    openShown += LIST_LIMIT;
    refreshLists();
  });
  fillList(el.playing, playing.filter((t) => !openIds.has(t.id)).map((t) => tableItem(t, [
    h("a", { href: `/table/${encodeURIComponent(t.id)}`, class: "button small secondary", dataset: { testid: "watch" } }, "Watch"),
  ])), "No game in progress.");
  fillList(el.finished, finished.map((t) => tableItem(t, [
    h("a", { href: `/replay/${encodeURIComponent(t.id)}`, class: "button small secondary", dataset: { testid: "replay" } }, "Replay"),
    h("a", { href: `/table/${encodeURIComponent(t.id)}`, class: "button small secondary" }, "Final position"),
  ])), "No finished game yet.");
  showMine();
}

const MINE_SHOWN = 20;
const MINE_ORDER = { "your-turn": 0, waiting: 1, finished: 2, unknown: 3 };

function turnText(t) {
  if (!t) return "";
  if (t.status === "your-turn") {
    return t.deadline ? `Your turn — ${duration(t.deadline - Date.now() / 1000)} left` : "Your turn";
  }
  if (t.timed_out && t.status !== "finished") return "Your time ran out: a bot plays your seat — open the table to take it back";
  if (t.status === "finished") return t.winners.includes(t.seat) ? "Finished — you won" : "Finished";
  if (t.status === "unknown") return "Not found on this server (or the seat is no longer yours)";
  if (t.to_act === null || t.to_act === undefined) return "Waiting";
  const who = t.to_act === t.seat ? "a bot playing your seat" : t.to_act_name || `Player ${t.to_act + 1}`;
  const bot = t.to_act !== t.seat && t.driver !== "human" ? ` (the ${botTitle(t.driver, gameList.find((g) => g.id === t.game))} bot)` : "";
  return `Waiting for ${who}${bot}`;
}

function mineItem(e, t) {
  const link = (t && t.link) || e.link || seatLink(`/table/${e.table}`, e.seat, e.token);
  const name = (t && t.name) || e.name;
  const status = t ? t.status : "";
  const invites = e.invites && e.invites.length && status !== "finished"
    ? h("details", { class: "invites" }, h("summary", {}, "Invitation links for your friends"),
      e.invites.map((i) => linkRow(i.seat, i.url, "my-invite")))
    : null;
  return h("li", { class: "table-item", dataset: { table: e.table, seat: e.seat, status, testid: "my-table" } },
    seatDot(e.seat),
    h("span", { class: "t-title" }, (t && t.title) || e.title || gameTitle(e.game) || "Table"),
    t && t.private ? h("span", { class: "badge private-badge" }, "private") : null,
    h("span", { class: "t-meta" }, name ? `“${name}” · ` : "", `${e.table} · you are seat ${e.seat + 1}`),
    h("span", { class: `my-status ${status}`, dataset: { testid: "my-status" } }, turnText(t)),
    h("span", { class: "t-actions" },
      status === "unknown" ? null
        : h("a", { href: link, class: "button small", dataset: { testid: "my-table-link" } }, status === "finished" ? "Open" : "Play"),
      t && t.rematch
        ? h("a", { href: seatLink(`/table/${encodeURIComponent(t.rematch)}`, e.seat, e.token), class: "button small", dataset: { testid: "my-rematch" } }, "Rematch ready — join")
        : null,
      h("button", {
        type: "button",
        class: "small secondary",
        title: "Forget this seat in this browser",
        onclick: () => {
          forgetSeat(e.table, e.seat);
          showMine();
        },
      }, "Forget")),
    invites);
}

let mineRequest = 0;

async function showMine() {
  const list = mySeats().slice(0, MINE_SHOWN);
  el.minePanel.hidden = !list.length;
  if (!list.length) {
    replaceChildren(el.mine);
    return;
  }
  const ask = ++mineRequest;
  let info = [];
  try {
    info = await api("/api/my-tables", { seats: list.map((e) => ({ table: e.table, seat: e.seat, token: e.token || "" })) });
  } catch {
    info = []; // the server is unreachable: show what this browser remembers
  }
  if (ask !== mineRequest) return; // a newer refresh is under way
  const known = new Map(info.map((t) => [`${t.table}/${t.seat}`, t]));
  const rows = list.map((e) => ({ e, t: known.get(`${e.table}/${e.seat}`) }));
  const soonest = (r) => (r.t && r.t.deadline) || Infinity; // your turns: the nearest deadline first
  rows.sort((a, b) => (MINE_ORDER[a.t ? a.t.status : "waiting"] ?? 1) - (MINE_ORDER[b.t ? b.t.status : "waiting"] ?? 1)
    || soonest(a) - soonest(b));
  markTitle("Hellas — lobby", rows.filter((r) => r.t && r.t.status === "your-turn").length);
  replaceChildren(el.mine, rows.map(({ e, t }) => mineItem(e, t)));
}

// -- start --------------------------------------------------------------------------------------

async function start() {
  const params = query();
  startAccount(showMine); // optional accounts: their linked seats join "My tables"
  if (params.get("join")) {
    handleJoin(params);
  }
  try {
    gameList = await games();
    await loadPickers(gameList); // each game's own option pickers (/api/games "web.pickers")
    await loadArt(gameList); // and its tile's drawing ("web.art")
  } catch (err) {
    replaceChildren(el.game, h("option", {}, "cannot load the games"));
    el.createError.textContent = err.message;
    document.body.dataset.ready = "1";
    return;
  }
  fillGames();
  if (params.get("quick") && current && current.id === params.get("game")) {
    quickPlay(current).catch((err) => {
      el.createError.textContent = err.message;
    });
  }
  el.game.addEventListener("change", () => selectGame(el.game.value));
  el.advanced.addEventListener("change", buildSeats);
  // Hints follow the seats (on with exactly one human) until the creator ticks the box.
  const defaultHints = () => {
    const humans = [...el.seats.querySelectorAll("select[data-testid=seat]")].filter((s) => s.value === "human");
    if (!el.hints.dataset.touched) el.hints.checked = humans.length === 1;
  };
  el.hints.addEventListener("change", () => { el.hints.dataset.touched = "1"; });
  el.seats.addEventListener("change", defaultHints);
  new MutationObserver(defaultHints).observe(el.seats, { childList: true });
  defaultHints();
  el.create.addEventListener("click", create);
  el.pace.addEventListener("change", () => { el.customPace.hidden = el.pace.value !== "custom"; });
  el.options.addEventListener("submit", (e) => {
    e.preventDefault();
    create();
  });
  showMine();
  await refreshLists();
  document.body.dataset.ready = "1";
  setInterval(() => {
    if (document.visibilityState === "visible") refreshLists();
  }, REFRESH_MS);
}

start();
