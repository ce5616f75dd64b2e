// Fantasy Realms' own art, drawn in code: the suit icons and the lobby tile (declared as web.art
// in its metadata).

import { glyph, icon } from "/static/js/art.js";
import { s } from "/static/js/util.js";

// Realms suits: shape + colour.
export const SUIT_SHAPES = {
  god: "M12 2l2.5 6.5L21 9l-5 4.5L17.5 21 12 17l-5.5 4L8 13.5 3 9l6.5-.5Z", // a star (sun)
  hero: "M5 3h14v9c0 5-4 8-7 9-3-1-7-4-7-9Z", // a shield
  item: "M12 2 20 8 12 22 4 8Z", // a gem
  location: "M2 20 9 6l4 7 3-4 6 11Z", // mountains
  monster: "M4 4l4 6 4-8 4 8 4-6-2 16H6Z", // fangs / claws
  quest: "M6 2h10l3 3v17H6Z M9 8h7M9 12h7M9 16h5", // a scroll
  unknown: "M4 4h16v16H4Z",
};

/** A Realms suit's drawing as a <g>. */
export function suitGlyph(suit) {
  const shape = SUIT_SHAPES[suit] || SUIT_SHAPES.unknown;
  return s("g", {}, glyph(shape, `var(--s-${suit in SUIT_SHAPES ? suit : "unknown"})`));
}

/** A Realms suit icon. */
export function suitIcon(suit, label = null) {
  return icon(suitGlyph(suit), label, `suit-icon suit-${suit}`);
}

/** The lobby tile's drawing (160x90), inside the tile's <svg>. */
export function tile() {
  const suits = ["god", "hero", "item", "location", "monster", "quest"];
  return [
    s("rect", { width: 160, height: 90, fill: "#3b2a4f" }),
    ...suits.map((suit, i) => s("g", { transform: `translate(${22 + i * 20} ${20 + Math.abs(i - 2.5) * 5}) rotate(${(i - 2.5) * 9})` },
      s("rect", { x: -12, y: 0, width: 26, height: 40, rx: 3, fill: `var(--s-${suit})`, stroke: "#fbf7ea", "stroke-width": 1.5 }),
      s("path", { d: SUIT_SHAPES[suit], fill: "#fbf7ea", transform: "translate(-9 8) scale(0.8)", "fill-rule": "evenodd" }))),
  ];
}
