// How to play Fantasy Realms: Greek Legends, in Hellas' own words, with diagrams drawn in SVG.

import { s } from "/static/js/util.js";
import { suitGlyph } from "./art.js";
import { diagram, label } from "/static/js/howto/draw.js";

const SUITS = ["god", "hero", "item", "location", "monster", "quest"];

function suitsDiagram() {
  return diagram("The six suits, each with its own colour and shape", "0 0 340 64",
    ...SUITS.map((suit, i) => s("g", { transform: `translate(${8 + i * 55} 4)` },
      s("g", { transform: "translate(10 0) scale(1.4)" }, suitGlyph(suit)),
      label(27, 56, suit.charAt(0).toUpperCase() + suit.slice(1), "middle", "dg-small"))));
}

function turnDiagram() {
  return diagram("A turn: take one card from the deck or the discard area, then discard one face-up", "0 0 340 110",
    s("rect", { x: 10, y: 20, width: 44, height: 62, rx: 5, class: "dg-back" }),
    label(32, 98, "Deck", "middle", "dg-small"),
    ...[0, 1, 2].map((i) => s("rect", { x: 100 + i * 26, y: 20, width: 44, height: 62, rx: 5, class: "dg-card" })),
    label(148, 98, "Discard area (face up)", "middle", "dg-small"),
    s("path", { d: "M56 50 C 90 10, 220 10, 250 40", class: "dg-arrow" }),
    s("path", { d: "M190 60 C 210 70, 235 70, 250 60", class: "dg-arrow" }),
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => s("rect", { x: 250 + i * 7, y: 30 + (i % 2), width: 30, height: 46, rx: 3, class: i === 7 ? "dg-card hot" : "dg-card" })),
    label(290, 98, "Your hand: 7 (+1)", "middle", "dg-small"));
}

function endDiagram() {
  return diagram("The game ends when the tenth card reaches the discard area", "0 0 340 60",
    ...[...Array(10).keys()].map((i) => s("rect", { x: 10 + i * 32, y: 8, width: 26, height: 36, rx: 3, class: i === 9 ? "dg-card hot" : "dg-card" })),
    label(170, 58, "10 face-up cards: everyone scores", "middle", "dg-small"));
}

export const GUIDE = {
  title: "Fantasy Realms: Greek Legends",
  lead: "Build the strongest hand of seven cards. Every card has a strength and an effect that "
    + "helps or hurts the other cards beside it — the art is in the combinations.",
  sections: [
    {
      heading: "The goal",
      text: ["When the game ends, each player scores the cards in hand (and in their Afterlife). The highest total wins; "
        + "a tie goes to the player whose cards have the lower base strengths."],
    },
    {
      heading: "The cards",
      text: ["Each card belongs to a suit, shows a base strength and an effect: a bonus (for example, points for each card of "
        + "another suit), a penalty, or a card that cancels others. Hover a card at the table to read its effect in full."],
      diagram: suitsDiagram,
    },
    {
      heading: "Your turn",
      text: ["You hold seven cards. On your turn take one more — the top card of the deck, or any face-up card in the discard "
        + "area — then put one card face up in the discard area, so you are back to seven. Everyone sees what you take from the discard area."],
      diagram: turnDiagram,
    },
    {
      heading: "The Afterlife",
      text: ["Some cards may be sent to your own Afterlife instead of the discard area. They still count as part of your hand "
        + "at the end, but each costs points there, and some do something when they arrive."],
    },
    {
      heading: "The end",
      text: ["As soon as the discard area holds ten cards, the game ends. Cards that still need a decision at the end (choose a "
        + "suit, copy a card...) are resolved, by the solver (option “auto”) or by each player (“manual”), and the hands are scored."],
      diagram: endDiagram,
    },
    {
      heading: "Playing here",
      text: ["Your hand is drawn as cards on the board. To take a card, click the deck or a card in the discard area; to "
        + "discard, click a card in your hand (a card with the Afterlife icon asks where it goes). The choices panel lists "
        + "the same choices: keys 1–9 pick; hover or long-press a choice or a card to read it. The score line shows what "
        + "your hand would score now, and at the end every hand is ranked, card by card."],
    },
  ],
};
