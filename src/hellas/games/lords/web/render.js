// Lords of Hellas: the SVG map (regions, borders, armies, heroes, monsters, temples, monuments,
// quests), each player's board, the battle in progress, the draft and your Combat Cards.

import { capital, h, pretty, replaceChildren, s, seatClass, seatColour } from "/static/js/util.js";
import { fact, heroWith, none, panel, personName, possessive, who } from "/static/js/render/common.js";
import { MARKER_ICONS, MARKER_WORDS, mapFor, markerFacts, markerTokens, modulePanels, modulesTitle, useModules } from "./modules.js";
import { ARTIFACTS, BLESSINGS, COMBAT, GODS, MONSTERS, QUESTS, TEMPLE_CARDS, TEXTS } from "./data.js";
import { artifactsOf, huntPanel, monstersPanel, packRecord, progressPanel, questOf, standIn, useProvisional, withPackHeroes } from "./panels.js";
import { clashMark, heroFigure, hoplites, mapDefs, monsterToken, monumentBuilding, seaRoute, templeBuilding, terrain } from "./pieces.js";
import { markMotion } from "./motion.js";
import { mapView } from "./zoom.js";
import { split } from "/static/js/help/index.js";

const SCALE = 24; // pixels per map unit
const PAD = 10;
let MAP = mapFor(""); // the board of the game shown: the base map and its modules' Regions
const LAND_TITLES = { red: "Red", yellow: "Yellow", blue: "Blue", green: "Green", brown: "Brown" };
const ATTR_TITLES = { leadership: "Leadership", strength: "Strength", speed: "Speed" };
const ATTR_SHORT = { leadership: "L", strength: "S", speed: "Sp" };
const SPECIAL_ACTIONS = ["recruit", "march", "temple", "prepare", "usurp", "hunt"];
const ACTION_TITLES = {
  "hero-move": "Hero Movement", "hoplite-move": "Hoplite Movement", recruit: "Recruit", march: "March",
  temple: "Build Temple", prepare: "Prepare", usurp: "Usurp", hunt: "Hunt", "quest-step": "Quest Step",
};
const STAGES = {
  response: "the defender may answer the attack (a Blessing or an Artifact)",
  "response-count": "the defender says how many Hoplites answer",
  reinforce: "the attacker may bring Reinforcements from neighbouring Regions",
  "reinforce-count": "the attacker says how many Hoplites come",
  master: "a Master Plan may be used",
  tactical: "the loser may make a Tactical Withdrawal",
  cards: "both sides play Combat Cards, one at a time, until both pass",
  withdraw: "the loser withdraws its Hoplites",
};

/** Display names: each seat's hero (or "Player N" before heroes are chosen). */
export function seatNames(view) {
  return view.players_info.map((p) => p.name);
}

function landTitle(land) {
  return LAND_TITLES[land] || pretty(land); // a module's own Land (Atlantis) by its id
}

function px(x) {
  return (x - MAP.bounds.minX) * SCALE + PAD;
}

function py(y) {
  return (y - MAP.bounds.minY) * SCALE + PAD;
}

/** Who plays now, for the header: the seat deciding during the setup (each picks a Hero in
 * turn while `current` still names the first player), and "You" for one's own turn. */
function playingNow(view, names) {
  const q = !view.turn && view.to_act !== null && view.to_act !== undefined ? view.to_act : view.current;
  if (q === view.seat) return "You";
  return names[q] || `Player ${q + 1}`;
}

function regionName(id) {
  return MAP.byId.get(id)?.name || pretty(id);
}

function nameOf(table, id) {
  return packRecord(table, id)?.name || (table[id] && table[id].name) || pretty(id);
}

/** What a card or piece does, in words ("" when the data has none). */
function textOf(kind, id) {
  return (TEXTS[kind] && TEXTS[kind][id]) || "";
}

/** Region ids mentioned by a choice key ("go:macedonia", "march:from=thessaly"...). */
function regionsIn(key) {
  return String(key).split(/[^a-z0-9-]+/).filter((t) => MAP.byId.has(t));
}

/** Mark an SVG piece as a thing the board control may highlight (see board-control.js). */
function piece(node, target, label) {
  node.dataset.target = target;
  node.setAttribute("aria-label", label);
  node.classList.add("piece");
  return node;
}

// -- the map -----------------------------------------------------------------------------------

function badge(x, y, text, cls, title) {
  const w = Math.max(20, 9 * String(text).length + 8);
  return s("g", { class: `map-badge ${cls}`, transform: `translate(${x} ${y})` },
    s("title", {}, title),
    s("rect", { x: -w / 2, y: -10, width: w, height: 20, rx: 4 }),
    s("text", { x: 0, y: 5, "text-anchor": "middle" }, text));
}

