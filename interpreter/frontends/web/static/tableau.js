// A patience by totals (the tableau board): the columns fanned downward as a card patience, each
// column's last tile free; the spares beside them; the stock's size. Tapping free tiles picks
// them and shows their sum ("5 + 7 = 12"); once they make a legal removal it is played. The moves
// are also offered as buttons (a removal by its tiles, a tile moved into an empty column).
import { h } from "./common.js";
import { tileSvg, tileText } from "./dominoes.js";
import { send } from "./moves.js";
import { myTurnIn } from "./view.js";

let picked = []; // the free tiles tapped, as "a-b"

const key = (t) => `${t[0]}-${t[1]}`;
const pips = (t) => t[0] + t[1];

function removals(state) {
  return myTurnIn(state) ? state.legal.filter((m) => m.kind === "remove") : []; // the state drawn: a seat's, a spectator's, a replay's
}

function tileNode(t, { free, usable, chosen, onTap }) {
  const cls = ["tableau-tile", free ? "free" : "", usable ? "usable" : "", chosen ? "picked" : ""].filter(Boolean).join(" ");
  if (t === null) return h("div", { class: `${cls} face-down`, title: "face down", "aria-label": "a face-down tile" }, h("div", { class: "back-h" }));
  const label = `${tileText(t[1], t[0])}${free ? " (free)" : ""}`;
  const attrs = { class: cls, title: label, "aria-label": label };
  if (usable) Object.assign(attrs, { role: "button", tabindex: "0", onclick: onTap, onkeydown: (e) => { if (e.key === "Enter") onTap(); } });
  return h("div", attrs, tileSvg(t[1], t[0], { vertical: false }));
}

function sumLine(state, chosen) {
  const t = state.tableau;
  if (!chosen.length) {
    return myTurnIn(state) ? `Tap ${t.size} free tiles that make ${t.total}.` : "";
  }
  const total = chosen.reduce((s, c) => s + pips(c), 0);
  const said = `${chosen.map(pips).join(" + ")} = ${total}`;
  if (chosen.length < t.size) return `${said} … (${t.size - chosen.length} more)`;
  return total === t.total ? `${said}` : `${said}: not ${t.total}`;
}

export function renderTableau(box, state, viewer) {
  const t = state.tableau;
  const offered = removals(state);
  const usableKeys = new Set(offered.flatMap((m) => m.tiles.map(key)));
  picked = picked.filter((k) => usableKeys.has(k));
  const chosenTiles = picked.map((k) => k.split("-").map(Number));
  const rerender = () => renderTableau(box, state, viewer);
  const tap = (tile) => () => {
    const k = key(tile);
    picked = picked.includes(k) ? picked.filter((x) => x !== k) : [...picked, k];
    const want = [...picked].sort().join(" ");
    const move = offered.find((m) => m.tiles.map(key).sort().join(" ") === want);
    if (move) { picked = []; send(move); return; }
    if (picked.length >= t.size) picked = picked.slice(-1); // a full pick that makes no removal: start again from the last tap
    rerender();
  };
  const columns = t.columns.map((column, c) => h("div", { class: "tableau-column", "aria-label": `column ${c + 1}` },
    h("div", { class: "tableau-number" }, String(c + 1)),
    ...(column.length ? column.map((tile, i) => {
      const free = i === column.length - 1;
      const usable = free && tile !== null && usableKeys.has(key(tile));
      return tileNode(tile, { free, usable, chosen: usable && picked.includes(key(tile)), onTap: usable ? tap(tile) : null });
    }) : [h("div", { class: "tableau-empty" }, "empty")])));
  const spares = t.spares.length ? h("div", { class: "tableau-spares" }, h("span", { class: "quiet" }, "Spares (free any time):"),
    ...t.spares.map((tile) => {
      const usable = usableKeys.has(key(tile));
      return tileNode(tile, { free: true, usable, chosen: usable && picked.includes(key(tile)), onTap: usable ? tap(tile) : null });
    })) : null;
  const facts = [t.stock ? `Stock: ${t.stock}` : null, `Removed: ${t.removed.length} of ${t.set_size}`].filter(Boolean).join(" · ");
  const end = t.outcome === "cleared" ? "Every tile removed: won!" : t.outcome === "stuck" ? "No removal left: the patience is lost." : "";
  const buttons = myTurnIn(state) ? state.legal.map((m) => h("button", {
    type: "button", class: `choice choice-${m.kind}`, title: m.text, "aria-label": m.text, "data-index": m.index,
    onclick: () => { picked = []; send(m); },
  }, m.kind === "remove" ? `${m.tiles.map((x) => tileText(x[1], x[0])).join(" ")} (${m.sum})` : `Move ${tileText(m.tiles[0][1], m.tiles[0][0])} to column ${m.value}`)) : [];
  box.classList.add("tableau");
  box.onclick = null;
  box.replaceChildren(...[
    h("div", { class: "tableau-banner" }, h("strong", {}, `Make ${t.total}`), ` with ${t.size} free tiles · ${facts}`),
    h("div", { class: "tableau-columns" }, ...columns),
    spares,
    h("div", { class: "tableau-sum", "aria-live": "polite" }, end || sumLine(state, chosenTiles)),
    buttons.length ? h("div", { class: "tableau-moves" }, h("span", { class: "quiet" }, "Or choose:"), ...buttons) : null,
  ].filter(Boolean));
}
