// The replay viewer: /replay/ID?seat=K&token=T (finished games also without a seat).
// Steps through the game's views with a slider, buttons and the keyboard; shows what the move
// made at each step does next.  ?step=N opens at that step.

import { rendererFor } from "./render/index.js";
import { ReplayChat } from "./chat.js";
import { heroWith, personName, setPeople, withPeople } from "./render/common.js";
import {
  api, games, h, query, replaceChildren, seatClass, seatDot, seatLink, seatParams, tableIdFromPath, typingIn,
} from "./util.js";

const PLAY_EVERY = 700;

const tableId = tableIdFromPath();
const params = query();
const { seat, token } = seatParams();

const el = {
  title: document.getElementById("title"),
  name: document.getElementById("table-name"),
  role: document.getElementById("role"),
  tableLink: document.getElementById("table-link"),
  first: document.getElementById("first"),
  prev: document.getElementById("prev"),
  next: document.getElementById("next"),
  last: document.getElementById("last"),
  play: document.getElementById("play"),
  slider: document.getElementById("slider"),
  step: document.getElementById("step"),
  board: document.getElementById("board"),
  nextList: document.getElementById("next-list"),
  outcome: document.getElementById("outcome-info"),
  hands: document.getElementById("hands-panel"),
  handList: document.getElementById("hand-list"),
  handsNote: document.getElementById("hands-note"),
};

const cache = new Map();
let info = null;
let renderer = null;
let names = null;
let step = 0;
let total = 0;
let shownSeq = 0;
let playTimer = null;
let debounce = null;
const talk = new ReplayChat(tableId, (s) => seatName(s));
document.querySelector(".replay-side").append(talk.root);

function stepUrl(n) {
  const q = new URLSearchParams();
  if (seat !== null) q.set("seat", String(seat)); // the token goes in a header
  const qs = q.toString();
  return `/api/tables/${encodeURIComponent(tableId)}/replay/${n}${qs ? `?${qs}` : ""}`;
}

function fetchStep(n) {
  if (!cache.has(n)) {
    const p = api(stepUrl(n), undefined, seat !== null ? token : "").catch((err) => {
      cache.delete(n);
      throw err;
    });
    cache.set(n, p);
  }
  return cache.get(n);
}

function label() {
  el.step.textContent = `${step} / ${total}`;
  el.slider.max = String(total);
  el.slider.value = String(step);
  el.prev.disabled = step <= 0;
  el.first.disabled = step <= 0;
  el.next.disabled = step >= total;
  el.last.disabled = step >= total;
}

