// "Scores so far": the rounds so far, how each ended, what each side made, the totals; Esc or
// Enter closes it (before the table's own keys see them).
import { scoreSheet } from "./common.js";
import { $ } from "./page.js";
import { view } from "./view.js";

function showScores() {
  const state = view();
  $("scores-body").replaceChildren(scoreSheet(state, state.seat));
  $("scores").hidden = false;
  $("scores-close").focus();
}

function closeScores() {
  $("scores").hidden = true;
  $("scores-button").focus();
}

export function setupScores() {
  $("scores-button").addEventListener("click", showScores);
  $("scores-close").addEventListener("click", closeScores);
  window.addEventListener("keydown", (event) => {
    if ($("scores").hidden || (event.key !== "Escape" && event.key !== "Enter")) return;
    if (event.key === "Enter" && event.target.closest && event.target.closest("button") && event.target.id !== "scores-close") return;
    event.preventDefault(); event.stopImmediatePropagation();
    closeScores();
  }, true);
}
