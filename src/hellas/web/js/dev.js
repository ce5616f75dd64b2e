// "Developer details": choice keys, bot names and other internals stay hidden (class dev-only)
// unless this toggle is on.  The setting is remembered in this browser.

import { h } from "./util.js";

const KEY = "hellas.dev";

function isOn() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

function apply(on) {
  document.body.classList.toggle("dev", on);
}

/** A small checkbox that shows or hides the developer details; applies the saved setting. */
export function devToggle() {
  const on = isOn();
  apply(on);
  const box = h("input", {
    type: "checkbox",
    id: "dev-toggle",
    checked: on,
    dataset: { testid: "dev-toggle" },
    onchange: () => {
      apply(box.checked);
      try {
        localStorage.setItem(KEY, box.checked ? "1" : "0");
      } catch {
        // storage disabled: the setting lasts for this page only
      }
    },
  });
  return h("label", { class: "dev-toggle muted", for: "dev-toggle" }, box, " Developer details (choice keys, bot names)");
}
