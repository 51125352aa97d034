// The table page: draws the seat's view, plays its moves, follows the others live (server-sent
// events). This module wires the page's parts together: each part keeps its own state.
import { h, names, renderPlayers } from "./common.js";
import { boardOf } from "./boards.js";
import { drawTable } from "./board.js";
import { renderFriends, sitDown, skipName } from "./friends.js";
import { renderControls, renderHand } from "./hand.js";
import { clearHints, hint } from "./hint.js";
import { onKey } from "./keys.js";
import { listen, refresh } from "./live.js";
import { followLog, setupLog } from "./log.js";
import { renderPace, setupPace } from "./pace.js";
import { noteClock, renderPresenceLine } from "./presence.js";
import { $, hasSeat } from "./page.js";
import { renderRoundEnd } from "./round_end.js";
import { placeBubbles, renderSayings, setupSayings } from "./sayings.js";
import { setupScores } from "./scores.js";
import { renderSeed } from "./seed.js";
import { carry } from "./selection.js";
import { showStatus, status } from "./status.js";
import { onShow, view } from "./view.js";
import { rememberTable } from "./your_tables.js";

onShow((previous, next) => {
  if (previous && previous.version !== next.version) clearHints();
  carry(previous, next);
  render();
});

function render() {
  const state = view();
  noteClock(state); // before the seats are drawn: their ages and countdowns are on the server's clock
  const board = boardOf(state);
  const word = board.roundWord; // a trick game's rounds are hands, as its players say
  document.title = `${state.title} · ${word.toLowerCase()} ${state.round}`;
  $("title").textContent = state.title;
  const unit = board.unit(state);
  const goal = [state.rounds ? `of ${state.rounds}` : "", state.target ? `· first to ${state.target}${unit}` : "",
    state.until_one_left && !state.rounds && !state.target ? "· until one player is left" : ""];
  $("round-info").textContent = [`${word} ${state.round}`, ...goal].filter(Boolean).join(" ");
  $("boneyard").textContent = board.boneyard ? `Boneyard: ${state.boneyard_count}` : "";
  renderPlayers($("players"), state, state.seat);
  renderSeed(state);
  drawTable();
  renderHand();
  renderControls();
  renderLog();
  renderRoundEnd();
  renderFriends();
  renderPresenceLine(names(state, state.seat));
  renderPace();
  renderSayings();
  showStatus();
}

function renderLog() {
  const state = view();
  followLog(() => { // the newest action kept in sight
    $("last-actions").replaceChildren(...(state.last_actions || []).map((line) => h("li", {}, line)));
    $("ends").textContent = state.ends_said || "";  // only where the rules score the open ends, in their words
    $("trick-score").replaceChildren(boardOf(state).score(state, state.seat));
  });
}

window.addEventListener("keydown", onKey);
// The table is drawn to its area's shape: drawn again whenever the area changes size (a window
// resized, the hand wrapping to another row, the last actions opened on a phone).
let areaSize = "";
new ResizeObserver(() => {
  const area = $("table-area");
  const size = `${area.clientWidth}x${area.clientHeight}`;
  if (size === areaSize) return;
  areaSize = size;
  if (view()) { drawTable(); placeBubbles(); }
}).observe($("table-area"));
setupLog();
$("hint-button").addEventListener("click", hint);
$("name-form").addEventListener("submit", sitDown);
$("name-skip").addEventListener("click", skipName);
setupScores();
(async () => {
  if (!hasSeat()) { status("This link has no table or seat token.", true); return; }
  await refresh();
  rememberTable(view()); // the start page lists it under "Your tables"
  setupPace();
  await setupSayings();
  listen();
  document.body.dataset.ready = "1";
})();
