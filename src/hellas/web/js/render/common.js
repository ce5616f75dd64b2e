// Pieces shared by the game renderers.

import { h, seatClass, seatDot } from "../util.js";

/** A titled panel section. */
export function panel(title, cls, ...children) {
  return h("section", { class: `panel ${cls || ""}` },
    title ? h("h3", { class: "panel-title" }, title) : null, ...children);
}

/** A "label: value" fact for an info bar. */
export function fact(label, value, title) {
  return h("span", { class: "fact", title: title || null },
    h("span", { class: "fact-label" }, label), " ", h("strong", {}, withPeople(String(value))));
}

// The names people go by at this table, by seat ("Ana", "Bea (guest)", "Normal bot"; the server
// sends them in the seat list): pages set them once per message, the renderers read them.
let people = [];

/** Set the names of the table's seats from a seat list ([{seat, name}]). */
export function setPeople(seats) {
  people = [];
  for (const s of seats || []) {
    if (s && Number.isInteger(s.seat) && typeof s.name === "string" && s.name) people[s.seat] = s.name;
  }
}

/** The name a seat goes by: its person's ("Ana"), else "Player 2". */
export function personName(seat) {
  return people[seat] || `Player ${seat + 1}`;
}

/** A text with each "Player N" replaced by that seat's name, and each "(PN)" after a Hero
 * ("Heracles (P2): March ...", the Lords log) by it in brackets (event lines, result lines). */
export function withPeople(text) {
  return String(text).replace(/\bPlayer (\d{1,2})\b/g, (whole, n) => people[Number(n) - 1] || whole)
    .replace(/\(P(\d{1,2})\)/g, (whole, n) => (people[Number(n) - 1] ? `(${bracketed(people[Number(n) - 1])})` : whole));
}

// "Ana (guest)" inside brackets reads "Ana, guest" (no brackets within brackets)
function bracketed(person) {
  return person.replace(/ \((guest)\)$/, ", $1");
}

/** A game's own name for a seat with its person's: "Heracles (Ana)", "Perseus (Ana, guest)". */
export function heroWith(hero, person) {
  return `${hero} (${bracketed(person)})`;
}

/** A seat's name with its colour dot; "(you)" for the viewer. */
export function who(seat, names, viewer) {
  const given = names && names[seat];
  const name = given && given !== `Player ${seat + 1}` ? given : personName(seat);
  return h("span", { class: `who ${seatClass(seat)}` }, seatDot(seat), " ", name,
    seat === viewer ? h("span", { class: "you" }, " (you)") : null);
}

/** A muted dash for empty things. */
export function none(text = "—") {
  return h("span", { class: "muted" }, text);
}

/** Join nodes with a separator. */
export function joined(nodes, sep = " ") {
  const out = [];
  nodes.forEach((n, i) => {
    if (i) out.push(sep);
    out.push(n);
  });
  return out;
}

/** A name in the possessive: "Zeus'", "Athena's". */
export function possessive(name) {
  return String(name).endsWith("s") ? `${name}'` : `${name}'s`;
}

/**
 * A "provisional" badge for a stand-in card: one the rulebook does not show legibly, which
 * Hellas plays as written by analogy with the printed cards of its deck (a table with "Printed
 * only" leaves them out).
 */
export function provisionalBadge() {
  return h("span", {
    class: "badge provisional",
    dataset: { testid: "provisional" },
    title: "A provisional stand-in: the rulebook does not show this card legibly, so it plays as "
      + "written by analogy with the printed cards of its deck. Tick \u201cPrinted only\u201d when "
      + "creating a table to leave such cards out.",
  }, "provisional");
}
