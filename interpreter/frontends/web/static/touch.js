// A touch screen (a phone, a tablet; its main pointer a finger): no keyboard to hint at, and a
// finger taps where a mouse clicks. The key hints themselves are hidden by the stylesheet's
// same media query; this says the page's own words.
const finger = window.matchMedia("(pointer: coarse), (hover: none)");

// "tap" on a touch screen, "click" elsewhere.
export function tap() {
  return finger.matches ? "tap" : "click";
}

// `words` about keys (" (or ↑/↓ and Enter)"), said only where there is a keyboard to press them.
export function keysSaid(words) {
  return finger.matches ? "" : words;
}

export function touchScreen() {
  return finger.matches;
}
