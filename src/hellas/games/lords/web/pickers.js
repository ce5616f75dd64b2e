// Lords of Hellas' lobby pickers (declared in its metadata, web.pickers): the game's length and
// the Dark Ages modules, each box saying why it cannot be ticked now.

import { checkList } from "/static/js/pickers.js";
import { MODULES } from "./modules-info.js";
import { h, pretty } from "/static/js/util.js";

function lengthField(opt) {
  const presets = [[0, "Until someone wins"], [12, "Short: 12 turns"], [30, "Medium: 30 turns"], [60, "Long: 60 turns"]];
  const select = h("select", { id: `opt-${opt.name}`, name: opt.name, "aria-describedby": "turn-limit-info", dataset: { kind: opt.kind } },
    presets.map(([v, text]) => h("option", { value: v, selected: v === opt.default }, text)));
  return h("div", { class: "field" }, h("label", { for: select.id }, "Game length"), select,
    h("p", { class: "picker-note", id: "turn-limit-info" }, "With a turn limit the game stops after that many turns, with no winner if nobody has won by then."));
}

// Why a Dark Ages module cannot be ticked now (players, a module it needs, one it excludes).
function moduleRule(chosen, id, players) {
  const m = MODULES[id];
  if (!m) return "";
  if (m.players.length && !m.players.includes(players)) return `${m.players.join(" or ")} players`;
  for (const need of m.requires) {
    if (!need.some((x) => chosen.includes(x))) return `needs ${need.map((x) => MODULES[x]?.title || x).join(" or ")}`;
  }
  for (const x of chosen) {
    if (m.excludes.includes(x) || (MODULES[x]?.excludes || []).includes(id)) return `not with ${MODULES[x]?.title || x}`;
  }
  return "";
}

function modulesField(opt, seats) {
  const field = checkList(opt, (id) => [MODULES[id]?.title || pretty(id), MODULES[id]?.summary || ""], moduleRule, seats);
  const draw = field.refresh;
  field.refresh = () => {
    draw();
    const icons = field.querySelectorAll("input[type=checkbox]:checked");
    const marked = [...icons].map((b) => b.value).filter((id) => MODULES[id]?.expansionIcon);
    field.note.textContent = marked.length > 1
      ? `The rulebook suggests one expansion-icon module per game (${marked.map((id) => MODULES[id].title).join(", ")} are ticked): allowed, with a warning.`
      : "Dark Ages modules (none: the base game). Hover a module for what it brings.";
  };
  field.querySelectorAll("input[type=checkbox]").forEach((b) => b.addEventListener("change", field.refresh));
  field.refresh();
  return field;
}

/** A field made for this Lords option, or null for the generic one. */
export function field(opt, seats) {
  if (opt.name === "turn_limit") return lengthField(opt);
  if (opt.name === "modules" && opt.choices) return modulesField(opt, seats);
  return null;
}
