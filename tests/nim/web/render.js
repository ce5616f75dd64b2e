// Nim's board (declared as web.renderer in its metadata, served from tests/nim/web/): the heap as
// a row of stones, the heap it started from, and whose turn it is.  The choice panel offers the
// takes; nothing here is needed for play, only for seeing it.

import { fact, panel, who } from "/static/js/render/common.js";
import { h, replaceChildren, s } from "/static/js/util.js";

/** A row of `n` stones, one circle each, read aloud as a count. */
function stones(n) {
  const words = `${n} stone${n === 1 ? "" : "s"} left`;
  return s("svg", { viewBox: `0 0 ${Math.max(1, n) * 22} 24`, class: "nim-stones", role: "img", "aria-label": words },
    s("title", {}, words), ...Array.from({ length: n }, (_, i) => s("circle", { cx: 11 + i * 22, cy: 12, r: 9, class: "nim-stone" })));
}

/** Draw the view: the heap, where it started and who takes next. */
export function render(root, view, ctx) {
  const turn = view.to_act === null || view.to_act === undefined
    ? h("span", {}, "Nobody: the heap is empty.")
    : who(view.to_act, null, ctx && ctx.seat);
  replaceChildren(root, h("div", { class: "board nim" },
    panel("The heap", "nim-heap",
      h("div", { dataset: { testid: "nim-heap", stones: view.heap } }, stones(view.heap)),
      h("p", { class: "nim-facts" }, fact("Stones left", view.heap), " ", fact("Started with", view.start)),
      h("p", {}, "To take: ", turn))));
}

/** Nim's seats have no names of their own: the people's are shown. */
export function seatNames() {
  return null;
}
