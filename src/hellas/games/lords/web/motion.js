// Motion on the Lords table: after each drawing, compare the view with the one drawn before in
// the same place and mark what just happened — a Battle starting (its region pulses, the clash
// mark pops), a Hunt starting, a Wound dealt (its chip flips), Hoplites or a Hero arriving in a
// region (the token fades and slides in).  The marks are classes starting "m-"; the stylesheet
// animates them, and not at all under prefers-reduced-motion.

const before = new WeakMap(); // root element -> the view last drawn there

/** Hoplites per "region/seat" in a view (a fortified one counted too). */
function armies(view) {
  const out = new Map();
  for (const r of view.regions || []) {
    (r.hoplites || []).forEach((n, q) => {
      const total = n + (r.fortified === q ? 1 : 0);
      if (total) out.set(`${r.id}/${q}`, total);
    });
  }
  return out;
}

/** Wounds dealt per Monster in a view, as "monster/index" keys. */
function wounds(view) {
  const out = new Set();
  for (const [id, m] of Object.entries(view.monsters || {})) {
    (m.tray || []).forEach((w, i) => {
      if (w.wounded) out.add(`${id}/${i}`);
    });
  }
  return out;
}

/** What changed between two views: the new battle, hunt, wounds and arrivals. */
export function changes(prev, view) {
  const battle = view.battle && (!prev.battle || prev.battle.region !== view.battle.region) ? view.battle.region : null;
  const hunt = Boolean(view.hunt && (!prev.hunt || prev.hunt.monster !== view.hunt.monster));
  const dealt = [...wounds(view)].filter((k) => !wounds(prev).has(k));
  const had = armies(prev);
  const arrivals = [...armies(view)].filter(([k, n]) => n > (had.get(k) || 0)).map(([k]) => k);
  const wasAt = new Map((prev.players_info || []).map((p) => [p.seat, p.at]));
  const heroes = (view.players_info || []).filter((p) => p.at && wasAt.get(p.seat) !== p.at).map((p) => `${p.at}/${p.seat}`);
  return { battle, hunt, dealt, arrivals, heroes };
}

function mark(nodes, cls) {
  for (const node of nodes) node.classList.add(cls);
}

/** Mark, under root, what changed since the view last drawn there (nothing the first time). */
export function markMotion(root, view) {
  const prev = before.get(root);
  before.set(root, view);
  if (!prev) return;
  const c = changes(prev, view);
  // a Region is two groups: its cell (data-testid=region) and its pieces on the layer above
  const region = (id) => root.querySelectorAll(`.lords-map [data-region="${id}"]`);
  const within = (id, selector) => [...region(id)].flatMap((node) => [...node.querySelectorAll(selector)]);
  if (c.battle) {
    const cell = root.querySelector(`.lords-map [data-testid=region][data-region="${c.battle}"]`);
    if (cell) mark([cell, ...within(c.battle, ".clash-mark")], "m-clash");
  }
  if (c.hunt) mark(root.querySelectorAll(".hunt-panel"), "m-hunt");
  for (const key of c.dealt) {
    const [monster, i] = key.split("/");
    mark(root.querySelectorAll(`.monster-tray[data-monster="${monster}"] .wound[data-wound="${i}"]`), "m-flip");
  }
  for (const key of c.arrivals) {
    const [id, seat] = key.split("/");
    mark(within(id, `.army[data-seat="${seat}"]`), "m-arrive");
  }
  for (const key of c.heroes) {
    const [id, seat] = key.split("/");
    mark(within(id, `.hero-pawn[data-seat="${seat}"]`), "m-arrive");
  }
}
