// Nim's lobby pickers (declared as web.pickers in its metadata): the heap, with a line saying who
// wins it with best play.

import { h } from "/static/js/util.js";

function reading(heap) {
  if (!Number.isInteger(heap)) return "";
  return heap % 4 === 0
    ? `${heap} stones: with two players, the second wins with best play.`
    : `${heap} stones: with two players, the first wins with best play (take ${heap % 4}).`;
}

/** A field made for this Nim option, or null for the generic one. */
export function field(opt) {
  if (opt.name !== "heap") return null;
  const note = h("p", { class: "picker-note", id: "heap-info", "aria-live": "polite", dataset: { testid: "heap-info" } });
  const input = h("input", {
    id: `opt-${opt.name}`, name: opt.name, type: "number", min: opt.minimum, max: opt.maximum, step: 1,
    value: opt.default, "aria-describedby": note.id, dataset: { kind: opt.kind, testid: "heap-picker" },
  });
  const show = () => {
    note.textContent = reading(Number(input.value));
  };
  input.addEventListener("input", show);
  show();
  return h("div", { class: "field" }, h("label", { for: input.id }, "Stones in the heap"), input, note);
}
