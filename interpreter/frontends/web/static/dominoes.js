// Drawing dominoes as SVG: one function for any tile [a|b] with 0–18 pips per half.
// A tile is drawn lying east–west, centred on (0, 0): each half is a 1×1 square, so the tile is 2×1.
export const SVG_NS = "http://www.w3.org/2000/svg";

export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

// Pip positions on a 3×3 grid (-1, 0, 1) for 0–9: the patterns printed on real dominoes.
const C = [0, 0], TL = [-1, -1], TR = [1, -1], BL = [-1, 1], BR = [1, 1], ML = [-1, 0], MR = [1, 0], TC = [0, -1], BC = [0, 1];
const PATTERNS = [
  [],
  [C],
  [TL, BR],
  [TL, C, BR],
  [TL, TR, BL, BR],
  [TL, TR, C, BL, BR],
  [TL, TC, TR, BL, BC, BR],
  [TL, TC, TR, C, BL, BC, BR],
  [TL, ML, BL, TC, BC, TR, MR, BR],
  [TL, ML, BL, TC, C, BC, TR, MR, BR],
];

export function tileText(a, b) {
  return `[${a}|${b}]`;
}

function half(group, value, cx, upright) {
  if (value <= 9) {
    for (const [x, y] of PATTERNS[value]) {
      el("circle", { cx: cx + x * 0.27, cy: y * 0.27, r: 0.095, class: `pip v${value}` }, group);
    }
    return;
  }
  // 10–18: the number itself, in the pip colour, bold and upright wherever the tile lies.
  const text = el("text", {
    x: cx, y: 0, class: `pip-num v${value}`, "text-anchor": "middle", "dominant-baseline": "central",
    transform: upright ? `rotate(${upright} ${cx} 0)` : null,
  }, group);
  text.textContent = String(value);
}

// A domino as an SVG group; `angle` turns it (degrees, clockwise); half `a` lies at the -x end.
export function domino(a, b, { x = 0, y = 0, angle = 0, cls = "" } = {}) {
  const g = el("g", { class: `domino ${cls}`.trim(), transform: `translate(${round(x)} ${round(y)}) rotate(${angle})` });
  el("rect", { x: -1, y: -0.5, width: 2, height: 1, rx: 0.14, class: "face" }, g);
  el("line", { x1: 0, y1: -0.38, x2: 0, y2: 0.38, class: "divider" }, g);
  const title = el("title", {}, g);
  title.textContent = tileText(a, b);
  half(g, a, -0.5, -angle);
  half(g, b, 0.5, -angle);
  return g;
}

function round(v) {
  return Math.round(v * 1000) / 1000;
}

// A standalone <svg> of one tile (for the hand, the hints, the round end): role=img with its text.
export function tileSvg(a, b, { vertical = false, cls = "" } = {}) {
  const svg = el("svg", {
    viewBox: vertical ? "-0.55 -1.05 1.1 2.1" : "-1.05 -0.55 2.1 1.1",
    role: "img", "aria-label": tileText(a, b), class: `tile-svg ${vertical ? "vertical" : ""} ${cls}`.trim(),
  });
  svg.appendChild(domino(a, b, { angle: vertical ? 90 : 0 }));
  return svg;
}

// A face-down tile (another player's hand).
export function backSvg() {
  const svg = el("svg", { viewBox: "-0.55 -1.05 1.1 2.1", role: "img", "aria-label": "a hidden tile", class: "tile-svg vertical back" });
  el("rect", { x: -0.5, y: -1, width: 1, height: 2, rx: 0.14, class: "back-face" }, svg);
  return svg;
}
