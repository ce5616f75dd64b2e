// Lords of Hellas side panels for the Hunt and its pieces: the Hunt in progress (hunter, Monster,
// cards committed, Wounds, the Monster Attack card and the left neighbour's pick), the Monster
// trays (Wounds covered and open, Evolutions), each player's Artifacts and Quest, and every
// player's progress toward each victory, as the view gives it (counted as the victory check counts).

import { h, pretty } from "/static/js/util.js";
import { none, panel, provisionalBadge, who } from "/static/js/render/common.js";
import { ARTIFACTS, BLESSINGS, COMBAT, MONSTERS, QUESTS, TEXTS } from "./data.js";

const STEP_TITLES = { attack: "Attack", pick: "Monster Attack", defend: "Defend", reward: "Reward" };

const STAGES = {
  attack: "the hunter attacks (must inflict a Wound) or stops",
  combo: "the hunter adds cards for an alternative use",
  slot: "the hunter chooses which Wound symbol to cover",
  pick: "the left neighbour picks a Monster Attack card",
  defend: "the hunter defends or takes the attack",
  reward: "the rewards are taken",
};

function nameOf(table, id) {
  return packRecord(table, id)?.name || (table[id] && table[id].name) || pretty(id);
}

function textOf(kind, id) {
  return (TEXTS[kind] && TEXTS[kind][id]) || "";
}

/** A Monster's tray: one box per Wound symbol, covered (dealt) or open; in the Hunt
 * (`live`) each open box is a thing to click when covering it is offered. */
export function tray(m, id, live = false) {
  const dealt = m.tray.filter((w) => w.wounded).length;
  return h("div", {
    class: "monster-tray",
    dataset: { testid: "tray", monster: id, wounds: dealt },
    role: live ? "group" : "img", // in the Hunt its open Wound symbols can be clicked
    "aria-label": `${nameOf(MONSTERS, id)}: ${dealt} of ${m.tray.length} Wounds dealt`,
  },
  m.tray.map((w, i) => h("span", {
    class: `wound ${w.wounded ? "covered" : "open"}`,
    dataset: { wound: i, target: live ? `wound:${i}` : null },
    "aria-label": live ? `${pretty(w.symbol)} Wound symbol ${i + 1}` : null,
    title: `${pretty(w.symbol)} Wound${w.reward ? ` (reward: ${pretty(w.reward)})` : ""}: ${w.wounded ? "dealt" : "open"}`,
  }, w.wounded ? "✖" : "", h("span", { class: "wound-symbol" }, pretty(w.symbol)))));
}

/** The Monsters on the board (or slain) with their trays and Evolutions. */
export function monstersPanel(view, names, regionName) {
  const rows = Object.entries(view.monsters)
    .filter(([, m]) => m.at || m.slain_by >= 0)
    .map(([id, m]) => h("li", { class: "monster-row", dataset: { testid: "monster", monster: id }, title: textOf("monsters", id) },
      h("div", { dataset: { target: m.at ? `monster:${id}` : null }, "aria-label": `the ${nameOf(MONSTERS, id)}` },
        h("strong", {}, nameOf(MONSTERS, id)), standIn(id, MONSTERS), " ",
        m.at ? `in ${regionName(m.at)}` : "",
        m.slain_by >= 0 ? [" — slain by ", who(m.slain_by, names, view.seat)] : ""),
      m.at ? tray(m, id) : null,
      m.evolutions.length
        ? h("div", { class: "small-text", dataset: { testid: "evolutions" } }, "Evolved: ",
          m.evolutions.map((e) => h("span", { class: "chip evolution" }, evolution(e))))
        : null));
  return rows.length ? h("ul", { class: "plain-list" }, rows) : h("div", { class: "muted" }, "No monster on the board.");
}

function attackName(id) {
  return textOf("attack_names", id) || "a Monster Attack card";
}

/** An Evolution in words: "Evolved: its Region Attack kills 2 Hoplites" without the "Evolved:". */
function evolution(id) {
  const words = textOf("evolutions", id).replace(/^Evolved:\s*/, "");
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "an Evolution";
}

