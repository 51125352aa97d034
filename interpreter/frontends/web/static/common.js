// What the table page and the replay viewer share: the players' bar, the round end, the set size.
import { backSvg, tileSvg, tileText } from "./dominoes.js";
import { handEndBody } from "./tricks.js";
import { showList } from "./counting.js";
import { matchHeadline } from "./result.js";
import { offerButton, presenceBadge } from "./presence.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The set a game uses, from the tiles in sight: the smallest standard set holding them, never shrinking.
let seenMax = 6;
export function maxPip(state) {
  if (typeof state.max_pip === "number") return state.max_pip;
  let top = 0;
  const see = (t) => { if (t) top = Math.max(top, t[0], t[1]); };
  (state.hand || []).forEach(see);
  (state.hands || []).forEach((hand) => hand.forEach(see));
  const layout = state.layout || {};
  see(layout.lead); see(layout.hub);
  (layout.arms || []).forEach((arm) => arm.tiles.forEach(see));
  for (const size of [6, 9, 12, 15, 18]) if (top <= size) { seenMax = Math.max(seenMax, size); break; }
  return seenMax;
}

export function seatName(state, seat, viewer) {
  if (seat === viewer) return "You";
  const info = (state.seats || [])[seat];
  if (info && info.name && info.name !== "You") return info.name;
  if (info && info.kind === "computer") return `Computer ${seat + 1}`;
  return `Player ${seat + 1}`;
}

export function names(state, viewer) {
  return Array.from({ length: state.hand_counts.length }, (_, s) => seatName(state, s, viewer));
}

export function sideName(state, side) {
  if (state.tricks && state.sides < state.hand_counts.length) {  // partners by name, as the narration says them
    return state.seat_sides.map((x, s) => [x, s]).filter(([x]) => x === side).map(([, s]) => seatName(state, s, state.seat)).join(" & ");
  }
  if (state.sides < state.hand_counts.length) {
    const members = state.seat_sides.map((x, s) => [x, s]).filter(([x]) => x === side).map(([, s]) => s + 1);
    return `Team ${side + 1} (seats ${members.join(" & ")})`;
  }
  const seat = state.seat_sides.indexOf(side);
  return seatName(state, seat, state.seat);
}

// The player who just moved, flashed for a moment in the players' bar (`age`: ms since the page
// saw the move; a redraw carries the flash on from there rather than start it again).
export function flashMover(container, seat, age) {
  const box = container.querySelector(`.player[data-seat="${seat}"]`);
  if (!box) return;
  box.classList.add("moved");
  box.style.animationDelay = `${-age}ms`;
}

