// The clock of a timed table: how long the seat to act has left, and seats whose time ran out.
//
// A timed table's state messages carry `pace` ({name, per_move, reserve} in seconds) and
// `clock` ({now, seats: [{seat, reserve, deadline, timed_out}]}, times in the server's seconds
// since 1970).  The page counts down from the deadline, correcting for any difference between
// its own clock and the server's; when a seat's time ran out the server hands it to a bot and
// the line says so (its owner takes it back with "Take my seat back").  Until every player is at
// the table (`clock.waiting`: the seats still awaited) no clock runs, and the line says whom it
// waits for; the table's creator (its first human seat) may start at once with Normal bots in
// those seats (POST /api/tables/ID/start).

import { api, h, replaceChildren, seatParams, toast } from "./util.js";

const PACE_NAMES = { live: "Live", relaxed: "Relaxed", days: "Over days", custom: "Timed" };

/** "1 h 05 min", "4 min 30 s", "12 s", "2 days 3 h". */
export function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400);
  const hrs = Math.floor((s % 86400) / 3600);
  const min = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d) return `${d} day${d > 1 ? "s" : ""}${hrs ? ` ${hrs} h` : ""}`;
  if (hrs) return `${hrs} h ${String(min).padStart(2, "0")} min`;
  if (min) return `${min} min${sec ? ` ${sec} s` : ""}`;
  return `${sec} s`;
}

/** The pace in words: "Live: 2 min a decision, 10 min in reserve". */
export function paceText(pace) {
  if (!pace) return "";
  const reserve = pace.reserve ? `, ${duration(pace.reserve)} in reserve` : "";
  return `${PACE_NAMES[pace.name] || "Timed"}: ${duration(pace.per_move)} a decision${reserve}`;
}

/** The clock line of a table page. */
export class ClockLine {
  constructor(nameOf) {
    this.nameOf = nameOf;
    this.msg = null;
    this.offset = 0; // the server's clock minus ours, in seconds
    this.root = h("p", { class: "clock-line", dataset: { testid: "clock" }, hidden: true });
    this.timer = setInterval(() => this.draw(), 1000);
  }

  update(msg) {
    this.msg = msg;
    if (msg.clock) this.offset = msg.clock.now - Date.now() / 1000;
    this.draw();
  }

  draw() {
    const msg = this.msg;
    if (!msg || !msg.pace || !msg.clock || msg.outcome) {
      this.root.hidden = true;
      return;
    }
    this.root.hidden = false;
    const now = Date.now() / 1000 + this.offset;
    const waiting = msg.clock.waiting || [];
    if (waiting.length) {
      replaceChildren(this.root, [h("span", { class: "pace-name" }, paceText(msg.pace)), " · ",
        h("span", { dataset: { testid: "clock-waiting" } },
          `The clocks start when everyone is here (waiting for ${waiting.map((q) => this.nameOf(q)).join(", ")}).`),
        this.startButton(msg)]);
      return;
    }
    const running = msg.clock.seats.find((c) => c.deadline !== null && c.deadline !== undefined);
    const mineOut = msg.clock.seats.find((c) => c.seat === msg.seat && c.timed_out);
    const parts = [h("span", { class: "pace-name" }, paceText(msg.pace))];
    if (running) {
      const left = running.deadline - now;
      const who = running.seat === msg.seat ? "You have" : `${this.nameOf(running.seat)} has`;
      parts.push(" · ", h("strong", { class: left < 30 ? "clock-urgent" : "", dataset: { testid: "clock-left" } },
        `${who} ${duration(left)} left`));
    }
    if (mineOut) {
      parts.push(" · ", h("span", { class: "clock-out", dataset: { testid: "timed-out" } },
        "Your time ran out, so a bot is playing your seat: take it back below whenever you like."));
    }
    replaceChildren(this.root, parts);
  }

  /** "Start now with bots", for the table's creator only (the first human seat). */
  startButton(msg) {
    const creator = (msg.seats || []).find((s) => s.kind === "human");
    const { token } = seatParams();
    if (!creator || creator.seat !== msg.seat || !token) return null;
    if (!this.start) {
      this.start = h("button", { type: "button", class: "small clock-start", dataset: { testid: "clock-start" } },
        "Start now with bots in the empty seats");
      this.start.addEventListener("click", async () => {
        this.start.disabled = true;
        try {
          await api(`/api/tables/${encodeURIComponent(this.msg.table)}/start`, { seat: this.msg.seat, token });
        } catch (err) {
          toast(err.message, "error");
        }
        this.start.disabled = false;
      });
    }
    return this.start;
  }
}
