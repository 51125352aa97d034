// The page's part per board, registered once. The view names its board ("board": the kind of phase
// the hand's tiles are played in, as the server's registry in web/views.py sends it); every module
// asks this table what its board does, never the game's family. A new board registers its part here.
import { renderPartitionTable } from "./partition.js";
import { handScore, renderTrickTable } from "./tricks.js";

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
    keys: "Keys: Tab to a split on the table, Enter chooses it, h hint", // its own keys line (else the layout's or the trick table's)
  },
};

// The page's part for the board `state` is played on; a board nobody registered is refused here.
export function boardOf(state) {
  const part = BOARDS[state.board];
  if (!part) throw new Error(`the page has no part registered for the board ${JSON.stringify(state.board)} (registered: ${Object.keys(BOARDS).join(", ")})`);
  return part;
}
