// The leaderboards: the best-rated players of each rated game (ratings move only with finished
// games between players with accounts).  Which games are rated comes from /api/games ("rated"):
// this page names no game.

import { ratingCell } from "./people.js";
import { api, games, h, replaceChildren } from "./util.js";

async function board(game) {
  let data;
  try {
    data = await api(`/api/leaderboard/${game}`);
  } catch (err) {
    return h("section", { class: "panel" }, h("p", { class: "form-error" }, err.message));
  }
  return h("section", { class: "panel", dataset: { testid: `board-${game}` } },
    h("h2", {}, data.title),
    h("p", { class: "muted small-text" }, "Everyone starts at 1500; a rating is provisional until 10 rated games. A player whose seat a bot plays in the second half of a rated game loses that game."),
    data.players.length
      ? h("table", { class: "data-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "Place"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Rated games"))),
        h("tbody", {}, data.players.map((p) => h("tr", {},
          h("td", {}, String(p.place)),
          h("td", {}, h("a", { href: `/profile/${encodeURIComponent(p.name)}` }, p.name)),
          ratingCell(p),
          h("td", {}, String(p.games))))))
      : h("p", { class: "muted" }, "Nobody is rated yet."));
}

async function start() {
  const main = document.getElementById("boards");
  let rated;
  try {
    rated = (await games()).filter((g) => g.rated).map((g) => g.id);
  } catch (err) {
    replaceChildren(main, h("p", { class: "form-error" }, err.message));
    document.body.dataset.ready = "1";
    return;
  }
  replaceChildren(main, ...(await Promise.all(rated.map(board))));
  document.body.dataset.ready = "1";
}

start();
