// Nim's lobby tile (declared as web.art in its metadata): a heap of stones.

import { s } from "/static/js/util.js";

/** The lobby tile's drawing (160x90), inside the tile's <svg>. */
export function tile() {
  const rows = [[5, 70], [4, 52], [3, 34]];
  return [
    s("rect", { width: 160, height: 90, fill: "#4a5a3a" }),
    ...rows.flatMap(([n, y]) => Array.from({ length: n }, (_, i) =>
      s("circle", { cx: 80 + (i - (n - 1) / 2) * 20, cy: y, r: 9, fill: "#d9d2c0", stroke: "#1c222b" }))),
  ];
}
