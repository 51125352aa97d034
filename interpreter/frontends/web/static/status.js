// The status line: whose turn, who is to continue, what this seat is asked; a message of the page's
// own (an error stays while the table is as it was when it was said); a lost connection.
import { $ } from "./page.js";
import { names } from "./common.js";
import { tap, touchScreen } from "./touch.js";
import { myTurn, tableKey, view } from "./view.js";

let pinned = null; // the table an error was said at: it stays until the table moves on
let connectionLost = false; // while the live stream is down (the browser reconnects by itself)

// A message of the page's own; an error stays while the table is as it was when it was said.
export function status(text, error = false) {
  say(text, error);
  pinned = error ? tableKey(view()) : null;
}

// A move was played: an error said before it is old news.
export function unpin() {
  pinned = null;
}

function say(text, error = false) {
  const box = $("status");
  box.textContent = text;
  box.classList.toggle("error", error);
}

// The live stream dropped: said until it is back.
export function connectionDown() {
  connectionLost = true;
  showStatus();
}

export function connectionBack() {
  if (!connectionLost) return;
  connectionLost = false;
  showStatus(); // the stream's first message is the table as it is now
}

// The status the table itself gives: whose turn, who is to continue, a lost connection.
export function showStatus() {
  const state = view();
  if (!state) return;
  if (connectionLost) { say("Connection lost — reconnecting…", true); return; }
  if (pinned !== null && pinned === tableKey(state)) return;
  pinned = null;
  const waiting = state.to_continue || [];
  const who = names(state, state.seat);
  if (state.over) say(state.spectator ? "The match is over." : "The match is over. Play again, or look at the table.");
  else if (waiting.includes(state.seat)) say(`Round ${state.round} is over: look at the table, then press Continue for the next deal.`);
  else if (waiting.length) say(`Waiting for ${waiting.map((s) => who[s]).join(" and ")} to continue…`);
  else if (!state.spectator && ((state.seats || [])[state.seat] || {}).stand_in) say("A computer plays your seat: take it back when you are ready.");
  else if (myTurn()) say(turnWords());
  else if (state.spectator && state.current_player !== null && state.current_player !== undefined) say(`Watching: ${who[state.current_player]} to play.`);
  else if (state.current_player !== null && state.current_player !== undefined) say(`Waiting for ${who[state.current_player]}…`);
  else say("");
}

// What is asked of the player now: the page's words per kind of phase (the view's phase_kind),
// registered once; a kind nobody registered is refused here.
const ASKED = {
  // A touch screen says how: a tile tapped is played, or lights its places to tap.
  layout: () => (touchScreen() ? "Your turn: tap a tile to play it (then its place, where it fits several)." : "Your turn."),
  crib: (state, t) => `Lay ${t.to_crib} tile${t.to_crib === 1 ? "" : "s"} face down into the crib: ${tap()} ${t.to_crib === 1 ? "it" : "each"} in your hand.`,
  counting: (state, t) => (state.legal.some((m) => m.kind === "go")
    ? `No tile of yours fits under ${t.limit} (the count is ${t.total}): say go.`
    : `Your turn: lay a tile (the count is ${t.total}; it may not pass ${t.limit}).`),
  tableau: (state) => `Your turn: tap free tiles that make ${state.tableau.total}, or choose a move.`,
  auction: (state, t) => {
    if (t.turn_up_auction) { // over the turned-up suit (bidding.bids: turn_up)
      return t.turned_down ? "Your turn: name another suit as trumps, or pass." : `Your turn: accept ${t.offered} as trumps, or pass.`;
    }
    return t.bid === null ? "Your turn: bid or pass." : `Your turn: bid over ${t.bid_text}, or pass.`;
  },
  declaration: (state, t) => {
    const contracts = state.legal.filter((m) => m.contract).length;
    const placing = state.legal.some((m) => m.kind === "doubles"); // contracts[].doubles: declared
    if (state.seat !== t.bidder) return `Your partner declared ${t.contract}: ${placing ? "announce where the doubles rank" : "name trumps"}, then lead.`;
    const what = placing ? "announce where the doubles rank"
      : !contracts ? "name trumps" : contracts === state.legal.length ? `declare ${state.legal[0].contract}` : "name trumps or declare a contract";
    if (t.turn_up_auction) return `You made ${t.made} trumps: play them as they are, or declare a contract.`;
    return `You won the bid at ${t.contract_text || t.bid_text}: ${what}.`;
  },
  calls: (state) => (state.legal.some((m) => m.kind === "redeal") // deal.redeal_claim, in a layout game
    ? "Your hand may claim a redeal: keep it, or show it and have the tiles dealt again."
    : "Your call before the first lead: keep this hand, drop out, or exchange it."),
  discard: (state, t) => `Lay ${t.to_discard} tile${t.to_discard === 1 ? "" : "s"} face down: ${tap()} ${t.to_discard === 1 ? "it" : "each"} in your hand.`,
  passing: (state, t) => `Pass ${t.to_give} tile${t.to_give === 1 ? "" : "s"} face down to ${t.pass_to}: ${tap()} ${t.to_give === 1 ? "it" : "each"} in your hand.`,
  melding: (state, t) => (state.legal.some((m) => m.kind === "meld")
    ? `Show your melds one at a time (${tap()} one below), then pass: no more melds.`
    : `You have no ${(t.melds || []).some((m) => m.seat === state.seat) ? "other " : ""}meld to show: pass.`),
  undealt: () => `You took the turned-up tile: lay one of yours away face down, or the turned-up tile itself face up (${tap()} it in your hand).`,
  partition: (state, t) => `Your turn: split your tiles into ${t.groups.join(" and ")} — choose a split on the table.`,
  tricks: (state, t) => {
    if (t.grouped && t.lead_size) {
      const n = t.lead_size === 1 ? "a tile" : `${t.lead_size} tiles`;
      return `Your turn: play ${n} (${t.led}): pick ${t.lead_size === 1 ? "it" : "them"}, then Play.`;
    }
    if (t.grouped) return "Your turn: lead a tile, or a combination: pick, then Lead.";
    if (t.led) return `Your turn: play a tile (${t.led}).`;
    const named = state.legal.some((m) => m.kind === "play" && m.suit);
    const close = state.legal.some((m) => m.kind === "close");
    return `Your turn: lead a tile${named ? ", then say which of its ends is the suit" : ""}${close ? " (or close the stock)" : ""}.`;
  },
  // A draw and discard turn (web/draw_discard_view.py): its step in words.
  draw_discard: (state, t) => `Your turn: ${t.step_words}${state.legal.some((m) => m.kind === "discard") ? ` (${tap()} a tile in your hand to discard it)` : ""}.`,
};

export function turnWords() {
  const state = view();
  const asked = ASKED[state.phase_kind];
  if (!asked) throw new Error(`the page has no words registered for the phase kind ${JSON.stringify(state.phase_kind)} (registered: ${Object.keys(ASKED).join(", ")})`);
  return asked(state, state.tricks);
}
