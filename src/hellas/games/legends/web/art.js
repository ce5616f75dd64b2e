// Legends of Hellas' own art, drawn in code: the attribute icons, the monster emblems and the
// lobby tile (declared as web.art in its metadata).

import { glyph, icon } from "/static/js/art.js";
import { s } from "/static/js/util.js";

// Each attribute's silhouette on a 24x24 grid (drawn filled with the attribute's colour).
export const ATTRIBUTE_SHAPES = {
  guile: "M12 2 21 12 12 22 3 12Z M12 8 16 12 12 16 8 12Z", // a diamond with an eye-like core
  speed: "M4 4h5l6 8-6 8H4l6-8Z M12 4h5l6 8-6 8h-5l6-8Z", // a double chevron
  arms: "M11 2h2v13h4v2h-4v5h-2v-5H7v-2h4Z", // an upright sword
  strength: "M4 6h16v12H4Z M8 10h8v4H8Z", // a heavy block
  courage: "M12 2 20 5v7c0 5-4 8-8 10-4-2-8-5-8-10V5Z", // a shield
  divine: "M12 1l3 7 8 1-6 5 2 8-7-4-7 4 2-8-6-5 8-1Z", // a star
  hidden: "M5 3h14v18H5Z M9 8a3 3 0 1 1 4 3v2h-2v-3a1 1 0 1 0-1-2Z M11 15h2v2h-2Z",
};

/** A Legends attribute's drawing as a <g> (guile, speed, arms, strength, courage, divine). */
export function attributeGlyph(type) {
  const shape = ATTRIBUTE_SHAPES[type] || ATTRIBUTE_SHAPES.hidden;
  return s("g", {}, glyph(shape, `var(--a-${type in ATTRIBUTE_SHAPES ? type : "hidden"}, #999)`));
}

/** An attribute icon for Legends (guile, speed, arms, strength, courage, divine, hidden). */
export function attributeIcon(type, label = null) {
  return icon(attributeGlyph(type), label, `attr-icon a-${type}`);
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

/** The lobby tile's drawing (160x90), inside the tile's <svg>. */
export function tile() {
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
