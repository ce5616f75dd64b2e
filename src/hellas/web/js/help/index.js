// Table help per game: a one-line summary of what is happening now, and what each offered
// choice does.  A help module exports
//   phase(view)            - one line saying what is happening (or "");
//   explain(choice, view)  - what a choice does and what it costs (or "").
// The game declares its module in its metadata (/api/games "web.help"); games without one get a
// generic line from the view's "phase" field, if any.

import { webModule } from "../render/index.js";
import { pretty } from "../util.js";

const cache = new Map();

const generic = {
  phase: (view) => (view && view.phase ? `Phase: ${pretty(view.phase)}.` : ""),
  explain: () => "",
};

/** Return the help module of a game (a generic one for games without help). */
export async function helpFor(gameId) {
  if (cache.has(gameId)) return cache.get(gameId);
  let mod = generic;
  const path = await webModule(gameId, "help");
  if (path) {
    try {
      mod = await import(path);
    } catch (err) {
      console.error(`cannot load the ${gameId} help`, err);
    }
  }
  cache.set(gameId, mod);
  return mod;
}

/** The choice's key parts: "fight:arms" -> ["fight", "arms"]. */
export function split(key) {
  const at = key.indexOf(":");
  return at < 0 ? [key, ""] : [key.slice(0, at), key.slice(at + 1)];
}
