// Legends of Hellas' lobby pickers (declared in its metadata, web.pickers): missions by name
// with their special rule, what the difficulty means, heroes picked from icons with their colour
// and ability, hero colours and the older rules reading (the last two: advanced options).

import { attributeIcon } from "./art.js";
import { DIVINE, HEROES, MISSIONS } from "./data.js";
import { h, pretty, replaceChildren } from "/static/js/util.js";

/** Options drawn under "Advanced rules options". */
export const ADVANCED = new Set(["hero_colours", "free_replace"]);

// Mission special rules, summarised in Hellas' own words.
export const SPECIAL_RULES = {
  none: "No special rule.",
  "recover-after-divine": "Whoever plays a divine intervention on a monster must Recover at once.",
  "cycle-through-deck": "A divine intervention played on a monster makes its hero slide their whole hand under the draw deck and draw as many new cards.",
  "cycle-through-discard": "A divine intervention played on a monster makes its hero slide their whole hand under the discard pile and take as many from its top.",
  "divine-blocks-arrivals": "A monster defeated by a divine intervention brings no newcomer until six monsters have entered — and if that keeps the sixth from ever coming, the mission is lost.",
};

const FINALE = { chimera: "the Chimera (8 cards)", hades: "Hades (10 cards)", monster: "a monster" };

function arrivalsText(m) {
  const parts = m.arrivals.map(([after, kind]) => `${kind === "monster" ? "a monster" : FINALE[kind]} after defeat ${after}`);
  return parts.join(", ");
}

function missionInfo(number) {
  const m = MISSIONS.find((x) => x.number === number);
  if (!m) return [h("p", {}, "Unknown mission.")];
  const finals = m.arrivals.filter(([, k]) => k !== "monster").length;
  return [
    h("p", {}, h("strong", {}, `${m.start} monsters`), " start on the table; then ", arrivalsText(m), "."),
    h("p", {}, `Win by defeating ${finals > 1 ? `all ${finals} final monsters` : "the final monster"}.`),
    h("p", {}, h("strong", {}, "Special rule: "), SPECIAL_RULES[m.special] || pretty(m.special)),
  ];
}

function missionField(opt) {
  const info = h("div", { class: "mission-info", id: "mission-info", "aria-live": "polite", dataset: { testid: "mission-info" } });
  const select = h("select", { id: `opt-${opt.name}`, name: opt.name, "aria-describedby": "mission-info", dataset: { kind: opt.kind } },
    MISSIONS.map((m) => h("option", { value: m.number, selected: m.number === opt.default },
      `${m.number}. ${m.name}${m.special !== "none" ? " ✦" : ""}`)));
  const show = () => replaceChildren(info, missionInfo(Number(select.value)));
  select.addEventListener("change", show);
  show();
  return h("div", { class: "field" }, h("label", { for: select.id }, "Mission"), select, info);
}

function difficultyField(opt, seats) {
  const players = () => Math.max(1, Math.min(5, seats()));
  const describe = (d) => `${DIVINE[d][players() - 1]} divine interventions in the deck with ${players()} player${players() > 1 ? "s" : ""}`;
  const note = h("p", { class: "picker-note", id: "difficulty-info", dataset: { testid: "difficulty-info" } });
  const select = h("select", { id: `opt-${opt.name}`, name: opt.name, "aria-describedby": "difficulty-info", dataset: { kind: opt.kind } },
    opt.choices.map((d) => h("option", { value: d, selected: d === opt.default }, pretty(d))));
  const show = () => {
    note.textContent = DIVINE[select.value]
      ? `${describe(select.value)}. Divine interventions are wild cards and can slay a monster: fewer make the mission harder.`
      : "";
  };
  select.addEventListener("change", show);
  show();
  const field = h("div", { class: "field" }, h("label", { for: select.id }, "Difficulty"), select, note);
  field.refresh = show;
  return field;
}

