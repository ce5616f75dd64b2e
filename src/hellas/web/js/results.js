// The end of a game as a scene: who won and how, what it means for you, the figures that tell the
// story, every player ranked, and the replay.
//
// A renderer may export results(view, outcome) returning
//   {headline?, mood?, lines: [text], body: [nodes], ranking: [{seat, score, note}] | null,
//    winner?: "Heracles won by Monster Slayer on turn 44"}.
// Co-operative games give their own headline (Victory! / Defeat); competitive games give the
// winner's line and a ranking, and the scene says "You won!" or "You lost — <winner's line>" to
// each seat (spectators read the winner's line).  "Player 2" in those lines becomes the seat's
// name ("Ana won with 183 points"; render/common.js setPeople).  Without results() the outcome's reason, the
// winners and the scores are shown.

import { withPeople } from "./render/common.js";
import { h, seatClass, seatDot } from "./util.js";

const PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th"];

/** A laurel wreath (won) or a broken column (lost), drawn small beside the headline. */
function emblem(mood) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 48 48");
  svg.setAttribute("class", `result-emblem ${mood}`);
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = mood === "won"
    ? "<path d='M24 40c-9-2-15-9-15-19' fill='none' stroke='currentColor' stroke-width='2.5'/>"
      + "<path d='M24 40c9-2 15-9 15-19' fill='none' stroke='currentColor' stroke-width='2.5'/>"
      + [14, 20, 26, 32].map((y, i) => `<ellipse cx='${10 + i * 0.8}' cy='${y}' rx='4' ry='2' transform='rotate(-35 ${10 + i} ${y})' fill='currentColor'/>`
        + `<ellipse cx='${38 - i * 0.8}' cy='${y}' rx='4' ry='2' transform='rotate(35 ${38 - i} ${y})' fill='currentColor'/>`).join("")
      + "<path d='M19 40h10' stroke='currentColor' stroke-width='3'/>"
    : "<path d='M14 42h20M16 38h16M18 38V18M30 38V24M17 14h14l-3 4H20z' fill='none' stroke='currentColor' stroke-width='2.5'/>"
      + "<path d='M30 24l3-5 2 3' fill='none' stroke='currentColor' stroke-width='2'/>";
  return svg;
}

function generic(outcome) {
  return {
    lines: [outcome.reason],
    body: [],
    ranking: outcome.scores.map((score, seat) => ({ seat, score: String(score), note: "" }))
      .sort((a, b) => Number(b.score) - Number(a.score)),
  };
}

/**
 * The results scene for a finished game.
 * @param {object} msg  the state message (view, outcome, seat, seats)
 * @param {object} renderer  the game's renderer module
 * @param {(seat: number) => string} nameOf  a seat's display name
 * @param {string|null} replay  the replay link
 */
export function resultsScene(msg, renderer, nameOf, replay) {
  const o = msg.outcome;
  let r;
  try {
    r = renderer.results ? renderer.results(msg.view, o) : generic(o);
  } catch (err) {
    console.error("results failed", err);
    r = generic(o);
  }
  const seat = msg.seat;
  const seated = seat !== null && seat !== undefined;
  const won = seated && o.winners.includes(seat);
  let headline = r.headline;
  let mood = r.mood;
  if (!headline) {
    const line = (r.winner && withPeople(r.winner)) || (o.winners.length ? `${o.winners.map(nameOf).join(" and ")} won` : "");
    if (!o.winners.length) {
      headline = "No winner";
      mood = "draw";
    } else if (won) {
      headline = "You won!";
      mood = "won";
    } else if (seated) {
      headline = `You lost — ${line}`;
      mood = "lost";
    } else {
      headline = line;
      mood = "over";
    }
  }
  const ranking = r.ranking
    ? h("ol", { class: "ranking", dataset: { testid: "ranking" } }, r.ranking.map((row, i) => h("li", {
      class: `${seatClass(row.seat)} ${o.winners.includes(row.seat) ? "winner" : ""} ${row.seat === seat ? "you" : ""}`,
      dataset: { seat: row.seat },
    },
    h("span", { class: "place" }, row.place ?? (PLACES[i] || `${i + 1}th`)),
    seatDot(row.seat), " ",
    h("span", { class: "who-name" }, nameOf(row.seat), row.seat === seat ? " (you)" : ""),
    row.score ? h("strong", { class: "rank-score" }, row.score) : null,
    row.note ? h("span", { class: "rank-note" }, row.note) : null)))
    : null;
  return h("section", { class: `outcome results ${mood}`, dataset: { testid: "outcome", mood }, "aria-labelledby": "result-headline" },
    h("div", { class: "result-head" }, emblem(mood === "won" ? "won" : "lost"),
      h("div", {},
        h("h2", { id: "result-headline", dataset: { testid: "result-headline" } }, headline),
        (r.lines || []).filter(Boolean).map((line) => h("p", { class: "reason" }, withPeople(line))))),
    ranking,
    r.body || [],
    h("p", { class: "result-actions" },
      replay ? h("a", { href: replay, class: "button", dataset: { testid: "replay-link" } }, "Watch the replay") : null, " ",
      h("a", { href: "/", class: "button secondary" }, "Back to the lobby")));
}
