// A card that opens (a round's end, the match's) takes the keyboard's focus, so that a keyboard or
// a screen reader is in it at once, and gives it back where it was when it closes.
const before = new Map(); // each open card: what had the focus when it opened

// `card` opened: the focus goes to `target` (a button of the card, or the card itself).
export function cardOpened(card, target = card) {
  if (!before.has(card)) before.set(card, document.activeElement);
  target.focus({ preventScroll: true });
}

// `card` closed: the focus goes back where it was, or to `fallback()` where that is gone (the hand
// redrawn for the next deal), unless the person has put it somewhere else meanwhile.
export function cardClosed(card, fallback = () => null) {
  if (!before.has(card)) return;
  const was = before.get(card);
  before.delete(card);
  const now = document.activeElement;
  if (now && now !== document.body && !card.contains(now)) return;
  const back = was && was !== document.body && was.isConnected ? was : fallback();
  if (back) back.focus({ preventScroll: true });
}

// While a card covers the table (a round's end unfolded, the scores so far), Tab and Shift+Tab go
// round its own buttons rather than to the table hidden behind it.
window.addEventListener("keydown", (event) => {
  if (event.key !== "Tab") return;
  const card = [...document.querySelectorAll(".overlay:not([hidden]):not(.peek) > [role=dialog]")].pop(); // the topmost
  if (!card) return;
  const stops = [...card.querySelectorAll("button, a[href], select, input, [tabindex]:not([tabindex='-1'])")]
    .filter((el) => !el.disabled && !el.closest("[hidden]") && el.getClientRects().length);
  if (!stops.length) return;
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const at = document.activeElement;
  const inside = card.contains(at) && at !== card; // the card itself (focused as it opened) is before its first button
  if (!inside || at === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
});
