// Lords of Hellas: the SVG map (regions, borders, armies, heroes, monsters, temples, monuments,
// quests), each player's board, the battle in progress, the draft and your Combat Cards.

import { h, pretty, replaceChildren, s, seatClass, seatColour } from "../util.js";
import { fact, none, panel, who } from "./common.js";
import { mapFor, markerFacts, markerTokens, modulePanels, modulesTitle, useModules } from "./lords-modules.js";
import { ARTIFACTS, BLESSINGS, COMBAT, GODS, MONSTERS, QUESTS, TEMPLE_CARDS, TEXTS } from "./lords-data.js";
import { artifactsOf, huntPanel, monstersPanel, progressPanel, questOf } from "./lords-panels.js";
import { clashMark, heroFigure, hoplites, mapDefs, monsterToken, monumentBuilding, seaRoute, templeBuilding, terrain } from "./lords-art.js";
import { markMotion } from "./lords-motion.js";

const SCALE = 24; // pixels per map unit
const PAD = 10;
let MAP = mapFor(""); // the board of the game shown: the base map and its modules' Regions
const LAND_TITLES = { red: "Red", yellow: "Yellow", blue: "Blue", green: "Green", brown: "Brown" };
const ATTR_TITLES = { leadership: "Leadership", strength: "Strength", speed: "Speed" };
const ATTR_SHORT = { leadership: "L", strength: "S", speed: "Sp" };
let zoomed = false; // the map's zoom survives re-rendering

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

function regionName(id) {
  return MAP.byId.get(id)?.name || pretty(id);
}

function nameOf(table, id) {
  return (table[id] && table[id].name) || pretty(id);
}

/** What a card or piece does, in words ("" when the data has none). */
function textOf(kind, id) {
  return (TEXTS[kind] && TEXTS[kind][id]) || "";
}

/** Region ids mentioned by a choice key ("go:macedonia", "march:from=thessaly"...). */
function regionsIn(key) {
  return String(key).split(/[^a-z0-9-]+/).filter((t) => MAP.byId.has(t));
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
  const targets = (ctx.choices || []).filter((c) => regionsIn(c.key).includes(meta.id));
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
  for (const g of gods) facts.push(`${GODS[g]?.name || pretty(g)}'s Monument, level ${view.monuments[g]?.level ?? "?"}`);
  facts.push(...markerFacts(view, meta.id, names)); // the modules' ports, gates, warriors ...
  if (targets.length) facts.push(`Choices here: ${targets.map((t) => t.label).join(" / ")}`);

  const parts = [
    s("title", {}, facts.join("\n")),
    s("polygon", { class: "cell-hit", points }),
  ];
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
    parts.push(monumentBuilding(cx + 40 + 38 * i, cy - 4, `${godMark(g, view)}${level}`,
      `${GODS[g]?.name || pretty(g)}'s Monument, level ${level}`));
  });
  // Quest (right, below).
  if (rv.quest) {
    parts.push(badge(cx + 52, gods.length ? cy + 24 : cy + 2, "Q", "quest", `Quest: ${nameOf(QUESTS, rv.quest)}. ${textOf("quests", rv.quest)}`));
  }
  // Heroes (below left of the token).
  heroes.forEach((p, i) => parts.push(heroFigure(cx - 22 - i * 17, cy + 20, p.seat, `Hero: ${p.name}`)));
  // Monsters (below right of the token).
  rv.monsters.forEach((m, i) => parts.push(monsterToken(cx + 24 + i * 24, cy + 21, m,
    `Monster: ${nameOf(MONSTERS, m)}. ${textOf("monsters", m)}`)));
  // Hoplites: one token per army, below.
  const chipW = 36;
  const startX = cx - (armies.length * (chipW + 3) - 3) / 2;
  armies.forEach((a, i) => parts.push(hoplites(startX + i * (chipW + 3), cy + 33, a.q, a.total, a.fort,
    `${names[a.q]}: ${a.total} Hoplite${a.total > 1 ? "s" : ""}${a.fort ? ", one Fortified" : ""}`)));
  // The Battle being fought here.
  if (view.battle && view.battle.region === meta.id) {
    parts.push(clashMark(cx, cy - 52, `Battle: ${names[view.battle.attacker]} attacks ${names[view.battle.defender]}`));
  }

  const attrs = {
    class: `region ${targets.length ? "target" : ""} ${view.battle && view.battle.region === meta.id ? "battle-site" : ""}`,
    dataset: { testid: "region", region: meta.id, control: rv.control, monsters: rv.monsters.join(" "), quest: rv.quest },
  };
  if (targets.length && ctx.choose) {
    attrs.tabindex = "0";
    attrs.role = "button";
    attrs["aria-label"] = `${meta.name}: ${targets.map((t) => t.label).join(" or ")}`;
    const act = () => {
      if (targets.length === 1) ctx.choose(targets[0].key);
      else if (ctx.hint) ctx.hint(targets.map((t) => t.key));
    };
    attrs.onclick = act;
    attrs.onkeydown = (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        e.stopPropagation();
        act();
      }
    };
  }
  return s("g", attrs, parts);
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
  const cells = MAP.regions.map((meta) =>
    regionGroup(meta, rv.get(meta.id) || { control: -1, hoplites: [], fortified: -1, temple: false, monsters: [], quest: null },
      view, names, ctx, godsAt));
  // The land-coloured cells go under the border lines; each region's group (tokens, plus a
  // transparent copy of its cell to catch clicks and show highlights) goes above them.
  const under = s("g", { class: "cells" });
  const over = s("g", { class: "tokens" }, cells);
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
  over);
}

