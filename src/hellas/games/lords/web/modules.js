// Lords of Hellas: Dark Ages modules in the browser, for any module alike.  The map and card tables
// of a game with modules (new Regions such as Atlantis' with their drawn cells, module gods,
// artifacts, blessings, cards and their texts) come from the generated additions of each module the
// view names; every module's view panel (title, lines, seat badges, cards, your secrets) is drawn
// the same way, and its Region markers (ports, gates, warriors ...) go on the map.

import { h, pretty, s, seatColour } from "/static/js/util.js";
import { none, panel, provisionalBadge, who } from "/static/js/render/common.js";
import { BOUNDS, REGIONS } from "./map.js";
import * as DATA from "./data.js";
import { ADDITIONS } from "./modules-data.js";
import { MODULES } from "./modules-info.js";

// A glyph per marker kind the modules use; any other kind shows its label's first letter.
export const MARKER_ICONS = {
  port: "⚓",
  gate: "Π",
  warrior: "☠",
  orichalkum: "◈",
  factory: "⚙",
  "talos-home": "♜",
};

// What each marker kind is, in words, for the map's key.
export const MARKER_WORDS = {
  port: "a Port (Poseidon)",
  gate: "a Gate to the Underworld (Hades)",
  warrior: "Warriors of Hades",
  orichalkum: "Orichalkum",
  factory: "a Factory (Hephaestus)",
  "talos-home": "Talos' home",
};
const MARKER_R = 28; // map units: about 36 px across where the map is drawn its usual size

const TABLES = ["COMBAT", "BLESSINGS", "GODS", "ARTIFACTS", "MONSTERS", "QUESTS"];
const maps = new Map();
const merged = new Set();

function listOf(modules) {
  return String(modules || "").split(",").filter((m) => m);
}

