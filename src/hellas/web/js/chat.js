// Table talk: the chat panel of a table page, and the chat lines of a replay.
//
// Whether players may talk is the game's rule, sent in every state message as `talk`
// ({allowed, rule, reactions, spectators_muted}): where talking is allowed the panel has a text
// field and the reactions; where the rules forbid it (Legends of Hellas) it offers the reactions
// only and says why.  Messages arrive over the table's WebSocket ({type: "chat", message} and
// {type: "chat-hidden", id}); the history comes from /api/tables/ID/chat.  Every message is put
// on the page as text (text nodes), never as HTML.  The table's creator (its first human seat)
// sees a "Hide" button on each message.

import { api, h, replaceChildren, seatClass, seatDot, toast } from "./util.js";

const MAX_TEXT = 300;
const KEPT = 500;

function reactionText(talk, id) {
  const found = talk && (talk.reactions || []).find((r) => r.id === id);
  return found ? found.text : id;
}

/** One message as a list item: who, then the words (text only) or the reaction. */
function line(m, talk, nameOf, extra) {
  const who = m.seat === null || m.seat === undefined ? "Spectator" : nameOf(m.seat);
  const body = m.hidden
    ? h("span", { class: "chat-hidden-note" }, "(hidden by the table's creator)")
    : m.reaction
      ? h("span", { class: "chat-reaction" }, reactionText(talk, m.reaction))
      : h("span", { class: "chat-text" }, m.text);
  return h("li", { class: `chat-line ${m.hidden ? "hidden-message" : ""}`, dataset: { id: m.id, step: m.step, testid: "chat-line" } },
    m.seat === null || m.seat === undefined ? null : seatDot(m.seat),
    h("strong", { class: `chat-who ${seatClass(m.seat)}` }, `${who}: `), body, extra || null);
}

/** The chat panel of a table page. */
export class ChatBox {
  /**
   * @param {{table: string, seat: number|null, token: string, send: (msg: object) => boolean,
   *          nameOf: (seat: number) => string}} opts
   */
  constructor({ table, seat, token, send, nameOf }) {
    this.table = table;
    this.seat = seat;
    this.token = token;
    this.send = send;
    this.nameOf = nameOf;
    this.talk = null;
    this.creator = null;
    this.messages = [];
    this.list = h("ol", { class: "chat-list", dataset: { testid: "chat-list" }, "aria-live": "polite" });
    this.note = h("p", { class: "chat-note muted", dataset: { testid: "chat-note" } });
    this.form = h("form", { class: "chat-form", autocomplete: "off" });
    this.reactions = h("div", { class: "chat-reactions", role: "group", "aria-label": "Reactions" });
    this.root = h("section", { class: "panel chat-panel", dataset: { testid: "chat" }, "aria-label": "Table talk" },
      h("h3", { class: "panel-title" }, "Table talk"), this.note, this.list, this.reactions, this.form);
    this.loaded = false;
  }

  /** Follow a state message: the table's talk rules, and who its creator is. */
  update(msg) {
    const talk = msg.talk || null;
    const creator = (msg.seats || []).find((s) => s.kind === "human");
    this.creator = creator ? creator.seat : null;
    const same = JSON.stringify(talk) === JSON.stringify(this.talk);
    this.talk = talk;
    if (!this.loaded) {
      this.loaded = true;
      this.load();
    }
    if (!same) this.drawControls();
  }

  async load() {
    try {
      const page = await api(`/api/tables/${encodeURIComponent(this.table)}/chat`);
      const known = new Set(this.messages.map((m) => m.id));
      this.messages = page.messages.filter((m) => !known.has(m.id)).concat(this.messages);
      this.messages.sort((a, b) => a.id - b.id);
      this.drawList();
    } catch {
      // the history is a nicety: new messages still arrive
    }
  }

