// How to play Lords of Hellas, in Hellas' own words, with diagrams drawn in SVG.

import { s } from "/static/js/util.js";
import { tokenGlyph } from "./art.js";
import { diagram, label } from "/static/js/howto/draw.js";
import { DARK_AGES } from "./howto-dark-ages.js";

function victoryDiagram() {
  const ways = [["hoplite", "Warlord", "hold whole\nLands"], ["temple", "Favored", "5 Regions\nwith Temples"],
    ["monster", "Slayer", "slay 3\nMonsters"], ["monument", "King of\nKings", "full Monument\n(3–4 players)"]];
  return diagram("Four ways to win", "0 0 340 100",
    ...ways.map(([kind, name, what], i) => s("g", { transform: `translate(${4 + i * 84} 4)` },
      s("rect", { width: 80, height: 94, rx: 8, class: "dg-box" }),
      s("g", { transform: "translate(26 6) scale(1.2)" }, tokenGlyph(kind, "var(--ink-2)")),
      label(40, 46, name, "middle", "dg-strong"),
      label(40, name.includes("\n") ? 74 : 64, what, "middle", "dg-small"))));
}

function turnDiagram() {
  return diagram("A turn: regular actions in any order, then one special action", "0 0 340 90",
    s("rect", { x: 4, y: 6, width: 150, height: 80, rx: 8, class: "dg-box" }),
    label(79, 34, "Regular actions", "middle", "dg-strong"),
    label(79, 54, "move hero · hoplites\npriests · artifacts", "middle", "dg-small"),
    s("path", { d: "M158 40h22", class: "dg-arrow" }),
    s("rect", { x: 186, y: 6, width: 150, height: 80, rx: 8, class: "dg-box hot" }),
    label(261, 26, "One special action", "middle", "dg-strong"),
    label(261, 46, "Recruit · March · Temple\nPrepare · Usurp\nMonument · Hunt", "middle", "dg-small"));
}

function mapDiagram() {
  return diagram("Regions belong to Lands; hoplites control regions; a monster blocks them", "0 0 340 100",
    s("path", { d: "M10 80 30 20 110 12 140 60 90 92Z", class: "dg-land a" }),
    s("path", { d: "M140 60 110 12 200 8 230 50 190 90Z", class: "dg-land b" }),
    s("path", { d: "M230 50 200 8 300 14 330 70 270 94 190 90Z", class: "dg-land c" }),
    s("g", { transform: "translate(50 40)" }, tokenGlyph("hoplite", "var(--p0)")),
    s("g", { transform: "translate(74 40)" }, tokenGlyph("hoplite", "var(--p0)")),
    s("g", { transform: "translate(160 36)" }, tokenGlyph("hero", "var(--p1)")),
    s("g", { transform: "translate(260 40)" }, tokenGlyph("monster", "var(--a-arms)")),
    label(70, 78, "red holds it", "middle", "dg-small"),
    label(262, 78, "a Monster", "middle", "dg-small"));
}

export const GUIDE = {
  title: "Lords of Hellas",
  lead: "Lead an ancient Greek power: march hoplites across the land, build temples, hunt monsters "
    + "with your hero and raise monuments to the gods. The first to meet a victory condition wins.",
  sections: [
    {
      heading: "The goal",
      text: ["The game ends the moment a player meets one of the victory conditions; nobody needs to wait for the end of a round. "
        + "Which Lands count for the Warlord depends on the number of players (three Lands with two players, two otherwise); "
        + "King of Kings, played with three or four players, is tied to the first Monument raised to its full height."],
      diagram: victoryDiagram,
    },
    {
      heading: "The map",
      text: ["Greece is split into Regions, grouped into coloured Lands. Whoever has hoplites alone in a Region controls it "
        + "and may use its city, shrine or temple. Monsters roam the map and attack the Regions they stand in."],
      diagram: mapDiagram,
    },
    {
      heading: "Your turn",
      text: ["First the regular actions, each at most once and in any order: move your hero, move your hoplites, send a priest "
        + "to a monument, use an artifact. Then one special action: recruit hoplites, march, build a temple, prepare "
        + "(draw a combat card and more), usurp a region, or build a part of a monument — which ends the round, "
        + "after which the monsters act — or hunt a monster that stands in your hero's Region."],
      diagram: turnDiagram,
    },
    {
      heading: "Battles and hunts",
      text: ["Entering an enemy Region starts a battle: both sides add their hoplites to combat cards played one by one, "
        + "and the stronger side keeps the Region. Hunting a monster is a fight against its attacks, using combat cards "
        + "and your hero's attributes; a slain monster is a trophy and counts toward the Slayer victory."],
    },
    {
      heading: "Heroes, quests and artifacts",
      text: ["Your hero has three attributes — Leadership, Strength and Speed — which grow with quests and blessings. "
        + "Quests take your hero to certain Regions; artifacts give one-off powers."],
    },
    ...DARK_AGES,
    {
      heading: "Playing here",
      text: ["The map shows Regions, hoplites, heroes, monsters, temples and monuments. When it is your decision, what you "
        + "can act on is highlighted: click a Region, a piece, a card in your hand or an action token on your board; a "
        + "Hoplite move takes two clicks, the Region to leave and the one to enter (Cancel or Escape undoes the first). "
        + "The choices panel lists everything too: keys 1–9 pick, / filters a long list, and hovering a choice says what "
        + "it does. On a phone, pinch the map to zoom and drag it to move. For a shorter game, set a turn limit in the lobby."],
    },
  ],
};
