// Zoom and pan of a layout game's table (the <svg id="table">): by pinch (two pointers), by the
// wheel over the board, by dragging it, by the + / − / fit buttons in its corner and by the + and
// − keys while it has focus. The table is drawn (layout.js) with its viewBox fitted to everything
// laid; this module only moves that viewBox, so the tiles, the places and their taps are the same
// elements whatever the zoom.
//
// Where the view starts: fitted, unless fitting draws a tile's short side under MIN_PX; then at
// MIN_PX around the last play, and the fit button is lit to say there is more. The person's own
// zoom and pan are kept across redraws (each move redraws the table) until a new round.
//
// The plain wheel zooms (no ctrl needed): nothing under the board scrolls (the table page never
// scrolls), so the wheel has no other use there, as on a map; ctrl+wheel (a trackpad's pinch in
// Chromium) zooms the board too rather than the whole page.
import { h } from "./common.js";

export const MIN_PX = 30; // a tile's short side (one table unit) drawn at least this large to start
const MAX_PX = 140; // zoomed in no further than this (or the fit, when that is larger)
const STEP = 1.4; // one button press or key: this factor
const DRAG_PX = 6; // a pointer moved this far is a drag, not a tap

let svg = null;
let fit = null; // the fitted viewBox {x, y, w, h} in table units
let mode = "auto"; // "auto": fit, or MIN_PX around `focus`; "manual": the person's `px` and `centre`
let px = 0; // screen px per table unit
let centre = { x: 0, y: 0 };
let focus = null; // where an auto view that cannot fit centres: the last play
let onChange = () => {};
let controls = null;

const area = () => svg.parentElement;
const size = () => ({ w: area().clientWidth || 1, h: area().clientHeight || 1 });
const fitPx = () => Math.min(size().w / fit.w, size().h / fit.h);

// Set up once: the events on the board and the buttons in its area. `changed` is called after
// every zoom or pan (the page sizes the places' hit areas to the new scale).
export function setupZoom(board, changed) {
  if (svg === board) return;
  svg = board;
  onChange = changed;
  svg.setAttribute("tabindex", "0");
  svg.addEventListener("wheel", wheel, { passive: false });
  svg.addEventListener("pointerdown", down);
  svg.addEventListener("pointermove", move);
  for (const end of ["pointerup", "pointercancel"]) svg.addEventListener(end, up);
  svg.addEventListener("click", swallowDrag, true); // a drag's end is no tap on a place
  svg.addEventListener("keydown", key);
  const button = (id, label, words, act) => h("button", { type: "button", id, class: "zoom-button", "aria-label": words, title: words,
    onclick: act }, label);
  controls = h("div", { class: "zoom-controls", role: "group", "aria-label": "Zoom the table" },
    button("zoom-in", "+", "Zoom in (+)", () => zoomBy(STEP)),
    button("zoom-out", "−", "Zoom out (−)", () => zoomBy(1 / STEP)),
    button("zoom-fit", "Fit", "Show the whole table", showAll));
  area().append(controls);
}

// The table was drawn again: `box` its fitted viewBox; `last` the point the last play lies at (or
// null); `fresh` a new round (the person's zoom is dropped: another table lies there now).
export function fitted(box, last, fresh) {
  fit = box;
  focus = last;
  if (fresh) mode = "auto";
  controls.hidden = false;
  apply();
}

export function hideZoom() {
  if (controls) controls.hidden = true;
}

// The view holds these points (table units) with a margin: panned, and zoomed out if need be, when
// one lies outside it (the places a selected tile lights).
export function reveal(points) {
  if (!fit || !points.length) return;
  const margin = 1.2;
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  const need = { x0: Math.min(...xs) - margin, x1: Math.max(...xs) + margin, y0: Math.min(...ys) - margin, y1: Math.max(...ys) + margin };
  const view = current();
  if (need.x0 >= view.x && need.x1 <= view.x + view.w && need.y0 >= view.y && need.y1 <= view.y + view.h) return;
  const { w, h: hh } = size();
  const scale = Math.min(px, w / (need.x1 - need.x0), hh / (need.y1 - need.y0));
  const half = { w: w / scale / 2, h: hh / scale / 2 };
  // the least move that brings them in: each side kept in sight
  const cx = Math.min(Math.max(view.x + view.w / 2, need.x1 - half.w), need.x0 + half.w);
  const cy = Math.min(Math.max(view.y + view.h / 2, need.y1 - half.h), need.y0 + half.h);
  set(scale, { x: cx, y: cy });
}

