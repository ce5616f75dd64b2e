// The lobby's game tiles: each game's own picture, its name, "Play now against bots" (one click:
// a table with the default options, you in seat 1 and bots in the others) and its how-to-play page.

import { api, h, rememberSeat, replaceChildren } from "./util.js";
import { gameArt } from "./art.js";
import { normalBot } from "./levels.js";

/** The default number of seats of a game (its seats option's default). */
function defaultSeats(game) {
  const opt = game.options.find((o) => o.name === game.seats_option);
  const n = opt && Number.isInteger(opt.default) ? opt.default : game.min_seats;
  return Math.max(game.min_seats, Math.min(game.max_seats, n));
}

/** Create a table against Normal bots with the default options and go to your seat. */
export async function quickPlay(game) {
  const bot = normalBot(game); // a level, so every page names it "Normal", never "custom"
  const n = Math.max(2, defaultSeats(game));
  const seats = ["human", ...Array(Math.min(n, game.max_seats) - 1).fill(bot)];
  const res = await api("/api/tables", { game: game.id, options: { [game.seats_option]: seats.length }, seats });
  rememberSeat({ table: res.id, seat: res.you.seat, token: res.you.token, game: game.id, title: game.title, link: res.you.link });
  window.location.href = res.you.link;
}

/** Fill `root` with one tile per game; onSelect(id) picks it for the form, onError(message). */
export function drawTiles(root, list, selected, onSelect, onError) {
  replaceChildren(root, list.map((g) => {
    const quick = h("button", {
      type: "button",
      class: "small",
      dataset: { testid: "quick-play", game: g.id },
      "aria-label": `Play ${g.title} now against bots`,
      onclick: async () => {
        quick.disabled = true;
        try {
          await quickPlay(g);
        } catch (err) {
          onError(err.message);
          quick.disabled = false;
        }
      },
    }, "Play now vs bots");
    return h("div", { class: `game-tile ${g.id === selected ? "selected" : ""}`, dataset: { testid: "game-tile", game: g.id } },
      h("button", {
        type: "button",
        class: "pick-game",
        "aria-pressed": g.id === selected ? "true" : "false",
        title: g.summary,
        onclick: () => onSelect(g.id),
      }, gameArt(g), h("span", { class: "tile-title" }, g.title)),
      h("div", { class: "tile-actions" }, quick,
        h("a", { class: "button small secondary", href: `/how-to-play/${encodeURIComponent(g.id)}`, dataset: { testid: "howto-link" } },
          "How to play")));
  }));
}
