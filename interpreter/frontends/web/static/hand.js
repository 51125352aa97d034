// The seat's choices: its hand (a click selects a tile, or plays it where it fits one place; in a
// game of plays it picks the tile; shown in the player's own order: arrange.js), the places of the
// selected tile in words when those on the table crowd, and the moves that are no tile (draw, pass,
// a bid, trumps).
import { keysSaid, tap } from "./touch.js";
import { tileSvg, tileText } from "./dominoes.js";
import { h } from "./common.js";
import { boardOf } from "./boards.js";
import { renderChoices } from "./tricks.js";
import { arranged, arrangeKeysWords, arrangeTap, dragging, renderArrange, shownOrder } from "./arrange.js";
import { isGrouped, pick, renderPlayBar } from "./plays.js";
import { crowded, highlight } from "./board.js";
import { send, tryTile } from "./moves.js";
import { $ } from "./page.js";
import { choiceIndex, choose, hintedMove, picks, selectedTile, setPicks } from "./selection.js";
import { status, turnWords } from "./status.js";
import { handTiles, movesFor, myTurn, view } from "./view.js";

// A game of plays: the hand suit by suit, each tile with its name; a click picks it for the play.
function renderGroupedHand(box) {
  const state = view();
  const yours = myTurn();
  const t = state.tricks;
  const moves = yours ? state.legal.filter((m) => m.kind === "play" && m.tiles) : [];
  // Following several tiles, the server offers picks: any tile of the hand may be in the play.
  const picking = yours && state.legal.some((m) => m.kind === "pick");
  const playable = new Set(picking ? state.hand.map(([a, b]) => `${a}-${b}`) : moves.flatMap((m) => m.tiles.map(([a, b]) => `${a}-${b}`)));
  // To follow one tile, a tile that would take the lead says so.
  const beats = new Set(moves.filter((m) => m.takes_lead && m.tiles.length === 1).map((m) => `${m.tiles[0][0]}-${m.tiles[0][1]}`));
  box.classList.toggle("resting", !moves.length && !picking);
  box.classList.add("named-hand");
  let suit = null;
  const bySuit = !arranged(state); // the suits' labels in the server's order, suit by suit
  shownOrder(state).forEach((i, position) => {
    const [a, b] = state.hand[i];
    const name = (t.hand_names || [])[i] || "";
    const suitOf = (t.hand_suits || [])[i];
    if (bySuit && suitOf !== undefined && suitOf !== suit && (t.suit_names || []).length) {
      suit = suitOf;
      box.append(h("span", { class: "suit-label", "aria-hidden": "true" }, t.suit_names[suit]));
    }
    const tileKey = `${a}-${b}`;
    const isPicked = picks().includes(i);
    const wins = beats.has(tileKey);
    box.append(h("button", {
      type: "button", class: `hand-tile named${playable.has(tileKey) ? " playable" : ""}${isPicked ? " selected picked" : ""}${wins ? " beats" : ""}`,
      "aria-label": `${position + 1}: ${tileText(b, a)} ${name}${suitOf !== undefined && t.suit_names ? ` (${t.suit_names[suitOf]})` : ""}${wins ? ", takes the lead" : ""}`,
      "aria-pressed": isPicked ? "true" : "false", "data-tile": tileKey, "data-index": i,
      onclick: () => arrangeTap(i) || clickPick(i),
    }, tileSvg(b, a, { vertical: true }),
    h("span", { class: "tile-name", "aria-hidden": "true" }, name),
    wins ? h("span", { class: "tile-notes", "aria-hidden": "true" }, h("span", { class: "note trump" }, "beats")) : null));
  });
  if (!state.hand.length) box.append(h("em", {}, "Your hand is empty."));
}

export function clickPick(i) {
  if (!myTurn()) { status("It is not your turn.", true); return; }
  setPicks(pick(view(), picks(), i));
  status(turnWords()); // the bar above the hand says what the picked tiles would do
  renderHand(); renderControls();
}

export function clearPicks() {
  setPicks([]);
  status(turnWords());
  renderHand(); renderControls();
}