// Heroes: one toggle per hero; the order they are pressed in gives seat 1, seat 2, ...  The
// buttons are made once and updated in place (a redraw mid-click would swallow the click).
function heroesField(opt, seats) {
  const hidden = h("input", { type: "hidden", name: opt.name, value: "", dataset: { kind: opt.kind } });
  let order = [];
  const note = h("p", { class: "picker-note", id: "heroes-info" });
  const buttons = HEROES.map((hero) => {
    const colour = pretty(hero.colour);
    const seatMark = h("span", { class: "hero-seat", "aria-hidden": "true" });
    const small = h("small", {}, colour);
    const button = h("button", {
      type: "button",
      class: "hero-pick",
      "aria-pressed": "false",
      dataset: { testid: "hero-pick", hero: hero.id },
      title: `${hero.name}: colour ${colour}. Ability: once, a card played face-down counts as ${colour}.`,
      onclick: () => {
        if (order.includes(hero.id)) order = order.filter((x) => x !== hero.id);
        else if (order.length < seats()) order = [...order, hero.id];
        draw();
      },
    }, seatMark, attributeIcon(hero.colour), h("span", { class: "hero-text" }, h("strong", {}, hero.name), small));
    return { hero, button, seatMark, small, colour };
  });
  const draw = () => {
    const n = seats();
    order = order.slice(0, n);
    // The game wants one hero per seat: unpicked seats get the remaining heroes in order.
    const rest = HEROES.map((x) => x.id).filter((id) => !order.includes(id));
    hidden.value = order.length ? [...order, ...rest].slice(0, n).join(",") : "";
    for (const { hero, button, seatMark, small, colour } of buttons) {
      const at = order.indexOf(hero.id);
      button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
      seatMark.textContent = at >= 0 ? String(at + 1) : "";
      small.textContent = `${colour}${at >= 0 ? ` · seat ${at + 1}` : ""}`;
    }
    note.textContent = order.length
      ? `Seat order: ${order.map((id, i) => `${i + 1}. ${pretty(id)}`).join(", ")}${order.length < n ? " — the other seats get the remaining heroes in the usual order" : ""}.`
      : `Press heroes in seat order (up to ${n}); unpicked seats get Atalanta, Hercules, Perseus, Achilles, Jason in that order. `
        + "Each hero's colour is the attribute their face-down special ability counts as.";
  };
  const group = h("div", { class: "hero-picker", role: "group", "aria-labelledby": "heroes-label", "aria-describedby": "heroes-info" },
    buttons.map((b) => b.button));
  draw();
  const field = h("div", { class: "field" }, h("span", { class: "label", id: "heroes-label" }, "Heroes"), group, note, hidden);
  field.refresh = draw;
  return field;
}

const COLOURS = ["guile", "speed", "arms", "strength", "courage"];

// Hero colours: one select per hero ("usual colour" or another attribute); a hidden input
// holds the game's comma list (jason=speed,...).
function heroColoursField(opt) {
  const hidden = h("input", { type: "hidden", name: opt.name, value: "", dataset: { kind: opt.kind } });
  const selects = HEROES.map((hero) => h("select", {
    id: `opt-colour-${hero.id}`,
    dataset: { testid: "hero-colour", hero: hero.id },
    onchange: () => {
      hidden.value = selects.filter((s) => s.value).map((s) => `${s.dataset.hero}=${s.value}`).join(",");
    },
  }, h("option", { value: "" }, `usual: ${pretty(hero.colour)}`),
  COLOURS.filter((c) => c !== hero.colour).map((c) => h("option", { value: c }, pretty(c)))));
  return h("div", { class: "field" },
    h("span", { class: "label" }, "Hero colours"),
    h("div", { class: "colour-picks" }, HEROES.map((hero, i) => h("label", { for: selects[i].id, class: "colour-pick" },
      attributeIcon(hero.colour), ` ${hero.name} `, selects[i]))),
    h("p", { class: "picker-note" }, "A hero's colour is the attribute their face-down special ability counts as. Change it only to try a variant."),
    hidden);
}

function freeReplaceField(opt) {
  const id = `opt-${opt.name}`;
  return h("div", { class: "field" },
    h("label", { for: id }, "Older rules reading"),
    h("input", { id, name: opt.name, type: "checkbox", checked: Boolean(opt.default), dataset: { kind: opt.kind } }),
    h("span", { class: "help" }, "Rules 1.0: a hero whose monster is defeated places their disc again for free and then takes a full action. Off (the rules as corrected): leaving that monster is a Move, with its discard."));
}

/** A field made for this Legends option, or null for the generic one. */
export function field(opt, seats) {
  if (opt.name === "mission" && MISSIONS.length) return missionField(opt);
  if (opt.name === "difficulty" && opt.choices) return difficultyField(opt, seats);
  if (opt.name === "heroes") return heroesField(opt, seats);
  if (opt.name === "hero_colours") return heroColoursField(opt);
  if (opt.name === "free_replace") return freeReplaceField(opt);
  return null;
}
