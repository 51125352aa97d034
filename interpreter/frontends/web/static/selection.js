// What this seat has chosen toward its next move: the tile selected in the hand and which of its
// moves Enter plays; the move a hint named when it is no tile (a bid, trumps); in a game of plays
// (Tien Gow), the hand's tiles picked for the next play, in order.
import { carryPicks, isGrouped } from "./plays.js";
import { myTurnIn } from "./view.js";

let selected = -1; // index into the hand as the server sends it (sorted), whatever order it is shown in
let choice = 0; // which of the selected tile's moves Enter plays
let hinted = null; // the index of the move a hint named, when it is no tile
let picked = [];

export function selectedTile() {
  return selected;
}

export function choiceIndex() {
  return choice;
}

// The hand's tile at `index` (-1: none), and which of its moves Enter plays.
export function choose(index, move = 0) {
  selected = index;
  choice = move;
}

export function hintedMove() {
  return hinted;
}

export function setHinted(index) {
  hinted = index;
}

export function picks() {
  return picked;
}

export function setPicks(indices) {
  picked = indices;
}

// A move was played: nothing is chosen toward the next.
export function clearAll() {
  selected = -1; choice = 0; hinted = null; picked = [];
}

// The table moved on from `previous` to `next`: a hint is for one table; the selected tile stays
// selected where it is now in the hand; picks stand while they can still make a play of this size
// (a new trick, or another's move).
export function carry(previous, next) {
  if (previous && previous.version !== next.version) hinted = null;
  if (previous && previous.hand && selected >= 0) {
    const tile = previous.hand[selected];
    selected = tile ? next.hand.findIndex((t) => t[0] === tile[0] && t[1] === tile[1]) : -1;
  }
  picked = isGrouped(next) && myTurnIn(next) ? carryPicks(previous, next, picked) : [];
}
