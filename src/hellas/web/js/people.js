// People at the table: the seat says hello, a guest gives a name once, the rated-game rule.
//
// Whenever the table page opens a seat - whatever link led there: a public join, a private seat
// link, a rematch - it says hello to the server (POST /api/tables/ID/seats/K/hello).  Signed in,
// the seat is attached to the account (its name shows, "My tables" lists it on every device).
// A guest's seat goes by the name this browser keeps (localStorage), asked once: the server
// checks it by the account-name rules and shows it as "Ana (guest)", never as an account.

import { api, h, replaceChildren, toast } from "./util.js";

const GUEST_KEY = "hellas.guestName";

/** The guest name this browser keeps ("" for none). */
export function guestName() {
  try {
    return localStorage.getItem(GUEST_KEY) || "";
  } catch {
    return "";
  }
}

function keepGuestName(name) {
  try {
    localStorage.setItem(GUEST_KEY, name);
  } catch {
    // storage disabled: the name is asked again next time
  }
}

/** The rule that keeps rated games from being voided, for a table that can be rated.
 * @param {object} msg the table; @param {object|null} info its game in /api/games ("rated") */
export function ratedRule(msg, info) {
  if (!info || !info.rated || !msg.seats.every((s) => s.kind === "human")) return null;
  return h("p", { class: "rated-rule muted small-text", dataset: { testid: "rated-rule" } },
    "Rated when every seat is a player with an account. If a bot plays your seat at any time in "
    + "the second half of the game (you hand it over, or your time runs out), you lose this game "
    + "for the ratings.");
}

/** The seat's hello and, for an unnamed guest, the box that asks for a name. */
export class SeatName {
  /** @param {{table: string, seat: number|null, token: string}} opts */
  constructor({ table, seat, token }) {
    this.table = table;
    this.seat = seat;
    this.token = token;
    this.said = null; // the first hello, once sent
    this.root = h("div", { class: "name-box", dataset: { testid: "name-box" } });
  }

  hello(name) {
    const body = { token: this.token };
    if (name) body.name = name;
    return api(`/api/tables/${encodeURIComponent(this.table)}/seats/${this.seat}/hello`, body);
  }

  /** Take a state (or seat list) message: say hello once, then ask an unnamed guest's name. */
  async update(msg) {
    if (this.seat === null || this.seat === undefined || !this.token) return;
    if (!this.said) {
      this.said = this.hello(guestName()).catch(() => null); // a stale stored name: asked below
    }
    await this.said;
    this.draw(msg.seats);
  }

  draw(seats) {
    const me = (seats || [])[this.seat];
    if (!me || me.kind !== "human" || me.name) {
      replaceChildren(this.root);
      return;
    }
    if (this.root.querySelector("form")) return; // already asking: keep what is typed
    const input = h("input", {
      id: "guest-name",
      type: "text",
      maxlength: "24",
      autocomplete: "nickname",
      required: true,
      value: guestName(),
      dataset: { testid: "guest-name" },
    });
    const error = h("p", { class: "form-error", role: "alert", dataset: { testid: "guest-name-error" } });
    const form = h("form", {
      class: "guest-name-form",
      onsubmit: async (e) => {
        e.preventDefault();
        error.textContent = "";
        try {
          const done = await this.hello(input.value);
          keepGuestName(input.value.trim());
          toast(`The others see you as ${done.name}`, "info", 2500);
          replaceChildren(this.root);
        } catch (err) {
          error.textContent = err.message;
        }
      },
    },
    h("label", { for: "guest-name" }, "Your name at this table"), " ", input, " ",
    h("button", { type: "submit", class: "small", dataset: { testid: "guest-name-save" } }, "Save"),
    h("p", { class: "muted small-text" }, "Shown to the others as “name (guest)”. Sign in on the lobby to play under your account's name."),
    error);
    replaceChildren(this.root, form);
  }
}

/** A rating as players know it: "1528", marked "provisional" until it has settled. */
export function ratingCell(r) {
  return h("td", { dataset: { testid: "rating" } }, String(r.rating),
    r.provisional
      ? [" ", h("span", { class: "badge provisional-rating", title: "Fewer than 10 rated games: this rating is still settling" }, "provisional")]
      : null);
}
