// The table as this page shows it: the server's last view of it for this seat (or a spectator),
// and what it says of the seat's turn. One listener (the page) redraws it when it changes.
let state = null;
let shown = () => {};

export function view() {
  return state;
}

// `listener(previous, next)`: called with the table as it was and as it is now.
export function onShow(listener) {
  shown = listener;
}

// A table from the server; an older one than shown (a slow answer overtaken by the live stream) is dropped.
export function show(next) {
  if (state && next.version !== undefined && state.version !== undefined && next.version < state.version) return;
  const previous = state;
  state = next;
  window.__state = next; // for the tests and the curious
  shown(previous, next);
}

// What the table is at: a move, or a person continuing from a round's end, moves it on.
export function tableKey(table) {
  return table ? `${table.version}/${(table.to_continue || []).join(",")}` : "";
}

export function myTurn() {
  return myTurnIn(state);
}

export function myTurnIn(table) {
  return Boolean(table && !table.over && table.current_player === table.seat && table.legal.length > 0);
}

export function handTiles() {
  return (state && state.hand) || [];
}

// A tile's moves: played (once, or, leading where the leader names the suit, once per end), or
// laid face down (a widow's or an exchange's discards), or passed before play.
export function movesFor(tile) {
  return state.legal.filter((m) => (m.kind === "play" || m.kind === "discard" || m.kind === "give") && m.tile && m.tile[0] === tile[0] && m.tile[1] === tile[1])
    .sort((x, y) => suitOf(y) - suitOf(x)); // a lead named two ways: the higher end first, as the hand reads
}

function suitOf(move) {
  return typeof move.value === "number" ? move.value : 0;
}

