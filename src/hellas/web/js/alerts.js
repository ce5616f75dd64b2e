// Turn alerts: the tab's title and icon say when it is your decision; a sound and a desktop
// notification too, each only when the player turns it on.
//
// The browser's permission prompt for notifications appears only after the player ticks
// "Desktop notification" - never by default - and a notification is shown only while the page
// is hidden (another tab, a minimised window).  The choices are kept in this browser
// (localStorage) for every table.  The lobby uses `markTitle` for "My tables": the number of
// tables where it is your turn, in the title and on the icon.  A notification speaks of people
// by name ("Your decision, Ana" - "Normal bot took Chiron from the discard area"), never "Player 2".

import { personName, withPeople } from "./render/common.js";
import { h } from "./util.js";

const SOUND_KEY = "hellas.alerts.sound";
const NOTIFY_KEY = "hellas.alerts.notify";

// the site's icon (a temple on a blue disc), and the same with a gold dot: your decision
const ICON_PATH = "%3Cpath d='M4 11h8M5 11V6M8 11V6M11 11V6M3.5 6 8 3l4.5 3z' stroke='%23fff' fill='none'/%3E";
const ICON = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%231f4e79'/%3E${ICON_PATH}%3C/svg%3E`;
const ICON_MINE = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%231f4e79'/%3E${ICON_PATH}%3Ccircle cx='12.5' cy='3.5' r='3.5' fill='%23ffcc33' stroke='%23b3261e'/%3E%3C/svg%3E`;

function stored(key) {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function store(key, on) {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    // storage disabled: the choice lasts as long as the page
  }
}

/** Show on the tab's icon whether something waits for you (a gold dot). */
export function markIcon(mine) {
  let link = document.querySelector("link[rel~=icon]");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.append(link);
  }
  const href = mine ? ICON_MINE : ICON;
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  document.documentElement.dataset.turn = mine ? "mine" : "";
}

/** The lobby's title and icon: how many of your tables wait for your decision. */
export function markTitle(base, waiting) {
  document.title = waiting ? `(${waiting}) Your turn — ${base}` : base;
  markIcon(waiting > 0);
}

/** A short two-note chime made with the Web Audio API (no sound file to load). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    const ctx = new Context();
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, ctx.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + i * 0.18 + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.18);
      osc.stop(ctx.currentTime + i * 0.18 + 0.32);
    });
    setTimeout(() => ctx.close(), 1000);
  } catch {
    // no audio: the title and the icon still say it
  }
}

/**
 * What a turn alert says, by name: {title: "Your decision, Ana", body: "<table>: <newest event>"}.
 * @param {object} msg the table's state message; @param {Array<{kind: string, text: string}>} events newest last
 */
export function turnNotice(msg, events = []) {
  const me = msg.seat !== null && msg.seat !== undefined ? personName(msg.seat) : "";
  const named = me && !/^Player \d+$/.test(me);
  const told = events.filter((e) => e.kind !== "turn"); // what happened, not "Turn 3: Ana."
  const newest = told.length ? withPeople(told[told.length - 1].text) : "";
  const table = msg.name ? `${msg.title} “${msg.name}”` : msg.title;
  return {
    title: named ? `Your decision, ${me}` : "Your decision",
    body: newest ? `${table}: ${newest}` : String(table || ""),
  };
}

/** The turn alerts of a table page: call update() with each state. */
export class TurnAlerts {
  constructor() {
    this.mine = false;
    this.sound = stored(SOUND_KEY);
    this.notify = stored(NOTIFY_KEY) && "Notification" in window && Notification.permission === "granted";
    this.played = 0; // alerts given (tests read it)
    this.root = this.controls();
  }

  /** The two opt-in boxes (for seated players). */
  controls() {
    const sound = h("input", { type: "checkbox", dataset: { testid: "alert-sound" } });
    sound.checked = this.sound;
    sound.addEventListener("change", () => {
      this.sound = sound.checked;
      store(SOUND_KEY, this.sound);
    });
    const notify = h("input", { type: "checkbox", dataset: { testid: "alert-notify" } });
    notify.checked = this.notify;
    const why = h("span", { class: "alert-why muted", dataset: { testid: "alert-why" } });
    notify.addEventListener("change", async () => {
      if (!notify.checked) {
        this.notify = false;
        store(NOTIFY_KEY, false);
        return;
      }
      if (!("Notification" in window)) {
        notify.checked = false;
        why.textContent = " This browser cannot show notifications.";
        return;
      }
      // the browser's own prompt, only now that the player asked for notifications
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      this.notify = answer === "granted";
      notify.checked = this.notify;
      store(NOTIFY_KEY, this.notify);
      why.textContent = this.notify ? "" : " The browser did not allow notifications.";
    });
    return h("details", { class: "alerts", dataset: { testid: "alerts" } },
      h("summary", {}, "Turn alerts"),
      h("p", { class: "muted small-text" }, "The tab's title and icon always show when it is your decision. Also:"),
      h("label", { class: "check-row" }, sound, h("span", {}, "Play a sound when it becomes my decision")),
      h("label", { class: "check-row" }, notify, h("span", {}, "Show a desktop notification when it becomes my decision and this page is hidden"), why));
  }

  /** Follow a state: mark the tab while it is your decision, alert when it becomes so
   * (`notice`: what a notification says, from turnNotice). */
  update(mine, notice) {
    markIcon(mine);
    const became = mine && !this.mine;
    this.mine = mine;
    if (!became) return;
    document.documentElement.dataset.turns = String(Number(document.documentElement.dataset.turns || 0) + 1);
    if (this.sound) {
      this.played += 1;
      chime();
    }
    if (this.notify && document.visibilityState === "hidden" && "Notification" in window
      && Notification.permission === "granted") {
      this.played += 1;
      try {
        const n = new Notification(`Hellas: ${notice.title}`, { body: notice.body, tag: "hellas-turn" });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {
        // some browsers allow notifications only from a service worker: the title still says it
      }
    }
    document.documentElement.dataset.alerts = String(this.played);
  }
}
