// Hellas' shared SVG drawing helpers and the lobby's game tiles.  Each game draws its own icons
// and its tile in its web folder (games/<id>/web/art.js, declared as "web.art" in its metadata)
// with the helpers here: every icon pairs a distinct shape with its colour, so it reads in
// greyscale and for colour-blind players; decorative icons are aria-hidden, and the ones that
// carry meaning get a <title>.

import { s } from "./util.js";

/** A filled outline path (an icon's shape, filled with its colour and edged). */
export function glyph(path, fill) {
  return s("path", { d: path, fill, stroke: "var(--icon-edge)", "stroke-width": "1", "fill-rule": "evenodd" });
}

// An icon for HTML: its own <svg>.  Inside another SVG (the diagrams) use the *Glyph functions,
// which give the same drawing as a <g> on a 24x24 (emblems: 32x32) grid.
export function icon(content, label, cls, size = 24) {
  return s("svg", {
    viewBox: `0 0 ${size} ${size}`,
    class: `icon ${cls}`,
    role: label ? "img" : null,
    "aria-label": label || null,
    "aria-hidden": label ? null : "true",
    focusable: "false",
  }, label ? s("title", {}, label) : null, content);
}

// -- the lobby's game tiles ----------------------------------------------------------------------

const art = new Map();

/** Load the art modules the games declare (/api/games "web.art"), once per page. */
export async function loadArt(games) {
  await Promise.all(games.map(async (g) => {
    const path = g.web && g.web.art;
    if (!path || art.has(g.id)) return;
    try {
      art.set(g.id, await import(path));
    } catch (err) {
      console.error(`cannot load the ${g.id} art`, err);
    }
  }));
}

/** The decorative picture of a game's lobby tile: its art module's tile(), or a plain one. */
export function gameArt(game) {
  const mod = art.get(game.id);
  const drawn = mod && mod.tile ? mod.tile() : [s("rect", { width: 160, height: 90, fill: "#555" })];
  return s("svg", { viewBox: "0 0 160 90", class: "game-art", "aria-hidden": "true", focusable: "false" }, drawn);
}
