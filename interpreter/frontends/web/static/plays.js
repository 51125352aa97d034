// Tiles played together and plays laid face down (Tien Gow): the hand read suit by suit with the
// tiles' names, a selection of tiles made into a play ("Play" is enabled only when the selection
// is one of the legal moves the server sent, or, where the server offers picks to build a play
// to follow, any selection of as many tiles as were led), buttons for the plays that take the lead (or, to
// lead, the combinations held), and a play on the table: its tiles face up, or tile backs for a
// play laid face down (how many, never which). Whether a play takes the lead comes with the
// legal moves (`takes_lead`, `face_down`): the page decides no rule.
import { backSvg, tileSvg, tileText } from "./dominoes.js";
import { h } from "./common.js";

export function isGrouped(state) {
  return Boolean(state && state.tricks && state.tricks.grouped);
}

// The hand's tiles in the order they are shown: suit by suit, the highest first (the server's
// `hand_order`, indices into `state.hand`).
export function handOrder(state) {
  const order = (state.tricks && state.tricks.hand_order) || [];
  return order.length === (state.hand || []).length ? order : (state.hand || []).map((_, i) => i);
}

const key = (tiles) => tiles.map(([a, b]) => (a <= b ? `${a}-${b}` : `${b}-${a}`)).sort().join(" ");

// The play moves keyed by their tiles (a multiset: two Heavens are "6-6 6-6").
function playsByTiles(state) {
  const out = new Map();
  for (const m of state.legal || []) {
    if (m.kind === "play" && m.tiles) out.set(key(m.tiles), m);
  }
  return out;
}

// The tiles the server offers to pick, when a play to follow is built tile by tile: then any
// tiles of the hand, as many as were led, make a play (the engine takes it as its picks).
const offersPicks = (state) => (state.legal || []).some((m) => m.kind === "pick");

export function selectionMove(state, picked) {
  if (!picked.length) return null;
  const tiles = picked.map((i) => state.hand[i]);
  const listed = playsByTiles(state).get(key(tiles));
  if (listed) return listed;
  const t = state.tricks;
  if (!offersPicks(state) || picked.length !== t.lead_size) return null;
  // Not among the listed plays that take the lead: it goes face down (where the rules say so).
  const words = tiles.map(([a, b]) => tileText(b, a)).join(" ");
  const down = Boolean(t.face_down_rule);
  return {
    index: null, kind: "play", tiles, face_down: down, takes_lead: false, lead: false,
    text: down ? `lay ${words} face down` : `play ${words}`,
    action: { kind: "play", tile: tiles[0], tiles },
  };
}

// How many tiles a play is now: as many as were led, or (to lead) one to the largest combination.
export function playSize(state) {
  const t = state.tricks;
  if (t.lead_size) return { exact: t.lead_size };
  const sizes = (state.legal || []).filter((m) => m.kind === "play" && m.tiles).map((m) => m.tiles.length);
  return { most: Math.max(1, ...sizes) };
}

// Picking a tile: a second click puts it back; past the size of a play, the oldest pick goes.
export function pick(state, picked, index) {
  const at = picked.indexOf(index);
  if (at >= 0) return picked.filter((i) => i !== index);
  const size = playSize(state);
  const most = size.exact || size.most;
  const next = [...picked, index];
  return next.length > most ? next.slice(next.length - most) : next;
}

// The picks of one state carried to the next (the hand's indices change as tiles leave it).
export function carryPicks(previous, next, picked) {
  if (!previous || !previous.hand || !picked.length) return [];
  const taken = new Set();
  const out = [];
  for (const i of picked) {
    const tile = previous.hand[i];
    if (!tile) continue;
    const j = next.hand.findIndex((t, k) => !taken.has(k) && t[0] === tile[0] && t[1] === tile[1]);
    if (j >= 0) { taken.add(j); out.push(j); }
  }
  return out;
}

function tilesRow(tiles, cls = "") {
  return h("span", { class: `tiles-row ${cls}`.trim() }, ...tiles.map(([a, b]) => tileSvg(b, a, { vertical: true })));
}

