// What just happened: the tiles of the last turn are highlighted while they are the last; a new
// turn's tiles also slide in, and the points a tile scored show beside it, for FRESH_MS after the
// page first saw that turn (a redraw meanwhile carries on where the animation was); its player's
// seat flashes. A turn already on the table when the page opened is no news: highlighted, nothing moves.
import { el } from "./dominoes.js";
import { apart, corners } from "./layout.js";
import { flashMover } from "./common.js";
import { $ } from "./page.js";
import { view } from "./view.js";

const FRESH_MS = 4000;
let seenPlay = null; // {at, since}: the last turn this page has seen, and when (performance.now())

// How long ago (ms) this page first saw the table's last turn.
export function playAge() {
  const state = view();
  const at = state.last_play ? state.last_play.at : null;
  if (seenPlay === null) seenPlay = { at, since: -Infinity };
  else if (seenPlay.at !== at) seenPlay = { at, since: performance.now() };
  return performance.now() - seenPlay.since;
}

export function flashLastMover(age) {
  const state = view();
  if (state.last_play && age < FRESH_MS) flashMover($("players"), state.last_play.seat, age);
}

export function markLastPlay(svg, geometry, age) {
  const state = view();
  const last = state.last_play;
  if (!last) return;
  const fresh = age < FRESH_MS;
  const box = svg.viewBox.baseVal;
  const drawn = [...(geometry.root ? [geometry.root] : []), ...geometry.placed];
  for (const { tile, points } of last.tiles) {
    const key = `${Math.min(...tile)}-${Math.max(...tile)}`;
    const g = svg.querySelector(`.domino[data-tile="${key}"]`);
    const p = drawn.find((q) => Math.min(q.a, q.b) === Math.min(...tile) && Math.max(q.a, q.b) === Math.max(...tile));
    if (!g || !p) continue;
    g.classList.add("last-play");
    // A glow around the face, under every tile (so it never covers a neighbour): the place it
    // lights is where the tile slides to.
    const halo = el("rect", { class: "last-play-halo", x: -1.17, y: -0.67, width: 2.34, height: 1.34, rx: 0.3, transform: g.getAttribute("transform") });
    g.parentNode.insertBefore(halo, g.parentNode.querySelector(".domino"));
    if (!fresh) continue;
    // Slides in from the side of the table its player sits: below for one's own, above for the others'.
    const wrap = el("g", { class: "arriving" });
    g.replaceWith(wrap);
    wrap.append(g);
    wrap.style.setProperty("--from-y", `${(last.seat === state.seat ? 1 : -1) * box.height * 0.3}px`);
    wrap.style.animationDelay = `${-age}ms`;
    if (points) scoreTag(svg, p, key, points, age, box, drawn.map(corners));
  }
}

// "+N" in a tag beside the tile that scored it: above it, else below, left or right, the first
// place inside the table that covers no tile (`tiles`: their corners).
function scoreTag(svg, p, key, points, age, box, tiles) {
  const words = `+${points}`;
  const width = 0.42 * words.length + 0.5;
  const rad = (p.angle * Math.PI) / 180;
  const high = Math.abs(Math.sin(rad)) + 0.5 * Math.abs(Math.cos(rad)); // the tile's half-extents as drawn
  const wide = Math.abs(Math.cos(rad)) + 0.5 * Math.abs(Math.sin(rad));
  const spots = [[p.x, p.y - high - 0.5], [p.x, p.y + high + 0.5], [p.x - wide - width / 2 - 0.1, p.y], [p.x + wide + width / 2 + 0.1, p.y]];
  const shape = ([x, y]) => [[x - width / 2, y - 0.4], [x + width / 2, y - 0.4], [x + width / 2, y + 0.4], [x - width / 2, y + 0.4]];
  const within = ([x, y]) => x - width / 2 >= box.x && x + width / 2 <= box.x + box.width && y - 0.4 >= box.y && y + 0.4 <= box.y + box.height;
  const [x, y] = spots.find((s) => within(s) && tiles.every((q) => apart(shape(s), q))) || spots.find(within) || spots[0];
  const at = el("g", { transform: `translate(${x} ${y})` }, svg);
  const tag = el("g", { class: "score-tag", "data-tile": key, role: "img", "aria-label": `${points} point${points === 1 ? "" : "s"}` }, at);
  el("rect", { x: -width / 2, y: -0.4, width, height: 0.8, rx: 0.4 }, tag);
  el("text", { x: 0, y: 0.03, "text-anchor": "middle", "dominant-baseline": "central" }, tag).textContent = words;
  tag.style.animationDelay = `${-age}ms`;
}
