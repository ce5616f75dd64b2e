// The Lords map's own drawings, made in code: terrain patterns per Land and for the sea, hoplite
// and hero tokens, a mark per monster type, temples and monuments as small buildings, the battle's
// clash mark and the curved sea routes.  Shapes carry the meaning; colours only add to them.

import { s, seatColour } from "/static/js/util.js";

const EDGE = "#1c222b";

// Terrain motifs, one tile each (userSpaceOnUse, so they run on across region edges).
const TERRAIN = {
  red: { size: 30, ink: "#8a3b2e", draw: "M3 22 9 11l6 11 M13 22l6-11 6 11 M7 14l2-3 2 3" }, // mountains
  yellow: { size: 26, ink: "#8a6d12", draw: "M5 20V10 M5 12 2 9 M5 12l3-3 M5 15 2 12 M5 15l3-3 M18 8v9 M18 10l-2-2 M18 10l2-2" }, // wheat
  blue: { size: 28, ink: "#3c5f2c", draw: "M8 17v5 M20 7v5 M5 15a3 2.4 0 1 1 6 0a3 2.4 0 1 1-6 0Z M17 5a3 2.4 0 1 1 6 0a3 2.4 0 1 1-6 0Z", fill: true }, // olive groves
  green: { size: 28, ink: "#2f5f22", draw: "M7 20l4-9 4 9Z M11 20v3 M19 10l3-6 3 6Z M22 10v2" }, // pine woods
  brown: { size: 30, ink: "#6b4a22", draw: "M2 20q6-8 12 0 M15 10q5-6 10 0 M4 26h3 M20 22h4" }, // hills and scrub
};

/** The <defs> of the map: one pattern per Land and the sea's waves. */
export function mapDefs() {
  const pats = Object.entries(TERRAIN).map(([land, t]) => s("pattern", {
    id: `lords-terrain-${land}`, width: t.size, height: t.size, patternUnits: "userSpaceOnUse",
  }, s("path", { d: t.draw, fill: t.fill ? t.ink : "none", stroke: t.ink, "stroke-width": 1.4, "stroke-linecap": "round" })));
  pats.push(s("pattern", { id: "lords-waves", width: 44, height: 26, patternUnits: "userSpaceOnUse" },
    s("path", { d: "M4 8q4-4 8 0t8 0 M26 20q4-4 8 0t8 0", fill: "none", stroke: "#d6e6f5", "stroke-width": 1.3, "stroke-linecap": "round" })));
  return s("defs", {}, pats);
}

/** A Land's terrain layer over a region's cell (decorative, no pointer events). */
export function terrain(points, land) {
  return s("polygon", { class: "cell-terrain", points, fill: `url(#lords-terrain-${land})` });
}

/** A temple drawn as a small pillared building (gold when built). */
export function templeBuilding(x, y, built, title) {
  const fill = built ? "#f5d76e" : "rgba(255,255,255,0.65)";
  const stroke = built ? "#6b4f00" : "#555";
  return s("g", { class: `icon temple ${built ? "built" : "site"}`, transform: `translate(${x} ${y}) scale(1.3)` },
    s("title", {}, title),
    s("path", { d: "M-9 -2 L0 -9 L9 -2 Z", fill, stroke, "stroke-width": 1.2 }),
    s("rect", { x: -8, y: -2, width: 16, height: 2, fill, stroke, "stroke-width": 1 }),
    s("path", { d: "M-6 0 V6 M-2 0 V6 M2 0 V6 M6 0 V6", stroke, "stroke-width": 1.8 }),
    s("rect", { x: -9, y: 6, width: 18, height: 2.5, fill, stroke, "stroke-width": 1 }));
}

/** A god's monument as a statue on a plinth, the god's initial and level on the plinth. */
export function monumentBuilding(x, y, text, title) {
  return s("g", { class: "monument-mark", transform: `translate(${x} ${y})` },
    s("title", {}, title),
    s("path", { d: "M-3 -20a3 3 0 1 1 6 0a3 3 0 1 1-6 0Z M-4 -16h8l2 8h-12Z", fill: "#efe9d8", stroke: EDGE, "stroke-width": 1 }),
    s("rect", { x: -Math.max(14, 4.5 * text.length), y: -8, width: Math.max(28, 9 * text.length), height: 17, rx: 2 }),
    s("path", { d: "M-16 9h32v3h-32Z", fill: "#efe9d8", stroke: EDGE, "stroke-width": 1 }),
    s("text", { x: 0, y: 5, "text-anchor": "middle" }, text));
}

const HELMET = "M-5 4V-1a5 5 0 0 1 10 0v5h-3v-3h-1.2v-2h-1.6v2H-2v3Z";

