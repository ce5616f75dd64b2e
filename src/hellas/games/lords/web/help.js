// Lords of Hellas at the table: what is happening now and what each choice does (card,
// blessing, artifact and monster texts come from the generated data file).

import { pretty } from "/static/js/util.js";
import { TEXTS } from "./data.js";
import { split } from "/static/js/help/index.js";

const STEPS = {
  setup: "Setup: each player picks a hero and a starting Region.",
  turn: "A player's turn: regular actions (moves, priests, artifacts) in any order, then one special action.",
  hero: "Hero Movement: the hero walks to neighbouring Regions.",
  hoplites: "Hoplite Movement: hoplites march into neighbouring Regions; entering an enemy Region starts a battle.",
  battle: "A battle: both sides play combat cards; the higher Army Strength keeps the Region.",
  hunt: "A hunt: the hero fights a monster with combat cards and attributes.",
  recruit: "Recruiting: new hoplites join in the Regions you control.",
  "power-recruit": "Recruiting: new hoplites join in the Regions you control.",
  march: "March: hoplites move once more.",
  usurp: "Usurp: take a Region without a battle, by Leadership.",
  prepare: "Prepare: draw combat cards, and perhaps take a blessing.",
  draft: "Blessing draft: each player in turn takes one blessing.",
  monsters: "The monster phase: the monsters move or attack.",
  mmove: "A monster moves.",
  mmode: "A monster acts: it moves or attacks its Region.",
  mtarget: "A monster attacks.",
  hurt: "A hero is wounded: choose where the injury goes.",
  discard: "Too many combat cards: discard down to the limit.",
  "quest-start": "A quest may start now.",
  "strike-slot": "Covering a wound on the monster's tray.",
};

/** One line on what is happening. */
export function phase(view) {
  const p = view.procedure;
  if (!p) return view.result ? "The game is over." : "";
  const turn = view.turn ? ` (turn ${view.turn})` : "";
  return (STEPS[p] || `Step: ${pretty(p)}.`) + turn;
}

const SPECIAL = {
  recruit: "Special action: new hoplites in the Regions you control (as many as your Population allows). Ends your turn's actions.",
  march: "Special action: move your hoplites once more. Ends your turn's actions.",
  prepare: "Special action: draw a combat card and take what Prepare gives. Ends your turn's actions.",
  usurp: "Special action: take a Region next to yours by Leadership, without a battle.",
  "hero-move": "Regular action: move your hero (once per turn).",
  "hoplite-move": "Regular action: move hoplites (once per turn); entering an enemy Region starts a battle.",
  pass: "Play no more combat cards in this battle.",
  done: "Finish this step.",
  stop: "Stop moving.",
  lose: "Lose a hoplite instead of taking an injury.",
  take: "Do not defend: the monster's attack lands, and you draw a combat card.",
  "end-attack": "Stop attacking the monster; with no wound dealt this round the hunt ends.",
};

function text(group, id) {
  return (TEXTS[group] && TEXTS[group][id]) || "";
}

/** What a choice does and what it costs. */
export function explain(choice) {
  const [verb, arg] = split(choice.key);
  if (SPECIAL[choice.key] || SPECIAL[verb]) return SPECIAL[choice.key] || SPECIAL[verb];
  if (["card", "discard", "keep", "hit", "with", "shield", "any"].includes(verb)) return text("combat", arg);
  if (verb === "bless") return text("blessings", arg);
  if (verb === "artifact") return text("artifacts", arg);
  if (verb === "hunt" || verb === "monster") return `Hunt: fight the monster with your hero. ${text("monsters", arg)}`.trim();
  if (verb === "quest") return text("quests", arg);
  if (verb === "hero") return text("heroes", arg);
  if (verb === "pray" || verb === "monument") return text("gods", arg);
  if (verb === "temple") return "Special action: build a temple here (costs nothing but the action); temples count toward Favored of the Gods.";
  return "";
}