function current() {
  const { w, h: hh } = size();
  return { x: centre.x - w / px / 2, y: centre.y - hh / px / 2, w: w / px, h: hh / px };
}

function apply() {
  const all = fitPx();
  if (mode === "auto") {
    px = Math.max(all, Math.min(MIN_PX, MAX_PX));
    centre = px > all && focus ? { ...focus } : { x: fit.x + fit.w / 2, y: fit.y + fit.h / 2 };
  }
  px = Math.min(Math.max(px, all), Math.max(all, MAX_PX));
  const { w, h: hh } = size();
  // the view never leaves the table: its centre kept where the view still covers the fitted box's part
  const clamp = (c, lo, span, half) => (span <= 2 * half ? lo + span / 2 : Math.min(Math.max(c, lo + half), lo + span - half));
  centre = { x: clamp(centre.x, fit.x, fit.w, w / px / 2), y: clamp(centre.y, fit.y, fit.h, hh / px / 2) };
  const view = current();
  svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
  const more = px > all * 1.01;
  svg.classList.toggle("zoomed", more);
  controls.querySelector("#zoom-fit").classList.toggle("more", more); // there is more to see
  controls.querySelector("#zoom-out").disabled = !more;
  controls.querySelector("#zoom-in").disabled = px >= Math.max(all, MAX_PX) * 0.99;
  svg.dataset.fit = `${fit.x} ${fit.y} ${fit.w} ${fit.h}`; // the whole table, that panning reaches (tests)
  svg.dataset.unitPx = px.toFixed(2);
  onChange();
}

function set(scale, at) {
  mode = "manual";
  px = scale;
  centre = at;
  apply();
}

// Zoom by `factor` about a screen point (client px; the area's middle when not given).
function zoomBy(factor, client = null) {
  if (!fit) return;
  const rect = area().getBoundingClientRect();
  const sx = client ? client.x - rect.left : rect.width / 2, sy = client ? client.y - rect.top : rect.height / 2;
  const view = current();
  const at = { x: view.x + sx / px, y: view.y + sy / px }; // the table point under it stays under it
  const scale = px * factor;
  set(scale, { x: at.x - sx / scale + rect.width / scale / 2, y: at.y - sy / scale + rect.height / scale / 2 });
}

function showAll() {
  if (!fit) return;
  set(fitPx(), { x: fit.x + fit.w / 2, y: fit.y + fit.h / 2 });
}

function wheel(event) {
  event.preventDefault();
  zoomBy(Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002)), { x: event.clientX, y: event.clientY });
}

function key(event) {
  const zoom = { "+": STEP, "=": STEP, "-": 1 / STEP, "_": 1 / STEP }[event.key];
  if (!zoom || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  event.stopPropagation(); // not a key of the table's (keys.js)
  zoomBy(zoom);
}

// Pointers on the board: one drags the view, two pinch it (and drag it by their middle).
const pointers = new Map(); // pointerId -> {x, y} (client px)
let dragged = false;
let startAt = null;

function down(event) {
  if (event.button > 0) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pointers.size === 1) { dragged = false; startAt = { x: event.clientX, y: event.clientY }; }
}

function move(event) {
  const was = pointers.get(event.pointerId);
  if (!was) return;
  const now = { x: event.clientX, y: event.clientY };
  if (!dragged && Math.hypot(now.x - startAt.x, now.y - startAt.y) < DRAG_PX && pointers.size === 1) return;
  if (!dragged) {
    dragged = true;
    // captured, the drag goes on past the board's edge; a pointer the browser no longer counts as
    // down (or a made-up one) cannot be, and the drag goes on while over the board
    try { svg.setPointerCapture(event.pointerId); } catch { /* not captured */ }
  }
  if (pointers.size === 1) {
    set(px, { x: centre.x - (now.x - was.x) / px, y: centre.y - (now.y - was.y) / px });
  } else {
    const [other] = [...pointers.entries()].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
    const before = Math.hypot(was.x - other.x, was.y - other.y) || 1, after = Math.hypot(now.x - other.x, now.y - other.y) || 1;
    const mid = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
    set(px, { x: centre.x - (now.x - was.x) / 2 / px, y: centre.y - (now.y - was.y) / 2 / px }); // the middle moved half as far
    zoomBy(after / before, mid);
  }
  pointers.set(event.pointerId, now);
}

function up(event) {
  pointers.delete(event.pointerId);
}

function swallowDrag(event) {
  if (!dragged) return;
  dragged = false;
  event.stopPropagation();
  event.preventDefault();
}