/** The Hunt in progress as a flow: who hunts what, the stage, the tray, the attack card. */
export function huntPanel(view, names, ctx) {
  const hunt = view.hunt;
  const m = view.monsters[hunt.monster];
  const viewer = view.seat;
  const steps = ["attack", "pick", "defend", "reward"];
  const at = hunt.stage === "combo" || hunt.stage === "slot" ? "attack" : hunt.stage;
  const flow = h("ol", { class: "hunt-flow" }, steps.map((st) => h("li", {
    class: st === at ? "now" : "",
    "aria-current": st === at ? "step" : null,
  }, STEP_TITLES[st])));
  const parts = [
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Hunter"), who(hunt.hunter, names, viewer),
      h("span", { class: "muted" }, " vs "), h("strong", { title: textOf("monsters", hunt.monster) }, nameOf(MONSTERS, hunt.monster))),
    flow,
    h("div", { class: "muted", dataset: { testid: "hunt-stage" } }, STAGES[hunt.stage] || ""),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Wounds"), tray(m, hunt.monster, true)),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Cards used"),
      hunt.committed.length ? hunt.committed.map((c) => h("span", { class: "chip", title: textOf("combat", c) }, nameOf(COMBAT, c), standIn(c, COMBAT))) : none()),
  ];
  if (hunt.attack) {
    parts.push(h("div", { class: "row", dataset: { testid: "hunt-attack" }, title: textOf("attack_cards", hunt.attack) },
      h("span", { class: "row-label" }, "Monster Attack"), h("strong", {}, attackName(hunt.attack)),
      ` — Strength ${hunt.strength}`));
  }
  if (hunt.drawn_cards && hunt.drawn_cards.length) {
    parts.push(h("div", { class: "hunt-pick", dataset: { testid: "hunt-pick" } },
      h("strong", {}, "You are the hunter's left neighbour: pick the Monster Attack card."),
      h("div", { class: "cards-row" }, hunt.drawn_cards.map((a) => h("div", { class: "bcard", dataset: { attack: a, target: `attack:${a}` }, "aria-label": attackName(a) },
        h("strong", {}, attackName(a)), h("div", { class: "small-text" }, textOf("attack_cards", a)))))));
  } else if (hunt.drawn) {
    parts.push(h("div", { class: "muted" }, who(hunt.picker, names, viewer),
      ` is picking one of ${hunt.drawn} Monster Attack cards.`));
  }
  if (ctx && ctx.choices && ctx.choices.length && view.to_act === viewer) {
    parts.push(h("div", { class: "muted small-text" }, "Your choices for the Hunt are highlighted: the cards in your hand, the Wound symbols, the Monster Attack cards."));
  }
  return panel(`Hunt: ${nameOf(MONSTERS, hunt.monster)}`, "hunt-panel", h("div", { dataset: { testid: "hunt" } }, parts));
}

/** Each seat's Artifacts with their state (charged or used). */
export function artifactsOf(view, seat) {
  return Object.entries(view.artifacts || {})
    .filter(([, a]) => a.owner === seat)
    .map(([id, a]) => h("span", {
      class: `chip artifact ${a.charged ? "charged" : "spent"}`,
      dataset: { artifact: id, charged: a.charged ? "1" : "0", target: seat === view.seat ? `artifact:${id}` : null },
      "aria-label": nameOf(ARTIFACTS, id),
      title: `${nameOf(ARTIFACTS, id)}: ${packRecord(ARTIFACTS, id)?.text || ARTIFACTS[id]?.effect || textOf("artifacts", id)}`,
    }, `${nameOf(ARTIFACTS, id)} (${a.charged ? "ready" : "used"})`, standIn(id, ARTIFACTS)));
}

/** A player's Quest in progress (and step), and the Quest cards kept. */
let PROVISIONAL = new Set(); // the ids of this game's provisional stand-in cards, every kind