export function renderHand() {
  if (dragging()) return; // drawn again at the drop
  const state = view();
  const box = $("hand");
  box.replaceChildren();
  box.classList.remove("named-hand");
  box.hidden = !boardOf(state).holdsHand; // a patience: every tile lies on the tableau
  if (box.hidden) { renderArrange(box, renderHand); return; }
  if (isGrouped(state)) { renderGroupedHand(box); renderArrange(box, renderHand); return; }
  const yours = myTurn();
  const selected = selectedTile();
  // In a trick game, while no tile can be played (another's turn, the bidding), the hand is shown
  // undimmed: it is read to bid and to name trumps.
  box.classList.toggle("resting", boardOf(state).restsHand && (!yours || !state.legal.some((m) => m.kind === "play" || m.kind === "discard" || m.kind === "give")));
  const notes = (state.tricks && state.tricks.hand_notes) || [];
  shownOrder(state).forEach((i, position) => {
    const [a, b] = state.hand[i];
    const moves = yours ? movesFor([a, b]) : [];
    const where = moves.map((m) => m.where || m.text).join("; ");
    const note = (notes[i] || []).join(", "); // the engine's words: "trump", "counts 10"
    const button = h("button", {
      type: "button", class: `hand-tile${moves.length ? " playable" : ""}${i === selected ? " selected" : ""}`,
      "aria-label": `${position + 1}: ${tileText(a, b)}${note ? ` (${note})` : ""}${moves.length ? `, playable: ${where}` : ""}`,
      "aria-pressed": i === selected ? "true" : "false", "data-tile": `${a}-${b}`, "data-index": i,
      onclick: () => arrangeTap(i) || clickTile(i),
    }, tileSvg(a, b, { vertical: true }),
    notes.length ? h("span", { class: "tile-notes", "aria-hidden": "true" },
      ...(notes[i] || []).map((n) => h("span", { class: n === "trump" ? "note trump" : "note" }, n.replace("counts ", "")))) : null);
    box.append(button);
  });
  if (!handTiles().length) box.append(h("em", {}, emptyHand(state)));
  renderArrange(box, renderHand);
  renderPlaces();
}

// The selected tile's places in words, as buttons under the hand, when those on the table crowd
// (drawn too small to see well, or too near one another to tap apart) or one is not drawn at all.
function renderPlaces() {
  let box = $("places");
  if (!box) {
    box = h("div", { id: "places", class: "places", role: "group", "aria-label": "Where to play the selected tile" });
    $("hand").after(box);
  }
  box.replaceChildren();
  const selected = selectedTile();
  const moves = myTurn() && selected >= 0 && boardOf(view()).tilePlaces ? movesFor(handTiles()[selected]) : [];
  box.hidden = !(moves.length > 1 && crowded(moves));
  if (box.hidden) return;
  box.append(h("span", { class: "lede" }, `Play ${tileText(...handTiles()[selected])}:`));
  const label = (m) => (twoWays(moves) ? m.text : m.where || m.text);
  moves.forEach((m, k) => box.append(h("button", { type: "button", class: k === choiceIndex() % moves.length ? "chosen" : "", onclick: () => send(m) }, label(m))));
}

// What an empty hand says: empty, or, for a blind row (deal.hands: blind_row), its tiles unseen.
function emptyHand(state) {
  const held = state.seat === null || state.seat === undefined ? 0 : state.hand_counts[state.seat];
  return held ? `Your ${held} tiles lie face down in a row: nobody sees them, you neither.` : "Your hand is empty.";
}

// Whether two of a tile's moves go to one place: a double its player lays sidewise or endwise
// (layout.spinners: first_double_optional). Their place alone does not tell them apart: their words do.
function twoWays(moves) {
  return new Set(moves.map((m) => m.arm)).size < moves.length;
}

