// Lords of Hellas' own art, drawn in code: the token icons and the lobby tile (declared as web.art
// in its metadata).

import { glyph, icon } from "/static/js/art.js";
import { s } from "/static/js/util.js";

const TOKEN_SHAPES = {
  hoplite: "M7 20V11a5 5 0 0 1 10 0v9h-3v-6h-4v6Z M12 3l1 3h-2Z",
  hero: "M12 3l2 5h5l-4 3 2 6-5-4-5 4 2-6-4-3h5Z",
  monster: "M3 20 7 8l3 8 2-12 2 12 3-8 4 12Z",
  temple: "M3 9 12 3l9 6Z M5 10h14v1H5Z M6 12h2v7H6Z M11 12h2v7h-2Z M16 12h2v7h-2Z M4 20h16v2H4Z",
  monument: "M9 21h6l-1-14h-4Z M8 6h8v1H8Z M10 3h4v3h-4Z M7 21h10v1H7Z",
};

/** A Lords token's drawing as a <g>: hoplite helmet, hero star, monster claw, temple, monument. */
export function tokenGlyph(kind, colour = "var(--ink-2)") {
  return s("g", {}, glyph(TOKEN_SHAPES[kind] || TOKEN_SHAPES.hoplite, colour));
}

/** A Lords token icon. */
export function lordsToken(kind, colour = "var(--ink-2)", label = null) {
  return icon(tokenGlyph(kind, colour), label, `token-icon token-${kind}`);
}

/** The lobby tile's drawing (160x90), inside the tile's <svg>. */
export function tile() {
  return [
    s("rect", { width: 160, height: 90, fill: "#1f5f7a" }),
    s("path", { d: "M20 70 34 30 70 18 110 26 140 52 120 80 60 84Z", fill: "#c9b98a", stroke: "#6b5b33", "stroke-width": 2 }),
    s("path", { d: "M34 30 60 50 70 18M60 50 110 26M60 50 60 84M60 50 140 52", stroke: "#6b5b33", fill: "none" }),
    s("g", { transform: "translate(72 36) scale(1.3)" }, s("path", { d: "M3 9 12 3l9 6Z M6 10h2v8H6Z M11 10h2v8h-2Z M16 10h2v8h-2Z M4 19h16v2H4Z", fill: "#fbf7ea", stroke: "#1c222b" })),
    s("g", { transform: "translate(30 46)" }, s("circle", { r: 7, fill: "var(--p0)", stroke: "#fff" })),
    s("g", { transform: "translate(118 58)" }, s("circle", { r: 7, fill: "var(--p1)", stroke: "#fff" })),
  ];
}