/** An army: a chip in the seat's colour with a helmet and the number of Hoplites. */
export function hoplites(x, y, seat, count, fort, title) {
  return s("g", { class: `army ${fort ? "fortified" : ""}`, dataset: { seat, count } },
    s("title", {}, title),
    s("rect", { x, y, width: 36, height: 20, rx: 5, fill: seatColour(seat), stroke: fort ? "#111" : "rgba(0,0,0,0.5)", "stroke-width": fort ? 2.5 : 1 }),
    s("path", { d: HELMET, transform: `translate(${x + 9} ${y + 10}) scale(1.25)`, fill: "#fff", stroke: "rgba(0,0,0,0.45)", "stroke-width": 0.6 }),
    s("text", { x: x + 25, y: y + 15, "text-anchor": "middle" }, fort ? `${count}⌂` : String(count)));
}

// Each seat's Hero carries its own emblem above the pawn: crest, bow, spear, laurel, shield.
const HERO_MARKS = [
  "M-4 -11q4-6 8 0", // a helmet crest
  "M6 -9q4 7 0 14 M6 -9v14", // a bow
  "M7 8V-14 M5 -11l2-4 2 4", // a spear
  "M-5 -11q5 4 10 0 M-5 -11l-1-2 M5 -11l1-2", // a laurel
  "M-9 -2a4 4 0 1 0 0.1 0Z", // a round shield
];

/** A Hero: a pawn in the seat's colour with the seat's own emblem. */
export function heroFigure(x, y, seat, title) {
  return s("g", { class: "hero-pawn", dataset: { seat }, transform: `translate(${x} ${y}) scale(1.35)` },
    s("title", {}, title),
    s("path", { d: "M0 -10 C5 -10 5 -3 0 -3 C-5 -3 -5 -10 0 -10 Z M-7 7 C-7 -1 7 -1 7 7 Z", fill: seatColour(seat), stroke: "#111", "stroke-width": 1.3 }),
    s("path", { class: "hero-mark", d: HERO_MARKS[seat % HERO_MARKS.length], fill: "none", stroke: "#111", "stroke-width": 1.6, "stroke-linecap": "round" }));
}

// Each Monster's mark on a 20x20 grid centred on 0.
const MONSTER_MARKS = {
  cerberus: "M-7 -2a3 3 0 1 1 0.1 0Z M0 -5a3 3 0 1 1 0.1 0Z M7 -2a3 3 0 1 1 0.1 0Z M-6 6h12", // three heads
  chimera: "M0 -8c4 4 6 8 2 12c0-3-2-4-2-6c-1 3-4 4-3 7c-4-4-1-9 3-13Z", // a flame
  cyclops: "M-8 0q8-8 16 0q-8 8-16 0Z M0 -2.5a2.5 2.5 0 1 1 0.1 0Z", // one eye
  hydra: "M-6 8v-8q0-5-3-7 M0 8v-14 M6 8v-8q0-5 3-7", // many necks
  medusa: "M0 -2a4 4 0 1 1 0.1 0Z M-4 -4q-5-2-4-7 M4 -4q5-2 4-7 M-4 2q-6 1-6 5 M4 2q6 1 6 5", // snake hair
  minotaur: "M-3 -2h6v8h-6Z M-3 -2q-6 0-6-7 M3 -2q6 0 6-7", // bull horns
  sphinx: "M-8 6l8-13 8 13Z M-3 6v-4h6v4", // a pyramid and a gate
};

/** A Monster on the map: a dark diamond bearing the monster's own mark. */
export function monsterToken(x, y, id, title) {
  return s("g", { class: "monster-mark", dataset: { kind: id }, transform: `translate(${x} ${y}) scale(1.12)` },
    s("title", {}, title),
    s("rect", { x: -11, y: -11, width: 22, height: 22, transform: "rotate(45)" }),
    s("path", { d: MONSTER_MARKS[id] || "M-5 -5h10v10h-10Z", fill: "none", stroke: "#fff", "stroke-width": 1.7, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

/** Crossed swords over the region where a Battle is being fought. */
export function clashMark(x, y, title) {
  return s("g", { class: "clash-mark", transform: `translate(${x} ${y})` },
    s("title", {}, title),
    s("circle", { r: 13 }),
    s("path", { d: "M-7 -7 7 7 M7 -7 -7 7 M-8 2l6 6 M8 2l-6 6", fill: "none", stroke: "#fff", "stroke-width": 2.4, "stroke-linecap": "round" }));
}

/** A sea route between two regions: a dashed curve bowed away from the straight line. */
export function seaRoute(x1, y1, x2, y2) {
  const mx = (x1 + x2) / 2 + (y2 - y1) * 0.15;
  const my = (y1 + y2) / 2 - (x2 - x1) * 0.15;
  const d = `M${x1.toFixed(1)} ${y1.toFixed(1)} Q${mx.toFixed(1)} ${my.toFixed(1)} ${x2.toFixed(1)} ${y2.toFixed(1)}`;
  return s("g", { class: "sea-route" },
    s("path", { class: "sea-wake", d }),
    s("path", { class: "sea-trail", d }));
}
