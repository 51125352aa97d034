// Your hand, your way: the order this browser shows the seat's hand in, to plan a train. A tile
// moves by a drag (pointer events, so a mouse and a finger alike), by two taps in the Arrange mode
// (a tile, then its new place; tiles play nothing meanwhile), or by keys (Alt+←/→, or [ and ], move
// the focused tile one place). The order is kept in this browser (localStorage, by table and seat,
// as tiles) and never sent: the server's order is the table's, and Sort goes back to it. A tile
// that leaves the hand leaves the order; a tile that comes into it (drawn, taken, passed) goes to
// its end; a new deal starts from the server's order.
import { h } from "./common.js";
import { handOrder } from "./plays.js";
import { $, tableName } from "./page.js";
import { view } from "./view.js";

const STORE = "domino.hand-order";
const SEATS = 20; // orders kept in the browser: the last 20 seats arranged (the oldest is dropped)
const TILES = 200; // tiles of a kept order read at most: more than a double-eighteen set (190)
const SLOP = { mouse: 5, pen: 5, touch: 10 }; // px a press may move and still be a click or a tap
const LIFT = 14; // px a dragged tile is drawn above the pointer

let redraw = () => {};
let arranging = false;
let lifted = null; // the tile a tap lifted in the Arrange mode ("6-4"), to put at the next tap's place
let press = null; // a pointer pressed on a tile: where, which tile, and (once past its slop) the drag
let said = ""; // the last move, in words (read out by a screen reader)
let mine; // this seat's kept order ({ round, tiles }, or null: the server's), read once from the store

const tileKey = ([a, b]) => (a <= b ? `${a}-${b}` : `${b}-${a}`);
const tileWords = ([a, b]) => `${Math.max(a, b)}-${Math.min(a, b)}`; // as it is said: "6-4"
const seatKey = (state) => `${tableName()}/${state.seat}`;