function clickTile(i) {
  if (!myTurn()) { status("It is not your turn.", true); return; }
  const moves = movesFor(handTiles()[i]);
  if (!moves.length) { refuse(i); choose(i, choiceIndex()); renderHand(); highlight(); return; }
  if (moves.length === 1) { send(moves[0]); return; }
  if (selectedTile() === i) choose(i, (choiceIndex() + 1) % moves.length); else choose(i);
  const choice = choiceIndex();
  if (!boardOf(view()).tilePlaces) {
    const [a, b] = handTiles()[i];
    status(`Lead ${tileText(b, a)} as ${moves.map((m) => m.suit).join(" or ")}? Choose the suit the others must follow${keysSaid(" (or ↑/↓ and Enter)")}. Now: ${moves[choice].text}`);
  } else if (moves.every((m) => m.arm === null && m.half !== null)) { // a lead naming the end it leaves open
    status(`Lead ${tileText(...handTiles()[i])} with which end open? Choose under your hand${keysSaid(" (or ↑/↓ and Enter)")}. Now: ${moves[choice].text}`);
  } else if (twoWays(moves)) {
    status(`${tileText(...handTiles()[i])} goes ${moves.length} ways: choose one under your hand${keysSaid(" (or ↑/↓ and Enter)")}. Now: ${moves[choice].text}`);
  } else {
    const named = crowded(moves) ? ", or a place named under your hand" : "";
    status(`${tileText(...handTiles()[i])} fits ${moves.length} places: ${tap()} a lit place on the table${named}${keysSaid(" (or ↑/↓ and Enter)")}. Now: ${moves[choice].where || moves[choice].text}`);
  }
  renderHand();
  highlight();
  renderControls();
}

// Why a tile is not among the moves: asked of the engine in a trick game, said here in a layout game.
export function refuse(i) {
  const tile = handTiles()[i];
  if (boardOf(view()).asksWhy) { choose(i, choiceIndex()); tryTile(tile); return; }
  status(`${tileText(...tile)} does not fit anywhere now.`, true);
}

// The moves of the tile picked in a trick game when it may be led two ways: the chooser's buttons.
function pendingMoves() {
  const selected = selectedTile();
  if (!boardOf(view()).choices || !myTurn() || selected < 0) return [];
  const moves = movesFor(handTiles()[selected] || [0, 0]);
  return moves.length > 1 ? moves : [];
}

function cancelChoice() {
  choose(-1);
  status(turnWords());
  renderHand(); renderControls();
}

export function renderControls() {
  const state = view();
  const yours = myTurn();
  const offered = boardOf(state).choices; // the moves as buttons: bids, trumps, calls, a lead's suit
  if (isGrouped(state) && yours && state.tricks.phase === "playing") {
    renderPlayBar($("choices"), state, picks(), send, clearPicks, hintedMove());
  } else {
    $("choices").classList.remove("play-bar");
    renderChoices($("choices"), offered ? state : { legal: [], tricks: {} }, offered && yours, send, hintedMove(), pendingMoves(), cancelChoice);
  }
  $("keys").textContent = boardOf(state).keys ? boardOf(state).keys // a board's own keys (boards.js)
    : isGrouped(state)
    ? "Keys: 1–9 pick or put back a tile (as the hand reads), Enter plays the picked tiles, Esc clears, h hint; Esc goes on from a finished trick"
    : offered
    ? `Keys: 1–9 or ←/→ choose a tile, ${state.tricks.names_lead_suit ? "↑/↓ the suit it is led as, " : ""}Enter plays it, Tab to the other choices, p pass, h hint, Esc goes on from a finished trick`
    : "Keys: 1–9 or ←/→ choose a tile, ↑/↓ choose where, Enter plays, d draw, p pass, m marker, h hint";
  $("keys").textContent += arrangeKeysWords(state);
  for (const kind of ["draw", "pass", "marker", "keep", "redeal", "turn"]) { // keep, redeal: deal.redeal_claim; turn: a blind row
    const move = yours && !offered && state.legal.find((m) => m.kind === kind);
    const button = $(kind);
    button.hidden = !move;
    button.onclick = move ? () => send(move) : null;
    if (move) button.title = move.text;
  }
  // Why only draw, pass or a marker is offered, or that a pass ends the optional rest of the turn:
  // the server's words, from the engine's state.
  const why = $("why");
  const said = yours && !offered && state.why ? state.why : "";
  why.textContent = said ? `${said[0].toUpperCase()}${said.slice(1)}.` : "";
  why.hidden = !said;
  const list = $("legal-list");
  list.replaceChildren();
  if (yours) {
    for (const m of state.legal) {
      list.append(h("li", {}, h("button", { type: "button", onclick: () => send(m) }, m.text)));
    }
  }
}