  /** Take a chat message of the WebSocket; return true if it was one. */
  onMessage(msg) {
    if (msg.type === "chat") {
      this.messages.push(msg.message);
      if (this.messages.length > KEPT) this.messages.shift();
      this.drawList();
      return true;
    }
    if (msg.type === "chat-hidden") {
      const m = this.messages.find((x) => x.id === msg.id);
      if (m) Object.assign(m, { hidden: true, text: "", reaction: "" });
      this.drawList();
      return true;
    }
    return false;
  }

  mayHide() {
    return this.seat !== null && this.seat !== undefined && this.token && this.seat === this.creator;
  }

  drawList() {
    const hide = (m) => (this.mayHide() && !m.hidden
      ? h("button", {
        type: "button",
        class: "small secondary chat-hide",
        dataset: { testid: "chat-hide" },
        "aria-label": "Hide this message",
        onclick: async () => {
          try {
            await api(`/api/tables/${encodeURIComponent(this.table)}/chat/hide`, { seat: this.seat, token: this.token, id: m.id });
          } catch (err) {
            toast(err.message, "error");
          }
        },
      }, "Hide")
      : null);
    replaceChildren(this.list, this.messages.length
      ? this.messages.map((m) => line(m, this.talk, this.nameOf, hide(m)))
      : h("li", { class: "muted" }, "No messages yet."));
    this.list.scrollTop = this.list.scrollHeight;
  }

  drawControls() {
    const talk = this.talk;
    if (!talk) {
      replaceChildren(this.form);
      replaceChildren(this.reactions);
      return;
    }
    const spectator = this.seat === null || this.seat === undefined;
    const muted = spectator && talk.spectators_muted;
    this.note.textContent = muted
      ? "The table's creator muted spectators: you can read the table talk, not write."
      : talk.allowed ? "" : talk.rule;
    this.note.hidden = !this.note.textContent;
    if (muted) {
      replaceChildren(this.form);
      replaceChildren(this.reactions);
      return;
    }
    replaceChildren(this.reactions, (talk.reactions || []).map((r) => h("button", {
      type: "button",
      class: "small secondary",
      dataset: { testid: "reaction", reaction: r.id },
      onclick: () => this.send({ type: "chat", reaction: r.id }),
    }, r.text)));
    if (!talk.allowed) {
      replaceChildren(this.form);
      return;
    }
    const field = h("input", {
      type: "text",
      maxlength: String(MAX_TEXT),
      placeholder: "Say something to the table",
      "aria-label": "Message to the table",
      dataset: { testid: "chat-input" },
    });
    replaceChildren(this.form, field, h("button", { type: "submit", class: "small", dataset: { testid: "chat-send" } }, "Send"));
    this.form.onsubmit = (e) => {
      e.preventDefault();
      const text = field.value.trim();
      if (!text) return;
      if (this.send({ type: "chat", text })) field.value = "";
    };
  }
}

/** The chat of a replay: every message, shown up to the step being looked at. */
export class ReplayChat {
  constructor(table, nameOf) {
    this.table = table;
    this.nameOf = nameOf;
    this.page = null;
    this.list = h("ol", { class: "chat-list", dataset: { testid: "replay-chat" } });
    this.root = h("section", { class: "panel chat-panel" }, h("h3", { class: "panel-title" }, "Table talk so far"), this.list);
    this.root.hidden = true;
  }

  /** Show the messages written up to ``step`` (loading them the first time). */
  async show(step) {
    if (this.page === null) {
      try {
        this.page = await api(`/api/tables/${encodeURIComponent(this.table)}/chat`);
      } catch {
        this.page = { messages: [], talk: null };
      }
    }
    const shown = this.page.messages.filter((m) => m.step <= step);
    this.root.hidden = !this.page.messages.length;
    replaceChildren(this.list, shown.length
      ? shown.map((m) => line(m, this.page.talk, this.nameOf, null))
      : h("li", { class: "muted" }, "Nothing said yet at this point."));
  }
}
