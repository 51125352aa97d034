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
    return;
  }
  const aspect = Math.max(0.6, Math.min(3, (area.clientWidth || 1200) / (area.clientHeight || 600)));
  // A double of one's own to lay (a private train's start): its place is drawn while it may be laid.
  const trains = Boolean(state.layout.hub) || (state.layout.arms || []).some((arm) => arm.kind === "train");
  const ownDouble = myTurn() && trains && state.legal.some((m) => m.kind === "play" && (m.arm === null || m.arm === undefined));
  const result = renderTable(svg, state.layout, { aspect, maxPip: maxPip(state), names: names(state, state.seat), ownDouble });
  window.__tableGeometry = result.geometry; // for the tests
  const demanded = new Set((state.layout.open_doubles || []).filter((d) => d.active).flatMap((d) => d.arms.map(String)));
  for (const [arm, g] of Object.entries(result.targets)) {
    if (demanded.has(arm)) g.classList.add("demand");
    g.addEventListener("click", () => clickTarget(arm));
  }
  highlight(result.targets);
  targets = result.targets;
  touchTargets(svg, result.targets);
  markLastPlay(svg, result.geometry, age);
}

// Every place to play is at least TOUCH_PX across on the screen, however small the table is
// drawn (a crowded hub on a phone): an invisible hit area, centred on the drawn place, takes the tap.
const TOUCH_PX = 44;
function touchTargets(svg, places) {
  const m = svg.getScreenCTM();
  const scale = m ? Math.hypot(m.a, m.b) : 0; // screen px per table unit
  if (!scale) return;
  const width = Math.max(1.9, TOUCH_PX / scale), height = Math.max(0.9, TOUCH_PX / scale);
  for (const g of Object.values(places)) {
    const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [key, value] of Object.entries({ class: "hit", x: -width / 2, y: -height / 2, width, height })) hit.setAttribute(key, value);
    g.append(hit);
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
