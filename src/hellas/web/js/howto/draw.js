// Small drawing helpers for the how-to-play diagrams.

import { s } from "../util.js";

/** A diagram: an <svg role="img"> with a title that says what it shows. */
export function diagram(title, viewBox, ...children) {
  return s("svg", { viewBox, class: "diagram", role: "img", "aria-label": title },
    s("title", {}, title), ...children);
}

/** A text label inside a diagram; "\n" starts another line (1.2 em lower). */
export function label(x, y, text, anchor = "start", cls = "") {
  const lines = String(text).split("\n");
  return s("text", { x, y, "text-anchor": anchor, class: `dg-text ${cls}` },
    lines.length === 1 ? text : lines.map((line, i) => s("tspan", { x, dy: i ? "1.2em" : null }, line)));
}
