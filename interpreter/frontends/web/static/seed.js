// Whose deal it is: a seed a person chose (or that came with a save opened here) lets them know
// every hand, so the table tells everyone, with the seed exactly as the server sent it (text: a
// JavaScript number rounds a seed past 2**53). A seed the server drew is never sent. Said in a bar
// under the players, and on a phone in the topbar under the game's name (style.css).
import { h } from "./common.js";
import { $ } from "./page.js";

export function renderSeed(state) {
  const known = state.known_seed;
  document.body.classList.toggle("seed-known", Boolean(known));
  $("seed-note").hidden = $("seed-badge").hidden = !known;
  if (!known) return;
  const saved = known.how === "save";
  const said = saved ? `Dealt from seed ${known.seed}, of an opened save` : `Dealt from chosen seed ${known.seed}`;
  const why = `${saved ? "whoever had the save" : "whoever chose it"} may know every hand`;
  $("seed-note").replaceChildren(said, h("span", { class: "seed-why" }, `: ${why}.`));
  $("seed-badge").textContent = saved ? `Seed ${known.seed} (a save's)` : `Chosen seed ${known.seed}`;
  $("seed-badge").title = `${said}: ${why}.`;
}
