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
