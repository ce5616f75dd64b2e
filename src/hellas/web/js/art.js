// Hellas' own SVG art, drawn in code: Legends attribute icons, Realms suit icons, monster and
// Lords token emblems, and the lobby's game tiles.  Every icon pairs a distinct shape with its
// colour, so it reads in greyscale and for colour-blind players; decorative icons are
// aria-hidden, and the ones that carry meaning get a <title>.

import { s } from "./util.js";

// Each attribute's silhouette on a 24x24 grid (drawn filled with the attribute's colour).
const ATTRIBUTE_SHAPES = {
  guile: "M12 2 21 12 12 22 3 12Z M12 8 16 12 12 16 8 12Z", // a diamond with an eye-like core
  speed: "M4 4h5l6 8-6 8H4l6-8Z M12 4h5l6 8-6 8h-5l6-8Z", // a double chevron
  arms: "M11 2h2v13h4v2h-4v5h-2v-5H7v-2h4Z", // an upright sword
  strength: "M4 6h16v12H4Z M8 10h8v4H8Z", // a heavy block
  courage: "M12 2 20 5v7c0 5-4 8-8 10-4-2-8-5-8-10V5Z", // a shield
  divine: "M12 1l3 7 8 1-6 5 2 8-7-4-7 4 2-8-6-5 8-1Z", // a star
  hidden: "M5 3h14v18H5Z M9 8a3 3 0 1 1 4 3v2h-2v-3a1 1 0 1 0-1-2Z M11 15h2v2h-2Z",
};

// Realms suits: shape + colour.
const SUIT_SHAPES = {
  god: "M12 2l2.5 6.5L21 9l-5 4.5L17.5 21 12 17l-5.5 4L8 13.5 3 9l6.5-.5Z", // a star (sun)
  hero: "M5 3h14v9c0 5-4 8-7 9-3-1-7-4-7-9Z", // a shield
  item: "M12 2 20 8 12 22 4 8Z", // a gem
  location: "M2 20 9 6l4 7 3-4 6 11Z", // mountains
  monster: "M4 4l4 6 4-8 4 8 4-6-2 16H6Z", // fangs / claws
  quest: "M6 2h10l3 3v17H6Z M9 8h7M9 12h7M9 16h5", // a scroll
  unknown: "M4 4h16v16H4Z",
};

const TOKEN_SHAPES = {
  hoplite: "M7 20V11a5 5 0 0 1 10 0v9h-3v-6h-4v6Z M12 3l1 3h-2Z",
  hero: "M12 3l2 5h5l-4 3 2 6-5-4-5 4 2-6-4-3h5Z",
  monster: "M3 20 7 8l3 8 2-12 2 12 3-8 4 12Z",
  temple: "M3 9 12 3l9 6Z M5 10h14v1H5Z M6 12h2v7H6Z M11 12h2v7h-2Z M16 12h2v7h-2Z M4 20h16v2H4Z",
  monument: "M9 21h6l-1-14h-4Z M8 6h8v1H8Z M10 3h4v3h-4Z M7 21h10v1H7Z",
};

function glyph(path, fill) {
  return s("path", { d: path, fill, stroke: "var(--icon-edge)", "stroke-width": "1", "fill-rule": "evenodd" });
}

// An icon for HTML: its own <svg>.  Inside another SVG (the diagrams) use the *Glyph functions,
// which give the same drawing as a <g> on a 24x24 (emblems: 32x32) grid.
function icon(content, label, cls, size = 24) {
  return s("svg", {
    viewBox: `0 0 ${size} ${size}`,
    class: `icon ${cls}`,
    role: label ? "img" : null,
    "aria-label": label || null,
    "aria-hidden": label ? null : "true",
    focusable: "false",
  }, label ? s("title", {}, label) : null, content);
}

/** A Legends attribute's drawing as a <g> (guile, speed, arms, strength, courage, divine). */
export function attributeGlyph(type) {
  const shape = ATTRIBUTE_SHAPES[type] || ATTRIBUTE_SHAPES.hidden;
  return s("g", {}, glyph(shape, `var(--a-${type in ATTRIBUTE_SHAPES ? type : "hidden"}, #999)`));
}

/** An attribute icon for Legends (guile, speed, arms, strength, courage, divine, hidden). */
export function attributeIcon(type, label = null) {
  return icon(attributeGlyph(type), label, `attr-icon a-${type}`);
}

/** A Realms suit's drawing as a <g>. */
export function suitGlyph(suit) {
  const shape = SUIT_SHAPES[suit] || SUIT_SHAPES.unknown;
  return s("g", {}, glyph(shape, `var(--s-${suit in SUIT_SHAPES ? suit : "unknown"})`));
}

/** A Realms suit icon. */
export function suitIcon(suit, label = null) {
  return icon(suitGlyph(suit), label, `suit-icon suit-${suit}`);
}

