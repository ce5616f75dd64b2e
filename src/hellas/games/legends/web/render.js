// Legends of Hellas: monsters and the cards played on them, the heroes, your hand, the decks.

import { capital, h, pretty, replaceChildren, seatClass } from "/static/js/util.js";
import { fact, joined, none, panel, possessive, who } from "/static/js/render/common.js";
import { attributeIcon, monsterEmblem } from "./art.js";
import { split } from "/static/js/help/index.js";

const TITLES = {
  guile: "Guile",
  speed: "Speed",
  arms: "Arms",
  strength: "Strength",
  courage: "Courage",
  divine: "Divine",
};
const LETTERS = { guile: "G", speed: "Sp", arms: "A", strength: "St", courage: "C", divine: "✦" };
const ORDER = ["guile", "speed", "arms", "strength", "courage", "divine"];
const SPECIALS = {
  "recover-after-divine": "After a divine intervention is played, that hero must Recover.",
  "cycle-through-deck": "Special rule: cycling through the draw deck.",
  "cycle-through-discard": "Special rule: cycling through the discard pile.",
  "divine-blocks-arrivals": "Special rule: divine interventions block monster arrivals.",
};

/** Display names: each seat's hero. */
export function seatNames(view) {
  return view.heroes.map((hero) => hero.name);
}

/** A Legends card: coloured by attribute (null = hidden). */
function card(type, opts = {}) {
  if (type === null || type === undefined) {
    return h("span", { class: `lcard hidden ${opts.small ? "small" : ""}`, title: "a hidden card", role: "img", "aria-label": "a hidden card" },
      h("span", { class: "lc-letter" }, "?"), opts.small ? null : h("span", { class: "lc-name" }, "Hidden"));
  }
  const name = TITLES[type] || pretty(type);
  return h("span", {
    class: `lcard a-${type} ${opts.small ? "small" : ""}`,
    dataset: { card: opts.data ? type : null, target: opts.target ? `${opts.target}:${type}` : null },
    title: name,
    role: "img",
    "aria-label": type === "divine" ? "Divine intervention card" : `${name} card`,
  },
  opts.small ? h("span", { class: "lc-letter" }, LETTERS[type] || type.charAt(0).toUpperCase()) : attributeIcon(type),
  opts.small ? null : h("span", { class: "lc-name" }, name));
}

/** Cards from a {type: count} map, one element per card, in a fixed order. */
function cardsOf(counts, opts = {}) {
  const out = [];
  for (const type of ORDER) {
    for (let i = 0; i < (counts?.[type] || 0); i += 1) out.push(card(type, opts));
  }
  return out;
}

/** "Arms ×2, Courage" as small coloured chips. */
function chips(counts) {
  const parts = ORDER.filter((t) => counts?.[t]).map((t) =>
    h("span", { class: `chip a-${t}` }, attributeIcon(t), TITLES[t], counts[t] > 1 ? ` ×${counts[t]}` : ""));
  return parts.length ? parts : [none()];
}

function monsterCard(m, names) {
  const attrs = ORDER.filter((a) => m.need[a]);
  const needs = h("ul", { class: "needs" }, attrs.map((a) => {
    const have = m.counts[a] || 0;
    const need = m.need[a];
    const done = !m.missing[a];
    return h("li", { class: `need a-${a} ${done ? "done" : ""}`, title: `${TITLES[a]}: ${have} of ${need}` },
      attributeIcon(a),
      h("span", { class: "need-name" }, TITLES[a]),
      h("span", { class: "need-count" }, `${Math.min(have, need)}/${need}`),
      done ? h("span", { class: "tick", "aria-label": "done" }, "✓") : null);
  }));
  const played = m.cards.map((c) => {
    let face;
    if (c.mode === "sideways") {
      face = h("span", { class: "lcard small a-divine sideways", title: "Divine intervention, sideways" },
        h("span", { class: "lc-letter" }, "✦"));
    } else if (c.mode === "face-down") {
      face = h("span", {
        class: `lcard small facedown ${c.as ? `as-${c.as}` : ""}`,
        title: c.card ? `your ${TITLES[c.card]}, face-down as ${TITLES[c.as]}`
          : `face-down, counts as ${TITLES[c.as] || "?"}`,
      }, h("span", { class: "lc-letter" }, c.card ? LETTERS[c.card] : "?"));
    } else {
      face = card(c.card, { small: true });
      if (c.card === "divine" && c.as) face.title = `Divine intervention as ${TITLES[c.as]}`;
    }
    return h("span", { class: `played ${seatClass(c.seat)}`, title: `${names[c.seat]}: ${face.title}` },
      face, c.as && c.card !== c.as && c.mode !== "sideways"
        ? h("span", { class: `as a-${c.as}` }, `as ${TITLES[c.as]}`) : null);
  });
  const title = capital(m.title);
  const heroesHere = m.heroes_here.map((q) =>
    h("span", { class: `disc ${seatClass(q)}`, title: `${possessive(names[q])} disc` }, names[q]));
  const pct = m.size ? Math.min(100, Math.round((100 * m.played) / m.size)) : 0;
  return h("article", {
    class: `monster kind-${m.kind} ${m.alive ? "" : "dead"} ${m.slayable ? "slayable" : ""}`,
    dataset: { monster: m.name, target: `monster:${m.name}` },
    "aria-label": title,
  },
  h("header", {},
    monsterEmblem(attrs),
    h("strong", { class: "m-title" }, title),
    m.kind !== "monster" ? h("span", { class: "badge" }, capital(m.kind)) : null,
    !m.alive ? h("span", { class: "badge defeated" }, m.by_divine ? "slain (divine)" : "defeated") : null),
  m.cards_of.length > 1 ? h("div", { class: "m-of muted" }, m.cards_of.join(" + ")) : null,
  needs,
  h("div", { class: "progress", title: `${m.played} of ${m.size} cards played` },
    h("div", { class: "bar", style: { width: `${pct}%` } }),
    h("span", { class: "progress-text" }, `${m.played}/${m.size} cards`)),
  h("div", { class: "played-list" }, played.length ? played : none("no cards yet")),
  m.slayable ? h("div", { class: "slay" }, "✦ A divine intervention can slay it") : null,
  heroesHere.length ? h("div", { class: "discs" }, heroesHere) : null);
}