async function show(n, { refresh = false } = {}) {
  n = Math.max(0, Math.min(total, n));
  step = n;
  label();
  const seq = ++shownSeq;
  if (refresh) cache.delete(n);
  let data;
  try {
    data = await fetchStep(n);
  } catch (err) {
    if (seq !== shownSeq) return;
    stopPlaying();
    replaceChildren(el.board, h("div", { class: "panel fatal" }, h("p", { class: "form-error" }, err.message),
      h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
    document.body.dataset.ready = "1";
    return;
  }
  if (seq !== shownSeq) return;
  if (data.total !== total) {
    total = data.total;
    label();
  }
  try {
    names = renderer.seatNames ? renderer.seatNames(data.view) : null;
  } catch {
    names = null;
  }
  try {
    renderer.render(el.board, data.view, { seat: data.seat, choices: [], replay: true });
  } catch (err) {
    console.error("render failed", err);
    replaceChildren(el.board, h("pre", { class: "raw-view" }, JSON.stringify(data.view, null, 2)));
  }
  const texts = data.next || [];
  replaceChildren(el.nextList, texts.length
    ? texts.map((e) => h("li", {}, withPeople(e.text)))
    : [h("li", { class: "muted" }, n >= total ? (data.finished ? "The game is over." : "This is the latest position.") : "Nothing visible happens.")]);
  renderRevealed(data);
  renderOutcome();
  talk.show(n); // the table talk up to this step
  const url = new URL(window.location.href);
  url.searchParams.set("step", String(n));
  window.history.replaceState(null, "", url);
  document.body.dataset.ready = "1";
  if (n + 1 <= total) fetchStep(n + 1).catch(() => {});
}

// A finished game's public replay reveals every hand (the server sends them, only then).
function renderRevealed(data) {
  const revealed = data.view && data.view.revealed;
  el.hands.hidden = !data.finished;
  if (!data.finished) return;
  if (!revealed) { // one seat's replay of a finished game: the way back to every hand
    el.handsNote.textContent = "This is what one player saw.";
    replaceChildren(el.handList, h("li", {}, h("a", { href: "#", "data-testid": "every-hand" }, "Show every hand")));
    return;
  }
  el.handsNote.textContent = "The game is over: every hand is shown, at every step. As one player saw it: ";
  el.handsNote.append(...revealed.flatMap((r, i) => [i ? " · " : "",
    h("a", { href: `#seat=${r.seat}`, "data-testid": "seat-view" }, seatName(r.seat))]));
  replaceChildren(el.handList, revealed.map((r) => h("li", { class: seatClass(r.seat), "data-testid": "revealed-hand" },
    seatDot(r.seat), " ", h("strong", {}, seatName(r.seat)), ": ",
    r.cards.length ? r.cards.join(", ") : "no cards")));
}

// a seat by the name its person goes by ("Ana"), with the game's own name (a hero) if any
function seatName(s) {
  const person = personName(s);
  const hero = names && names[s];
  return hero && hero !== `Player ${s + 1}` && hero !== person ? heroWith(hero, person) : person;
}

function renderOutcome() {
  if (!info) return;
  const o = info.outcome;
  el.outcome.classList.remove("muted");
  if (!o) {
    replaceChildren(el.outcome, "The game is still being played.");
    return;
  }
  if (step < total) { // the result is the replay's last scene, never told in advance
    el.outcome.classList.add("muted");
    replaceChildren(el.outcome, "The result shows at the last step.");
    return;
  }
  // points only where the game counts them (a 1/0 win mark is said by the "winner" badge)
  const points = o.scores.some((x) => x !== 0 && x !== 1);
  replaceChildren(el.outcome,
    h("p", {}, withPeople(o.reason)),
    h("ul", { class: "plain-list" }, info.seats.map((s) => h("li", { class: seatClass(s.seat) },
      seatDot(s.seat), " ", seatName(s.seat),
      points ? `: ${o.scores[s.seat] ?? ""} points` : "", o.winners.includes(s.seat) ? h("span", { class: "badge winner-badge" }, "winner") : null))));
}

function go(n) {
  stopPlaying();
  show(n);
}

function startPlaying() {
  if (step >= total) show(0);
  el.play.textContent = "❚❚ Pause";
  playTimer = setInterval(() => {
    if (step >= total) {
      stopPlaying();
      return;
    }
    show(step + 1);
  }, PLAY_EVERY);
}

function stopPlaying() {
  if (playTimer) clearInterval(playTimer);
  playTimer = null;
  el.play.textContent = "▶ Play";
}

el.first.addEventListener("click", () => go(0));
el.prev.addEventListener("click", () => go(step - 1));
el.next.addEventListener("click", () => go(step + 1));
el.last.addEventListener("click", async () => {
  stopPlaying();
  try {
    const fresh = await api(stepUrl(0));
    total = fresh.total;
  } catch {
    // keep the known total
  }
  show(total, { refresh: true });
});
el.play.addEventListener("click", () => (playTimer ? stopPlaying() : startPlaying()));
el.slider.addEventListener("input", () => {
  stopPlaying();
  step = Number(el.slider.value);
  label();
  clearTimeout(debounce);
  debounce = setTimeout(() => show(Number(el.slider.value)), 120);
});

document.addEventListener("keydown", (e) => {
  if (typingIn(e) || e.ctrlKey || e.metaKey || e.altKey) return;
  const jump = e.shiftKey ? 10 : 1;
  if (e.key === "ArrowRight") {
    e.preventDefault();
    go(step + jump);
  } else if (e.key === "ArrowLeft") {
    e.preventDefault();
    go(step - jump);
  } else if (e.key === "Home") {
    e.preventDefault();
    go(0);
  } else if (e.key === "End") {
    e.preventDefault();
    go(total);
  } else if (e.key === " " && !(e.target instanceof HTMLButtonElement)) {
    e.preventDefault();
    if (playTimer) stopPlaying();
    else startPlaying();
  }
});

async function start() {
  if (!tableId) {
    replaceChildren(el.board, h("p", { class: "form-error" }, "No table given."));
    return;
  }
  el.tableLink.href = seat !== null
    ? seatLink(`/table/${encodeURIComponent(tableId)}`, seat, token)
    : `/table/${encodeURIComponent(tableId)}`;
  el.role.textContent = seat !== null ? `Seen from seat ${seat + 1}` : "Seen by a spectator (every hand once the game is over)";
  el.role.className = `role ${seat !== null ? seatClass(seat) : ""}`;
  try {
    info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    replaceChildren(el.board, h("div", { class: "panel fatal" }, h("p", { class: "form-error" }, err.message),
      h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
    document.body.dataset.ready = "1";
    return;
  }
  setPeople(info.seats); // the seats' names, as at the table
  renderer = await rendererFor(info.game);
  const known = await games().catch(() => []);
  const g = known.find((x) => x.id === info.game);
  el.title.textContent = `Replay: ${g ? g.title : info.game}`;
  el.name.textContent = info.name ? `“${info.name}”` : `table ${info.id}`;
  document.title = `Replay — ${g ? g.title : info.game} — Hellas`;
  total = info.moves;
  const wanted = Number(params.get("step"));
  show(Number.isInteger(wanted) && params.get("step") !== null ? wanted : 0);
}

start();

window.addEventListener("hashchange", () => window.location.reload()); // another seat's link
