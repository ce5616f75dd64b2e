// Hints: the seat to act asks the search bot for its top 3 choices (where the table allows it).
//
// The box sits under the choice panel.  "Hint" (or the H key) sends POST /api/tables/ID/hint
// with this seat's token; the server thinks in its bot workers, from this seat's view only, and
// answers with up to three of this seat's choices, their estimated win chances and how many
// simulations backed them.  They are listed best chance first, each with its number in the choice
// list, and a chance backed by few simulations is marked uncertain.  Choosing a suggestion marks
// that choice in the panel and focuses it: playing it is still the person's own click.  A new
// state clears the suggestions.

import { api, h, replaceChildren, toast, typingIn } from "./util.js";

/** The line everyone at the table sees about the table's hint setting. */
export function hintsNote(msg) {
  return msg.hints
    ? "Hints are on: the player to decide may ask the search bot for its top 3 choices."
    : "Hints are off at this table.";
}

// Fewer simulations than this and a chance is shown as uncertain (hellas.ai.hint.SURE_VISITS).
export const SURE_VISITS = 50;

function percent(chance) {
  return `${Math.round(100 * chance)}%`;
}

/** The suggestions best chance first (more simulations first on a tie). */
export function ranked(choices) {
  return [...choices].sort((a, b) => b.win_chance - a.win_chance || b.visits - a.visits);
}

export class HintBox {
  /**
   * @param {{table: string, seat: number|null, token: string, onPick: (key: string) => void}} opts
   */
  constructor({ table, seat, token, onPick }) {
    this.table = table;
    this.seat = seat;
    this.token = token;
    this.onPick = onPick;
    this.seq = null; // the state the box shows
    this.found = null; // the last hint, for this.seq
    this.numbers = new Map(); // choice key -> its number in the choice panel
    this.asking = false;
    this.allowed = false;
    this.root = h("div", { class: "hint-box", dataset: { testid: "hint" } });
    this.onKey = this.onKey.bind(this);
    document.addEventListener("keydown", this.onKey);
  }

  /** Follow a new state message: the button shows for this seat's own decisions only. */
  update(msg) {
    this.allowed = Boolean(msg.hints && this.seat !== null && this.token && msg.choices.length && !msg.outcome);
    this.numbers = new Map(msg.choices.map((c, i) => [c.key, i + 1]));
    if (msg.seq !== this.seq) {
      this.seq = msg.seq;
      this.found = null;
    }
    this.draw();
  }

  draw() {
    if (!this.allowed) {
      replaceChildren(this.root);
      return;
    }
    const button = h("button", {
      type: "button",
      class: "small secondary hint-button",
      dataset: { testid: "hint-button" },
      disabled: this.asking,
      "aria-keyshortcuts": "h",
      title: "The search bot's top 3 choices for you, with its estimate of your chance to win (key: H)",
      onclick: () => this.ask(),
    }, this.asking ? "Thinking…" : "Hint");
    const status = h("p", { class: "hint-status muted", role: "status", "aria-live": "polite" },
      this.asking ? "The search bot is thinking about your choices…" : this.summary());
    const list = this.found ? this.suggestions() : null;
    replaceChildren(this.root, h("div", { class: "hint-row" }, button, status), list);
  }

  summary() {
    if (!this.found) return "";
    const n = this.found.iterations;
    if (!n) return "Only one choice: nothing to weigh.";
    return `Best estimated chance to win first (${n.toLocaleString("en")} simulations, from what you can see). Pick one to mark it:`;
  }

  suggestions() {
    return h("ol", { class: "hint-list", "aria-label": "The search bot's suggestions" },
      ranked(this.found.choices).map((c) => {
        const unsure = this.found.iterations && c.visits < SURE_VISITS;
        return h("li", {},
          h("button", {
            type: "button",
            class: `hint-choice ${unsure ? "unsure" : ""}`,
            dataset: { testid: "hint-choice", key: c.key, number: this.numbers.get(c.key) ?? "", chance: c.win_chance },
            title: this.found.iterations ? `${c.visits.toLocaleString("en")} simulations tried this choice` : null,
            onclick: () => this.onPick(c.key),
          },
          h("span", { class: "label" }, `${this.numbers.get(c.key) ?? "?"}. ${c.label}`),
          h("span", { class: "hint-chance" },
            this.found.iterations ? `about ${percent(c.win_chance)} to win` : "the only choice",
            unsure ? h("span", { class: "unsure-mark", dataset: { testid: "hint-unsure" } },
              ` (uncertain: only ${c.visits} simulation${c.visits === 1 ? "" : "s"})`) : null)));
      }));
  }

  /** Ask the server for a hint for the current decision. */
  async ask() {
    if (!this.allowed || this.asking) return;
    const seq = this.seq;
    this.asking = true;
    this.draw();
    try {
      const found = await api(`/api/tables/${encodeURIComponent(this.table)}/hint`,
        { seat: this.seat, token: this.token });
      if (found.seq === this.seq) this.found = found;
    } catch (err) {
      if (seq === this.seq) toast(err.message, "error"); // else the table moved on: no matter
    } finally {
      this.asking = false;
      this.draw();
      const first = this.found ? this.root.querySelector("button.hint-choice") : null;
      if (first) {
        first.focus({ preventScroll: true });
        this.root.scrollIntoView({ block: "nearest" }); // the phone's drawer scrolls to them
      }
    }
  }

  onKey(event) {
    if (event.key !== "h" && event.key !== "H") return;
    if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event)) return;
    if (!this.allowed || this.asking) return;
    event.preventDefault();
    this.ask();
  }
}