function heroTile(hero, view, names, viewer) {
  const disc = hero.disc
    ? capital((view.monsters.find((m) => m.name === hero.disc) || {}).title || pretty(hero.disc))
    : "off the table";
  const acting = view.to_act === hero.seat;
  const backs = [];
  for (let i = 0; i < hero.hand_size; i += 1) backs.push(h("span", { class: "back" }));
  return h("article", {
    class: `hero ${seatClass(hero.seat)} ${acting ? "acting" : ""} ${hero.broken ? "broken" : ""}`,
    dataset: { target: `hero:${hero.hero}` },
    "aria-label": hero.name,
  },
  h("header", {}, who(hero.seat, names, viewer),
    acting ? h("span", { class: "badge acting-badge" }, "to act") : null,
    hero.broken ? h("span", { class: "badge broken-badge", title: "This hero's special ability is used up (their disc is broken)" }, "ability used") : null),
  h("div", { class: "hero-line" }, "Colour ", h("span", { class: `chip a-${hero.colour}` }, attributeIcon(hero.colour), TITLES[hero.colour])),
  h("div", { class: "hero-line" }, "Disc: ", h("strong", {}, disc)),
  h("div", { class: "hero-line" }, `${hero.hand_size} card${hero.hand_size === 1 ? "" : "s"} `,
    h("span", { class: "backs", "aria-hidden": "true" }, backs)),
  hero.known_cards && Object.keys(hero.known_cards).length
    ? h("div", { class: "hero-line" }, "You know: ", chips(hero.known_cards)) : null);
}

/** The draw deck, the discard pile and the Oracle as piles on the table (the deck and the
 * Oracle can be clicked: Recover and Draw take from the deck, the Oracle is consulted). */
function piles(view) {
  const pile = (cls, target, title, count, sub) => h("div", {
    class: `pile ${cls}`,
    dataset: { target, testid: `pile-${cls}` },
    "aria-label": `${title}: ${count}`,
  },
  h("span", { class: "pile-face", "aria-hidden": "true" }, h("span", { class: "pile-count" }, String(count))),
  h("span", { class: "pile-title" }, title),
  sub ? h("span", { class: "pile-sub muted" }, sub) : null);
  return h("div", { class: "piles" },
    pile("deck", "deck", "Draw deck", view.deck, `${view.divine_in_deck} divine shuffled in`),
    pile("discard", "discard", "Discard pile", view.discard, null),
    pile("oracle", "oracle", "The Oracle", "Δ", "look at the top 6"),
    pile("monster-deck", "monster-deck", "Monster deck", view.monster_deck, null));
}

