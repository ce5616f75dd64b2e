// Nim's table help (declared as web.help in its metadata): what is happening and what a take
// leaves, with the rule of four for two players.

import { split } from "/static/js/help/index.js";

/** One line on what is happening. */
export function phase(view) {
  if (view.to_act === null || view.to_act === undefined) return "The heap is empty: the game is over.";
  return `${view.heap} stone${view.heap === 1 ? "" : "s"} left: take 1 to 3; whoever takes the last stone wins.`;
}

/** What a take leaves behind. */
export function explain(choice, view) {
  const [verb, arg] = split(choice.key);
  if (verb !== "take") return "";
  const left = view.heap - Number(arg);
  if (left === 0) return "Takes the last stone: you win.";
  const four = view.players === 2 && left % 4 === 0 ? " A multiple of 4: the best take." : "";
  return `Leaves ${left} stone${left === 1 ? "" : "s"}.${four}`;
}
