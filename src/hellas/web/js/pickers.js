// Lobby option pickers.  Each game may declare a module of pickers made for its options
// (/api/games "web.pickers": a URL in the game's own web folder, /static/games/<id>/...)
// exporting field(opt, seats): a field for the option, or null to let the lobby draw its generic
// one, and optionally ADVANCED, the options drawn under "Advanced rules options".
// loadPickers(games) loads them once; every field keeps a form control named after the option,
// so the lobby reads the values the same way.
// The shared pieces (a described select, a check list) are here.

import { h, pretty } from "./util.js";

/** A select with a line of help under it that follows the chosen value. */
export function describedSelect(opt, label, texts) {
  const note = h("p", { class: "picker-note", id: `${opt.name}-info` });
  const select = h("select", { id: `opt-${opt.name}`, name: opt.name, "aria-describedby": `${opt.name}-info`, dataset: { kind: opt.kind } },
    opt.choices.map((c) => h("option", { value: c, selected: c === opt.default }, pretty(c))));
  const show = () => {
    note.textContent = texts[select.value] || "";
  };
  select.addEventListener("change", show);
  show();
  return h("div", { class: "field" }, h("label", { for: select.id }, label), select, note);
}

/** A list option with choices as a group of checkboxes; a hidden input holds the comma list.
 * `about(choice)` gives each box's label and help; `rule(chosen, choice)` a reason it is off. */
export function checkList(opt, about = (c) => [pretty(c), ""], rule = () => "", seats = () => 0) {
  const hidden = h("input", { type: "hidden", name: opt.name, value: (opt.default || []).join(","), dataset: { kind: opt.kind } });
  const note = h("p", { class: "picker-note", id: `${opt.name}-info`, "aria-live": "polite", dataset: { testid: `${opt.name}-info` } });
  const boxes = opt.choices.map((c) => {
    const [label, help] = about(c);
    const box = h("input", { type: "checkbox", id: `opt-${opt.name}-${c}`, value: c, checked: (opt.default || []).includes(c), dataset: { testid: "check-choice", choice: c } });
    const why = h("small", { class: "muted check-why" });
    return { c, box, why, help, row: h("label", { class: "check-choice", for: box.id, title: help }, box, " ", h("strong", {}, label), help ? h("small", {}, ` — ${help}`) : null, " ", why) };
  });
  const draw = () => {
    // switch off what the others rule out (a module needing one just unticked goes too)
    for (let pass = 0; pass < boxes.length; pass += 1) {
      const chosen = boxes.filter((b) => b.box.checked).map((b) => b.c);
      let changed = false;
      for (const b of boxes) {
        const reason = rule(chosen.filter((x) => x !== b.c), b.c, seats());
        b.box.disabled = Boolean(reason) && !b.box.checked;
        b.why.textContent = reason && !b.help.includes(reason) ? `(${reason})` : ""; // said once
        if (reason && b.box.checked) {
          b.box.checked = false;
          changed = true;
        }
      }
      if (!changed) break;
    }
    hidden.value = boxes.filter((b) => b.box.checked).map((b) => b.c).join(",");
    note.textContent = opt.help || "";
  };
  for (const b of boxes) b.box.addEventListener("change", draw);
  draw();
  const name = opt.name.replace(/_/g, " ");
  const field = h("div", { class: "field check-list-field" },
    h("span", { class: "label", id: `${opt.name}-label` }, name.charAt(0).toUpperCase() + name.slice(1)),
    h("div", { class: "check-list", role: "group", "aria-labelledby": `${opt.name}-label`, "aria-describedby": note.id }, boxes.map((b) => b.row)),
    note, hidden);
  field.refresh = draw;
  field.note = note;
  return field;
}


const loaded = new Map();

/** Load the picker modules the games declare (once per page). */
export async function loadPickers(games) {
  await Promise.all(games.map(async (g) => {
    const path = g.web && g.web.pickers;
    if (!path || loaded.has(g.id)) return;
    try {
      loaded.set(g.id, await import(path));
    } catch (err) {
      console.error(`cannot load the ${g.id} pickers`, err);
    }
  }));
}

/** True for an option the lobby keeps under "Advanced rules options". */
export function isAdvanced(game, name) {
  const mod = loaded.get(game);
  return Boolean(mod && mod.ADVANCED && mod.ADVANCED.has(name));
}

/** A field made for this option of this game, or null for the generic one. */
export function customField(game, opt, seats) {
  const mod = loaded.get(game);
  const made = mod ? mod.field(opt, seats) : null;
  if (made) return made;
  if (opt.kind === "list" && opt.choices) return checkList(opt);
  return null;
}
