// Fantasy Realms at the table: what is happening now and what each choice does (card effects
// come from the generated card list).

import { pretty } from "/static/js/util.js";
import { CARDS } from "./cards.js";
import { split } from "/static/js/help/index.js";

const PHASES = {
  draw: "Start of a turn: take a card — the top of the deck or any card in the discard area.",
  discard: "End of a turn: put one card face up in the discard area (or in your Afterlife).",
  oracle: "The Oracle at Delphi: look at the deck's top cards and send some to the bottom.",
  endgame: "The game has ended: cards that need a decision are resolved, then every hand is scored.",
  over: "The game is over: the hands are scored.",
};

/** One line on what is happening. */
export function phase(view) {
  const line = PHASES[view.phase] || `Phase: ${pretty(view.phase)}.`;
  const count = Array.isArray(view.discard) ? view.discard.length : null;
  return count !== null && view.phase !== "over" ? `${line} Discard area: ${count} of 10.` : line;
}

function card(id) {
  const c = CARDS[id];
  return c ? `${c.name} (${pretty(c.suit)}, base ${c.base}): ${c.text}` : pretty(id);
}

/** What a choice does and what it costs. */
export function explain(choice) {
  const [verb, arg] = split(choice.key);
  switch (verb) {
    case "draw":
      return "Take the unknown top card of the deck; nobody else learns what it is.";
    case "take":
      return `Take it from the discard area; everyone sees that you hold it. ${card(arg)}`;
    case "discard":
      return `It goes face up to the discard area, where anyone may take it. ${card(arg)}`;
    case "afterlife":
      return `It goes to your Afterlife: it still counts at the end, but costs 10 points there. ${card(arg)}`;
    case "bottom":
      return `Put it on the bottom of the deck. ${card(arg)}`;
    case "keep":
      return "Leave the remaining cards on top of the deck, in their order.";
    default:
      return arg && CARDS[arg] ? card(arg) : "";
  }
}
