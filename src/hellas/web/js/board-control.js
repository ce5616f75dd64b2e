// The board as the controller: every legal choice can be made by clicking (or tapping) the thing
// it acts on.
//
// A renderer marks the things on its board with data-target="TOKEN" (a hand card "hand:arms", a
// region "region:elis", a monster "monster:hydra" ...) and tells, for each choice key, the tokens
// it acts on, in order (`targets(key, view)`: ["region:elis", "region:achaea"] for a Hoplite moved
// from Elis to Achaea; [] for a choice with nothing on the board to click, such as "Pass").
//
// When it is this seat's decision the control highlights the things the next click can act on.
// A click on one choice's only thing makes that choice; a thing several choices act on opens a
// small menu of them (numbered like the list); a choice acting on two things (from, then to) is
// built by two clicks, with the first thing marked and a Cancel button (or Escape) in between.
// Choices with nothing on the board are buttons on the board's own prompt bar.  The choice list
// stays as it was: everything can still be chosen there, by keyboard or screen reader.
//
// A renderer may also offer *built* choices (`compound(choices)`): a rule decision the game takes
// in several steps (a Lords March: which Army, where, how many) offered whole, from what its view
// says the later steps will be.  It is built by clicks like any other and can be cancelled until
// the last click; then its steps are sent one after the other, each once the game offers it (a
// step the game no longer offers stops the rest, and the decision is back in the player's hands).
// A built choice that is one line of the list (a Realms tag: card, Hero, then the tag) keeps its
// `number`; `short` is its word in a menu (the tag) and `then` the prompt's words for the next click.

import { h, replaceChildren, toast } from "./util.js";

const ACTIVATE = new Set(["Enter", " "]);
const SHEET = window.matchMedia("(max-width: 900px)"); // phones: menus open as a bottom sheet
const NO_HOVER = window.matchMedia("(hover: none)"); // touch screens: a title shows on a tap

/** "region:elis" -> "elis" (the part after the first colon). */
export function tokenArg(token) {
  const at = token.indexOf(":");
  return at < 0 ? "" : token.slice(at + 1);
}

