// A round's end and the match's: the summary over the table, the result first (who won and the
// final score, or a round's scores in one line, with the buttons beside them), the details under
// it. Where the table waits for its people (the server says who is still to continue) it is kept
// until this person presses Continue (a spectator may close it); otherwise it stays until
// dismissed, even once the next round has begun.
import { h, matchEnd, roundEndBody } from "./common.js";
import { boardOf } from "./boards.js";
import { cardClosed, cardOpened } from "./dialog.js";
import { refresh } from "./live.js";
import { $, postJson } from "./page.js";
import { finalScore, matchHeadline, roundScore } from "./result.js";
import { status } from "./status.js";
import { show, view } from "./view.js";

let dismissed = null; // the round whose end this page closed ("over": the match's end)
let firstRound = null; // the round this page first showed: an earlier round's end is old news

export function renderRoundEnd() {
  const state = view();
  if (firstRound === null) firstRound = Math.min(state.round, state.round_end ? state.round_end.round : state.round);
  // A table that waits at a round's end (the server says who is still to continue): the summary
  // is up, the finished table behind it, until this person continues; the match's end as below.
  if (Array.isArray(state.to_continue) && !state.over) renderKept(state);
  else renderLast(state);
}

const card = () => document.querySelector("#round-end .card");

// The card shown: opened at its top, the focus in it (on `target`) when it was hidden till now.
function open(target) {
  const overlay = $("round-end");
  const opening = overlay.hidden;
  overlay.hidden = false;
  if (!opening) return;
  card().scrollTop = 0;
  cardOpened(card(), target);
}

// The card hidden: the focus back where it was, or on the hand where that was redrawn meanwhile
// (the hand itself: its tiles are drawn anew at every move, and the table's keys work from there).
function close() {
  $("round-end").hidden = true;
  cardClosed(card(), () => {
    const hand = $("hand");
    if (hand.hidden || !hand.getClientRects().length) return null;
    hand.tabIndex = -1;
    return hand;
  });
}

function head(title, score) {
  $("round-end-title").replaceChildren(title);
  $("round-end-score").replaceChildren(...score);
  $("round-end-score").hidden = score.length === 0;
}

// The round's end the table waits at: kept up for this person until they continue.
function renderKept(state) {
  const overlay = $("round-end");
  const peek = $("round-end-peek");
  // A spectator sees it too while the people look at it, with nothing to continue: Close.
  const watching = state.spectator && state.to_continue.length > 0 && state.round_end
    && dismissed !== `${state.round_end.round}`;
  const end = state.to_continue.includes(state.seat) || watching ? state.round_end : null;
  overlay.classList.toggle("kept", Boolean(end));
  peek.hidden = !end;
  if (!end) { overlay.classList.remove("peek"); close(); return; }
  head(`Round ${end.round} over`, roundScore(state, end));
  $("round-end-body").replaceChildren(roundEndBody(state, state.seat, end, true));
  $("round-end-close").textContent = state.spectator ? "Close" : "Continue";
  $("round-end-close").onclick = state.spectator
    ? () => { dismissed = `${end.round}`; peek.hidden = true; close(); }
    : continueRound;
  peek.textContent = overlay.classList.contains("peek") ? "Show the summary" : "See the table";
  peek.onclick = () => {
    peek.textContent = overlay.classList.toggle("peek") ? "Show the summary" : "See the table";
  };
  open($("round-end-close")); // a keyboard or a screen reader starts at Continue
}

// The last round's end, or the match's, until dismissed.
function renderLast(state) {
  const overlay = $("round-end");
  $("round-end-peek").hidden = true;
  overlay.classList.remove("kept", "peek");
  // The last round's end stays up until it is dismissed, even once the next round has begun
  // (a computer may bid at once after a hand), unless it ended before this page was opened.
  const recent = state.last_round_end && state.last_round_end.round >= firstRound ? state.last_round_end : null;
  const end = state.round_end || recent;
  const key = end ? `${end.round}` : null;
  if (!((end && key !== dismissed) || (state.over && dismissed !== "over"))) { close(); return; }
  if (state.over) head(h("span", { id: "match-winner" }, matchHeadline(state)), finalScore(state));
  else head(`${boardOf(state).roundWord} ${end.round} over`, roundScore(state, end));
  $("round-end-body").replaceChildren(end ? roundEndBody(state, state.seat, end, true) : matchEnd(state, state.seat, true));
  $("round-end-close").textContent = state.over ? "Look at the table" : "Continue";
  $("round-end-close").onclick = () => { dismissed = view().over ? "over" : key; close(); };
  // The match's end: the card itself, Play again the next Tab; a round's: its Continue.
  open(state.over ? card() : $("round-end-close"));
}

// This person has looked at the round's end: the server shows them the next deal (played once
// every person at the table has continued).
async function continueRound() {
  const button = $("round-end-close");
  if (button.disabled) return;
  button.disabled = true;
  try {
    const res = await postJson("continue", "{}");
    const body = await res.json().catch(() => ({}));
    if (res.ok) show(body.state);
    else { await refresh(); status(`Could not continue: ${body.error || res.status}.`, true); }
  } catch (err) {
    status(`Could not continue: the server did not answer (${err.message}).`, true);
  } finally {
    button.disabled = false;
  }
}
