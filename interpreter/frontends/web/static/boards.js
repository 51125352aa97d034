// The page's part per board, registered once. The view names its board ("board": the kind of phase
// the hand's tiles are played in, as the server's registry in web/views.py sends it); every module
// asks this table what its board does, never the game's family. A new board registers its part here.
import { countScore, renderCountTable } from "./counting.js";
import { renderTableau } from "./tableau.js";
import { renderPartitionTable } from "./partition.js";
import { handScore, renderTrickTable } from "./tricks.js";
import { renderDrawDiscardTable } from "./draw_discard.js";

const BOARDS = {
  // Tiles matched onto a line, trains or a hub: drawn on the SVG table.
  layout: {
    roundWord: "Round", // what one deal's play is called
    boneyard: true, // the tiles left to draw are counted
    ownTable: null, // the board's own drawing in #trick-table (null: the layout on the SVG table)
    score: () => "", // the hand's running score beside the last actions
    unit: () => "", // the goal's unit ("first to 7 marks")
    restsHand: false, // the hand is shown undimmed while no tile can be played (it is read to bid)
    tilePlaces: true, // a tile's several moves are places to play it (named under the hand when crowded)
    asksWhy: false, // why a tile is refused is asked of the engine (else: it fits nowhere)
    choices: false, // the moves are offered as buttons (bids, trumps, calls; the suit a tile is led as)
    holdsHand: true, // the player holds a hand (shown under the table)
  },
  // Tricks won by the highest tile: the seats around the trick.
  tricks: {
    roundWord: "Hand",
    boneyard: false,
    ownTable: renderTrickTable,
    score: handScore,
    unit: (state) => (state.target ? ` ${state.tricks.unit[state.target === 1 ? 0 : 1]}` : ""),
    restsHand: true,
    tilePlaces: false,
    asksWhy: true,
    choices: true,
    holdsHand: true,
  },
  // A patience by totals: the columns, spares and stock, and free tiles tapped to make the total.
  tableau: {
    roundWord: "Deal",
    boneyard: false, // the stock is counted on the tableau itself
    ownTable: renderTableau,
    score: () => "",
    unit: () => "",
    restsHand: false,
    tilePlaces: false,
    asksWhy: false,
    choices: false, // the tableau offers its own moves
    holdsHand: false, // every tile is on the tableau
    keys: "Keys: Tab to a free tile or a move, Enter takes it, h hint",
  },
  // Tiles laid in turn to a running total (a counting game): the total, the count, the crib.
  counting: {
    roundWord: "Hand",
    boneyard: false,
    ownTable: renderCountTable,
    score: countScore,
    unit: () => "",
    restsHand: true,
    tilePlaces: false,
    asksWhy: true,
    choices: false,
    holdsHand: true,
    keys: "Keys: 1–9 or ←/→ choose a tile, Enter lays it, h hint; when no tile fits, the Go button on the table",
  },
  // Take a discard or draw, then discard: the discards, the groups shown and the stock.
  draw_discard: {
    roundWord: "Hand",
    boneyard: false,
    ownTable: renderDrawDiscardTable,
    score: () => "",
    unit: () => "",
    restsHand: false,
    tilePlaces: false,
    asksWhy: true,
    choices: true,
    holdsHand: true,
    keys: "Keys: 1–9 or ←/→ choose a tile, Enter discards it, Tab to the take, draw and show buttons, h hint", // its own keys line
  },
  // A hand split face down into groups, shown down against the bank: the splits as buttons.
  partition: {
    roundWord: "Hand",
    boneyard: false,
    ownTable: renderPartitionTable,
    score: () => "",
    unit: () => "",
    restsHand: true,
    tilePlaces: false,
    asksWhy: false,
    choices: false,
    holdsHand: true,
    keys: "Keys: Tab to a split on the table, Enter chooses it, h hint", // its own keys line (else the layout's or the trick table's)
  },
};

// The page's part for the board `state` is played on; a board nobody registered is refused here.
export function boardOf(state) {
  const part = BOARDS[state.board];
  if (!part) throw new Error(`the page has no part registered for the board ${JSON.stringify(state.board)} (registered: ${Object.keys(BOARDS).join(", ")})`);
  return part;
}