export class BoardControl {
  /**
   * @param {HTMLElement} board  the board element the renderer draws into
   * @param {(key: string) => void} choose  makes a choice (the choice panel's pick)
   */
  constructor(board, choose) {
    this.board = board;
    this.choose = choose;
    this.choices = []; // [{key, label, number, path}]
    this.selected = []; // tokens clicked so far for a choice of several steps
    this.pending = []; // the steps of a built choice still to send, in order
    this.signature = "";
    this.prompt = "";
    this.menu = null;
    this.bar = null;
    board.addEventListener("click", (e) => this.onClick(e));
    board.addEventListener("click", (e) => this.onTextTap(e)); // after onClick: a choice wins
    board.addEventListener("keydown", (e) => this.onKeyDown(e));
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && (this.menu || this.selected.length)) {
        this.cancel();
        e.preventDefault();
      }
    });
    document.addEventListener("pointerdown", (e) => {
      if (this.menu && !this.menu.contains(e.target)) this.closeMenu();
    }, true);
  }

  /**
   * Follow a new drawing of the board: the choices (empty unless it is this seat's decision),
   * the renderer's targets(key) and a one-line prompt saying what the decision is about.
   */
  update(choices, targetsOf, prompt, compoundOf) {
    const next = this.pending.shift();
    if (next !== undefined && !choices.some((c) => c.key === next)) this.pending = [];
    const signature = JSON.stringify(choices.map((c) => c.key));
    const fresh = signature !== this.signature;
    if (fresh) {
      this.selected = [];
      this.closeMenu();
    }
    this.signature = signature;
    this.prompt = prompt || "";
    const pathOf = (key) => {
      try {
        return (targetsOf && targetsOf(key)) || [];
      } catch {
        return [];
      }
    };
    this.choices = choices.map((c, i) => ({ ...c, number: i + 1, path: pathOf(c.key) }));
    let built = null;
    try {
      built = compoundOf ? compoundOf(choices) : null;
    } catch {
      built = null;
    }
    if (built && built.choices.length) { // whole decisions replace their first steps on the board
      this.choices = [ // (a built choice has no number unless it is one line of the list)
        ...this.choices.filter((c) => !built.replaces.has(c.key)),
        ...built.choices.map((c) => ({ number: null, ...c })),
      ];
    }
    this.draw();
    if (fresh && next === undefined) this.bringIntoView();
    if (next !== undefined && choices.some((c) => c.key === next)) {
      this.setBusy(true); // the next step of a built choice: sent once the list has caught up
      setTimeout(() => this.choose(next), 0);
    }
  }

  /**
   * A new decision whose highlighted things are all off screen (the Realms deck and discard
   * below the fold): scroll the first of them into view, so what the prompt asks is in sight;
   * with nothing to click on the board, the prompt bar and its buttons.
   */
  bringIntoView() {
    const targets = [...this.board.querySelectorAll("[data-target].target")];
    const things = targets.length ? targets : [this.bar].filter(Boolean);
    if (!things.length || things.some(onScreen)) return;
    things[0].scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
  }

  /** Disable the board while a choice travels to the server. */
  setBusy(busy) {
    this.busy = busy;
    this.board.classList.toggle("board-busy", busy);
    if (busy) this.closeMenu();
  }

  /** The choices still possible after the tokens selected so far (and `more`). */
  matching(more = []) {
    const sel = [...this.selected, ...more];
    return this.choices.filter((c) => c.path.length >= sel.length && sel.every((t, i) => c.path[i] === t));
  }

  /** Mark the clickable things, the selected ones, and draw the prompt bar. */
  draw() {
    const live = this.matching();
    const next = new Map(); // token -> the choices whose next step it is
    for (const c of live) {
      const t = c.path[this.selected.length];
      if (t === undefined) continue;
      if (!next.has(t)) next.set(t, []);
      next.get(t).push(c);
    }
    for (const node of this.board.querySelectorAll("[data-target]")) {
      const list = next.get(node.dataset.target);
      const on = Boolean(list);
      node.classList.toggle("target", on);
      node.classList.toggle("selected", this.selected.includes(node.dataset.target));
      if (on) {
        if (node.dataset.label === undefined) { // remember what the renderer gave it
          node.dataset.label = node.getAttribute("aria-label") || "";
          node.dataset.role = node.getAttribute("role") || "";
        }
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        const thing = node.dataset.label;
        const what = list.length === 1 && list[0].path.length === this.selected.length + 1
          ? list[0].label : `${list.length} choice${list.length > 1 ? "s" : ""}`;
        node.setAttribute("aria-label", thing ? `${thing}: ${what}` : what);
      } else if (node.dataset.label !== undefined) { // no longer offered: as the renderer drew it
        node.removeAttribute("tabindex");
        if (node.dataset.role) node.setAttribute("role", node.dataset.role);
        else node.removeAttribute("role");
        if (node.dataset.label) node.setAttribute("aria-label", node.dataset.label);
        else node.removeAttribute("aria-label");
        delete node.dataset.label;
        delete node.dataset.role;
      }
    }
    this.board.classList.toggle("board-live", live.length > 0);
    this.drawBar(live);
  }

  /** The prompt bar on top of the board: what to do, the choices with no thing, Cancel. */
  drawBar(live) {
    if (this.bar && !this.board.contains(this.bar)) this.bar = null;
    if (!this.choices.length) {
      if (this.bar) this.bar.remove();
      this.bar = null;
      return;
    }
    if (!this.bar) {
      this.bar = h("div", { class: "board-bar", dataset: { testid: "board-bar" }, role: "group", "aria-label": "Your decision on the board" });
      this.board.prepend(this.bar);
    }
    const plain = this.selected.length ? [] : this.choices.filter((c) => !c.path.length);
    const things = live.some((c) => c.path.length > this.selected.length);
    let text;
    if (this.selected.length) {
      const first = live[0];
      const done = first && (first.firstStep || stepText(first.label));
      text = done ? `${done} — ${first.then || "now pick a highlighted place"}.` : "Pick a highlighted place.";
    } else if (things) {
      text = "Your decision: pick a highlighted card, piece or place";
      text += plain.length ? ", or:" : ".";
    } else {
      text = "Your decision:";
    }
    replaceChildren(this.bar,
      h("span", { class: "bar-prompt", dataset: { testid: "board-prompt" } }, text),
      plain.map((c) => h("button", {
        type: "button",
        class: "small board-action",
        dataset: { testid: "board-action", key: c.key },
        disabled: this.busy,
        title: `${c.number}. ${c.label}`,
        onclick: () => this.pick(c.key),
      }, c.label)),
      this.selected.length ? h("button", {
        type: "button",
        class: "small secondary board-cancel",
        dataset: { testid: "board-cancel" },
        onclick: () => this.cancel(),
      }, "Cancel") : null);
  }

  onClick(event) {
    if (!this.choices.length || this.busy) return;
    const node = event.target instanceof Element ? event.target.closest("[data-target].target") : null;
    if (!node || !this.board.contains(node)) return;
    event.preventDefault();
    event.stopPropagation();
    this.activate(node);
  }

  /**
   * A tap on a screen that cannot hover, on something that explains itself only in its title (a
   * Lords Artifact, a card's text): show that text, as a mouse's hover would.
   */
  onTextTap(event) {
    if (!NO_HOVER.matches || event.defaultPrevented) return;
    const node = event.target instanceof Element ? event.target.closest("[title]") : null;
    if (!node || !this.board.contains(node) || node.closest("button, a, select, input")) return;
    const text = (node.getAttribute("title") || "").trim();
    if (text) toast(text, "info", 6000);
  }

  onKeyDown(event) {
    if (!ACTIVATE.has(event.key)) return;
    const node = event.target instanceof Element ? event.target.closest("[data-target].target") : null;
    if (!node || node !== event.target) return;
    event.preventDefault();
    event.stopPropagation();
    if (!this.busy) this.activate(node);
  }

  /** A click on a highlighted thing: make the choice, open a menu, or select it as a first step. */
  activate(node) {
    const token = node.dataset.target;
    const candidates = this.matching([token]);
    if (!candidates.length) return;
    const depth = this.selected.length + 1;
    const complete = candidates.filter((c) => c.path.length === depth);
    const longer = candidates.filter((c) => c.path.length > depth);
    if (complete.length === 1 && !longer.length) {
      this.pick(complete[0].key);
    } else if (!longer.length) {
      this.openMenu(node, complete, null);
    } else if (!complete.length) {
      this.selected.push(token);
      this.draw();
      this.focusNext();
    } else {
      this.openMenu(node, complete, () => {
        this.selected.push(token);
        this.draw();
        this.focusNext();
      });
    }
  }

  focusNext() {
    const first = this.board.querySelector("[data-target].target");
    if (first) first.focus({ preventScroll: true });
  }

  pick(key) {
    this.closeMenu();
    this.selected = [];
    const built = this.choices.find((c) => c.key === key && c.steps);
    if (built) {
      this.pending = built.steps.slice(1);
      this.choose(built.steps[0]);
      return;
    }
    this.pending = [];
    this.choose(key);
  }

  /** Forget a half-built choice and close any menu. */
  cancel() {
    this.pending = [];
    this.closeMenu();
    if (this.selected.length) {
      this.selected = [];
      this.draw();
    }
  }

  /** A small menu by the clicked thing: the choices it offers, numbered like the list. */
  openMenu(node, list, onward) {
    this.closeMenu();
    // a choice built on the board (a March's "how many") has no number in the list: the menu
    // numbers those in order, so "1 Hoplite", "2 Hoplites" ... read as counts at a glance
    const items = list.map((c, i) => h("li", {}, h("button", {
      type: "button",
      class: "menu-choice",
      dataset: { testid: "board-menu-choice", key: c.key },
      "aria-label": c.short ? c.label : null, // a built choice's menu word (a tag) stands for it
      onclick: () => this.pick(c.key),
    }, h("span", { class: "num", "aria-hidden": "true" }, String(c.number || i + 1)), " ", c.short || c.label)));
    if (onward) {
      items.push(h("li", {}, h("button", {
        type: "button", class: "menu-choice", dataset: { testid: "board-menu-onward" }, onclick: () => {
          this.closeMenu();
          onward();
        },
      }, "…or go on: pick a highlighted place next")));
    }
    const title = node.dataset.label || "Choose";
    this.menu = h("div", { class: "board-menu", role: "dialog", "aria-label": title, dataset: { testid: "board-menu" } },
      h("p", { class: "menu-title" }, title),
      h("ul", {}, items),
      h("button", { type: "button", class: "small secondary", dataset: { testid: "board-menu-cancel" }, onclick: () => this.cancel() }, "Cancel"));
    document.body.append(this.menu);
    if (SHEET.matches) {
      this.menu.classList.add("sheet"); // phones: a sheet at the bottom, over the drawer
    } else { // by the thing, kept on screen
      const box = node.getBoundingClientRect();
      const menu = this.menu.getBoundingClientRect();
      const left = Math.max(4, Math.min(window.innerWidth - menu.width - 4, box.left));
      let top = box.bottom + 4;
      if (top + menu.height > window.innerHeight - 4) top = box.top - menu.height - 4;
      top = Math.max(4, Math.min(window.innerHeight - menu.height - 4, top));
      this.menu.style.left = `${left}px`;
      this.menu.style.top = `${top}px`;
    }
    this.menuFor = node;
    this.menu.querySelector("button")?.focus({ preventScroll: true });
  }

  closeMenu() {
    if (!this.menu) return;
    this.menu.remove();
    this.menu = null;
    if (this.menuFor && this.menuFor.isConnected) this.menuFor.focus({ preventScroll: true });
    this.menuFor = null;
  }
}

/** Whether some of an element shows in the window (and in its scrolled boxes, roughly). */
function onScreen(node) {
  const box = node.getBoundingClientRect();
  if (!box.width && !box.height) return false;
  return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
}

/** "Move a Hoplite from Elis to Achaea" -> "Move a Hoplite from Elis" (the first step's words). */
function stepText(label) {
  const cut = label.search(/ to | onto | on the /);
  return cut > 0 ? label.slice(0, cut) : label;
}