function stored() {
  try {
    const all = JSON.parse(localStorage.getItem(STORE) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch { return {}; } // unreadable (blocked, or not JSON): nothing kept
}

// The order kept for this seat in this deal: its tiles, or null (the server's order).
function kept(state) {
  if (mine === undefined) {
    const entry = stored()[seatKey(state)];
    const tiles = entry && Array.isArray(entry.tiles) ? entry.tiles.slice(0, TILES).filter((t) => typeof t === "string") : null;
    mine = tiles ? { round: entry.round, tiles } : null;
  }
  return mine && mine.round === state.round ? mine.tiles : null;
}

// `order` (indices into the hand) kept for this seat, as the newest of the orders kept; null: the
// server's order (nothing kept). An order once arranged stays the player's own, tiles drawn going
// to its end, until Sort or the next deal, even where it happens to be the server's.
function keep(state, order) {
  mine = order ? { round: state.round, tiles: order.map((i) => tileKey(state.hand[i])) } : null;
  const all = stored();
  delete all[seatKey(state)];
  if (mine) all[seatKey(state)] = mine;
  const names = Object.keys(all);
  for (const name of names.slice(0, Math.max(0, names.length - SEATS))) delete all[name];
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch { /* full or blocked: kept by this page alone */ }
}

// The hand as shown, position by position: indices into `state.hand`. The kept tiles first, in
// their order, then the tiles new to the hand in the server's order.
export function shownOrder(state) {
  const left = handOrder(state);
  const tiles = state.hand && state.hand.length ? kept(state) : null;
  if (!tiles) return left;
  const out = [];
  for (const tile of tiles) {
    const at = left.findIndex((i) => tileKey(state.hand[i]) === tile);
    if (at >= 0) out.push(...left.splice(at, 1));
  }
  return [...out, ...left];
}

// True when the hand is shown in an order of the player's own.
export function arranged(state) {
  return Boolean(state.hand && state.hand.length && kept(state));
}

export function isArranging() {
  return arranging;
}

// A drag is under way: the hand is not drawn again until it ends.
export function dragging() {
  return Boolean(press && press.drag);
}

function moveTile(state, from, to) {
  const order = shownOrder(state);
  const [index] = order.splice(from, 1);
  order.splice(to, 0, index);
  keep(state, order);
  said = `Moved ${tileWords(state.hand[index])} to place ${to + 1} of ${order.length}.`;
  redraw();
}

// A click on the hand's tile `index`: true when arranging took it (a tap in the Arrange mode),
// false when it plays as ever. (A drag sends no click: its tile is drawn anew at the drop.)
export function arrangeTap(index) {
  if (!arranging) return false;
  const state = view();
  const tile = tileKey(state.hand[index]);
  const order = shownOrder(state);
  const from = order.findIndex((i) => tileKey(state.hand[i]) === lifted);
  if (from < 0 || lifted === tile) {
    lifted = from < 0 ? tile : null;
    said = "";
    redraw();
  } else {
    lifted = null;
    moveTile(state, from, order.indexOf(index));
  }
  return true;
}

// A key that moves the focused tile of the hand one place (Alt+←/→, or [ and ]), or Esc leaving the
// Arrange mode: true when it was one (the table's own keys then leave it alone).
export function arrangeKey(event) {
  if (event.key === "Escape" && arranging) { toggle(); return true; }
  const step = event.ctrlKey || event.metaKey ? 0
    : (event.altKey && event.key === "ArrowLeft") || (!event.altKey && event.key === "[") ? -1
    : (event.altKey && event.key === "ArrowRight") || (!event.altKey && event.key === "]") ? 1 : 0;
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#hand .hand-tile");
  const state = view();
  if (!step || !focused || !state) return false;
  const index = Number(focused.dataset.index);
  const order = shownOrder(state);
  const from = order.indexOf(index);
  if (from < 0) return false;
  const to = Math.max(0, Math.min(order.length - 1, from + step));
  if (to === from) { said = `${tileWords(state.hand[index])} is at place ${from + 1} of ${order.length} already.`; redraw(); }
  else moveTile(state, from, to);
  const again = $("hand").querySelector(`.hand-tile[data-index="${index}"]`);
  if (again) again.focus();
  return true;
}

function toggle() {
  arranging = !arranging;
  lifted = null;
  said = "";
  redraw();
}

function sort() {
  const state = view();
  keep(state, null);
  lifted = null;
  said = "Your hand is in the table's order again.";
  redraw();
}

// The words under the hand: how to arrange, that playing is paused, and the last move.
function words() {
  if (!arranging) return said;
  const tile = lifted && tileWords(lifted.split("-").map(Number));
  const how = lifted ? `Tap where ${tile} goes (${tile} again: it stays).` : "Tap a tile, then where it goes.";
  return `${said ? `${said} ` : ""}${how} Playing is paused until Done.`;
}

// Whether the hand in `box` may be arranged: a seat's hand of two tiles or more, in play.
const arrangeable = (state, box) => !box.hidden && !state.spectator && !state.over && (state.hand || []).length > 1;

// The keys' line for the hand: the keys that move a tile.
export function arrangeKeysWords(state) {
  return arrangeable(state, $("hand")) ? "; Alt+←/→ or [ ] move a tile in your hand" : "";
}

// After the hand is drawn into `box` (by `draw`, which a move of a tile calls again): the Arrange
// and Sort buttons, the lifted tile, the order kept as the hand changes.
export function renderArrange(box, draw) {
  redraw = draw;
  if (!box.dataset.arrange) setup(box);
  const state = view();
  const shows = arrangeable(state, box);
  if (!shows) { arranging = false; lifted = null; }
  const tiles = kept(state);
  if (tiles) { // tiles left the hand or came into it: the order as shown is the one kept
    const order = shownOrder(state);
    if (order.length !== tiles.length || order.some((i, k) => tileKey(state.hand[i]) !== tiles[k])) { keep(state, order); said = ""; }
  } else if (mine) keep(state, null); // a new deal: the server's order
  box.classList.toggle("arranging", arranging);
  const up = [...box.querySelectorAll(".hand-tile")].find((el) => tileKey(el.dataset.tile.split("-").map(Number)) === lifted);
  if (up) up.classList.add("lifted");
  $("arrange-bar").hidden = !shows;
  const toggler = $("arrange");
  toggler.textContent = arranging ? "Done" : "Arrange";
  toggler.setAttribute("aria-pressed", String(arranging));
  $("sort-hand").hidden = !arranged(state);
  const told = $("arrange-words");
  told.textContent = words();
  told.classList.toggle("visually-hidden", !arranging); // a move's words, else for a screen reader alone
  $("status").closest(".hand-head").classList.toggle("arranging", arranging);
}

// Once: the buttons at the end of the status line over the hand (a row the page has anyway: on a
// phone a row of their own would take the table's height), and the drag on the hand.
function setup(box) {
  box.dataset.arrange = "1";
  const head = h("div", { class: "hand-head" });
  $("status").before(head);
  head.append($("status"), h("div", { id: "arrange-bar", class: "arrange-bar" },
    h("span", { id: "arrange-words", class: "arrange-words", "aria-live": "polite" }),
    h("button", { id: "sort-hand", type: "button", onclick: sort, title: "Your hand in the table's order again" }, "Sort"),
    h("button", { id: "arrange", type: "button", "aria-pressed": "false", onclick: toggle,
      title: "Move your tiles by taps: a tile, then its new place. Tiles play nothing until Done." }, "Arrange")));
  box.addEventListener("pointerdown", (event) => {
    const tile = event.target.closest(".hand-tile");
    if (!tile || !event.isPrimary || event.button !== 0) return;
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, tile, slop: SLOP[event.pointerType] || SLOP.touch, drag: false };
  });
  box.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x, dy = event.clientY - press.y;
    if (!press.drag && Math.hypot(dx, dy) < press.slop) return; // a tap yet
    if (!press.drag) lift(box);
    press.tile.style.transform = `translate(${dx}px, ${dy - LIFT}px)`; // over the finger, the places it passes in sight
    aim(event.clientX, event.clientY);
  });
  box.addEventListener("pointerup", (event) => { if (press && event.pointerId === press.id) drop(box, true); });
  box.addEventListener("pointercancel", (event) => { if (press && event.pointerId === press.id) drop(box, false); });
}