// The bar above the hand in a game of plays: what is picked and what it would do, the Play
// button (enabled only for a legal selection), and buttons for the plays worth a button.
export function renderPlayBar(box, state, picked, send, clear, hinted) {
  box.replaceChildren();
  box.classList.remove("chooser");
  box.classList.add("play-bar");
  const t = state.tricks;
  const moves = (state.legal || []).filter((m) => m.kind === "play" && m.tiles);
  if (!moves.length && !offersPicks(state)) { box.hidden = true; return; }
  box.hidden = false;
  const size = playSize(state);
  const move = selectionMove(state, picked);
  const tiles = picked.map((i) => state.hand[i]);
  let says;
  if (move) says = move.text;
  else if (!picked.length) says = size.exact
    ? `Pick ${size.exact === 1 ? "a tile" : `${size.exact} tiles`} in your hand (as many as were led).`
    : "Pick a tile to lead, or the tiles of a combination.";
  else if (size.exact && picked.length !== size.exact) says = `${picked.length} picked: pick ${size.exact} (as many as were led).`;
  else says = `${tiles.map(([a, b]) => tileText(b, a)).join(" ")} is no combination you may lead: lead one tile, or a combination below.`;
  const verb = move ? (move.face_down ? "Lay face down" : move.lead ? "Lead" : "Play") : size.exact ? "Play" : "Lead";
  const play = h("button", {
    type: "button", id: "play-selection", class: `choice primary-play${move && move.face_down ? " face-down" : ""}${move && hinted === move.index ? " hinted" : ""}`,
    disabled: move ? null : true, "aria-label": move ? move.text : `${verb}: ${says}`, title: move ? move.text : says,
    onclick: () => move && send(move),
  }, `${verb} (Enter)`);
  box.append(h("div", { class: "play-line" }, play,
    h("span", { class: `selection-words${move ? (move.face_down ? " down" : " up") : picked.length ? "" : " empty"}`, id: "selection-words" }, says),
    picked.length ? h("button", { type: "button", class: "choice choice-cancel", onclick: clear }, "Clear") : null));
  // The plays worth a button: to lead, the combinations held; to follow, those taking the lead.
  const worth = t.lead_size ? moves.filter((m) => m.takes_lead) : moves.filter((m) => m.tiles.length > 1);
  if (worth.length) {
    const head = t.lead_size ? "Take the lead with:" : "Or lead a combination:";
    box.append(h("div", { class: "play-line quick" }, h("span", { class: "choices-head" }, head),
      ...worth.map((m) => h("button", {
        type: "button", class: `choice choice-play${hinted === m.index ? " hinted" : ""}`, title: m.text, "aria-label": m.text,
        "data-index": m.index, onclick: () => send(m),
      }, tilesRow(m.tiles, "mini-row"), h("span", {}, m.combination || m.label)))));
  }
  if (t.lead_size && t.face_down_rule) {
    const down = moves.filter((m) => m.face_down).length || offersPicks(state);
    if (down) box.append(h("div", { class: "play-line quiet" },
      `A play that does not take the lead goes face down: the others see how many tiles, never which.`));
  }
}

// One seat's play on the table: its tiles face up (with the combination's name), or backs.
// `took`: the trick is over (held in the middle): the play that took it says so.
export function playView(play, state, taking, led, took = false) {
  if (!play.tiles.length) {
    const backs = h("span", { class: `tiles-row n${play.face_down}` }, ...Array.from({ length: play.face_down }, () => backSvg()));
    return h("span", { class: "played face-down", title: `${play.face_down} face down` }, backs,
      h("span", { class: "down-tag" }, `${play.face_down} face down`));
  }
  return h("span", { class: `played n${play.tiles.length}${taking ? " taking" : ""}` },
    tilesRow(play.tiles, `n${play.tiles.length}`),
    h("span", { class: "play-tags" },
      play.name ? h("span", { class: "combo-tag" }, play.name) : null,
      taking ? h("span", { class: "taking-tag" }, took ? "took it" : "taking it") : null,
      led ? h("span", { class: "led-tag" }, "led") : null));
}

// The last trick's plays: the tiles shown, and backs for each play laid face down.
export function lastTrickMinis(state, names, where) {
  const t = state.tricks;
  const out = [];
  const bySeat = new Map();
  for (const { seat, tile } of t.last_trick) {
    if (!bySeat.has(seat)) bySeat.set(seat, []);
    bySeat.get(seat).push(tile);
  }
  for (const [seat, tiles] of bySeat) {
    out.push(h("span", { class: `mini${seat === t.last_winner ? " won" : ""}`, title: `${names(seat)}: ${tiles.map(([a, b]) => tileText(b, a)).join(" ")}` },
      h("span", { class: "mini-tiles" }, ...tiles.map(([a, b]) => tileSvg(b, a, { vertical: true }))), h("span", {}, where(seat))));
  }
  for (const [seat, n] of t.last_face_down || []) {
    out.push(h("span", { class: "mini down", title: `${names(seat)}: ${n} face down` },
      h("span", { class: "mini-tiles" }, ...Array.from({ length: n }, () => backSvg())), h("span", {}, where(seat))));
  }
  return out;
}
