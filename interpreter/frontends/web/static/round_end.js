// A round's end and the match's: the summary over the table. Where the table waits for its people
// (the server says who is still to continue) it is kept until this person presses Continue (a
// spectator may close it); otherwise it stays until dismissed, even once the next round has begun.
import { matchEnd, roundEndBody } from "./common.js";
import { boardOf } from "./boards.js";
import { refresh } from "./live.js";
import { $, postJson } from "./page.js";
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

// The round's end the table waits at: kept up for this person until they continue.
function renderKept(state) {
  const overlay = $("round-end");
  const peek = $("round-end-peek");
  // A spectator sees it too while the people look at it, with nothing to continue: Close.
  const watching = state.spectator && state.to_continue.length > 0 && state.round_end
    && dismissed !== `${state.round_end.round}`;
  const end = state.to_continue.includes(state.seat) || watching ? state.round_end : null;
  const opening = Boolean(end) && overlay.hidden;
  overlay.hidden = !end;
  overlay.classList.toggle("kept", Boolean(end));
  peek.hidden = !end;
  if (!end) { overlay.classList.remove("peek"); return; }
  $("round-end-title").textContent = `Round ${end.round} over`;
  $("round-end-body").replaceChildren(roundEndBody(state, state.seat, end));
  $("round-end-close").textContent = state.spectator ? "Close" : "Continue";
  $("round-end-close").onclick = state.spectator
    ? () => { dismissed = `${end.round}`; overlay.hidden = true; peek.hidden = true; }
    : continueRound;
  peek.textContent = overlay.classList.contains("peek") ? "Show the summary" : "See the table";
  peek.onclick = () => {
    peek.textContent = overlay.classList.toggle("peek") ? "Show the summary" : "See the table";
  };
  if (opening) $("round-end-close").focus(); // a keyboard or a screen reader starts at Continue
}

// The last round's end, or the match's, until dismissed.
function renderLast(state) {
  const overlay = $("round-end");
  const peek = $("round-end-peek");
  peek.hidden = true;
  overlay.classList.remove("kept", "peek");
  // The last round's end stays up until it is dismissed, even once the next round has begun
  // (a computer may bid at once after a hand), unless it ended before this page was opened.
  const recent = state.last_round_end && state.last_round_end.round >= firstRound ? state.last_round_end : null;
  const end = state.round_end || recent;
  const key = end ? `${end.round}` : null;
  if ((end && key !== dismissed) || (state.over && dismissed !== "over")) {
    const word = boardOf(state).roundWord;
    $("round-end-title").textContent = state.over ? "Match over" : `${word} ${end.round} over`;
    const body = $("round-end-body");
    body.replaceChildren(end ? roundEndBody(state, state.seat, end) : matchEnd(state, state.seat));
    overlay.hidden = false;
    $("round-end-close").textContent = state.over ? "Look at the table" : "Continue";
    $("round-end-close").onclick = () => { dismissed = view().over ? "over" : key; overlay.hidden = true; };
  } else {
    overlay.hidden = true;
  }
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
