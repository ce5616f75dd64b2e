// Picks a game's board renderer by game id: the module the game declares in its metadata
// (/api/games "web.renderer": a URL in its own web folder, /static/games/<id>/...), or a generic
// JSON view when it declares none.
//
// A renderer module exports:
//   render(root, view, ctx)  - draw the view into the element `root` (replacing its content);
//   seatNames(view)          - optional: a display name per seat (hero names...), or null;
//   targets(key, view)       - optional: the things on the board a choice acts on (board-control.js);
//   compound(choices, view)  - optional: whole decisions of several steps, built by clicks.
// ctx = {seat, choices, choose(key), hint(keys), replay}: `seat` is the viewer's seat (null for
// spectators), `choices` the current choices (empty unless it is the viewer's decision),
// `choose` sends a choice, `hint` highlights some choices in the choice panel.

import { games, h, replaceChildren } from "../util.js";

const cache = new Map();

/** The URL of the module a game declares for `kind` ("renderer", "help"...), or null. */
export async function webModule(gameId, kind) {
  const list = await games().catch(() => []);
  const game = list.find((g) => g.id === gameId);
  return (game && game.web && game.web[kind]) || null;
}

/** Return the renderer module of a game (a generic JSON view for unknown games). */
export async function rendererFor(gameId) {
  if (cache.has(gameId)) return cache.get(gameId);
  let mod = fallback;
  const path = await webModule(gameId, "renderer");
  if (path) {
    try {
      mod = await import(path);
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
