// Small helpers shared by every page: DOM building, the JSON API, names and colours.

const SMALL_WORDS = new Set(["of", "the", "and", "to", "in", "on", "a", "an", "at", "for", "from"]);

/** Build an element: h("div", {class: "x", dataset: {k: "v"}, onclick: f}, child, "text", ...). */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Build an SVG element the same way as h(). */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) {
        if (v !== null && v !== undefined) node.dataset[k] = String(v);
      }
    } else if (key === "style" && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (v !== null && v !== undefined) node.style.setProperty(k, String(v));
      }
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      node.textContent = String(value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace every child of a node. */
export function replaceChildren(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** "apple-of-discord" -> "Apple of Discord". */
export function pretty(id) {
  if (id === null || id === undefined) return "";
  const words = String(id).replace(/[_-]+/g, " ").trim().split(/\s+/);
  return words
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}

/** Capitalise the first letter. */
export function capital(text) {
  const t = String(text ?? "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** CSS class naming a seat's colour (seat 0 red, 1 blue, 2 green, 3 gold, 4 purple, 5 teal). */
export function seatClass(seat) {
  return seat === null || seat === undefined || seat < 0 ? "pnone" : `p${seat % 6}`;
}

/** CSS colour value of a seat (reads the --pN custom properties of style.css). */
export function seatColour(seat) {
  return seat === null || seat === undefined || seat < 0 ? "var(--pnone)" : `var(--p${seat % 6})`;
}

/** A little coloured dot for a seat. */
export function seatDot(seat) {
  return h("span", { class: `dot ${seatClass(seat)}`, "aria-hidden": "true" });
}

/** The page's query parameters. */
export function query() {
  return new URLSearchParams(window.location.search);
}

/**
 * The seat (a number, or null for a spectator) and token of a seat link.  Links carry them in
 * the fragment (#seat=K&token=T), which the browser never sends to any server; an old link with
 * ?seat=K&token=T still works, and is rewritten in the address bar to the fragment form.
 */
export function seatParams() {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const params = hash.has("token") || hash.has("seat") ? hash : query();
  const raw = params.get("seat");
  const seat = raw !== null && raw !== "" && !Number.isNaN(Number(raw)) ? Number(raw) : null;
  const token = params.get("token") || "";
  if (params !== hash && params.has("token") && window.history && window.history.replaceState) {
    const rest = query();
    rest.delete("seat");
    rest.delete("token");
    const qs = rest.toString();
    window.history.replaceState(null, "",
      `${window.location.pathname}${qs ? `?${qs}` : ""}${seatFragment(seat, token)}`);
  }
  return { seat, token };
}

/** The fragment of a seat link: "#seat=K&token=T" ("" for a spectator). */
export function seatFragment(seat, token) {
  if (seat === null || seat === undefined) return "";
  return `#seat=${seat}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
}

/** A page's link for a seat: /table/ID#seat=K&token=T (the token never in the URL's query). */
export function seatLink(path, seat, token) {
  return `${path}${seatFragment(seat, token)}`;
}

/** The table id from a /table/ID or /replay/ID path. */
export function tableIdFromPath() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[1] || "");
}

/** An error from the API, carrying its code and HTTP status. */
export class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/**
 * Call the JSON API; throws ApiError with the server's message on failure.  A seat token for a
 * GET goes in the X-Seat-Token header (`token`), never in the URL.
 */
export async function api(path, body, token) {
  const headers = body === undefined
    ? { accept: "application/json" }
    : { "content-type": "application/json", accept: "application/json" };
  if (token) headers["x-seat-token"] = token;
  const init = body === undefined
    ? { headers }
    : { method: "POST", headers, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(`cannot reach the server (${err.message})`, "network", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok || (data && data.type === "error")) {
    const detail = data && (data.message || (typeof data.detail === "string" ? data.detail : null));
    throw new ApiError(detail || `${response.status} ${response.statusText}`,
      (data && data.code) || "http", response.status);
  }
  return data;
}

let toastBox = null;

/** Show a short message at the bottom of the screen. */
export function toast(message, kind = "info", ms = 4500) {
  if (!toastBox) {
    toastBox = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  const item = h("div", { class: `toast ${kind}` }, message);
  toastBox.append(item);
  setTimeout(() => item.classList.add("leaving"), ms);
  setTimeout(() => item.remove(), ms + 400);
}

/** Copy text to the clipboard (falls back to selecting a temporary field). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = h("textarea", { style: { position: "fixed", opacity: "0" } });
    field.value = text;
    document.body.append(field);
    field.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    field.remove();
    return ok;
  }
}

/** An absolute URL for a site path (for links people copy). */
export function absolute(path) {
  return new URL(path, window.location.origin).href;
}

let sitePromise = null;

/** The URL to send someone for a site path: the server's public address when it has one. */
export async function shareUrl(path) {
  if (!sitePromise) sitePromise = api("/api/site").catch(() => ({ base: window.location.origin }));
  const { base } = await sitePromise;
  return base + path;
}

// -- seats this browser holds (so the lobby can list "your tables") --------------------------

const MINE_KEY = "hellas.seats";

/** Every seat remembered in this browser: [{table, seat, token, game, link, at}]. */
export function mySeats() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Remember a seat (the newest first, at most 30), keeping what was known of it before. */
export function rememberSeat(entry) {
  try {
    const all = mySeats();
    const before = all.find((e) => e.table === entry.table && e.seat === entry.seat) || {};
    const list = all.filter((e) => e !== before);
    list.unshift({ ...before, ...entry, at: Date.now() });
    localStorage.setItem(MINE_KEY, JSON.stringify(list.slice(0, 30)));
  } catch {
    // private browsing or storage disabled: nothing to remember
  }
}

/** Forget a remembered seat. */
export function forgetSeat(table, seat) {
  try {
    const list = mySeats().filter((e) => !(e.table === table && e.seat === seat));
    localStorage.setItem(MINE_KEY, JSON.stringify(list));
  } catch {
    // ignore
  }
}

/** True when the keyboard event comes from a field where typing matters. */
export function typingIn(event) {
  const t = event.target;
  if (!(t instanceof Element)) return false;
  const tag = t.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || t.isContentEditable;
}

/** Cache of /api/games (one fetch per page). */
let gamesPromise = null;
export function games() {
  if (!gamesPromise) {
    gamesPromise = api("/api/games").catch((err) => {
      gamesPromise = null;
      throw err;
    });
  }
  return gamesPromise;
}
