// How to play Legends of Hellas, in Hellas' own words, with diagrams drawn in SVG.

import { s } from "/static/js/util.js";
import { attributeGlyph, emblemGlyph } from "./art.js";
import { diagram, label } from "/static/js/howto/draw.js";

const ATTRS = ["guile", "speed", "arms", "strength", "courage"];

function monsterDiagram() {
  const slots = ["arms", "strength", "arms", "strength", null];
  return diagram("A Minotaur needs five cards; both of its symbols must be covered", "0 0 340 125",
    s("g", { transform: "translate(10 20) scale(2)" }, emblemGlyph(["arms", "strength"])),
    label(42, 100, "Minotaur", "middle", "dg-strong"),
    ...slots.map((a, i) => s("g", { transform: `translate(${90 + i * 48} 22)` },
      s("rect", { width: 40, height: 56, rx: 5, class: a ? "dg-card" : "dg-slot" }),
      a ? s("g", { transform: "translate(8 14)" }, attributeGlyph(a)) : label(20, 34, "?", "middle"))),
    label(210, 98, "4 of 5 played: one more Arms\nor Strength card defeats it", "middle", "dg-small"));
}

function actionsDiagram() {
  const acts = [["Fight", "play a\ncard"], ["Move", "to another\nmonster"], ["Recover", "draw up\nto 5"],
    ["Support", "give\ncards"], ["Oracle", "look at\n6 cards"]];
  return diagram("The five actions: one per turn", "0 0 340 70",
    ...acts.map(([name, what], i) => s("g", { transform: `translate(${4 + i * 67} 6)` },
      s("rect", { width: 62, height: 56, rx: 8, class: "dg-box" }),
      label(31, 24, name, "middle", "dg-strong"),
      label(31, 40, what, "middle", "dg-small"))));
}

function attributesDiagram() {
  return diagram("The five attributes and the divine intervention, each with its own shape", "0 0 340 64",
    ...[...ATTRS, "divine"].map((a, i) => s("g", { transform: `translate(${10 + i * 55} 4)` },
      s("g", { transform: "translate(8 0) scale(1.4)" }, attributeGlyph(a)),
      label(24, 56, a.charAt(0).toUpperCase() + a.slice(1), "middle", "dg-small"))));
}

export const GUIDE = {
  title: "Legends of Hellas",
  lead: "A co-operative card game: the heroes defeat monsters together, by covering each monster's "
    + "symbols with matching cards — but nobody may show or tell the others what is in their hand.",
  sections: [
    {
      heading: "The goal",
      text: [
        "Each mission starts with a few monsters on the table and brings more in as others fall. "
        + "Defeat the mission's final monster (a Chimera, or Hades in the last mission) and everyone wins.",
        "Everyone loses together when a hero must draw and the draw deck is empty with no cards in hand, "
        + "so spend cards with care.",
      ],
    },
    {
      heading: "Cards and symbols",
      text: [
        "The deck holds cards of five attributes, each with its own colour and shape, plus a few divine "
        + "interventions. Difficulty decides how many divine interventions are shuffled in: Human gives the "
        + "most, Heroic fewer, Godlike the fewest.",
      ],
      diagram: attributesDiagram,
    },
    {
      heading: "Monsters",
      text: [
        "A monster shows two attributes. It is defeated once five cards are on it (a Chimera takes eight, "
        + "Hades ten) and each of its symbols has at least one card. Only cards matching its symbols may be played on it.",
        "A divine intervention counts as any attribute you name. Played sideways, it slays a monster whose "
        + "symbols are all covered already.",
      ],
      diagram: monsterDiagram,
    },
    {
      heading: "Your turn",
      text: [
        "Your hero disc stands on one monster. On your turn take exactly one action:",
        "Fight — play one matching card on your monster. Move — put your disc on another monster, then discard a card. "
        + "Recover — draw cards one at a time (you may stop), up to five in hand, then discard one. "
        + "Support — give another hero one or more cards; they then discard down to four. "
        + "Consult the Oracle — turn up the top six cards of the deck, discard one and put the rest back in the order you like.",
      ],
      diagram: actionsDiagram,
    },
    {
      heading: "Your hero",
      text: [
        "Each hero has a colour. Once, by playing a card face-down, a hero can count that card as their own colour "
        + "(the special ability) — useful when the card you need is missing. After that the hero's disc is broken.",
      ],
    },
    {
      heading: "Missions",
      text: [
        "Twelve missions change how many monsters start, when new ones arrive and sometimes add a special rule "
        + "(for instance a hero must Recover after a divine intervention). The lobby describes each one when you pick it.",
      ],
    },
    {
      heading: "Playing here",
      text: [
        "When it is your turn, what you can act on is highlighted: click a card in your hand to play, discard or give it, "
        + "a monster to move your disc to, a hero to support, the draw deck to recover or draw, the Oracle to consult it; "
        + "a card with two uses (fight, or the special ability) asks which. Every choice is also listed in the panel on the "
        + "right (at the bottom on a phone): press a number key or Enter to pick; hover or long-press a choice to read "
        + "what it does. Other heroes' hands stay hidden, as at a real table.",
      ],
    },
  ],
};