function regionGroup(meta, rv, view, names, ctx, godsAt) {
  const cx = px(meta.x);
  const cy = py(meta.y);
  const points = meta.cell.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ");
  const facts = [`${meta.name} (${landTitle(meta.land)} land), population ${meta.population}`];
  if (meta.city !== "none") facts.push(meta.city === "sparta" ? "Sparta" : "City");
  if (meta.shrine === "oracle") facts.push(rv.temple ? "Temple (the Oracle of Delphi)" : "The Oracle of Delphi site");
  else if (meta.shrine === "shrine") facts.push(rv.temple ? "Temple" : "Shrine");
  if (rv.control >= 0) facts.push(`controlled by ${names[rv.control]}`);
  const armies = [];
  rv.hoplites.forEach((n, q) => {
    const total = n + (rv.fortified === q ? 1 : 0);
    if (total) armies.push({ q, total, fort: rv.fortified === q });
  });
  for (const a of armies) facts.push(`${names[a.q]}: ${a.total} Hoplite${a.total > 1 ? "s" : ""}${a.fort ? " (one Fortified)" : ""}`);
  const heroes = view.players_info.filter((p) => p.at === meta.id);
  for (const p of heroes) facts.push(`Hero: ${p.name}`);
  for (const m of rv.monsters) facts.push(`Monster: ${nameOf(MONSTERS, m)}. ${textOf("monsters", m)}`);
  if (rv.quest) facts.push(`Quest: ${nameOf(QUESTS, rv.quest)}. ${textOf("quests", rv.quest)}`);
  const gods = godsAt.get(meta.id) || []; // modules may raise more than one Monument here
  for (const g of gods) facts.push(`${possessive(GODS[g]?.name || pretty(g))} Monument, level ${view.monuments[g]?.level ?? "?"}`);
  facts.push(...markerFacts(view, meta.id, names)); // the modules' ports, gates, warriors ...

  const parts = [];
  // Control ring and the population token.
  parts.push(s("circle", {
    class: "control-ring", cx, cy, r: 22,
    fill: "none",
    stroke: rv.control >= 0 ? seatColour(rv.control) : "rgba(0,0,0,0.25)",
    "stroke-width": rv.control >= 0 ? 8 : 1.5,
  }));
  parts.push(s("circle", { class: `token ${meta.city}`, cx, cy, r: 16 }));
  parts.push(s("text", { class: "pop", x: cx, y: cy + 6, "text-anchor": "middle" }, String(meta.population)));
  if (meta.city === "city") {
    parts.push(s("text", { class: "city-mark", x: cx + 17, y: cy - 12, "text-anchor": "middle" }, "▣"));
  } else if (meta.city === "sparta") {
    parts.push(s("text", { class: "city-mark sparta", x: cx + 18, y: cy - 11, "text-anchor": "middle" }, "★"));
  }
  parts.push(s("text", { class: "region-name", x: cx, y: cy - 30, "text-anchor": "middle" }, meta.name));
  const clash = view.battle && view.battle.region === meta.id; // its mark goes above the name
  parts.push(...markerTokens(view, meta.id, cx, clash ? cy - 24 : cy, names));

  // Temples and shrines (left).
  if (meta.shrine !== "none") {
    const oracle = meta.shrine === "oracle";
    const label = oracle ? (rv.temple ? "Temple at Delphi" : "Delphi (no Temple)") : (rv.temple ? "Temple" : "Shrine (no Temple)");
    parts.push(templeBuilding(cx - 38, cy - 4, rv.temple, label));
    if (oracle) parts.push(s("text", { class: "oracle-mark", x: cx - 38, y: cy + 21, "text-anchor": "middle" }, "Δ"));
  }
  // Monuments (right, above; a second one further right).
  gods.forEach((g, i) => {
    const level = view.monuments[g]?.level ?? 0;
    const building = monumentBuilding(cx + 40 + 38 * i, cy - 4, `${godMark(g, view)}${level}`,
      `${possessive(GODS[g]?.name || pretty(g))} Monument, level ${level}`);
    piece(building, `monument:${g}`, `${possessive(GODS[g]?.name || pretty(g))} Monument`);
    parts.push(building);
  });
  // Quest (right, below).
  if (rv.quest) {
    parts.push(badge(cx + 52, gods.length ? cy + 24 : cy + 2, "Q", "quest", `Quest: ${nameOf(QUESTS, rv.quest)}. ${textOf("quests", rv.quest)}`));
  }
  // Heroes (below left of the token).
  heroes.forEach((p, i) => parts.push(piece(heroFigure(cx - 22 - i * 17, cy + 20, p.seat, `Hero: ${p.name}`),
    `hero:${p.hero}`, `${p.name}, the Hero`)));
  // Monsters (below right of the token).
  rv.monsters.forEach((m, i) => parts.push(piece(monsterToken(cx + 24 + i * 24, cy + 21, m,
    `Monster: ${nameOf(MONSTERS, m)}. ${textOf("monsters", m)}`), `monster:${m}`, `the ${nameOf(MONSTERS, m)}`)));
  // Hoplites: one token per army, below.
  const chipW = 36;
  const startX = cx - (armies.length * (chipW + 3) - 3) / 2;
  armies.forEach((a, i) => {
    const army = hoplites(startX + i * (chipW + 3), cy + 33, a.q, a.total, a.fort,
      `${names[a.q]}: ${a.total} Hoplite${a.total > 1 ? "s" : ""}${a.fort ? ", one Fortified" : ""}`);
    parts.push(army); // a click on it is a click on its Region
  });
  // The Battle being fought here.
  if (view.battle && view.battle.region === meta.id) {
    parts.push(clashMark(cx, cy - 52, `Battle: ${names[view.battle.attacker]} attacks ${names[view.battle.defender]}`));
  }

  // The Region itself (its cell: the thing to click, with the facts as its tooltip) and its pieces
  // drawn on a layer above every cell; only pieces that can be clicked take the pointer there.
  const hit = s("g", {
    class: `region ${view.battle && view.battle.region === meta.id ? "battle-site" : ""}`,
    dataset: {
      testid: "region", region: meta.id, control: rv.control, monsters: rv.monsters.join(" "), quest: rv.quest,
      target: `region:${meta.id}`,
    },
    "aria-label": meta.name,
  }, s("title", {}, facts.join("\n")), s("polygon", { class: "cell-hit", points }));
  const site = view.battle && view.battle.region === meta.id ? "battle-site" : "";
  return { hit, pieces: s("g", { class: `region-pieces ${site}`, dataset: { region: meta.id, layer: "pieces" } }, parts) };
}

