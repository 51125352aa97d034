// A hint: the computer's moves for this seat, best first, listed beside the table; the first is
// chosen, so that Enter plays it.
import { h } from "./common.js";
import { isGrouped } from "./plays.js";
import { highlight } from "./board.js";
import { renderControls, renderHand } from "./hand.js";
import { $, api } from "./page.js";
import { choose, setHinted, setPicks } from "./selection.js";
import { status } from "./status.js";
import { handTiles, movesFor, view } from "./view.js";

export async function hint() {
  const res = await fetch(api("hint"));
  const body = await res.json().catch(() => ({}));
  const box = $("hints");
  if (!res.ok) { box.textContent = `No hint: ${body.error || res.status}`; return; }
  const items = (body.moves || []).map((m) => h("li", {}, m.text, m.words ? h("span", { class: "lede" }, ` — ${m.words}`) : ""));
  box.replaceChildren(h("h2", {}, `Hint (${body.player || "computer"})`), h("ol", {}, ...items));
  const state = view();
  const first = (body.moves || [])[0];
  if (first && isGrouped(state)) { // the hint's tiles picked: Enter plays them
    // A listed play, or (to follow several tiles, built by picks) the whole play with its tiles.
    const move = first.index === null ? null : state.legal.find((m) => m.index === first.index);
    const tiles = first.tiles || (move && move.tiles);
    if (tiles) {
      const picked = [];
      for (const [a, b] of tiles) {
        const i = state.hand.findIndex((t, k) => !picked.includes(k) && t[0] === a && t[1] === b);
        if (i >= 0) picked.push(i);
      }
      setPicks(picked);
      if (move) setHinted(move.index);
      renderHand(); renderControls();
    }
    status(`Hint: ${first.text}`);
    return;
  }
  if (first) {
    const move = state.legal.find((m) => m.index === first.index);
    if (move && !move.tile) { setHinted(move.index); renderControls(); }
    if (move && move.tile) {
      const tile = handTiles().findIndex((t) => t[0] === move.tile[0] && t[1] === move.tile[1]);
      choose(tile, Math.max(0, movesFor(move.tile).findIndex((m) => m.index === move.index)));
      renderHand(); highlight();
    }
    status(`Hint: ${first.text}`);
  }
}

// A hint is for one table: gone once the table moves on.
export function clearHints() {
  $("hints").replaceChildren();
}
