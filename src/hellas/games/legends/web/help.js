// Legends of Hellas at the table: what is happening now and what each choice does.

import { pretty } from "/static/js/util.js";
import { split } from "/static/js/help/index.js";

const PHASES = {
  volunteer: "Setup: the heroes decide who places a disc first — that hero takes the first turn.",
  "setup-place": "Setup: each hero puts their disc on a monster to face.",
  action: "A hero's turn: one action — fight, move, recover, support or consult the Oracle.",
  "move-discard": "Moving costs a card: the hero discards one.",
  recover: "Recovering: the hero draws cards one at a time, up to five, and may stop early.",
  "recover-discard": "Recovering ends with one discard.",
  "support-give": "Supporting: the hero hands cards to another hero, then says done.",
  "support-discard": "After support, the receiving hero discards down to four cards.",
  "oracle-discard": "The Oracle shows six cards: one is discarded.",
  "oracle-order": "The Oracle: the other cards go back on the deck, in the order chosen (first = top).",
  over: "The mission is over.",
};

/** One line on what is happening. */
export function phase(view) {
  const who = view.heroes && view.to_act !== null && view.to_act !== undefined ? view.heroes[view.to_act] : null;
  const line = PHASES[view.phase] || `Phase: ${pretty(view.phase)}.`;
  return who && view.phase !== "over" ? `${line} (${who.name} to decide)` : line;
}

/** What a choice does and what it costs. */
export function explain(choice, view) {
  const [verb, arg] = split(choice.key);
  const card = pretty(arg);
  const mine = view.heroes && view.seat !== null && view.seat !== undefined ? view.heroes[view.seat] : null;
  const colour = mine ? pretty(mine.colour) : "your colour";
  switch (verb) {
    case "fight":
      if (arg === "slay") return "Lay a divine intervention sideways: the monster is slain at once. Costs that card.";
      if (arg.startsWith("divine=")) {
        return `Play a divine intervention as a ${pretty(arg.slice(7))} card on your monster. Costs that (rare) card.`;
      }
      return `Play one ${card} card on the monster your disc is on. Costs that card; five cards covering both symbols defeat it.`;
    case "special":
      return `Your hero's ability: play a ${card} card face-down; it counts as ${colour}. Your disc is broken afterwards.`;
    case "move":
      return `Put your disc on the ${card}. Costs one card: you discard right after.`;
    case "recover":
      return "Draw cards one at a time, up to five in hand (you may stop), then discard one. Uses your turn.";
    case "support":
      return `Give the ${card} hero one or more cards; they then discard down to four. Uses your turn.`;
    case "oracle":
      return "Turn up the top six cards of the draw deck, discard one and put the rest back in an order you choose.";
    case "draw":
      return "Take the top card of the draw deck into your hand.";
    case "stop":
      return "Draw no more; then discard one card.";
    case "discard":
      return `Put a ${card} card from your hand on the discard pile.`;
    case "give":
      return `Hand a ${card} card to the hero you support.`;
    case "done":
      return "Stop giving cards; the other hero then discards down to four.";
    case "oracle.discard":
      return `The revealed ${card} card goes to the discard pile.`;
    case "oracle.next":
      return `The ${card} card goes back next, under the ones already put back.`;
    case "place":
      return `Put your hero disc on the ${card}.`;
    case "wait":
      return "Let another hero place first; they will take the first turn.";
    default:
      return "";
  }
}
