// The Lords map can be zoomed and moved: pinch with two fingers (or Ctrl + mouse wheel, or the
// + and − buttons) to zoom around a point, drag to move the zoomed map, "Whole map" to fit it
// again.  One finger on the unzoomed map scrolls the page as usual.  A drag never counts as a
// click, so a tap still picks a Region.  The zoom is kept across redrawings of the map: it is the
// SVG's viewBox, recomputed from one zoom factor and a centre in map units.

import { h } from "/static/js/util.js";

const MAX_ZOOM = 4;
const STEP = 1.5;
const DRAG = 8; // px a pointer moves before a press becomes a drag

const zoom = { k: 1, cx: null, cy: null }; // survives redrawing (one map per page)

function clamp(v, lo, hi) {
  return Math.max(lo, Math.min(hi, v));
}

/** Attach zoom and pan to the map in `scroll`; return the row of zoom buttons. */
export function mapView(scroll) {
  const svg = scroll.querySelector("svg");
  const [, , W, H] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  if (zoom.cx === null) {
    zoom.cx = W / 2;
    zoom.cy = H / 2;
  }
  const apply = () => {
    zoom.k = clamp(zoom.k, 1, MAX_ZOOM);
    const w = W / zoom.k;
    const hgt = H / zoom.k;
    zoom.cx = clamp(zoom.cx, w / 2, W - w / 2);
    zoom.cy = clamp(zoom.cy, hgt / 2, H - hgt / 2);
    svg.setAttribute("viewBox", `${(zoom.cx - w / 2).toFixed(1)} ${(zoom.cy - hgt / 2).toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`);
    scroll.classList.toggle("zoomed-in", zoom.k > 1.001);
    scroll.dataset.zoom = zoom.k.toFixed(2);
    if (level) level.textContent = `${Math.round(zoom.k * 100)}%`;
  };
  // map units per screen pixel, and a screen point in map units
  const unit = () => (W / zoom.k) / Math.max(1, svg.getBoundingClientRect().width);
  const toMap = (x, y) => {
    const box = svg.getBoundingClientRect();
    return [zoom.cx + (x - box.left - box.width / 2) * unit(), zoom.cy + (y - box.top - box.height / 2) * unit()];
  };
  // zoom by `factor`, keeping the map point under the screen point (x, y) where it is
  const zoomAt = (factor, x, y) => {
    const [mx, my] = toMap(x, y);
    const before = zoom.k;
    zoom.k = clamp(zoom.k * factor, 1, MAX_ZOOM);
    const r = before / zoom.k;
    zoom.cx = mx - (mx - zoom.cx) * r;
    zoom.cy = my - (my - zoom.cy) * r;
    apply();
  };
  const centre = () => {
    const box = svg.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };

  const pointers = new Map(); // pointerId -> {x, y}
  let start = null; // the gesture so far: {x, y, dist, moved}
  scroll.classList.add("pannable");
  scroll.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) start = { x: e.clientX, y: e.clientY, moved: false, dist: 0 };
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      start.dist = Math.hypot(a.x - b.x, a.y - b.y);
      start.moved = true;
    }
  });
  scroll.addEventListener("pointermove", (e) => {
    const was = pointers.get(e.pointerId);
    if (!was || !start) return;
    const now = { x: e.clientX, y: e.clientY };
    if (!start.moved && Math.hypot(now.x - start.x, now.y - start.y) > DRAG) {
      start.moved = true;
      try {
        scroll.setPointerCapture(e.pointerId);
      } catch {
        // synthetic or already released pointers cannot be captured: no matter
      }
    }
    pointers.set(e.pointerId, now);
    if (pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      if (start.dist > 0 && dist > 0) zoomAt(dist / start.dist, (a.x + b.x) / 2, (a.y + b.y) / 2);
      start.dist = dist;
    } else if (start.moved) {
      const dx = now.x - was.x;
      const dy = now.y - was.y;
      if (zoom.k > 1.001) {
        zoom.cx -= dx * unit();
        zoom.cy -= dy * unit();
        apply();
      } else if (e.pointerType === "touch") {
        window.scrollBy(0, -dy); // the whole map shows: a finger scrolls the page
      }
    }
    scroll.classList.toggle("dragging", start.moved);
  });
  const end = (e) => {
    pointers.delete(e.pointerId);
    if (!pointers.size) {
      scroll.classList.remove("dragging");
      // the click that follows a drag is swallowed below; forget the gesture after it
      setTimeout(() => {
        if (!pointers.size) start = null;
      }, 0);
    }
  };
  scroll.addEventListener("pointerup", end);
  scroll.addEventListener("pointercancel", end);
  scroll.addEventListener("click", (e) => {
    if (start && start.moved) {
      e.stopPropagation();
      e.preventDefault();
    }
  }, true);
  scroll.addEventListener("wheel", (e) => {
    if (!e.ctrlKey) return; // a plain wheel scrolls the page; Ctrl + wheel (and trackpad pinch) zooms
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY / 200), e.clientX, e.clientY);
  }, { passive: false });

  const button = (text, label, testid, act) => h("button", {
    type: "button", class: "small secondary", "aria-label": label, title: label, dataset: { testid }, onclick: act,
  }, text);
  const level = h("span", { class: "zoom-level muted", "aria-live": "polite" });
  apply();
  return h("div", { class: "map-tools", dataset: { testid: "map-tools" } },
    button("−", "Zoom out the map", "zoom-out", () => zoomAt(1 / STEP, ...centre())),
    button("+", "Zoom in the map", "zoom-in", () => zoomAt(STEP, ...centre())),
    button("Whole map", "Show the whole map", "zoom-fit", () => {
      zoom.k = 1;
      apply();
    }),
    level,
    h("span", { class: "muted small-text" }, "Pinch, or Ctrl + wheel, to zoom; drag to move the zoomed map."));
}
