// The generic choice panel: one numbered button per choice, keyboard friendly.
//
// Keys: digits pick a choice by its number (with ten or more choices, two digits typed quickly
// make one number), arrow keys move between the buttons, Enter or Space presses the focused one,
// "/" focuses the filter field when there is one.  Each choice explains itself (what it does,
// what it costs) in its title and aria-description, and in a line under the list for the
// hovered, focused or long-pressed choice (phones have no hover).

import { h, replaceChildren, typingIn } from "./util.js";

const FILTER_FROM = 10; // show a filter field from this many choices
const DIGIT_WAIT = 700; // ms to wait for a second digit
const LONG_PRESS = 500; // ms a finger rests on a choice to read its explanation
const DOCKED = window.matchMedia("(max-width: 900px)"); // phones: the panel docks at the bottom

export class ChoicePanel {
  /**
   * @param {HTMLElement} root  the container (carries data-testid="choices")
   * @param {(key: string) => void} onChoose  called with the key of the picked choice
   */
  constructor(root, onChoose) {
    this.root = root;
    this.onChoose = onChoose;
    this.choices = [];
    this.busy = false;
    this.filter = "";
    this.digits = "";
    this.digitTimer = null;
    this.hinted = new Set();
    this.signature = "";
    // Phones: the docked panel starts folded to a one-line prompt (the board is the controller);
    // once the person opens the list it stays open for the next decisions, until folded again.
    this.collapsed = DOCKED.matches;
    this.preferOpen = false;
    this.explain = () => ""; // (choice) -> what it does; the table sets it per state
    this.context = ""; // one line on what the decision is about (shown in the phone's drawer)
    this.footer = null; // a node shown under the choices while there are any (the hint box)
    this.pressTimer = null;
    this.pressed = null; // the key of a long-pressed choice: its click only explains
    this.onKey = this.onKey.bind(this);
    document.addEventListener("keydown", this.onKey);
  }

  /** Show new choices (an empty list shows `waiting` instead). */
  update(choices, waiting) {
    const signature = JSON.stringify(choices.map((c) => c.key));
    const changed = signature !== this.signature;
    this.signature = signature;
    this.choices = choices;
    this.busy = false;
    this.root.classList.remove("busy");
    if (changed) {
      this.collapsed = DOCKED.matches && !this.preferOpen;
      this.filter = "";
      this.hinted = new Set();
      this.resetDigits();
    }
    this.draw(waiting, changed);
  }

  /** Mark some choices (e.g. the ones a map region offers) and scroll to them. */
  hint(keys) {
    this.hinted = new Set(keys);
    this.filter = "";
    this.draw(this.waiting, false);
    const first = this.root.querySelector("button.hinted");
    if (first) {
      first.scrollIntoView({ block: "nearest" });
      first.focus({ preventScroll: true });
    }
  }

  /** Disable the buttons while a choice travels to the server. */
  setBusy(busy) {
    this.busy = busy;
    for (const b of this.root.querySelectorAll("button[data-testid=choice]")) b.disabled = busy;
    this.root.classList.toggle("busy", busy);
  }

  visible() {
    const f = this.filter.trim().toLowerCase();
    const list = this.choices.map((c, i) => ({ ...c, number: i + 1 }));
    if (!f) return list;
    return list.filter((c) => c.label.toLowerCase().includes(f) || c.key.toLowerCase().includes(f)
      || String(c.number) === f);
  }

