// A draw and discard table (Three Dozen, K'ap Tái Shap): the stock, the face-up discards with the
// last one marked and who laid it, each player's groups laid face up and the tiles each is known to
// hold (taken from the discards), and whose turn it is at which step. Drawn in #trick-table from
// the view's board part ("tricks": web/draw_discard_view.py), which holds nothing hidden.
import { h, seatName } from "./common.js";
import { tileSvg, tileText } from "./dominoes.js";

function tiles(list, cls = "") {
  return h("span", { class: `dd-tiles ${cls}`.trim() }, ...list.map(([a, b]) => tileSvg(b, a, { vertical: true })));
}

function seatRow(state, seat, viewer) {
  const t = state.tricks;
  const groups = t.shown[seat] || [];
  const known = t.known[seat] || [];
  const turn = t.current === seat;
  const name = seatName(state, seat, viewer);
  return h("div", { class: `dd-seat${turn ? " turn" : ""}`, "aria-label": `${name}: ${state.hand_counts[seat]} tiles in hand` },
    h("span", { class: "dd-name" }, `${turn ? "▶ " : ""}${name}`),
    h("span", { class: "dd-count" }, `${state.hand_counts[seat]} in hand`),
    ...groups.map(([kind, group]) => h("span", { class: "dd-group", title: `${kind}: ${group.map(([a, b]) => tileText(b, a)).join(" ")}` },
      h("span", { class: "dd-kind" }, kind), tiles(group))),
    known.length ? h("span", { class: "dd-known", title: "taken from the discards, still held" }, "holds ", tiles(known, "small")) : null);
}

export function renderDrawDiscardTable(box, state, viewer) {
  const t = state.tricks;
  box.classList.remove("round", "holding");
  box.classList.add("dd-table");
  box.onclick = null;
  const last = t.discards.length ? t.discards[t.discards.length - 1] : null;
  const row = h("div", { class: "dd-discards", "aria-label": "The discards, face up" },
    h("span", { class: "dd-label" }, "Discards"),
    t.discards.length ? h("span", { class: "dd-row" }, ...t.discards.map(([seat, [a, b]], i) => h("span", {
      class: `dd-discard${i === t.discards.length - 1 ? " last" : ""}`, title: `${tileText(b, a)} by ${seatName(state, seat, viewer)}`,
    }, tileSvg(b, a, { vertical: true })))) : h("em", {}, "none yet"),
    last ? h("span", { class: "dd-last" }, `last: ${tileText(last[1][1], last[1][0])} by ${seatName(state, last[0], viewer)}`) : null);
  const stock = h("div", { class: "dd-stock" },
    h("strong", {}, `Stock: ${t.stock}`), ` · turn ${t.turns + 1} (at most ${t.turn_limit})`,
    t.dead.length ? h("span", { class: "dd-dead" }, " · turned down: ", tiles(t.dead, "small")) : null);
  const whose = t.current === null || t.current === undefined ? ""
    : `${seatName(state, t.current, viewer)}: ${t.step_words}`;
  const seats = Array.from({ length: state.hand_counts.length }, (_, s) => seatRow(state, s, viewer));
  box.replaceChildren(h("div", { class: "dd-banner" }, whose), stock, row, h("div", { class: "dd-seats" }, ...seats));
}