export function renderPlayers(container, state, viewer) {
  container.replaceChildren();
  // Five players or more: compact chips, so the players fit in one or two rows above the table.
  container.classList.toggle("many", state.hand_counts.length > 4);
  const teams = state.sides < state.hand_counts.length;
  state.hand_counts.forEach((count, seat) => {
    const side = state.seat_sides[seat];
    const turn = seat === state.current_player && !state.over;
    const backs = h("span", { class: "backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(count, 22); i++) backs.append(backSvg());
    const info = (state.seats || [])[seat];
    const kind = info && info.kind === "computer" ? ` (${info.strength || "computer"})` : "";
    // A trick game counts its match score in its own unit (Texas 42: marks).
    const unit = state.tricks && state.tricks.unit;
    const score = (unit ? `${state.scores[side]} ${state.scores[side] === 1 ? unit[0] : unit[1]}` : `score ${state.scores[side]}`)
      + besideScore(state.tracks, state.eliminated, side);
    const out = Boolean(state.tricks && (state.tricks.dropped || []).includes(seat)); // dropped out of this hand
    const sits = Boolean(state.tricks && state.tricks.sitting_out === seat); // a contract's partner, out of play
    const tiles = out ? "dropped out" : `${count} tile${count === 1 ? "" : "s"}${sits ? ", sits out this hand" : ""}`;
    container.append(h("div", {
      class: `player${turn ? " turn" : ""}${out ? " dropped" : ""}${sits ? " sitting-out" : ""}${(state.eliminated || []).includes(seat) ? " eliminated" : ""}`, "data-seat": seat,
      "aria-label": `${seatName(state, seat, viewer)}${kind}: ${out ? "dropped out of this hand" : tiles}, ${score}${teams ? `, team ${side + 1}` : ""}${turn ? ", to play" : ""}`,
    },
    turn ? "▶ " : "", h("strong", {}, seatName(state, seat, viewer)), kind ? h("span", { class: "kind" }, kind) : null,
    presenceBadge(state, seat, viewer), offerButton(state, seat, seatName(state, seat, viewer)),
    state.tableau ? null : h("span", { class: "count" }, out ? "dropped out" : `${count} tile${count === 1 ? "" : "s"}`), backs,
    sits ? h("span", { class: "sits-out" }, "sits out") : null,
    h("span", { class: "score" }, score), teams ? h("span", {}, `team ${side + 1}`) : null));
  });
}

export function tilesRow(tiles, label) {
  const row = h("span", { class: "tiles", role: "group", "aria-label": label });
  for (const [a, b] of tiles) row.append(tileSvg(a, b, { vertical: true }));
  if (!tiles.length) row.append(h("em", {}, "none"));
  return row;
}

// `headed`: the card's head already says who won (the table page's card); the replay's says it here.
export function roundEndBody(state, viewer, end = state.round_end, headed = false) {
  if (end.tricks) {
    const body = handEndBody(state, end, viewer);
    if (state.over) body.append(matchEnd(state, viewer, headed));
    return body;
  }
  if (end.shows) { // a counting game's hand: its shows, called
    const body = h("div", {}, h("h3", {}, "The show"), showList(state, end.shows, viewer),
      h("p", {}, "Scores: ", end.scores.map((s, side) => `${sideName(state, side)} ${s}`).join(", ")));
    if (state.over) body.append(matchEnd(state, viewer, headed));
    return body;
  }
  const body = h("div", {});
  const how = endWords(state, end, viewer);
  if (how) body.append(h("p", { class: "end-how" }, how));
  const reveal = h("div", { class: "reveal" });
  end.hands.forEach((hand, seat) => {
    const words = hand.map(([a, b]) => tileText(a, b)).join(" ") || "no tiles";
    reveal.append(h("strong", {}, seatName(state, seat, viewer)), tilesRow(hand, `${seatName(state, seat, viewer)}: ${words}`),
      h("span", {}, `${hand.length} tile${hand.length === 1 ? "" : "s"}, ${end.pips[seat]} pips`));
  });
  body.append(h("h3", {}, "Every hand"), reveal, h("h3", {}, "Scoring"));
  const list = h("ul", { class: "words" });
  for (const line of end.words) list.append(h("li", {}, line));
  body.append(list);
  const row = (state.score_sheet || []).find((r) => r.round === end.round);
  if (row) body.append(h("p", { class: "end-points" }, "Points this round: ", row.points.map((p, side) => `${sideName(state, side)} ${signed(p)}`).join(", ")));
  body.append(h("p", {}, "Scores: ", end.scores.map((s, side) => `${sideName(state, side)} ${s}${besideScore(end.tracks, end.out, side)}`).join(", ")));
  if (state.over) body.append(matchEnd(state, viewer, headed));
  return body;
}

// A side's score tracks (scoring.tracks) in words: "marks 2"; "" without tracks.
function tracksText(tracks, side) {
  return Object.entries(tracks || {}).map(([name, values]) => `${name.replaceAll("_", " ")} ${values[side]}`).join(", ");
}

// A side's tracks in brackets, where " · " already separates the sides: " (streak 1)"; "" without tracks.
export function tracksNote(tracks, side) {
  const said = tracksText(tracks, side);
  return said ? ` (${said})` : "";
}

// What follows a side's score (scoring.tracks, match.eliminate_when): " · marks 2", " · out of the match".
export function besideScore(tracks, out, side) {
  const said = tracksText(tracks, side);
  return (said ? ` · ${said}` : "") + ((out || []).includes(side) ? " · out of the match" : "");
}

// How a round ended, in a line: who went out, or that nobody could play.
function endWords(state, end, viewer) {
  if (end.reason === "domino" && end.seat !== null && end.seat !== undefined) return `${seatName(state, end.seat, viewer)} went out.`;
  if (end.reason === "blocked") return "The round is blocked: nobody could play.";
  // A draw and discard hand: gone out with a complete hand, or ended with nobody out.
  if (end.reason === "out" && end.seat !== null && end.seat !== undefined) {
    return `${seatName(state, end.seat, viewer)} went out${end.went_out && end.went_out.from_discard ? " on a discard" : ""} with a complete hand.`;
  }
  if (end.reason === "turn_limit") return "Nobody went out before the turn limit.";
  if (end.reason === "stock_out") return "The stock ran out with nobody out.";
  return "";
}

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

// The rounds so far, one row each: how it ended, then per side the total after it and what it made.
export function scoreSheet(state, viewer) {
  const rows = state.score_sheet || [];
  const now = state.scores.map((s, side) => `${sideName(state, side)} ${s}${besideScore(state.tracks, state.eliminated, side)}`).join(", ");
  if (!rows.length) return h("p", {}, `No round has ended yet. Scores now: ${now}.`);
  const word = state.tricks ? "Hand" : "Round";
  const table = h("table", { class: "history score-sheet" });
  // A trick game with an auction: who bid what, the contract (trumps, or a special contract), made or set.
  const auction = rows.some((r) => r.bidder !== null && r.bidder !== undefined);
  const heads = auction ? ["Bidder", "Bid", "Contract", "Result"] : ["How it ended"];
  const sides = Array.from({ length: state.sides }, (_, s) => sideName(state, s));
  table.append(h("tr", {}, h("th", { scope: "col" }, word), ...heads.map((x) => h("th", { scope: "col" }, x)),
    ...sides.map((name) => h("th", { scope: "col" }, name))));
  // Each cell names its column too (data-label): a phone shows each row on its own, as lines.
  for (const row of rows) {
    const bid = row.bidder !== null && row.bidder !== undefined;
    const how = auction
      ? (bid ? [seatName(state, row.bidder, viewer), row.bid_text, row.contract, row.made ? "made" : "set"] : ["—", "—", "—", "no bid"])
      : [endWords(state, row, viewer) || (row.pips ? `points taken: ${row.pips.join(" – ")}` : row.reason)];
    const cells = how.map((x, k) => h("td", { class: `words${auction && k === 3 && bid ? (row.made ? " made" : " set") : ""}`,
      "data-label": auction && k !== 3 ? heads[k] : null }, x));
    table.append(h("tr", {}, h("td", { class: "round", "data-label": word }, row.round), ...cells,
      ...row.scores.map((total, side) => h("td", { class: "total", "data-label": sides[side] }, `${total} `,
        h("span", { class: "gained" }, `(${signed(row.points[side])})`), besideScore(row.tracks, row.out, side)))));
  }
  const box = h("div", {}, table);
  const last = rows[rows.length - 1].scores;
  if (state.scores.some((s, side) => s !== last[side])) box.append(h("p", {}, `Scores now, in ${word.toLowerCase()} ${state.round}: ${now}.`));
  return box;
}

export function matchEnd(state, viewer, headed = false) {
  const box = h("div", { class: "match-end" });
  if (!headed) box.append(h("h3", { id: "match-winner" }, matchHeadline(state)));
  if (state.stakes_said) box.append(h("p", { id: "match-stakes" }, `${state.stakes_said}.`)); // match.stake
  if ((state.score_sheet || []).length) box.append(h("p", {}, "Every round (totals, and what each made in it):"), scoreSheet(state, viewer));
  return box;
}
