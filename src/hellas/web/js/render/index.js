// Picks a game's board renderer by game id.
//
// A renderer module exports:
//   render(root, view, ctx)  - draw the view into the element `root` (replacing its content);
//   seatNames(view)          - optional: a display name per seat (hero names...), or null;
//   targets(key, view)       - optional: the things on the board a choice acts on (board-control.js);
//   compound(choices, view)  - optional: whole decisions of several steps, built by clicks.
// ctx = {seat, choices, choose(key), hint(keys), replay}: `seat` is the viewer's seat (null for
// spectators), `choices` the current choices (empty unless it is the viewer's decision),
// `choose` sends a choice, `hint` highlights some choices in the choice panel.

import { h, replaceChildren } from "../util.js";

const KNOWN = new Set(["legends", "realms", "lords"]);
const cache = new Map();

/** Return the renderer module of a game (a generic JSON view for unknown games). */
export async function rendererFor(gameId) {
  if (cache.has(gameId)) return cache.get(gameId);
  let mod = fallback;
  if (KNOWN.has(gameId)) {
    try {
      mod = await import(`./${gameId}.js`);
    } catch (err) {
      console.error(`cannot load the ${gameId} renderer`, err);
      mod = fallback;
    }
  }
  cache.set(gameId, mod);
  return mod;
}

const fallback = {
  render(root, view) {
    replaceChildren(root, h("pre", { class: "raw-view" }, JSON.stringify(view, null, 2)));
  },
  seatNames() {
    return null;
  },
};