/** A monster emblem's drawing as a <g> on a 32x32 grid: a horned mask, horns in its colours. */
export function emblemGlyph(attrs) {
  const [a, b] = [attrs[0] || "divine", attrs[1] || attrs[0] || "divine"];
  return s("g", {},
    s("path", { d: "M4 3c0 7 3 10 7 11L9 6Z", fill: `var(--a-${a})`, stroke: "var(--icon-edge)" }),
    s("path", { d: "M28 3c0 7-3 10-7 11l2-8Z", fill: `var(--a-${b})`, stroke: "var(--icon-edge)" }),
    s("path", { d: "M8 12c0-3 4-4 8-4s8 1 8 4v8c0 5-4 9-8 9s-8-4-8-9Z", fill: "var(--ink-2)", stroke: "var(--icon-edge)" }),
    s("path", { d: "M11 16l4 2-4 1Z M21 16l-4 2 4 1Z", fill: "var(--gold)" }),
    s("path", { d: "M12 24h8l-2 2-2-1-2 1Z", fill: "var(--paper)" }));
}

/** A monster emblem: a horned mask whose two horns take the monster's two attribute colours. */
export function monsterEmblem(attrs, label = null) {
  return icon(emblemGlyph(attrs), label, "emblem", 32);
}

/** A Lords token's drawing as a <g>: hoplite helmet, hero star, monster claw, temple, monument. */
export function tokenGlyph(kind, colour = "var(--ink-2)") {
  return s("g", {}, glyph(TOKEN_SHAPES[kind] || TOKEN_SHAPES.hoplite, colour));
}

/** A Lords token icon. */
export function lordsToken(kind, colour = "var(--ink-2)", label = null) {
  return icon(tokenGlyph(kind, colour), label, `token-icon token-${kind}`);
}

// -- the lobby's game tiles ----------------------------------------------------------------------

function legendsArt() {
  return [
    s("rect", { width: 160, height: 90, fill: "#27324a" }),
    s("circle", { cx: 128, cy: 22, r: 12, fill: "#f3e3a1" }),
    s("path", { d: "M0 90 40 52l22 18 30-34 40 54Z", fill: "#3d4d6b" }),
    ...["guile", "speed", "arms", "strength", "courage"].map((a, i) =>
      s("g", { transform: `translate(${14 + i * 27} 56) scale(1.05)` },
        s("rect", { x: -2, y: -2, width: 28, height: 30, rx: 3, fill: "#fbf7ea" }),
        s("path", { d: ATTRIBUTE_SHAPES[a], fill: `var(--a-${a})`, stroke: "#1c222b", "fill-rule": "evenodd", transform: "translate(0 2)" }))),
  ];
}

function realmsArt() {
  const suits = ["god", "hero", "item", "location", "monster", "quest"];
  return [
    s("rect", { width: 160, height: 90, fill: "#3b2a4f" }),
    ...suits.map((suit, i) => s("g", { transform: `translate(${22 + i * 20} ${20 + Math.abs(i - 2.5) * 5}) rotate(${(i - 2.5) * 9})` },
      s("rect", { x: -12, y: 0, width: 26, height: 40, rx: 3, fill: `var(--s-${suit})`, stroke: "#fbf7ea", "stroke-width": 1.5 }),
      s("path", { d: SUIT_SHAPES[suit], fill: "#fbf7ea", transform: "translate(-9 8) scale(0.8)", "fill-rule": "evenodd" }))),
  ];
}

function lordsArt() {
  return [
    s("rect", { width: 160, height: 90, fill: "#1f5f7a" }),
    s("path", { d: "M20 70 34 30 70 18 110 26 140 52 120 80 60 84Z", fill: "#c9b98a", stroke: "#6b5b33", "stroke-width": 2 }),
    s("path", { d: "M34 30 60 50 70 18M60 50 110 26M60 50 60 84M60 50 140 52", stroke: "#6b5b33", fill: "none" }),
    s("g", { transform: "translate(72 36) scale(1.3)" }, s("path", { d: "M3 9 12 3l9 6Z M6 10h2v8H6Z M11 10h2v8h-2Z M16 10h2v8h-2Z M4 19h16v2H4Z", fill: "#fbf7ea", stroke: "#1c222b" })),
    s("g", { transform: "translate(30 46)" }, s("circle", { r: 7, fill: "var(--p0)", stroke: "#fff" })),
    s("g", { transform: "translate(118 58)" }, s("circle", { r: 7, fill: "var(--p1)", stroke: "#fff" })),
  ];
}

const TILE_ART = { legends: legendsArt, realms: realmsArt, lords: lordsArt };

/** The decorative picture of a lobby tile: the drawing a game names (/api/games "web.art"). */
export function gameArt(artName) {
  const draw = TILE_ART[artName] || (() => [s("rect", { width: 160, height: 90, fill: "#555" })]);
  return s("svg", { viewBox: "0 0 160 90", class: "game-art", "aria-hidden": "true", focusable: "false" }, draw());
}
