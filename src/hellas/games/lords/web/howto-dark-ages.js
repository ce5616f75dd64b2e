// How to play the Lords of Hellas: Dark Ages modules: one section per module family (a module and
// its simple mode together), each in Hellas' own words with a small SVG diagram.  The pieces are
// drawn as the table draws them: round marks with the map's icons (⚓ Port, Π Gate, ☠ Warriors,
// ◈ Orichalkum, ⚙ Factory).

import { s } from "/static/js/util.js";
import { tokenGlyph } from "./art.js";
import { diagram, label } from "/static/js/howto/draw.js";

/** A module piece as the map draws it: a round mark with its icon. */
function mark(x, y, icon, fill = "#fffdf6") {
  return s("g", { transform: `translate(${x} ${y})` },
    s("circle", { r: 13, fill, stroke: "#1c222b", "stroke-width": 1.5 }),
    s("text", { x: 0, y: 5, "text-anchor": "middle", class: "dg-text dg-strong", style: { "font-size": "14px" } }, icon));
}

function region(x, y, w, hgt, cls) {
  return s("rect", { x, y, width: w, height: hgt, rx: 18, class: `dg-land ${cls}` });
}

function card(x, y, title, text, hot = false, w = 70) {
  return s("g", { transform: `translate(${x} ${y})` },
    s("rect", { width: w, height: 84, rx: 6, class: `dg-card ${hot ? "hot" : ""}` }),
    label(w / 2, 18, title, "middle", "dg-strong"),
    label(w / 2, 40, text, "middle", "dg-small"));
}

function poseidonDiagram() {
  return diagram("Ports: a Hero or a March crosses the sea from any Port to any other; Fleet adds to a Battle at a Port",
    "0 0 340 110",
    region(8, 20, 110, 70, "a"), region(222, 20, 110, 70, "c"),
    mark(63, 40, "⚓", "#d8ecff"), mark(277, 40, "⚓", "#d8ecff"),
    s("path", { d: "M80 34 Q170 -6 260 34", class: "dg-arrow", "stroke-dasharray": "5 4" }),
    label(170, 46, "one hop, Port to Port", "middle", "dg-small"),
    s("g", { transform: "translate(40 58)" }, tokenGlyph("hero", "var(--p0)")),
    label(170, 80, "Fleet: +1 Army Strength per Hoplite\nin a Battle at a Port, up to your Fleet", "middle", "dg-small"));
}

function atlantisDiagram() {
  return diagram("Atlantis: a sixth Land of three Regions east of Crete; the Factory stands in the Inner Circle",
    "0 0 340 110",
    region(10, 30, 90, 60, "b"), label(55, 100, "Crete", "middle", "dg-small"),
    s("path", { d: "M100 60 H150", class: "dg-arrow", "stroke-dasharray": "5 4" }),
    region(150, 6, 90, 46, "c"), region(150, 58, 90, 46, "c"), region(246, 30, 88, 50, "a"),
    label(195, 22, "North Atlantis", "middle", "dg-small"), mark(195, 36, "⚓", "#d8ecff"),
    label(195, 76, "South Atlantis", "middle", "dg-small"),
    label(290, 46, "Inner Circle", "middle", "dg-small"), mark(290, 64, "⚙", "#e8e8e8"));
}

function orichalkumDiagram() {
  return diagram("Orichalkum: end a Hero Movement on a City's token to take it; spend it at the start of a turn",
    "0 0 340 100",
    region(8, 16, 100, 70, "a"), mark(58, 38, "◈", "#ffe6b8"),
    s("g", { transform: "translate(36 56)" }, tokenGlyph("hero", "var(--p1)")),
    label(58, 96, "a City", "middle", "dg-small"),
    s("path", { d: "M112 50 H150", class: "dg-arrow" }),
    card(156, 8, "Artifact", "used →\ncharged again", true),
    label(240, 52, "or", "middle", "dg-small"),
    card(260, 8, "Construct", "built with\ntokens"));
}

function hadesDiagram() {
  return diagram("Hades: killed Hoplites go to the Underworld; Warriors of Hades join the Army that holds their Region",
    "0 0 340 110",
    region(8, 14, 120, 74, "a"),
    s("g", { transform: "translate(34 44)" }, tokenGlyph("hoplite", "var(--p0)")),
    mark(74, 40, "☠", "#e4dcef"), mark(102, 40, "☠", "#e4dcef"),
    label(68, 100, "Warriors join red's Army", "middle", "dg-small"),
    mark(170, 50, "Π", "#e4dcef"), label(170, 80, "a Gate", "middle", "dg-small"),
    s("path", { d: "M186 50 H222", class: "dg-arrow" }),
    s("rect", { x: 226, y: 14, width: 108, height: 74, rx: 8, class: "dg-box hot" }),
    label(280, 40, "the Underworld", "middle", "dg-strong"),
    label(280, 58, "the killed wait here;\nResurrection brings\nthem back", "middle", "dg-small"));
}

function hephaestusDiagram() {
  return diagram("Hephaestus: Reforge trades a card for a Relic; a Relic is played like a Combat Card and kept",
    "0 0 340 100",
    card(10, 8, "Reforge", "a card in hand\nfor a face-up\nRelic", true),
    s("path", { d: "M86 50 H120", class: "dg-arrow" }),
    card(124, 8, "Relic", "played in a\nBattle or Hunt"),
    s("path", { d: "M200 50 H234", class: "dg-arrow" }),
    card(238, 8, "kept, used", "ready again at\nthe next Build\nMonument"));
}

