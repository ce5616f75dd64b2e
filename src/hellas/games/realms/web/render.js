// Fantasy Realms: Greek Legends: your hand and its live score, the discard area, every Afterlife.

import { h, pretty, replaceChildren, seatClass } from "/static/js/util.js";
import { fact, none, panel, personName, who } from "/static/js/render/common.js";
import { CARDS } from "./cards.js";
import { suitIcon } from "./art.js";
import { split } from "/static/js/help/index.js";

const SUIT_TITLES = {
  god: "God", hero: "Hero", item: "Item", location: "Location", monster: "Monster", quest: "Quest",
};
const BY_NAME = new Map(Object.entries(CARDS).map(([id, c]) => [c.name, id]));

/** Realms has no names beyond seat numbers. */
export function seatNames() {
  return null;
}

function info(id) {
  return CARDS[id] || { name: pretty(id), suit: "unknown", base: "?", tags: [], afterlife: false };
}

/** A card: suit colour, base value, name, tags; `small` for the compact form. */
function card(id, opts = {}) {
  const c = info(id);
  const title = `${c.name} — ${SUIT_TITLES[c.suit] || c.suit}, base ${c.base}`
    + (c.tags.length ? `; ${c.tags.join(", ")}` : "")
    + (c.afterlife ? "; may be discarded to the Afterlife" : "")
    + (c.text ? `\n${c.text}` : "");
  const dataset = { card: opts.data ? id : null, target: opts.target ? `${opts.target}:${id}` : null };
  if (opts.small) {
    return h("span", { class: `rcard small suit-${c.suit}`, title, dataset, "aria-label": c.name },
      h("span", { class: "rc-base" }, String(c.base)),
      h("span", { class: "rc-name" }, c.name),
      c.afterlife ? h("span", { class: "rc-afterlife", title: "Afterlife icon" }, "⇣") : null);
  }
  return h("div", { class: `rcard suit-${c.suit}`, title, dataset, "aria-label": c.name },
    h("div", { class: "rc-top" },
      h("span", { class: "rc-base" }, String(c.base)),
      h("span", { class: "rc-suit" }, suitIcon(c.suit), " ", SUIT_TITLES[c.suit] || c.suit)),
    h("div", { class: "rc-name" }, c.name),
    h("div", { class: "rc-tags" }, c.tags.map((t) => h("span", { class: "tag" }, t))),
    c.text ? h("div", { class: "rc-text", dataset: { testid: "card-text" } }, c.text) : null,
    c.afterlife ? h("div", { class: "rc-afterlife", title: "may be discarded to the Afterlife" }, "⇣ Afterlife") : null);
}

function smallCards(ids, target = null) {
  return ids && ids.length ? ids.map((id) => card(id, { small: true, target })) : [none()];
}

function signed(n) {
  if (!n) return "0";
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** The card-by-card score breakdown. */
function scoreTable(score, caption) {
  const rows = score.lines.map((line) => {
    const id = BY_NAME.get(line.card);
    const suit = id ? CARDS[id].suit : "unknown";
    return h("tr", { class: line.place !== "hand" ? "in-afterlife" : "" },
      h("td", {}, h("span", { class: `suit-dot suit-${suit}` }), " ", line.card),
      h("td", { class: "muted" }, line.place),
      h("td", { class: "num" }, String(line.base)),
      h("td", { class: `num ${line.bonus > 0 ? "pos" : ""}` }, line.bonus ? signed(line.bonus) : ""),
      h("td", { class: `num ${line.penalty < 0 ? "neg" : ""}` }, line.penalty ? signed(line.penalty) : ""),
      h("td", { class: "num total" }, String(line.total)),
      h("td", { class: "notes" }, line.notes.join("; ")));
  });
  if (score.afterlife_penalty) {
    rows.push(h("tr", { class: "afterlife-row" },
      h("td", {}, "Afterlife"), h("td", {}), h("td", {}), h("td", {}),
      h("td", { class: "num neg" }, signed(score.afterlife_penalty)),
      h("td", { class: "num total" }, String(score.afterlife_penalty)),
      h("td", { class: "notes" }, "cards in the Afterlife")));
  }
  return h("div", { class: "score" },
    h("div", { class: "table-scroll" },
      h("table", { class: "score-table" },
        caption ? h("caption", {}, caption) : null,
        h("thead", {}, h("tr", {},
          h("th", {}, "Card"), h("th", {}, "Where"), h("th", { class: "num" }, "Base"),
          h("th", { class: "num" }, "Bonus"), h("th", { class: "num" }, "Penalty"),
          h("th", { class: "num" }, "Total"), h("th", {}, "Notes"))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {},
          h("th", { colspan: "5" }, "Score"),
          h("th", { class: "num total" }, String(score.score)),
          h("th", { class: "notes" }, score.choices.length ? h("span", { class: "dev-only" }, score.choices.join(", ")) : ""))))),
    score.endgame && score.endgame.length
      ? h("ul", { class: "endgame" }, score.endgame.map((t) => h("li", {}, t))) : null);
}