function boundsOf(regions) {
  const xs = [BOUNDS.minX, BOUNDS.maxX];
  const ys = [BOUNDS.minY, BOUNDS.maxY];
  for (const r of regions) {
    for (const [x, y] of r.cell) {
      xs.push(x);
      ys.push(y);
    }
  }
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** The map of a game with these modules: its Regions (cells, links) by id, and its bounds. */
export function mapFor(modules) {
  const key = listOf(modules).join(",");
  let map = maps.get(key);
  if (map) return map;
  const byId = new Map(REGIONS.map((r) => [r.id, r]));
  for (const m of listOf(key)) {
    const add = ADDITIONS[m] || {};
    for (const id of add.REGIONS_DROPPED || []) byId.delete(id);
    for (const [id, r] of Object.entries(add.REGIONS || {})) byId.set(id, r);
  }
  const regions = [...byId.values()];
  map = { regions, byId, bounds: boundsOf(regions) };
  maps.set(key, map);
  return map;
}

/** Add the named modules' cards, gods, artifacts and texts to the shared tables (once each). */
export function useModules(modules) {
  for (const m of listOf(modules)) {
    if (merged.has(m)) continue;
    merged.add(m);
    const add = ADDITIONS[m] || {};
    for (const name of TABLES) Object.assign(DATA[name], add[name] || {});
    for (const [kind, words] of Object.entries(add.TEXTS || {})) {
      DATA.TEXTS[kind] = { ...(DATA.TEXTS[kind] || {}), ...words };
    }
  }
}

/** The titles of the modules a view names, comma-separated ("" for the base game). */
export function modulesTitle(modules) {
  return listOf(modules).map((m) => MODULES[m]?.title || pretty(m)).join(", ");
}

/** Every module's markers on a Region: [{kind, seat, label, module}]. */
export function markersAt(view, region) {
  const out = [];
  for (const [module, p] of Object.entries(view.module_panels || {})) {
    for (const m of (p.regions && p.regions[region]) || []) out.push({ ...m, module });
  }
  return out;
}

function markerWords(m, names) {
  const owner = Number.isInteger(m.seat) && m.seat >= 0 ? ` (${names[m.seat] || `Player ${m.seat + 1}`})` : "";
  return `${m.label || pretty(m.kind)}${owner}`;
}

/** A Region's module markers in words, for its tooltip. */
export function markerFacts(view, region, names) {
  return markersAt(view, region).map((m) => markerWords(m, names));
}

/** The module markers of one Region as a row of round tokens above its name; markers of the
 * same kind and owner share one token with their number. */
export function markerTokens(view, region, cx, cy, names) {
  const groups = [];
  for (const m of markersAt(view, region)) {
    const owned = Number.isInteger(m.seat) && m.seat >= 0;
    const same = groups.find((g) => g.m.kind === m.kind && g.m.seat === m.seat && g.m.module === m.module);
    if (same) same.count += 1;
    else groups.push({ m, owned, count: 1, words: [] });
    (same || groups[groups.length - 1]).words.push(markerWords(m, names));
  }
  const step = 2 * MARKER_R + 4;
  const x0 = cx - ((groups.length - 1) * step) / 2;
  return groups.map(({ m, owned, count, words }, i) => {
    const icon = MARKER_ICONS[m.kind] || String(m.label || m.kind || "?").charAt(0).toUpperCase();
    return s("g", {
      class: `module-marker kind-${String(m.kind).replace(/[^a-z0-9-]/g, "")}`,
      transform: `translate(${(x0 + i * step).toFixed(1)} ${cy - 46 - MARKER_R})`,
      dataset: { testid: "module-marker", kind: m.kind, module: m.module, seat: owned ? m.seat : "", count },
    },
    s("title", {}, `${MODULES[m.module]?.title || pretty(m.module)}: ${words.join("; ")}`),
    s("circle", { r: MARKER_R, stroke: owned ? seatColour(m.seat) : "#1c222b", "stroke-width": owned ? 5 : 2 }),
    s("text", { x: 0, y: 10, "text-anchor": "middle", class: "marker-icon" }, icon),
    count > 1 ? s("text", { x: MARKER_R - 4, y: -MARKER_R + 12, "text-anchor": "middle", class: "marker-count" }, `${count}`) : null);
  });
}

/** One module's view panel: its public lines, each seat's badges, its cards, your secrets. */
function modulePanel(id, p, view, names) {
  const parts = [];
  if ((p.lines || []).length) {
    parts.push(h("ul", { class: "plain-list module-lines" }, p.lines.map((line) => h("li", {}, line))));
  }
  const seats = (p.players || []).map((badges, q) => [q, badges || []]).filter(([, badges]) => badges.length);
  if (seats.length) {
    parts.push(h("div", { class: "module-seats" }, seats.map(([q, badges]) => h("div", { class: "row", dataset: { testid: "module-seat", seat: q } },
      who(q, names, view.seat), " ", badges.map((b) => h("span", { class: "chip module-badge" }, b))))));
  }
  if ((p.cards || []).length) {
    parts.push(h("div", { class: "cards-row module-cards" }, p.cards.map((c) => h("div", {
      class: `bcard module-card ${c.state ? `state-${String(c.state).replace(/[^a-z0-9-]/gi, "").toLowerCase()}` : ""}`,
      dataset: { testid: "module-card", card: c.id, target: `module-card:${c.id}` },
      "aria-label": c.name || "a card",
      title: c.text || "",
    },
    h("strong", {}, c.name || pretty(c.id)),
    c.state ? h("span", { class: "muted" }, ` (${c.state})`) : null,
    c.provisional ? provisionalBadge() : null,
    c.text ? h("div", { class: "small-text" }, c.text) : null))));
  }
  if ((p.private || []).length) {
    parts.push(h("div", { class: "module-private", dataset: { testid: "module-private" } },
      h("span", { class: "row-label" }, "Only you see"), p.private.map((x) => h("div", {}, x))));
  }
  if (!parts.length) parts.push(none("nothing to show yet"));
  return panel(p.title || MODULES[id]?.title || pretty(id), "module-panel",
    h("div", { dataset: { testid: "module-panel", module: id } }, parts));
}

/** Every module's panel, in the order the view gives them. */
export function modulePanels(view, names) {
  return Object.entries(view.module_panels || {}).map(([id, p]) => modulePanel(id, p, view, names));
}