let PACK = { name: "", records: {} }; // the table's content pack: its name, its records by kind
// the shared card tables, by the kind of the view's pack records (view.pack.records)
const KINDS = new Map([[COMBAT, "combat"], [BLESSINGS, "blessings"], [ARTIFACTS, "artifacts"],
  [QUESTS, "quests"], [MONSTERS, "monsters"]]);

/** Note the view's provisional stand-in cards and its content pack's records (each render). */
export function useProvisional(view) {
  PROVISIONAL = new Set(Object.values(view.provisional || {}).flat());
  PACK = { name: view.pack?.name || "a content pack", records: view.pack?.records || {} };
}

/** The content pack's record of a card (name and words) when the pack adds or changes it:
 * `table` is a card table (COMBAT ...) or the kind's name in the view ("heroes"). */
export function packRecord(table, id) {
  const kind = typeof table === "string" ? table : KINDS.get(table);
  return kind ? PACK.records[kind]?.[id] : undefined;
}

/** The Heroes to show: `names` (id -> name) with the content pack's added and renamed ones. */
export function withPackHeroes(names) {
  const out = { ...names };
  for (const [id, r] of Object.entries(PACK.records.heroes || {})) out[id] = r.name;
  return out;
}

/** A card's badges: "provisional" for a stand-in, "from pack <name>" for a content pack's
 * record (of the card table `table`, e.g. COMBAT, or a kind's name), whatever it claims. */
export function standIn(id, table = null) {
  const fromPack = table && packRecord(table, id) ? h("span", {
    class: "badge from-pack",
    dataset: { testid: "from-pack" },
    title: `This card is the content pack's (${PACK.name}), not the rulebook's: the table was created with that pack.`,
  }, `from pack ${PACK.name}`) : null;
  const provisional = PROVISIONAL.has(id) ? provisionalBadge() : null;
  return fromPack || provisional ? [provisional, fromPack] : null;
}

export function questOf(p) {
  const out = [];
  if (p.quest) {
    out.push(h("span", { class: "chip quest", dataset: { testid: "quest-step", quest: p.quest, step: p.quest_step }, title: textOf("quests", p.quest) },
      `${nameOf(QUESTS, p.quest)}: step ${p.quest_step} of 3`, standIn(p.quest, QUESTS)));
  }
  for (const q of p.quest_cards || []) {
    out.push(h("span", { class: "chip quest", title: textOf("quests", q) }, `${nameOf(QUESTS, q)} (kept)`, standIn(q, QUESTS)));
  }
  return out;
}

function meter([have, need], label) {
  return h("span", { class: "meter", title: `${label}: ${have} of ${need}` },
    h("meter", { min: 0, max: need, value: Math.min(have, need), "aria-label": label }),
    ` ${have}/${need}`);
}

const HEADINGS = [
  ["Player", ""],
  ["Lands", "Warlord of Hellas: Lands owned whole"],
  ["Temples", "Favored of the Gods: Regions with Temples controlled"],
  ["Slain", "Monster Slayer: Monsters slain"],
  ["King", "King of Kings: Activation tokens its builder still takes"],
];

/** The victory progress table. */
export function progressPanel(view, names) {
  const rows = view.progress.map((r) => h("tr", { dataset: { testid: "progress", seat: r.seat, slayer: r.slayer[0], warlord: r.warlord[0], favored: r.favored[0] } },
    h("th", { scope: "row" }, who(r.seat, names, view.seat)),
    h("td", {}, meter(r.warlord, "Lands owned whole")),
    h("td", {}, meter(r.favored, "Regions with Temples controlled")),
    h("td", {}, meter(r.slayer, "Monsters slain")),
    h("td", {}, r.king === null ? none() : `${r.king} to take`)));
  return panel("Victory progress", "progress-panel",
    h("table", { class: "progress-table" },
      h("thead", {}, h("tr", {}, HEADINGS.map(([t, title]) => h("th", { scope: "col", title }, t)))),
      h("tbody", {}, rows)));
}
