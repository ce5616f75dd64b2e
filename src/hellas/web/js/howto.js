// The how-to-play page: /how-to-play/GAME shows the guide the game declares (/api/games
// "web.guide", a module in the game's own web folder): a lead,
// sections of prose in Hellas' own words and SVG diagrams, a table of contents and a way to start
// a game at once.

import { games, h, replaceChildren } from "./util.js";

function gameIdFromPath() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[1] || "");
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

async function start() {
  const id = gameIdFromPath();
  const main = document.getElementById("guide");
  const nav = document.getElementById("other-games");
  let list = [];
  try {
    list = await games();
  } catch {
    list = [];
  }
  const guided = list.filter((g) => g.web && g.web.guide);
  replaceChildren(nav, guided.map((g) => h("a", {
    href: `/how-to-play/${g.id}`,
    class: `button small ${g.id === id ? "" : "secondary"}`,
    "aria-current": g.id === id ? "page" : null,
  }, g.title)));
  const mine = guided.find((g) => g.id === id);
  if (!mine) {
    replaceChildren(main, h("section", { class: "panel" },
      h("h2", {}, "No guide for this game"), h("p", {}, "Pick a game above, or go back to the lobby.")));
    document.body.dataset.ready = "1";
    return;
  }
  const { GUIDE } = await import(mine.web.guide);
  document.title = `How to play ${GUIDE.title} — Hellas`;
  document.getElementById("title").textContent = `How to play ${GUIDE.title}`;
  const toc = h("nav", { class: "panel howto-toc", "aria-label": "Contents" }, h("h2", {}, "Contents"),
    h("ol", {}, GUIDE.sections.map((sec) => h("li", {}, h("a", { href: `#${slug(sec.heading)}` }, sec.heading)))));
  const sections = GUIDE.sections.map((sec) => h("section", { class: "panel howto-section", id: slug(sec.heading), dataset: { testid: "howto-section" } },
    h("h2", {}, sec.heading),
    sec.text.map((p) => h("p", {}, p)),
    sec.diagram ? h("figure", { class: "howto-figure" }, sec.diagram()) : null));
  replaceChildren(main,
    h("p", { class: "howto-lead", dataset: { testid: "howto-lead" } }, GUIDE.lead),
    h("p", {}, h("a", { class: "button big", href: `/?game=${encodeURIComponent(id)}&quick=1`, dataset: { testid: "howto-play" } }, "Play now against bots"),
      " ", h("a", { class: "button secondary", href: `/?game=${encodeURIComponent(id)}` }, "Set up a table")),
    h("div", { class: "howto-body" }, toc, h("div", { class: "howto-sections" }, sections)));
  document.body.dataset.ready = "1";
}

start();
