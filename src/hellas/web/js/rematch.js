// Rematch: one button on a finished table's results, and "Rematch ready — join" for everyone.
//
// A seated player asks (POST /api/tables/ID/rematch with their seat and token) and goes to
// the new table; every other page at the old table learns of it from the state message
// (`rematch: {table}`) and offers the way in: a player's seat at the new table opens with the
// token they already hold, a spectator watches.  A player who opens their old seat link once the
// rematch exists lands at their seat of the new table at once (the old game is in the replays).

import { api, h, seatLink, toast } from "./util.js";

let opened = false; // this page has drawn a results scene before (issue 48: see below)

/**
 * The rematch part of the results scene.
 * @param {object} msg  the state message of the finished table
 * @param {string} token  this page's seat token ("" for a spectator)
 */
export function rematchBox(msg, token) {
  const seated = msg.seat !== null && msg.seat !== undefined && Boolean(token);
  const ready = msg.rematch && msg.rematch.table;
  const first = !opened;
  opened = true;
  if (ready) {
    const path = `/table/${encodeURIComponent(ready)}`;
    const href = seated ? seatLink(path, msg.seat, token) : path;
    if (first && seated) { // an old seat link, opened after the rematch was made: go straight on
      window.location.replace(href);
      return null;
    }
    return h("p", { class: "rematch ready", dataset: { testid: "rematch-ready" }, role: "status" },
      h("strong", {}, "Rematch ready — "),
      h("a", { href, class: "button", dataset: { testid: "rematch-join" } }, seated ? "join" : "watch it"),
      seated ? h("span", { class: "muted" }, " (your seat is kept for you)") : null);
  }
  if (!seated) return null;
  const button = h("button", {
    type: "button",
    class: "button",
    dataset: { testid: "rematch" },
    onclick: async () => {
      button.disabled = true;
      try {
        const made = await api(`/api/tables/${encodeURIComponent(msg.table)}/rematch`, { seat: msg.seat, token });
        window.location.href = made.link;
      } catch (err) {
        toast(err.message, "error");
        button.disabled = false;
      }
    },
  }, "Rematch");
  return h("p", { class: "rematch" }, button,
    h("span", { class: "muted" }, " Same game, options and seats, a new deal; everyone here is told."));
}