function heroesDiagram() {
  return diagram("New Heroes and Monsters: Cassandra and Odysseus to play, Typhon and Python to face",
    "0 0 340 90",
    ...[["Cassandra", "hero", "var(--p2)"], ["Odysseus", "hero", "var(--p3)"], ["Typhon", "monster", "var(--a-arms)"],
      ["Python", "monster", "var(--a-courage)"]].map(([name, kind, colour], i) => s("g", { transform: `translate(${8 + i * 84} 6)` },
      s("rect", { width: 76, height: 78, rx: 8, class: "dg-box" }),
      s("g", { transform: "translate(26 10) scale(1.2)" }, tokenGlyph(kind, colour)),
      label(38, 64, name, "middle", "dg-strong"))));
}

function smallModulesDiagram() {
  return diagram("Three small modules: six more Combat Cards, Chiron and his Training Quests, Opportunity cards",
    "0 0 340 100",
    card(2, 8, "+6 Combat", "in the deck,\nplayed as usual", false, 80),
    card(87, 8, "Chiron", "a Monster\nwhose Quests\ntrain", false, 80),
    card(172, 8, "Training", "a reusable\nCombat Card", true, 80),
    card(257, 8, "Opportunity", "use it at the\nstart of a turn", false, 80));
}

/** The Dark Ages sections of the Lords guide (one per module family). */
export const DARK_AGES = [
  {
    heading: "Dark Ages modules",
    text: ["The Dark Ages box adds modules you choose in the lobby (\"Dark Ages modules\" when you set up a Lords table); "
      + "any number can be combined, though the rulebook suggests at most one of the big ones (Poseidon, Orichalkum, "
      + "Hades, Hephaestus) at a time. On the map their pieces are round marks; the map's key lists the ones in play. "
      + "The sections below say what each family brings."],
  },
  {
    heading: "Poseidon: Ports and the Fleet",
    text: ["Poseidon's Monument rises in Messenia with his Trident beneath it. Ports stand in five coastal Regions: a Hero "
      + "Movement or a March may hop from any Port to any other as one step. Fleet is a fourth Attribute: in a Battle in "
      + "a Region with a Port each side adds its Fleet, up to its own Hoplites there, to its Army Strength. "
      + "The simple mode keeps the Ports and the Trident but has no Fleet, and Poseidon's Monument takes Athena's place in Attica."],
    diagram: poseidonDiagram,
  },
  {
    heading: "Atlantis and Cleito",
    text: ["For five players, together with Poseidon: the Atlantis board is a sixth Land of three Regions east of Crete, "
      + "with a Port in North Atlantis. Whoever holds the Inner Circle may build the Factory there (it counts as a Temple) and "
      + "command Talos, a bronze giant; the Siren and Cetus join the Monsters.",
    "Cleito, the Atlantean Hero, comes with Atlantis and may also join any game on her own (the Cleito module, at any "
      + "player count): instead of her Hero Movement she may heal one of her Injuries, and she starts with a Priest."],
    diagram: atlantisDiagram,
  },
  {
    heading: "Orichalkum and Constructs",
    text: ["An Orichalkum token lies in each ordinary City. A Hero whose movement ends there may take it. Before any other "
      + "action of a turn, tokens can be spent: one recharges a used Artifact of yours, more build a Construct."],
    diagram: orichalkumDiagram,
  },
  {
    heading: "Hades: the Underworld",
    text: ["Killed Hoplites no longer return to your supply: they go to the Underworld, and the Resurrection action "
      + "brings them back, to your supply or to a Region with a Gate of Hades. Each player places a Warrior of Hades; a Warrior joins the Army of whoever holds its Region "
      + "and makes that Region harder to take by the others. The Raise Attribute, which grows with Priests at Hades' "
      + "Monument, says how many come back. In the simple mode only the Monument (in Thessaly, instead of Zeus'), its Helmet "
      + "and its Blessings come into play."],
    diagram: hadesDiagram,
  },
  {
    heading: "Hephaestus: Relics",
    text: ["Relics are Combat Cards you keep: played in a Battle or a Hunt, a Relic stays with you, used, and is ready "
      + "again after the next Build Monument. You get them by Reforge: praying at Hephaestus' Monument, you trade a card "
      + "in your hand for a face-up Relic bearing its symbol. The Lightning cards and five more Neutral Artifacts join "
      + "the game too. The simple mode puts the Monument in Thessaly instead of Zeus' and leaves out the Relics."],
    diagram: hephaestusDiagram,
  },
  {
    heading: "New Heroes and Monsters",
    text: ["Cassandra foresees the Blessings (after a Draft she may swap hers for the next one) and Odysseus makes "
      + "Cities easier to hold; Typhon and Python join the Monsters with their own attacks and rewards."],
    diagram: heroesDiagram,
  },
  {
    heading: "Combat Cards, Chiron and Opportunity cards",
    text: ["Three small modules: six more Combat Cards shuffled into the deck; Chiron, a Monster whose Training Quests "
      + "stand where he stands and reward a reusable Training card; and Opportunity cards in the Events Deck, each "
      + "used at the start of a turn for a one-off advantage."],
    diagram: smallModulesDiagram,
  },
];