/** A god's shortest name start no other god of this game shares (Z, A, Her, Had, Hep ...). */
function godMark(god, view) {
  const name = GODS[god]?.name || pretty(god);
  const others = Object.keys(view.monuments).filter((g) => g !== god).map((g) => GODS[g]?.name || pretty(g));
  for (let n = 1; n < name.length; n += 1) {
    if (!others.some((o) => o.slice(0, n) === name.slice(0, n))) return name.slice(0, n);
  }
  return name;
}

function mapSvg(view, names, ctx) {
  const width = (MAP.bounds.maxX - MAP.bounds.minX) * SCALE + 2 * PAD;
  const height = (MAP.bounds.maxY - MAP.bounds.minY) * SCALE + 2 * PAD;
  const rv = new Map(view.regions.map((r) => [r.id, r]));
  const godsAt = new Map(); // Region -> the gods of this game with a Monument there
  for (const id of Object.keys(view.monuments)) {
    const site = GODS[id]?.site;
    if (site) godsAt.set(site, [...(godsAt.get(site) || []), id]);
  }
  const links = [];
  const seen = new Set();
  for (const r of MAP.regions) {
    for (const [list, cls] of [[r.borders, "border"], [r.seaTrails, "sea-trail"]]) {
      for (const other of list) {
        const key = [r.id, other].sort().join("|") + cls;
        const o = MAP.byId.get(other);
        if (seen.has(key) || !o) continue;
        seen.add(key);
        links.push(cls === "border"
          ? s("line", { class: cls, x1: px(r.x), y1: py(r.y), x2: px(o.x), y2: py(o.y) })
          : seaRoute(px(r.x), py(r.y), px(o.x), py(o.y)));
      }
    }
  }
  const groups = MAP.regions.map((meta) =>
    regionGroup(meta, rv.get(meta.id) || { control: -1, hoplites: [], fortified: -1, temple: false, monsters: [], quest: null },
      view, names, ctx, godsAt));
  // The land-coloured cells go under the border lines; each region's group (tokens, plus a
  // transparent copy of its cell to catch clicks and show highlights) goes above them.
  const under = s("g", { class: "cells" });
  const over = s("g", { class: "tokens" }, groups.map((g) => g.hit));
  const pieces = s("g", { class: "pieces" }, groups.map((g) => g.pieces));
  for (const meta of MAP.regions) {
    const points = meta.cell.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ");
    under.append(s("polygon", { class: `cell-under land-${meta.land}`, points }), terrain(points, meta.land));
  }
  return s("svg", {
    class: "lords-map",
    viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`,
    role: "group", // not "img": its regions can be buttons
    "aria-label": "The map of Hellas",
  },
  mapDefs(),
  s("rect", { class: "sea", x: 0, y: 0, width, height, rx: 10 }),
  s("rect", { class: "sea-waves", x: 0, y: 0, width, height, rx: 10, fill: "url(#lords-waves)" }),
  under,
  s("g", { class: "links" }, links),
  over,
  pieces);
}

// -- panels ------------------------------------------------------------------------------------

function attrBar(p, a, own) {
  const value = p.attributes[a] ?? 0;
  const hurt = p.injured.includes(a);
  const pips = [];
  for (let i = 0; i < Math.max(value, 1); i += 1) pips.push(h("span", { class: `pip ${i < value ? "on" : ""}` }));
  const title = `${ATTR_TITLES[a] || pretty(a)} ${value}${hurt ? " (injured)" : ""}`;
  return h("div", {
    class: `attr ${hurt ? "injured" : ""}`,
    title,
    dataset: { target: own ? `attr:${a}` : null },
    "aria-label": own ? `your ${title}` : null,
  },
    h("span", { class: "attr-name" }, ATTR_SHORT[a] || pretty(a)),
    h("span", { class: "pips" }, pips),
    h("strong", {}, String(value)),
    hurt ? h("span", { class: "injury", title: "injured" }, "✚") : null);
}

/** A player's action tokens: the six Special Actions (used this round or ready), and for your
 * own board the two Regular movements, each a thing to click when it is offered. */
function actionsRow(p, own) {
  const tokens = [];
  if (own) {
    for (const a of ["hero-move", "hoplite-move"]) {
      tokens.push(h("span", { class: "chip action regular", dataset: { target: `action:${a}` }, "aria-label": ACTION_TITLES[a] },
        ACTION_TITLES[a]));
    }
  }
  for (const a of SPECIAL_ACTIONS) {
    const used = p.used.includes(a);
    tokens.push(h("span", {
      class: `chip action special ${used ? "used" : "ready"}`,
      title: `${ACTION_TITLES[a]}: ${used ? "used this round (its Used Action Token is on it)" : "ready"}`,
      dataset: { target: own ? `action:${a}` : null, action: a },
      "aria-label": `${ACTION_TITLES[a]}, ${used ? "used" : "ready"}`,
    }, ACTION_TITLES[a]));
  }
  return h("div", { class: "row action-row", dataset: { testid: "actions" } }, h("span", { class: "row-label" }, "Actions"), tokens);
}

function playerBoard(p, view, names) {
  const acting = view.to_act === p.seat;
  const current = view.current === p.seat;
  const own = p.seat === view.seat;
  return h("article", { class: `lords-player ${seatClass(p.seat)} ${acting ? "acting" : ""}` },
    h("header", { title: p.hero ? textOf("heroes", p.hero) : "" }, who(p.seat, names, view.seat),
      current ? h("span", { class: "badge" }, "turn") : null,
      acting ? h("span", { class: "badge acting-badge" }, "to act") : null),
    h("div", { class: "attrs" }, Object.keys(p.attributes).map((a) => attrBar(p, a, own))), // a module may add one (Fleet)
    h("div", { class: "stats" },
      fact("Hero at", p.at ? regionName(p.at) : "—"),
      fact("Supply", p.supply, "Hoplites in supply"),
      fact("Priests", p.priests),
      fact("Cards", p.cards, "Combat Cards in hand"),
      fact("Temples", p.temples),
      fact("Slain", p.slain, "Monsters slain")),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Glory"),
      p.glory.length ? p.glory.map((land) => h("span", { class: `glory land-${land}`, title: `Glory Token: ${landTitle(land)} land` }, landTitle(land))) : none()),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Lands"),
      p.lands.length ? p.lands.map((land) => h("span", { class: `glory land-${land}` }, landTitle(land))) : none()),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Blessings"),
      p.blessings.length ? p.blessings.map((b) => h("span", {
        class: "chip blessing", title: BLESSINGS[b]?.text || "", dataset: { target: own ? `blessing:${b}` : null }, "aria-label": nameOf(BLESSINGS, b),
      }, nameOf(BLESSINGS, b), standIn(b, BLESSINGS))) : none()),
    actionsRow(p, own),
    h("div", { class: "row", dataset: { testid: "injuries" } }, h("span", { class: "row-label" }, "Injuries"),
      p.injured.length ? p.injured.map((a) => h("span", { class: "chip injured-chip", title: `${ATTR_TITLES[a] || pretty(a)} counts as 1 until healed` }, `✚ ${ATTR_TITLES[a] || pretty(a)}`)) : none()),
    h("div", { class: "row", dataset: { testid: "artifacts" } }, h("span", { class: "row-label" }, "Artifacts"),
      artifactsOf(view, p.seat).length ? artifactsOf(view, p.seat) : none()),
    h("div", { class: "row", dataset: { testid: "quest" } }, h("span", { class: "row-label" }, "Quest"),
      questOf(p).length ? questOf(p) : none()),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Slain"),
      (p.slain_monsters || []).length ? p.slain_monsters.map((m) => h("span", { class: "chip slain" }, nameOf(MONSTERS, m))) : none()));
}

function combatCard(id, opts = {}) {
  const c = packRecord(COMBAT, id) || COMBAT[id]; // a content pack's card drawn as the pack has it
  const target = opts.target ? `${opts.target}:${id}` : null;
  if (!c) return h("span", { class: "ccard", dataset: { card: opts.data ? id : null, target } }, "a Combat Card");
  const deaths = c.casualties ? `${c.casualties} Casualty symbol${c.casualties > 1 ? "s" : ""}` : "no Casualty symbol";
  const effect = packRecord(COMBAT, id)?.text || textOf("combat_effects", id);
  return h("div", {
    class: `ccard sym-${c.symbol} ${opts.small ? "small" : ""}`,
    dataset: { card: opts.data ? id : null, target },
    title: `${c.name}: ${textOf("combat", id) || `Strength ${c.strength}`}`,
    "aria-label": `${c.name}, Strength ${c.strength}`,
  },
  h("span", { class: "cc-strength", title: `Strength ${c.strength}` }, String(c.strength)),
  h("span", { class: "cc-name" }, c.name),
  standIn(id, COMBAT),
  opts.small ? null : h("span", { class: "cc-meta" }, `${capital(c.symbol)} · `,
    h("span", { title: deaths }, c.casualties ? "☠".repeat(c.casualties) : "no ☠")),
  opts.small || !effect ? null : h("span", { class: "cc-effect", dataset: { testid: "card-effect" } }, effect));
}

function battlePanel(b, names, viewer) {
  const side = (q, cards, passed, label, power) => h("div", { class: `battle-side ${seatClass(q)}` },
    h("div", {}, h("span", { class: "muted" }, `${label}: `), who(q, names, viewer), passed ? h("span", { class: "badge" }, "passed") : null),
    power === undefined ? null : h("div", { dataset: { testid: "army-strength" } }, "Army Strength ", h("strong", {}, String(power))),
    h("div", { class: "cards-row" }, cards.length ? cards.map((c) => combatCard(c, { small: true })) : none("no cards yet")));
  return panel(`Battle in ${regionName(b.region)}`, "battle-panel",
    h("div", { class: "battle" },
      side(b.attacker, b.played[0] || [], b.passed?.[0], "Attacker", b.strength?.[0]),
      h("div", { class: "vs" }, "vs"),
      side(b.defender, b.played[1] || [], b.passed?.[1], "Defender", b.strength?.[1])),
    STAGES[b.stage] ? h("div", { class: "muted" }, `Now ${STAGES[b.stage]}.`) : null);
}

/** Draw a Lords view. */
export function render(root, view, ctx = {}) {
  useModules(view.modules);
  useProvisional(view);
  MAP = mapFor(view.modules);
  const names = seatNames(view);
  const viewer = view.seat;
  const seated = viewer !== null && viewer !== undefined;
  const side = [];

  if (view.result && !ctx.outcomeShown) {
    const winner = view.result.winner;
    side.push(h("div", { class: "result-line won", dataset: { testid: "result" } },
      winner !== undefined && winner >= 0 ? [who(winner, names, viewer), " wins — "] : "No winner — ",
      view.result.text || "the game is over."));
  }
  if (view.battle) side.push(battlePanel(view.battle, names, viewer));
  if (view.hunt) side.push(huntPanel(view, names, ctx));
  if (seated) {
    side.push(panel(`Your Combat Cards (${(view.hand || []).length})`, "hand-panel",
      h("div", { class: "hand cards-row", dataset: { testid: "hand" } },
        view.hand && view.hand.length ? view.hand.map((id) => combatCard(id, { data: true, target: "hand" })) : none("no cards"))));
  }
  if (view.owl && view.owl.length) {
    side.push(panel("Owl of Athena drew", "owl-panel", h("div", { class: "cards-row" }, view.owl.map((id) => combatCard(id, { target: "owl" })))));
  }
  if (view.draft) {
    const d = view.draft;
    side.push(panel("Blessing draft", "draft-panel",
      h("div", { class: "row" }, "Order: ", d.order.map((q, i) => h("span", { class: i === d.turn ? "strong" : "" }, who(q, names, viewer), i < d.order.length - 1 ? " → " : ""))),
      d.cards ? h("div", { class: "cards-row" }, d.cards.map((b) => h("div", {
        class: "bcard", title: BLESSINGS[b]?.text || "", dataset: { target: `blessing:${b}` }, "aria-label": `the Blessing ${nameOf(BLESSINGS, b)}`,
      },
        h("strong", {}, nameOf(BLESSINGS, b)), standIn(b, BLESSINGS), h("span", { class: "muted" }, ` (${GODS[BLESSINGS[b]?.god]?.name || capital(BLESSINGS[b]?.god || "")})`),
        h("div", { class: "small-text" }, packRecord(BLESSINGS, b)?.text || BLESSINGS[b]?.text || ""))))
        : h("div", { class: "muted" }, `${d.count} Blessing card${d.count === 1 ? "" : "s"} being passed round`)));
  }
  if (view.players_info.some((p) => !p.hero)) {
    const taken = new Map(view.players_info.filter((p) => p.hero).map((p) => [p.hero, p.seat]));
    side.push(panel("Heroes", "heroes-panel", h("ul", { class: "plain-list", dataset: { testid: "heroes" } },
      Object.entries(withPackHeroes(TEXTS.hero_names || {})).map(([id, name]) => h("li", { dataset: { hero: id } },
        h("div", { class: "hero-choice", dataset: { target: `hero:${id}` }, "aria-label": name },
          h("strong", {}, name), standIn(id, "heroes"), taken.has(id) ? [" (", who(taken.get(id), names, viewer), ")"] : null,
          h("div", { class: "small-text" }, packRecord("heroes", id)?.text || textOf("heroes", id))))))));
  }
  side.push(panel("Players", "players-panel", h("div", { class: "lords-players" },
    view.players_info.map((p) => playerBoard(p, view, names)))));
  side.push(progressPanel(view, names));
  side.push(...modulePanels(view, names));

  const monuments = Object.entries(view.monuments).map(([god, m]) => {
    const g = GODS[god] || { name: pretty(god), artifact: "" };
    const art = ARTIFACTS[g.artifact];
    return h("div", { class: "monument", dataset: { target: `monument:${god}` }, "aria-label": `${possessive(g.name)} Monument` },
      h("div", { title: textOf("gods", god) }, h("strong", {}, g.name), h("span", { class: "muted" }, ` · ${regionName(g.site)} · level ${m.level} `),
        h("span", { class: "level", title: `level ${m.level} of 5` },
          [1, 2, 3, 4, 5].map((i) => h("span", { class: `pip ${i <= m.level ? "on" : ""}` })))),
      h("div", { class: "row" }, h("span", { class: "row-label" }, "Priests"),
        m.priests.length ? m.priests.map((q) => who(q, names, viewer)) : none()),
      h("div", { class: "row", title: textOf("artifacts", g.artifact) || art?.effect || "" }, h("span", { class: "row-label" }, art ? art.name : "the god's Artifact"),
        m.artifact_owner >= 0 ? who(m.artifact_owner, names, viewer) : h("span", { class: "muted" }, "unclaimed"),
        m.artifact_owner >= 0 ? h("span", { class: "muted" }, m.artifact_charged ? " (charged)" : " (used)") : null));
  });
  side.push(panel("Monuments", "monuments-panel", h("div", { class: "monuments" }, monuments)));

  side.push(panel("Monsters and Quests", "monsters-panel",
    monstersPanel(view, names, regionName),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Quests"),
      view.quests.length ? view.quests.map((q) => h("span", { class: "chip quest", dataset: { testid: "quest-slot", quest: q }, title: textOf("quests", q) || `in ${regionName(QUESTS[q]?.region)}` },
        `${nameOf(QUESTS, q)} (${regionName(QUESTS[q]?.region)})`, standIn(q, QUESTS))) : none())));

  const tc = TEMPLE_CARDS[view.temple_card];
  const top = h("div", { class: "info-bar" },
    fact("Turn", view.turn || "setup"),
    fact("Playing", playingNow(view, names)),
    fact("Temples built", view.temples_built),
    fact("Temple card", pretty(view.temple_card), tc ? `Temples ${tc.drafts.join(", ")} start a Blessing Draft. ${textOf("temple_cards", view.temple_card)}` : ""),
    view.oracle ? fact("Oracle", "active") : null,
    fact("Combat deck", `${view.decks.combat} (+${view.decks.combat_discard} discarded)`),
    fact("Blessings", view.decks.blessings),
    fact("Events", view.decks.events),
    view.modules ? fact("Modules", modulesTitle(view.modules)) : null,
    view.activation && view.activation.length >= 2 && view.activation[1] > 0
      ? fact("Activation", `${names[view.activation[0]] || "?"} ×${view.activation[1]}`) : null);

  const scroll = h("div", { class: "map-scroll", dataset: { testid: "map-scroll" } }, mapSvg(view, names, ctx));
  const tools = mapView(scroll);
  replaceChildren(root, h("div", { class: "board lords" },
    top,
    h("div", { class: "lords-layout" },
      h("div", { class: "map-wrap" }, tools, scroll, mapLegend(view)),
      h("div", { class: "lords-side" }, side))));
  markMotion(root, view);
}

/** A legend entry's picture: the map's own art, drawn small in a box of its own. */
function legendArt(viewBox, ...art) {
  return s("svg", { class: "legend-art", viewBox, "aria-hidden": "true" }, art);
}

/** The map's key: every kind of piece, drawn as on the map, with what it means. */
function mapLegend(view) {
  const item = (art, words, extra = {}) => h("li", extra, art, ` ${words}`);
  const text = (glyph, cls) => legendArt("-12 -12 24 24", s("text", { x: 0, y: 6, "text-anchor": "middle", class: cls }, glyph));
  const items = [
    item(text("▣", "city-mark"), "a City"),
    item(text("★", "city-mark sparta"), "Sparta"),
    item(legendArt("-18 -18 36 36", s("circle", { class: "token", r: 14 }), s("text", { class: "pop", x: 0, y: 6, "text-anchor": "middle" }, "4")), "population"),
    item(legendArt("-18 -18 36 36", s("circle", { r: 13, fill: "none", stroke: seatColour(0), "stroke-width": 6 })), "ring: who controls it"),
    item(legendArt("-2 -2 40 24", hoplites(0, 0, 1, 3, false, "Hoplites")), "Hoplites (⌂: one Fortified)"),
    item(legendArt("-12 -16 24 28", heroFigure(0, 0, 2, "a Hero")), "a Hero"),
    item(legendArt("-17 -17 34 34", monsterToken(0, 0, "hydra", "a Monster")), "a Monster"),
    item(legendArt("-14 -12 28 24", badge(0, 0, "Q", "quest", "a Quest")), "a Quest"),
    item(legendArt("-14 -16 28 30", templeBuilding(0, 0, true, "a Temple")), "a Temple (grey: a Shrine)"),
    item(legendArt("-18 -24 36 40", monumentBuilding(0, 0, "Z1", "a Monument")), "a Monument and its level"),
    item(text("Δ", "oracle-mark"), "Delphi"),
    item(legendArt("-15 -15 30 30", clashMark(0, 0, "a Battle")), "a Battle"),
    item(legendArt("0 0 40 20", s("path", { class: "sea-trail", d: "M2 14 Q20 2 38 14", stroke: "#27496b" })), "a Sea Trail"),
  ];
  const kinds = new Set();
  for (const p of Object.values(view.module_panels || {})) {
    for (const list of Object.values(p.regions || {})) for (const m of list) kinds.add(m.kind);
  }
  for (const kind of kinds) {
    const cls = `module-marker kind-${String(kind).replace(/[^a-z0-9-]/g, "")}`;
    items.push(item(legendArt("-30 -30 60 60", s("g", { class: cls },
      s("circle", { r: 28, stroke: "#1c222b", "stroke-width": 2 }),
      s("text", { x: 0, y: 10, "text-anchor": "middle", class: "marker-icon" }, MARKER_ICONS[kind] || "●"))),
    MARKER_WORDS[kind] || capital(String(kind).replace(/-/g, " ")), { dataset: { testid: "legend-module", kind } }));
  }
  return h("details", { class: "map-legend", open: true, dataset: { testid: "map-legend" } },
    h("summary", {}, "What the pieces on the map mean"), h("ul", { class: "legend-list" }, items));
}

/** The things on the board a choice acts on (see board-control.js), in click order. */
export function targets(key, view) {
  const [verb, arg] = split(key);
  const region = (id) => `region:${id}`;
  if (!arg) {
    return ACTION_TITLES[verb] ? [`action:${verb}`] : []; // hero-move, march, prepare ...
  }
  if (["move", "fly"].includes(verb) && arg.includes(">")) return arg.split(">").map(region);
  if (verb === "thread" && arg.includes(">")) {
    const [monster, to] = arg.split(">");
    return [`monster:${monster}`, region(to)];
  }
  if (["card", "discard", "hit", "with", "any", "shield"].includes(verb)) return [`hand:${arg}`];
  if (verb === "keep") return (view.owl || []).includes(arg) ? [`owl:${arg}`] : [`hand:${arg}`];
  if (["hunt", "strike", "monster"].includes(verb)) return [`monster:${arg}`];
  if (verb === "artifact") return [`artifact:${arg}`];
  if (["bless", "alt", "use"].includes(verb)) return [`blessing:${arg}`];
  if (["hero", "zap"].includes(verb)) return [`hero:${arg}`];
  if (["pray", "monument"].includes(verb)) return arg === "rest" ? [] : [`monument:${arg}`];
  if (verb === "mattack") return [`attack:${arg}`];
  if (verb === "wound") return [`wound:${arg}`];
  if (["injure", "lower"].includes(verb)) return [`attr:${arg}`];
  if (verb === "prep" && arg.startsWith("heal-")) return [`attr:${arg.slice(5)}`];
  if (verb === "untoken") return [`action:${arg}`];
  if (verb === "ori-charge") return [`artifact:${arg}`];
  const moduleCards = Object.values(view.module_panels || {}).flatMap((p) => (p.cards || []).map((c) => c.id));
  if (moduleCards.includes(arg)) return [`module-card:${arg}`]; // a Relic, an Opportunity card ...
  if (MAP.byId.has(arg)) return [region(arg)]; // go, place, start, to, march, recruit, temple ...
  const places = regionsIn(key); // a module's keys naming Regions
  return places.length <= 2 ? places.map(region) : [];
}

const hoplitesWord = (k) => `${k} Hoplite${k === 1 ? "" : "s"}`;

/**
 * A whole March built on the board (see board-control.js): from the view's march_plan, every
 * (Army, destination, how many) offered as one choice of steps, so it can be cancelled until the
 * last click.  Null when the decision is not a March's first step.
 */
export function compound(choices, view) {
  const plan = view.march_plan;
  if (!plan) return null;
  const keys = new Set(choices.map((c) => c.key));
  const replaces = new Set();
  const out = [];
  for (const [src, where] of Object.entries(plan)) {
    const first = `march:${src}`;
    if (!keys.has(first)) continue;
    replaces.add(first);
    const ways = [["to", where.to, where.most], ["murder", where.murder, where.murder_most]];
    for (const [verb, places, most] of ways) {
      for (const dst of places) {
        for (let k = 1; k <= Math.max(1, most); k += 1) {
          const steps = [first, `${verb}:${dst}`, ...(most > 1 ? [`count:${k}`] : [])];
          const move = `${hoplitesWord(k)} from ${regionName(src)} to ${regionName(dst)}`;
          const label = verb === "to" ? `March ${move}`
            : `Murderous March: lose ${hoplitesWord(where.murder_cost)}, then ${move}`;
          const firstStep = verb === "to" ? `March from ${regionName(src)}` : `Murderous March from ${regionName(src)}`;
          out.push({ key: steps.join(" "), label, steps, firstStep, path: [`region:${src}`, `region:${dst}`] });
        }
      }
    }
  }
  return { replaces, choices: out };
}

const VICTORIES = {
  warlord: "Warlord of Hellas", favored: "Favored of the Gods", slayer: "Monster Slayer", king: "King of Kings",
};

/** "Helen (Ana)": a seat's Hero and the person playing it ("Helen" alone for an unnamed seat). */
function heroAndPerson(names, q) {
  const hero = names[q] || `Player ${q + 1}`;
  const person = personName(q);
  return /^Player \d+$/.test(person) || person === hero ? hero : heroWith(hero, person);
}

/** The end: the winner, by which victory and on which turn, and every player's progress. */
export function results(view, outcome) {
  const names = seatNames(view);
  const r = view.result || {};
  const d = outcome.details || {};
  const turn = d.turns ?? view.turn;
  const victory = VICTORIES[r.condition];
  const winner = r.winner >= 0 ? r.winner : null;
  const progress = new Map(view.progress.map((row) => [row.seat, row]));
  const note = (q) => {
    const row = progress.get(q);
    if (!row) return "";
    const parts = [`Lands ${row.warlord[0]}/${row.warlord[1]}`, `Temples ${row.favored[0]}/${row.favored[1]}`,
      `Monsters slain ${row.slayer[0]}/${row.slayer[1]}`];
    return parts.join(" · ");
  };
  const order = view.players_info.map((p) => p.seat).sort((a, b) => (a === winner ? -1 : b === winner ? 1 : a - b));
  return {
    winner: winner !== null ? `${heroAndPerson(names, winner)} won by ${victory || "victory"} on turn ${turn}` : "",
    lines: [winner !== null ? `${capital(r.text || "")}.` : `No winner: ${r.text || "the game ended"}.`],
    ranking: order.map((q) => ({
      seat: q,
      place: q === winner ? "Winner" : "", // the others are not ranked among themselves
      score: q === winner ? victory || "" : "",
      note: note(q),
    })),
    body: [],
  };
}