  draw(waiting, changed) {
    this.waiting = waiting;
    const focusedKey = document.activeElement?.dataset?.key;
    const mine = this.choices.length > 0;
    this.root.classList.toggle("mine", mine);
    if (!mine) {
      this.root.classList.remove("collapsed");
      replaceChildren(this.root,
        h("h2", { class: "choices-title" }, "Choices"),
        h("p", { class: "waiting muted" }, waiting || "Nothing to decide right now."));
      return;
    }
    const items = this.visible().map((c) => h("li", {},
      this.button(c,
        h("span", { class: "num", "aria-hidden": "true" }, String(c.number)),
      h("span", { class: "label" }, c.label),
      h("span", { class: "key dev-only" }, c.key))));
    this.root.classList.toggle("collapsed", this.collapsed);
    const children = [
      h("h2", { class: "choices-title" }, h("span", { class: "title-text" }, "Your decision"),
        h("span", { class: "count muted" }, ` · ${this.choices.length} choice${this.choices.length > 1 ? "s" : ""}`),
        h("button", {
          type: "button",
          class: "small secondary dock-toggle",
          dataset: { testid: "dock-toggle" },
          "aria-expanded": this.collapsed ? "false" : "true",
          onclick: () => {
            this.collapsed = !this.collapsed;
            this.preferOpen = !this.collapsed;
            this.draw(this.waiting, false);
          },
        }, this.collapsed ? `List (${this.choices.length}) ▴` : "Hide ▾")),
    ];
    if (this.context) {
      children.push(h("p", { class: "choice-context", dataset: { testid: "choice-context" } }, this.context));
    }
    if (this.choices.length >= FILTER_FROM) {
      const input = h("input", {
        type: "search",
        class: "choice-filter",
        placeholder: "Filter choices ( / )",
        "aria-label": "Filter the choices",
        value: this.filter,
      });
      input.addEventListener("input", () => {
        this.filter = input.value;
        this.draw(this.waiting, false);
        const again = this.root.querySelector(".choice-filter");
        again.focus();
        again.setSelectionRange(again.value.length, again.value.length);
      });
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") {
          const first = this.visible()[0];
          if (first) this.pick(first.key);
          e.preventDefault();
        } else if (e.key === "ArrowDown") {
          this.root.querySelector("button[data-testid=choice]")?.focus();
          e.preventDefault();
        } else if (e.key === "Escape") {
          this.filter = "";
          this.draw(this.waiting, false);
        }
      });
      children.push(input);
    }
    children.push(items.length
      ? h("ol", { class: "choice-list" }, items)
      : h("p", { class: "muted" }, "No choice matches the filter."));
    children.push(h("p", { class: "choice-explain", dataset: { testid: "choice-explain" } }, ""));
    if (this.footer) children.push(this.footer);
    children.push(h("p", { class: "keys-help muted" },
      "Keys: 1–9 pick · ↑↓ move · Enter choose"));
    replaceChildren(this.root, ...children);
    if (!changed && focusedKey) {
      const again = this.root.querySelector(`button[data-key="${CSS.escape(focusedKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  /** A choice's button: its explanation in title/aria-description, long-press to read it. */
  button(c, ...children) {
    let text = "";
    try {
      text = this.explain(c) || "";
    } catch {
      text = "";
    }
    const show = () => {
      const line = this.root.querySelector(".choice-explain");
      if (line) line.textContent = text ? `${c.number}. ${text}` : "";
    };
    const cancel = () => clearTimeout(this.pressTimer);
    return h("button", {
      type: "button",
      class: `choice ${this.hinted.has(c.key) ? "hinted" : ""}`,
      dataset: { testid: "choice", key: c.key, number: c.number },
      disabled: this.busy,
      title: text ? `${c.label} — ${text}` : c.label,
      "aria-description": text || null,
      onclick: () => {
        if (this.pressed === c.key) {
          this.pressed = null; // a long press only explains
          return;
        }
        this.pick(c.key);
      },
      onfocus: show,
      onmouseenter: show,
      onpointerdown: (e) => {
        if (e.pointerType !== "touch") return;
        cancel();
        this.pressed = null;
        this.pressTimer = setTimeout(() => {
          this.pressed = c.key;
          show();
        }, LONG_PRESS);
      },
      onpointerup: cancel,
      onpointerleave: cancel,
      oncontextmenu: (e) => {
        if (this.pressed === c.key) e.preventDefault();
      },
    }, ...children);
  }

  pick(key) {
    if (this.busy) return;
    if (!this.choices.some((c) => c.key === key)) return;
    this.setBusy(true);
    this.onChoose(key);
  }

  resetDigits() {
    this.digits = "";
    if (this.digitTimer) clearTimeout(this.digitTimer);
    this.digitTimer = null;
  }

  onKey(event) {
    if (!this.choices.length || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typingIn(event)) return;
    const buttons = [...this.root.querySelectorAll("button[data-testid=choice]")];
    if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      this.digits += event.key;
      const n = this.choices.length;
      const value = Number(this.digits);
      const couldGrow = value * 10 <= n && this.digits !== "0";
      if (this.digitTimer) clearTimeout(this.digitTimer);
      const fire = () => {
        const v = Number(this.digits);
        this.resetDigits();
        if (v >= 1 && v <= n) this.pick(this.choices[v - 1].key);
      };
      if (couldGrow) this.digitTimer = setTimeout(fire, DIGIT_WAIT);
      else fire();
      return;
    }
    if (event.key === "/" && this.root.querySelector(".choice-filter")) {
      event.preventDefault();
      this.root.querySelector(".choice-filter").focus();
      return;
    }
    const moves = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Home: "first", End: "last" };
    if (event.key in moves && buttons.length) {
      event.preventDefault();
      const at = buttons.indexOf(document.activeElement);
      let next;
      const m = moves[event.key];
      if (m === "first") next = 0;
      else if (m === "last") next = buttons.length - 1;
      else if (at < 0) next = m > 0 ? 0 : buttons.length - 1;
      else next = (at + m + buttons.length) % buttons.length;
      buttons[next].focus();
      buttons[next].scrollIntoView({ block: "nearest" });
      return;
    }
    if (event.key === "Enter" && buttons.length && !buttons.includes(document.activeElement)
        && !(document.activeElement instanceof HTMLButtonElement || document.activeElement instanceof HTMLAnchorElement)) {
      // Enter with nothing focused: focus the first choice (a second Enter picks it).
      event.preventDefault();
      buttons[0].focus();
    }
  }
}
