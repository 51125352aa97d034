// The table's keys: a number or ←/→ selects a tile, ↑/↓ which of its moves, Enter plays it; d, p
// and m draw, pass and put out a marker; h asks for a hint; at a round's end Enter or Esc goes on,
// and so does Esc from a trick game's finished trick held in the middle (as a tap on the table).
// In a game of plays a number picks a tile instead, Enter plays the picked tiles, Esc clears them.
// Numbers and ←/→ follow the hand as shown (in the player's order); Alt+←/→ or [ ] move a tile in
// it, and while the hand is being arranged the table's keys rest (arrange.js).
import { tileText } from "./dominoes.js";
import { boardOf } from "./boards.js";
import { goOnFromTrick } from "./tricks.js";
import { arrangeKey, isArranging, shownOrder } from "./arrange.js";
import { isGrouped, selectionMove } from "./plays.js";
import { highlight } from "./board.js";
import { clearPicks, clickPick, refuse, renderControls, renderHand } from "./hand.js";
import { hint } from "./hint.js";
import { send } from "./moves.js";
import { $ } from "./page.js";
import { choiceIndex, choose, hintedMove, picks, selectedTile } from "./selection.js";
import { status, turnWords } from "./status.js";
import { handTiles, movesFor, myTurn, view } from "./view.js";

export function onKey(event) {
  if (event.target.closest && event.target.closest("select, input, textarea")) return;
  if (!$("round-end").hidden) {
    // A focused button's own Enter: Play again, the card's buttons, "Scores so far" while it is folded.
    if (event.key === "Enter" && event.target.closest && event.target.closest("button")) return;
    if (event.key === "Enter" || event.key === "Escape") { $("round-end-close").click(); event.preventDefault(); }
    return;
  }
  if (event.key === "Escape" && goOnFromTrick()) { event.preventDefault(); return; } // a spectator's too
  const state = view();
  if (!state || state.spectator) return; // a spectator has no move to choose
  if (arrangeKey(event)) { event.preventDefault(); return; }
  if (isArranging()) return;
  if (isGrouped(state) && groupedKey(event)) { event.preventDefault(); return; }
  if (!tileKey(event)) return;
  event.preventDefault();
  const selected = selectedTile();
  if (selected >= 0) {
    const moves = movesFor(handTiles()[selected] || [0, 0]);
    const choice = choiceIndex();
    if (moves.length) status(`${tileText(...handTiles()[selected])}: ${moves[choice % moves.length].text}${moves.length > 1 ? ` (${choice % moves.length + 1} of ${moves.length}, ↑/↓)` : ""}`);
    renderHand(); highlight();
    if (boardOf(state).choices) renderControls();
    const button = $("hand").querySelector(`.hand-tile[data-index="${selected}"]`);
    if (button && button.focus) button.focus();
  }
}

// A key of a game of tiles played one at a time: true when it is one of the table's.
function tileKey(event) {
  const state = view();
  const n = handTiles().length;
  const key = event.key;
  const selected = selectedTile();
  const choice = choiceIndex();
  const order = shownOrder(state);
  const at = order.indexOf(selected);
  if (/^[1-9]$/.test(key) && Number(key) <= n) { choose(order[Number(key) - 1]); }
  else if (key === "0" && n >= 10) { choose(order[9]); }
  else if (key === "ArrowRight" && n) { choose(order[(at + 1) % n]); }
  else if (key === "ArrowLeft" && n) { choose(order[(at - 1 + n) % n]); }
  else if ((key === "ArrowUp" || key === "ArrowDown") && selected >= 0) {
    const count = movesFor(handTiles()[selected]).length || 1;
    choose(selected, (choice + (key === "ArrowUp" ? count - 1 : 1)) % count);
  } else if (key === "Enter" && selected < 0 && hintedMove() !== null && myTurn()) {
    if (event.target.closest && event.target.closest("button")) return false; // the focused button's own Enter
    const move = state.legal.find((m) => m.index === hintedMove());
    if (move) send(move);
  } else if (key === "Enter" && selected >= 0) {
    if (event.target.closest && event.target.closest("button") && !event.target.classList.contains("hand-tile")) return false;
    const moves = movesFor(handTiles()[selected]);
    if (moves.length) send(moves[choice % moves.length]);
    else if (myTurn()) refuse(selected);
    else status("It is not your turn.", true);
  } else if (key === "d" || key === "p" || key === "m") {
    const move = myTurn() && state.legal.find((m) => m.kind === { d: "draw", p: "pass", m: "marker" }[key]);
    if (move) send(move); else status(`No ${{ d: "draw", p: "pass", m: "marker" }[key]} now.`, true);
  } else if (key === "h") { hint(); }
  else return false;
  return true;
}

// The keys of a game of plays: a number picks the tile at that place of the hand as shown,
// Enter plays the picked tiles when they are a legal play, Esc clears them. True when handled.
function groupedKey(event) {
  const state = view();
  const key = event.key;
  const order = shownOrder(state);
  if (/^[1-9]$/.test(key) && Number(key) <= order.length) { clickPick(order[Number(key) - 1]); return true; }
  if (key === "0" && order.length >= 10) { clickPick(order[9]); return true; }
  if (key === "Escape") { clearPicks(); return true; }
  if (key === "Enter") {
    if (event.target.closest && event.target.closest("button") && !event.target.classList.contains("hand-tile")) return false;
    const move = myTurn() && selectionMove(state, picks());
    if (move) send(move);
    else if (myTurn()) status(picks().length ? "Those tiles are no play you may make now." : turnWords(), Boolean(picks().length));
    return true;
  }
  if (key === "h") { hint(); return true; }
  return false;
}