/** Draw a Realms view. */
export function render(root, view, ctx = {}) {
  const viewer = view.seat;
  const seated = viewer !== null && viewer !== undefined;
  const parts = [];

  parts.push(h("div", { class: "info-bar" },
    fact("Turn", view.turn),
    fact("Playing", `Player ${view.current + 1}`),
    fact("Discard area", `${view.discard.length}/10`, "the game ends when the discard area holds 10 cards"),
    view.first_turn ? h("span", { class: "muted" }, "The first player must draw from the deck.") : null));

  if (view.result && !ctx.outcomeShown) {
    const winners = view.result.winners || [];
    parts.push(h("div", { class: "result-line won" },
      "Winner", winners.length > 1 ? "s" : "", ": ",
      winners.map((w, i) => [i ? ", " : "", who(w, null, viewer)]),
      view.result.scores ? ` — ${view.result.scores.map((sc, q) => `${personName(q)} ${sc}`).join(" · ")}` : ""));
  }

  if (view.oracle && view.oracle.length) {
    parts.push(panel(`The Oracle shows (top first)`, "oracle-panel",
      h("div", { class: "cards-row" }, view.oracle.map((id) => card(id, { target: "oracle" })))));
  } else if (view.oracle_count && view.phase === "oracle") {
    parts.push(h("div", { class: "note" }, `${personName(view.current)} is looking at ${view.oracle_count} cards at the Oracle.`));
  }

  if (seated) {
    const hand = view.hand || [];
    parts.push(panel(`Your hand (${hand.length})`, "hand-panel",
      h("div", { class: "hand cards-row", dataset: { testid: "hand" } },
        hand.length ? hand.map((id) => card(id, { data: true, target: "hand" })) : none("no cards"))));
    if (view.score && !view.scores) {
      parts.push(panel(`Your hand would score ${view.score.score} now`, "score-panel",
        scoreTable(view.score, view.phase === "endgame" ? "with your endgame choices so far"
          : "with the best endgame choices")));
    }
  }

  const deck = h("div", {
    class: "pile deck",
    dataset: { target: "deck", testid: "pile-deck" },
    "aria-label": `The deck: ${view.deck} cards`,
  }, h("span", { class: "pile-face", "aria-hidden": "true" }, h("span", { class: "pile-count" }, String(view.deck))),
  h("span", { class: "pile-title" }, "Deck"));
  parts.push(panel(`Discard area (${view.discard.length} of 10)`, "discard-panel",
    h("div", { class: "discard-row" }, deck,
      h("div", { class: "cards-row small-row", dataset: { testid: "discard-area" } }, smallCards(view.discard, "discard")))));

  const players = [];
  for (let q = 0; q < view.players; q += 1) {
    const known = view.known && view.known[String(q)];
    const hand = view.hands ? view.hands[q] : null;
    players.push(h("article", {
      class: `realm-player ${seatClass(q)} ${view.to_act === q ? "acting" : ""}`,
    },
    h("header", {}, who(q, null, viewer),
      h("span", { class: "muted" }, ` ${view.hand_sizes[q]} in hand`),
      view.to_act === q ? h("span", { class: "badge acting-badge" }, "to act") : null,
      view.result && view.result.scores
        ? h("span", { class: "badge score-badge" }, `${view.result.scores[q]} pts`) : null),
    h("div", { class: "row" }, h("span", { class: "row-label" }, "Afterlife"),
      smallCards(view.afterlives[q])),
    known && known.length && q !== viewer
      ? h("div", { class: "row" }, h("span", { class: "row-label" }, "You know they hold"), smallCards(known)) : null,
    hand && q !== viewer ? h("div", { class: "row" }, h("span", { class: "row-label" }, "Final hand"), smallCards(hand)) : null));
  }
  parts.push(panel("Players", "players-panel", h("div", { class: "realm-players" }, players)));

  if (view.scores && !ctx.outcomeShown) {
    parts.push(panel("Final scores", "scores-panel", view.scores.map((sc, q) =>
      h("div", { class: `final-score ${seatClass(q)}` },
        h("h4", {}, who(q, null, viewer), ` — ${sc.score} points`),
        scoreTable(sc, null)))));
  }

  replaceChildren(root, h("div", { class: "board realms" }, parts));
}