/** Draw a Legends view. */
export function render(root, view, ctx = {}) {
  const names = seatNames(view);
  const viewer = view.seat;
  const m = view.mission;
  const parts = [];

  parts.push(h("div", { class: "info-bar" },
    h("span", { class: "mission" }, `Mission ${m.number}: ${m.name}`),
    fact("Difficulty", capital(view.difficulty)),
    fact("Turn", view.turn || "setup"),
    fact("Defeated", view.defeats),
    fact("Finals", `${view.finals_defeated}/${m.finals}`, "final monsters defeated / needed")));

  if (m.special && m.special !== "none") {
    parts.push(h("div", { class: "note" }, SPECIALS[m.special] || "This mission has a special rule (see the mission card)."));
  }
  if (view.result && !ctx.outcomeShown) {
    parts.push(h("div", { class: `result-line ${view.result}` },
      view.result === "won" ? "The heroes won! " : "The heroes lost. ", view.reason || ""));
  }
  if (view.forced_recover) {
    parts.push(h("div", { class: "alert" },
      "A divine intervention was played: this hero must Recover now."));
  }
  if (view.support) {
    const sp = view.support;
    parts.push(h("div", { class: "alert" },
      who(sp.giver, names, viewer), " supports ", who(sp.receiver, names, viewer),
      sp.must_discard ? ` — ${names[sp.receiver]} must discard ${sp.must_discard}` : ""));
  }

  const alive = view.monsters.filter((x) => x.alive);
  const dead = view.monsters.filter((x) => !x.alive);
  parts.push(panel("Monsters", "monsters-panel",
    h("div", { class: "monsters" }, alive.map((x) => monsterCard(x, names))),
    dead.length ? h("div", { class: "defeated-list muted" }, "Defeated: ",
      joined(dead.map((x) => capital(x.title)), ", ")) : null));

  if (viewer !== null && viewer !== undefined) {
    const hand = view.hand || {};
    const count = Object.values(hand).reduce((a, b) => a + b, 0);
    parts.push(panel(`Your hand (${count})`, "hand-panel",
      h("div", { class: "hand", dataset: { testid: "hand" } },
        count ? cardsOf(hand, { data: true, target: "hand" }) : none("no cards"))));
  }

  parts.push(panel("The table", "piles-panel", piles(view)));

  if (view.oracle.length || view.oracle_order.length || view.deck_top.length) {
    parts.push(panel("The Oracle", "oracle-panel",
      view.oracle.length ? h("div", { class: "row" }, "Shows: ", view.oracle.map((c) => card(c, { target: "oracle-card" }))) : null,
      view.oracle_order.length ? h("div", { class: "row" }, "Put back so far (top first): ",
        view.oracle_order.map((c) => card(c, { small: true }))) : null,
      view.deck_top.length ? h("div", { class: "row" }, "Top of the draw deck (top first): ",
        view.deck_top.map((c) => card(c, { small: true }))) : null));
  }

  parts.push(panel("Heroes", "heroes-panel",
    h("div", { class: "heroes" }, view.heroes.map((x) => heroTile(x, view, names, viewer)))));

  const extras = [];
  if (view.discard_known.length) {
    extras.push(h("div", { class: "row" }, "Discards you saw (top first): ",
      view.discard_known.map((d) => card(d.card, { small: true }))));
  }
  if (view.gifts.length) {
    const recent = view.gifts.slice(-6).reverse();
    extras.push(h("div", { class: "gifts" }, h("div", { class: "muted" }, "Recent support:"),
      h("ul", {}, recent.map((g) => h("li", {}, `Turn ${g.turn}: `, who(g.from, names, viewer), " → ",
        who(g.to, names, viewer), " ", g.card ? card(g.card, { small: true }) : h("span", { class: "muted" }, "(a card)"))))));
  }
  if (extras.length) parts.push(panel("What you know", "known-panel", extras));

  replaceChildren(root, h("div", { class: "board legends" }, parts));
}

/** The things on the board a choice acts on (see board-control.js), in click order. */
export function targets(key) {
  const [verb, arg] = split(key);
  switch (verb) {
    case "fight":
      return arg === "slay" || arg.startsWith("divine=") ? ["hand:divine"] : [`hand:${arg}`];
    case "special":
    case "discard":
    case "give":
      return [`hand:${arg}`];
    case "oracle.discard":
    case "oracle.next":
      return [`oracle-card:${arg}`];
    case "move":
    case "place":
      return [`monster:${arg}`];
    case "support":
      return [`hero:${arg}`];
    case "recover":
    case "draw":
      return ["deck"];
    case "oracle":
      return ["oracle"];
    default:
      return []; // wait, stop, done: buttons on the board's prompt bar
  }
}

/** Divine interventions played on monsters so far (face up or sideways: public). */
function divineUsed(view) {
  return view.monsters.reduce((n, x) => n + x.cards.filter((c) => c.card === "divine" || c.mode === "sideways").length, 0);
}

/** The end of a mission: Victory or Defeat, why, and the mission's figures. */
export function results(view, outcome) {
  const won = view.result === "won";
  const d = outcome.details || {};
  const stat = (label, value, title) => h("div", { class: "stat", title: title || null },
    h("span", { class: "stat-value" }, String(value)), h("span", { class: "stat-label" }, label));
  const slain = view.monsters.filter((x) => !x.alive);
  return {
    headline: won ? "Victory!" : "Defeat",
    mood: won ? "won" : "lost",
    lines: [`Mission ${view.mission.number}: ${view.mission.name} (${capital(view.difficulty)}, ${view.players} hero${view.players > 1 ? "es" : ""}).`,
      outcome.reason],
    body: [
      h("div", { class: "stats", dataset: { testid: "result-stats" } },
        stat("monsters slain", view.defeats),
        stat("final monsters", `${view.finals_defeated}/${view.mission.finals}`),
        stat("cards left in the deck", view.deck),
        stat("divine interventions used", divineUsed(view), "played on monsters, as wild cards or sideways"),
        stat("special abilities used", view.heroes.filter((x) => x.broken).length),
        stat("turns", d.turns ?? view.turn)),
      slain.length ? h("p", { class: "muted" }, "Slain: ", joined(slain.map((x) => capital(x.title)), ", "), ".") : null,
    ],
    ranking: null,
  };
}