// -- panels ------------------------------------------------------------------------------------

function attrBar(p, a) {
  const value = p.attributes[a] ?? 0;
  const hurt = p.injured.includes(a);
  const pips = [];
  for (let i = 0; i < Math.max(value, 1); i += 1) pips.push(h("span", { class: `pip ${i < value ? "on" : ""}` }));
  return h("div", { class: `attr ${hurt ? "injured" : ""}`, title: `${ATTR_TITLES[a] || pretty(a)} ${value}${hurt ? " (injured)" : ""}` },
    h("span", { class: "attr-name" }, ATTR_SHORT[a] || pretty(a).slice(0, 2)),
    h("span", { class: "pips" }, pips),
    h("strong", {}, String(value)),
    hurt ? h("span", { class: "injury", title: "injured" }, "✚") : null);
}

function playerBoard(p, view, names) {
  const acting = view.to_act === p.seat;
  const current = view.current === p.seat;
  return h("article", { class: `lords-player ${seatClass(p.seat)} ${acting ? "acting" : ""}` },
    h("header", { title: p.hero ? textOf("heroes", p.hero) : "" }, who(p.seat, names, view.seat),
      current ? h("span", { class: "badge" }, "turn") : null,
      acting ? h("span", { class: "badge acting-badge" }, "to act") : null),
    h("div", { class: "attrs" }, Object.keys(p.attributes).map((a) => attrBar(p, a))), // a module may add one (Fleet)
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
      p.blessings.length ? p.blessings.map((b) => h("span", { class: "chip blessing", title: BLESSINGS[b]?.text || "" }, nameOf(BLESSINGS, b))) : none()),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Used"),
      p.used.length ? p.used.map((u) => h("span", { class: "chip used" }, pretty(u))) : none()),
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
  const c = COMBAT[id];
  if (!c) return h("span", { class: "ccard", dataset: opts.data ? { card: id } : null }, pretty(id));
  const casualties = c.casualties ? ` · ${"☠".repeat(c.casualties)}` : "";
  return h("div", {
    class: `ccard sym-${c.symbol} ${opts.small ? "small" : ""}`,
    dataset: opts.data ? { card: id } : null,
    title: `${c.name}: ${textOf("combat", id) || `strength ${c.strength}, effect ${pretty(c.effect)}`}`,
  },
  h("span", { class: "cc-strength" }, String(c.strength)),
  h("span", { class: "cc-name" }, c.name),
  opts.small ? null : h("span", { class: "cc-meta" }, `${pretty(c.symbol)}${casualties}`),
  opts.small || c.effect === "none" ? null : h("span", { class: "cc-effect" }, pretty(c.effect)));
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
    h("div", { class: "muted" }, `Stage: ${pretty(b.stage)}`));
}