// A press moved past its slop: a drag. The places are where the tiles are now (the hand is not
// drawn again until the drop), and the pointer's moves come to the tile wherever it goes.
function lift(box) {
  press.drag = true;
  press.places = [...box.querySelectorAll(".hand-tile")].map((el) => {
    const r = el.getBoundingClientRect();
    return { el, x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  press.from = press.to = press.places.findIndex((p) => p.el === press.tile);
  box.classList.add("dragging");
  press.tile.classList.add("dragged");
  try { press.tile.setPointerCapture(press.id); } catch { /* the pointer is gone: its cancel ends the drag */ }
}

// The place the dragged tile would go: the tile nearest the pointer (a row counts twice a column,
// so a wrapped hand's rows keep apart), marked on the side the tile would go.
function aim(x, y) {
  let best = press.from, far = Infinity;
  press.places.forEach((p, k) => {
    const d = (p.x - x) ** 2 + (2 * (p.y - y)) ** 2;
    if (d < far) { far = d; best = k; }
  });
  press.to = best;
  press.places.forEach((p, k) => {
    p.el.classList.toggle("drop-before", k === best && best < press.from);
    p.el.classList.toggle("drop-after", k === best && best > press.from);
  });
}

// The drag ends: the tile moved where it was aimed (`put`; a cancelled drag puts nothing back), or
// a press that never went past its slop left to the click that follows it. The hand is drawn anew
// at a drag's drop, so the click a browser would send after the press finds no tile: it plays nothing.
function drop(box, put) {
  const { drag, from, to, places } = press;
  press = null;
  if (!drag) return;
  box.classList.remove("dragging");
  for (const p of places) { p.el.classList.remove("dragged", "drop-before", "drop-after"); p.el.style.transform = ""; }
  const state = view();
  const order = shownOrder(state);
  const same = order.length === places.length && order.every((i, k) => tileKey(state.hand[i]) === tileKey(places[k].el.dataset.tile.split("-").map(Number)));
  if (put && same && to !== from) moveTile(state, from, to); // the hand drawn is still the hand held
  else redraw();
}
