// The last actions. Beside the table the list scrolls on its own, under the hand's score, and
// keeps the newest in sight as it grows (unless the person has scrolled up to read an older
// one); on a phone it is one line under the table, and its button opens the whole list: the
// focus goes into it, and Esc folds it again with the focus back on the button.
import { $ } from "./page.js";

// Draws the list by `draw()`, each scroller of it that was at its end kept at its end.
export function followLog(draw) {
  const scrollers = [$("last-actions"), document.querySelector(".side-panel")];
  const atEnd = scrollers.map((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 4);
  draw();
  scrollers.forEach((el, k) => { if (atEnd[k]) el.scrollTop = el.scrollHeight; });
}

function fold(open) {
  $("log-toggle").setAttribute("aria-expanded", String(open));
  document.body.classList.toggle("log-open", open);
}

export function setupLog() {
  const toggle = $("log-toggle");
  const list = $("last-actions");
  list.tabIndex = -1; // focused when opened, for a screen reader to read on from there
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    fold(open);
    if (open) list.focus({ preventScroll: true });
  });
  // Esc in the opened list folds it (before the table's own keys see it).
  window.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !document.body.classList.contains("log-open")) return;
    if (!list.contains(event.target) && event.target !== toggle) return;
    event.preventDefault(); event.stopImmediatePropagation();
    fold(false);
    toggle.focus();
  }, true);
}