/** Draw a Lords view. */
export function render(root, view, ctx = {}) {
  useModules(view.modules);
  MAP = mapFor(view.modules);
  const names = seatNames(view);
  const viewer = view.seat;
  const seated = viewer !== null && viewer !== undefined;
  const side = [];

  if (view.result) {
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
        view.hand && view.hand.length ? view.hand.map((id) => combatCard(id, { data: true })) : none("no cards"))));
  }
  if (view.owl && view.owl.length) {
    side.push(panel("Owl of Athena drew", "owl-panel", h("div", { class: "cards-row" }, view.owl.map((id) => combatCard(id)))));
  }
  if (view.draft) {
    const d = view.draft;
    side.push(panel("Blessing draft", "draft-panel",
      h("div", { class: "row" }, "Order: ", d.order.map((q, i) => h("span", { class: i === d.turn ? "strong" : "" }, who(q, names, viewer), i < d.order.length - 1 ? " → " : ""))),
      d.cards ? h("div", { class: "cards-row" }, d.cards.map((b) => h("div", { class: "bcard", title: BLESSINGS[b]?.text || "" },
        h("strong", {}, nameOf(BLESSINGS, b)), h("span", { class: "muted" }, ` (${pretty(BLESSINGS[b]?.god || "")})`),
        h("div", { class: "small-text" }, BLESSINGS[b]?.text || ""))))
        : h("div", { class: "muted" }, `${d.count} Blessing card(s) being passed round`)));
  }
  if (view.players_info.some((p) => !p.hero)) {
    const taken = new Map(view.players_info.filter((p) => p.hero).map((p) => [p.hero, p.seat]));
    side.push(panel("Heroes", "heroes-panel", h("ul", { class: "plain-list", dataset: { testid: "heroes" } },
      Object.entries(TEXTS.hero_names || {}).map(([id, name]) => h("li", { dataset: { hero: id } },
        h("strong", {}, name), taken.has(id) ? [" (", who(taken.get(id), names, viewer), ")"] : null,
        h("div", { class: "small-text" }, textOf("heroes", id)))))));
  }
  side.push(panel("Players", "players-panel", h("div", { class: "lords-players" },
    view.players_info.map((p) => playerBoard(p, view, names)))));
  side.push(progressPanel(view, names));
  side.push(...modulePanels(view, names));

  const monuments = Object.entries(view.monuments).map(([god, m]) => {
    const g = GODS[god] || { name: pretty(god), artifact: "" };
    const art = ARTIFACTS[g.artifact];
    return h("div", { class: "monument" },
      h("div", { title: textOf("gods", god) }, h("strong", {}, g.name), h("span", { class: "muted" }, ` · ${regionName(g.site)} · level ${m.level} `),
        h("span", { class: "level", title: `level ${m.level} of 5` },
          [1, 2, 3, 4, 5].map((i) => h("span", { class: `pip ${i <= m.level ? "on" : ""}` })))),
      h("div", { class: "row" }, h("span", { class: "row-label" }, "Priests"),
        m.priests.length ? m.priests.map((q) => who(q, names, viewer)) : none()),
      h("div", { class: "row", title: textOf("artifacts", g.artifact) || art?.effect || "" }, h("span", { class: "row-label" }, art ? art.name : pretty(g.artifact)),
        m.artifact_owner >= 0 ? who(m.artifact_owner, names, viewer) : h("span", { class: "muted" }, "unclaimed"),
        m.artifact_owner >= 0 ? h("span", { class: "muted" }, m.artifact_charged ? " (charged)" : " (used)") : null));
  });
  side.push(panel("Monuments", "monuments-panel", h("div", { class: "monuments" }, monuments)));

  side.push(panel("Monsters and Quests", "monsters-panel",
    monstersPanel(view, names, regionName),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Quests"),
      view.quests.length ? view.quests.map((q) => h("span", { class: "chip quest", title: textOf("quests", q) || `in ${regionName(QUESTS[q]?.region)}` },
        `${nameOf(QUESTS, q)} (${regionName(QUESTS[q]?.region)})`)) : none())));

  const tc = TEMPLE_CARDS[view.temple_card];
  const top = h("div", { class: "info-bar" },
    fact("Turn", view.turn || "setup"),
    fact("Playing", names[view.current] || `Player ${view.current + 1}`),
    view.procedure ? fact("Step", pretty(view.procedure)) : null,
    fact("Temples built", view.temples_built),
    fact("Temple card", pretty(view.temple_card), tc ? `Temples ${tc.drafts.join(", ")} start a Blessing Draft. ${textOf("temple_cards", view.temple_card)}` : ""),
    view.oracle ? fact("Oracle", "active") : null,
    fact("Combat deck", `${view.decks.combat} (+${view.decks.combat_discard} discarded)`),
    fact("Blessings", view.decks.blessings),
    fact("Events", view.decks.events),
    view.modules ? fact("Modules", modulesTitle(view.modules)) : null,
    view.activation && view.activation.length >= 2 && view.activation[1] > 0
      ? fact("Activation", `${names[view.activation[0]] || "?"} ×${view.activation[1]}`) : null);

  const zoom = h("button", {
    type: "button",
    class: "small secondary map-zoom",
    "aria-pressed": zoomed ? "true" : "false",
    onclick: () => {
      zoomed = !zoomed;
      zoom.setAttribute("aria-pressed", zoomed ? "true" : "false");
      zoom.textContent = zoomed ? "Fit the map" : "Enlarge the map";
      root.querySelector(".map-wrap")?.classList.toggle("zoomed", zoomed);
    },
  }, zoomed ? "Fit the map" : "Enlarge the map");
  const legend = h("div", { class: "map-legend muted" }, zoom, " ",
    h("span", {}, "▣ city · ★ Sparta · number = population · ring = control · helmet chip = Hoplites (⌂ fortified) · pawn = Hero · ◆ Monster · Q quest · statue Z/A/H… = Monument level · Δ Delphi · ⚔ battle · dashes = sea routes"),
    Object.keys(view.module_panels || {}).length ? h("span", {}, " · round marks = the modules' pieces (⚓ port, Π gate, ☠ warrior, ◈ Orichalkum, ⚙ Factory; hover for details)") : null,
    ctx.choices && ctx.choices.some((c) => regionsIn(c.key).length)
      ? h("span", { class: "map-hint" }, " — highlighted regions can be clicked") : null);

  replaceChildren(root, h("div", { class: "board lords" },
    top,
    h("div", { class: "lords-layout" },
      h("div", { class: `map-wrap ${zoomed ? "zoomed" : ""}` }, h("div", { class: "map-scroll" }, mapSvg(view, names, ctx)), legend),
      h("div", { class: "lords-side" }, side))));
  markMotion(root, view);
}
