// The lobby's account box: sign up, sign in, sign out (all optional: links alone are enough to
// play).  Signed in, the seats linked to the account come from the server and join this
// browser's "My tables", so a game started on one device continues on another; signing out
// forgets them again (a shared computer keeps no one's seats).

import { api, forgetSeat, h, mySeats, rememberSeat, replaceChildren } from "./util.js";

const box = () => document.getElementById("account-box");

function profileHref(name) {
  return `/profile/${encodeURIComponent(name)}`;
}

async function fetchSeats(onSeats) {
  try {
    const seats = await api("/api/account/seats");
    const held = new Set(mySeats().map((e) => `${e.table}/${e.seat}`));
    for (const s of seats) {
      // a seat this browser did not hold is the account's: forgotten again on signing out
      if (!held.has(`${s.table}/${s.seat}`)) rememberSeat({ table: s.table, seat: s.seat, token: s.token, fromAccount: true });
    }
    if (seats.length && onSeats) onSeats();
  } catch {
    // signed out meanwhile or the server is away: this browser's own seats still show
  }
}

// Seats this browser holds as a guest (not from the account): offered to the account on sign-in.
function guestSeats() {
  return mySeats().filter((e) => !e.fromAccount && e.token && typeof e.table === "string" && Number.isInteger(e.seat));
}

function attachOffer(name, onSeats) {
  const seats = guestSeats();
  if (!seats.length) return null;
  const offer = h("div", { class: "attach-offer", role: "status", dataset: { testid: "attach-offer" } });
  const attach = async () => {
    let done = 0;
    let failed = 0;
    for (const e of seats) {
      try {
        await api("/api/account/link", { table: e.table, seat: e.seat, token: e.token });
        done += 1;
      } catch {
        failed += 1; // over, gone, or another account's: stays this browser's own
      }
    }
    replaceChildren(offer, h("span", { dataset: { testid: "attach-done" } },
      `${done} seat${done === 1 ? "" : "s"} attached to ${name}${failed ? ` (${failed} could not be)` : ""}.`));
    fetchSeats(onSeats);
  };
  replaceChildren(offer,
    h("span", {}, `You hold ${seats.length} seat${seats.length === 1 ? "" : "s"} on this device as a guest. Attach ${seats.length === 1 ? "it" : "them"} to ${name}, so ${seats.length === 1 ? "it follows" : "they follow"} you to every device (and rated games count)? `),
    h("button", { type: "button", class: "small", dataset: { testid: "attach-seats" }, onclick: attach }, "Attach"), " ",
    h("button", { type: "button", class: "small secondary", onclick: () => offer.remove() }, "Not now"));
  return offer;
}

function signedIn(name, onSeats, offer = false) {
  replaceChildren(box(),
    h("span", { class: "account-name", dataset: { testid: "account-name" } }, "Signed in as ",
      h("a", { href: profileHref(name) }, name)),
    h("a", { href: "/leaderboard", class: "button small secondary" }, "Leaderboard"),
    h("button", {
      type: "button",
      class: "small secondary",
      dataset: { testid: "sign-out" },
      onclick: async () => {
        await api("/api/account/signout", {}).catch(() => null);
        for (const e of mySeats().filter((x) => x.fromAccount)) forgetSeat(e.table, e.seat);
        if (onSeats) onSeats();
        signedOut(onSeats);
      },
    }, "Sign out"),
    offer ? attachOffer(name, onSeats) : null);
  fetchSeats(onSeats);
}

function signedOut(onSeats) {
  const name = h("input", { id: "account-user", type: "text", autocomplete: "username", maxlength: "24", required: true, dataset: { testid: "account-user" } });
  const password = h("input", { id: "account-password", type: "password", autocomplete: "current-password", maxlength: "200", required: true, dataset: { testid: "account-password" } });
  const error = h("p", { class: "form-error", role: "alert", dataset: { testid: "account-error" } });
  const send = async (path) => {
    error.textContent = "";
    try {
      const me = await api(path, { name: name.value, password: password.value });
      signedIn(me.name, onSeats, true); // a guest's seats here: offered to the account
    } catch (err) {
      error.textContent = err.message;
    }
  };
  const form = h("form", { class: "account-form", onsubmit: (e) => { e.preventDefault(); send("/api/account/signin"); } },
    h("label", { for: "account-user" }, "Name"), name,
    h("label", { for: "account-password" }, "Password"), password,
    h("button", { type: "submit", class: "small", dataset: { testid: "sign-in" } }, "Sign in"),
    h("button", {
      type: "button",
      class: "small secondary",
      dataset: { testid: "sign-up" },
      onclick: () => {
        password.autocomplete = "new-password";
        send("/api/account/signup");
      },
    }, "Create account"),
    error);
  replaceChildren(box(),
    h("details", { class: "account-details" },
      h("summary", { dataset: { testid: "account-open" } }, "Sign in (optional)"),
      h("p", { class: "small-text" }, "An account keeps your tables on every device, your history, your rating in Fantasy Realms and Lords of Hellas, and your Legends campaign. Nobody needs one to play by link."),
      form),
    h("a", { href: "/leaderboard", class: "button small secondary" }, "Leaderboard"));
}

/** Draw the account box; ``onSeats`` is called when the server adds seats to "My tables". */
export async function startAccount(onSeats) {
  if (!box()) return;
  let me = { name: null };
  try {
    me = await api("/api/account");
  } catch {
    // no accounts on this server, or it is away: leave the box empty
    return;
  }
  if (me.name) signedIn(me.name, onSeats);
  else signedOut(onSeats);
}
