// The table drawn: a layout game's line, trains or hub, laid out to the area's shape, with the
// places the selected tile may go lit (and big enough to tap); a trick game's trick and seats.
import { maxPip, names } from "./common.js";
import { renderTable } from "./layout.js";
import { boardOf } from "./boards.js";
import { flashLastMover, markLastPlay, playAge } from "./feedback.js";
import { send } from "./moves.js";
import { $ } from "./page.js";
import { choiceIndex, selectedTile } from "./selection.js";
import { handTiles, movesFor, myTurn, view } from "./view.js";
import { fitted, hideZoom, reveal, setupZoom } from "./zoom.js";

let targets = {}; // the places to play as drawn, by arm ("lead": the lead): their SVG groups

export function drawTable() {
  const state = view();
  const svg = $("table");
  const area = $("table-area");
  const own = boardOf(state).ownTable;
  const age = playAge();
  flashLastMover(age);
  svg.style.display = own ? "none" : ""; // a trick game lays out no line: its table is the trick and the seats around it
  $("trick-table").hidden = !own;
  if (own) {
    own($("trick-table"), state, state.seat);
    targets = {};
    hideZoom();
    return;
  }
  setupZoom(svg, sizeHits);
  const aspect = Math.max(0.6, Math.min(3, (area.clientWidth || 1200) / (area.clientHeight || 600)));
  // A double of one's own to lay (a private train's start): its place is drawn while it may be laid.
  const trains = Boolean(state.layout.hub) || (state.layout.arms || []).some((arm) => arm.kind === "train");
  const ownDouble = myTurn() && trains && state.legal.some((m) => m.kind === "play" && (m.arm === null || m.arm === undefined));
  const result = renderTable(svg, state.layout, { aspect, maxPip: maxPip(state), names: names(state, state.seat), ownDouble,
    minWidth: (area.clientWidth || 1200) / largestUnit(area) });
  window.__tableGeometry = result.geometry; // for the tests
  const demanded = new Set((state.layout.open_doubles || []).filter((d) => d.active).flatMap((d) => d.arms.map(String)));
  for (const [arm, g] of Object.entries(result.targets)) {
    if (demanded.has(arm)) g.classList.add("demand");
    g.addEventListener("click", () => clickTarget(arm));
  }
  targets = result.targets;
  touchTargets(result.targets);
  markLastPlay(svg, result.geometry, age); // in the fitted view's units, before the zoom moves it
  const laid = result.geometry.placed.length;
  const box = svg.viewBox.baseVal;
  fitted({ x: box.x, y: box.y, w: box.width, h: box.height }, lastPoint(state, result.geometry), laid < laidBefore);
  laidBefore = laid;
  highlight(result.targets);
}

let laidBefore = 0; // tiles on the table at the last drawing: fewer now is a new round

// A tile's short side is drawn at most this large (screen px): a short layout is drawn large (a
// first play on a phone 47 px a tile, where it was 21: its places fill the width), never one tile
// filling the screen.
function largestUnit(area) {
  const w = area.clientWidth || 1200, h = area.clientHeight || 600;
  return Math.max(40, Math.min(96, Math.min(w, h) / 5.5));
}

// Where the last play lies (table units), for a view that cannot show everything to start at.
function lastPoint(state, geometry) {
  const tile = state.last_play && state.last_play.tiles.length ? state.last_play.tiles[0].tile : null;
  const key = (a, b) => `${Math.min(a, b)}-${Math.max(a, b)}`;
  const p = tile && geometry.placed.find((q) => key(q.a, q.b) === key(...tile));
  return p ? { x: p.x, y: p.y } : null;
}

// Every place to play is at least TOUCH_PX across on the screen, however small the table is
// drawn (a crowded hub on a phone): an invisible hit area, centred on the drawn place, takes the tap.
// Sized again at every zoom (sizeHits), so that it stays TOUCH_PX and never grows over its neighbours.
const TOUCH_PX = 44;
function touchTargets(places) {
  for (const g of Object.values(places)) g.append(document.createElementNS("http://www.w3.org/2000/svg", "rect"));
}

function sizeHits() {
  const m = $("table").getScreenCTM();
  const scale = m ? Math.hypot(m.a, m.b) : 0; // screen px per table unit
  const width = Math.max(1.9, TOUCH_PX / (scale || 1)), height = Math.max(0.9, TOUCH_PX / (scale || 1));
  for (const g of Object.values(targets)) {
    const hit = g.lastElementChild;
    for (const [key, value] of Object.entries({ class: "hit", x: -width / 2, y: -height / 2, width, height })) hit.setAttribute(key, value);
  }
}

// The selected tile's places lit, the one Enter plays chosen.
export function highlight(places = targets) {
  for (const g of Object.values(places)) {
    g.classList.remove("hot", "chosen");
    g.removeAttribute("aria-label");
    g.querySelector("title")?.remove();
  }
  const selected = selectedTile();
  if (!myTurn() || selected < 0) return;
  const moves = movesFor(handTiles()[selected]);
  // the places lit are in sight, however the board is zoomed or panned
  const geometry = window.__tableGeometry;
  reveal(geometry ? moves.map((m) => geometry.slots[m.arm === null || m.arm === undefined ? "lead" : String(m.arm)]).filter(Boolean) : []);
  moves.forEach((m, k) => {
    const g = places[m.arm === null || m.arm === undefined ? "lead" : String(m.arm)];
    if (!g) return;
    g.classList.add("hot");
    if (k === choiceIndex() % moves.length) g.classList.add("chosen");
    // The place in the words of the moves and the hint: a tooltip, and what a screen reader says.
    const words = `Play here: ${m.where || m.text}`;
    g.setAttribute("aria-label", words);
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = words;
    g.prepend(title);
  });
}

function clickTarget(arm) {
  const selected = selectedTile();
  if (!myTurn() || selected < 0) return;
  const all = movesFor(handTiles()[selected]);
  const moves = all.filter((m) => String(m.arm ?? "lead") === arm);
  // Of several moves at one place (a lead naming either end open), the one chosen with ↑/↓.
  const chosen = all[choiceIndex() % all.length];
  if (moves.length) send(moves.includes(chosen) ? chosen : moves[0]);
}

const SEEN_PX = 20; // a place's short side drawn smaller than this is hard to see and to hit
const APART_PX = 48; // places whose centres are nearer than this are hard to tap apart
// True when the places of `moves` on the table crowd (drawn too small to see well, or too near one
// another to tap apart) or one is not drawn at all.
export function crowded(moves) {
  const boxes = moves.map((m) => {
    const g = targets[m.arm === null || m.arm === undefined ? "lead" : String(m.arm)];
    const drawn = g && g.querySelector("rect:not(.hit)");
    return drawn ? drawn.getBoundingClientRect() : null;
  });
  if (boxes.some((r) => !r || Math.min(r.width, r.height) < SEEN_PX)) return true;
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  return boxes.some((r, i) => boxes.slice(i + 1).some((q) => Math.hypot(centre(r)[0] - centre(q)[0], centre(r)[1] - centre(q)[1]) < APART_PX));
}
