// Bots by level: each game declares Easy / Normal / Hard (and Expert where a search bot is worth
// it), each a bot and its budget (/api/games "levels").  People pick a level; the technical bot
// names are offered only under "Advanced", and never a reference bot that reads hidden cards.

import { h } from "./util.js";

/** True for the reference bots that read hidden cards (never offered to people). */
export function readsHidden(name) {
  return String(name).toLowerCase().startsWith("clairvoyant");
}

/** A game's levels, easiest first: [{level, title, bot, seconds, about}]. */
export function levelsOf(game) {
  return (game && game.levels) || [];
}

/** The bot a game plays at its Normal level (the default for new bot seats). */
export function normalBot(game) {
  const levels = levelsOf(game);
  const normal = levels.find((l) => l.level === "normal") || levels[0];
  if (normal) return normal.bot;
  const honest = advancedBots(game);
  return honest.includes("heuristic") ? "heuristic" : honest[0];
}

/** Every honest bot name of a game, for the Advanced list ("bot" is an alias, left out). */
export function advancedBots(game) {
  return ((game && game.bots) || []).filter((b) => !readsHidden(b) && b !== "bot");
}

/** The words for a seat's bot: its level's title ("Normal"), else its kind ("Heuristic"). */
export function botTitle(spec, game) {
  const level = levelsOf(game).find((l) => l.bot === spec);
  if (level) return level.title;
  const kind = String(spec || "bot").split(":")[0].replace(/[-_]/g, " ");
  return kind.charAt(0).toUpperCase() + kind.slice(1); // an Advanced pick, by its own name
}

/** How long a level thinks over a move, in words, from its budget in seconds. */
export function thinkWords(seconds) {
  const s = Number(seconds) || 0;
  if (s < 0.1) return "answers at once";
  if (s < 1) return "thinks under a second a move";
  return `thinks up to ${Number(s.toFixed(1))} s a move`;
}

/** A level's tooltip and help line: what it does, then how long it thinks. */
export function levelWords(level) {
  return `${level.about} (${thinkWords(level.seconds)})`;
}

/** <option>s for a bot select: the levels, then (with `advanced`) every honest bot by name. */
export function botOptions(game, selected, advanced, words = (title) => title) {
  const levels = levelsOf(game);
  const out = levels.map((l) => h("option", { value: l.bot, selected: l.bot === selected, title: levelWords(l) },
    words(l.title), advanced ? ` (${l.bot})` : ""));
  const known = new Set(levels.map((l) => l.bot));
  const extra = advanced ? advancedBots(game).filter((b) => !known.has(b)) : [];
  if (selected && !known.has(selected) && !extra.includes(selected) && !readsHidden(selected) && selected !== "human") extra.push(selected);
  if (extra.length) {
    out.push(h("optgroup", { label: "Advanced: bots by technical name" },
      extra.map((b) => h("option", { value: b, selected: b === selected }, words(b)))));
  }
  return out;
}

/** One line per level, for a help note: "Easy: plays any legal move ... (answers at once)". */
export function levelsHelp(game) {
  return levelsOf(game).map((l) => `${l.title}: ${levelWords(l)}`).join(" · ");
}