/** The things on the board a choice acts on (see board-control.js), in click order. */
export function targets(key) {
  const [verb, arg] = split(key);
  const [actor, rest] = arg.split("=");
  switch (verb) {
    case "draw":
      return ["deck"];
    case "take":
      return [`discard:${arg}`];
    case "discard":
    case "afterlife":
      return [`hand:${arg}`];
    case "bottom":
      return [`oracle:${arg}`];
    case "altar":
    case "pomegranate":
    case "heracles":
    case "dionysus":
    case "helm":
      return arg === "none" ? [] : [`hand:${arg}`];
    case "add": // the card, then the Hero it tags (the tag itself: a short menu on the Hero)
      return rest === "none" ? [] : [`hand:${actor}`, `hand:${rest.split("/")[0]}`];
    case "clear":
    case "face":
    case "resolve":
    case "omega":
      return rest === "none" || rest === "stop" ? [] : [`hand:${actor}`];
    default:
      return []; // keep, name: buttons on the board's prompt bar
  }
}

/**
 * A tag given at the end (Chiron: any tag; Athena, the Winged Sandals: theirs) built by clicks
 * (see board-control.js): the card, then the Hero, then the tag from a menu of that Hero's tags
 * alone.  Chiron with three Heroes offers 38 choices: one menu of them all was too long to read.
 * The choices keep their keys and list numbers; the menu shows each one's tag.
 */
export function compound(choices) {
  const adds = choices.map((c, i) => ({ ...c, number: i + 1 }))
    .filter((c) => split(c.key)[0] === "add" && !c.key.endsWith("=none"));
  if (!adds.length) return null;
  return {
    replaces: new Set(adds.map((c) => c.key)),
    choices: adds.map((c) => {
      const [actor, rest] = split(c.key)[1].split("=");
      const [hero, tag] = rest.split("/");
      return {
        key: c.key,
        label: c.label,
        number: c.number,
        short: pretty(tag),
        firstStep: `${info(actor).name} gives a Hero a tag`,
        then: "now pick the Hero",
        path: [`hand:${actor}`, `hand:${hero}`],
      };
    }),
  };
}

/** The end: every player ranked by score, each hand with its card-by-card scores. */
export function results(view, outcome) {
  const scores = view.result ? view.result.scores : outcome.scores;
  const order = scores.map((sc, q) => q).sort((a, b) => scores[b] - scores[a] || a - b);
  const winners = outcome.winners;
  const names = winners.map((w) => `Player ${w + 1}`).join(" and ");
  const best = winners.length ? scores[winners[0]] : null;
  const tie = winners.length > 1 ? "share the win" : "won";
  return {
    winner: winners.length ? `${names} ${tie} with ${best} points` : "",
    lines: [winners.length === 1 && order.filter((q) => scores[q] === best).length > 1
      ? "A tie on points: the hand with the lower base strength wins." : ""],
    ranking: order.map((q) => ({
      seat: q,
      score: `${scores[q]} points`,
      note: (view.hands && view.hands[q] ? view.hands[q] : []).map((id) => info(id).name).join(", "),
    })),
    body: view.scores ? [h("details", { dataset: { testid: "result-hands" } },
      h("summary", {}, "Every hand, card by card"),
      view.scores.map((sc, q) => h("div", { class: `final-score ${seatClass(q)}` },
        h("h4", {}, who(q, null, view.seat), ` — ${sc.score} points`),
        scoreTable(sc, null))))] : [],
  };
}
