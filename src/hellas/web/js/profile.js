// A player's profile: ratings per rated game, recent games, and each campaign game's grid
// (Legends: the 12 missions at each difficulty, won, lost or not played).  The server says
// which games have campaigns, their levels and steps, and each result in words: this page
// names no game.

import { ratingCell } from "./people.js";
import { api, h, replaceChildren } from "./util.js";

const STATUS = { won: "Won", lost: "Lost", "not-played": "Not played" };

function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString();
}

/** One campaign's grid: a row per step, a column per level. */
function campaignPanel(c) {
  return h("section", { class: "panel" },
    h("h2", {}, c.title),
    h("table", { class: "data-table campaign", dataset: { testid: "campaign" } },
      h("thead", {}, h("tr", {}, h("th", {}, c.noun), c.levels.map((l) => h("th", {}, l.title)))),
      h("tbody", {}, c.steps.map((name, i) => h("tr", {},
        h("th", { scope: "row" }, name),
        c.levels.map((l) => {
          const cell = c.cells[l.id][i];
          return h("td", { class: `campaign-${cell.status}`, dataset: { testid: `mission-${l.id}-${i + 1}` } }, STATUS[cell.status]);
        }))))));
}

async function start() {
  const name = decodeURIComponent(window.location.pathname.split("/").pop() || "");
  const main = document.getElementById("profile");
  let p;
  try {
    p = await api(`/api/accounts/${encodeURIComponent(name)}`);
  } catch (err) {
    replaceChildren(main, h("p", { class: "form-error" }, err.message), h("p", {}, h("a", { href: "/" }, "Back to the lobby")));
    document.body.dataset.ready = "1";
    return;
  }
  document.title = `${p.name} — Hellas`;
  document.getElementById("title").textContent = p.name;
  const title = (id) => p.titles[id] || id;
  replaceChildren(main,
    h("section", { class: "panel" },
      h("h2", {}, "Ratings"),
      h("p", { class: "muted small-text" }, `Player since ${when(p.since)}. Only finished games in which every seat is a player with an account count.`),
      p.ratings.length
        ? h("table", { class: "data-table", dataset: { testid: "ratings" } },
          h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Rating"), h("th", {}, "Rated games"))),
          h("tbody", {}, p.ratings.map((r) => h("tr", {}, h("td", {}, title(r.game)), ratingCell(r), h("td", {}, String(r.games))))))
        : h("p", { class: "muted" }, "No rated game yet.")),
    ...p.campaigns.map(campaignPanel),
    h("section", { class: "panel" },
      h("h2", {}, "Recent games"),
      p.history.length
        ? h("ul", { class: "plain-list", dataset: { testid: "history" } }, p.history.map((g) => h("li", {},
          h("a", { href: `/replay/${encodeURIComponent(g.table)}` }, title(g.game), g.name ? ` “${g.name}”` : ""),
          ` · ${when(g.at)} · ${g.result}`, g.rated ? " · rated" : "")))
        : h("p", { class: "muted" }, "No finished game yet.")));
  document.body.dataset.ready = "1";
}

start();
