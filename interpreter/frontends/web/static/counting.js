// A counting game's table (Domino Cribbage): the running total against its limit, drawn as a bar
// with the totals that score marked on it; the tiles laid since the count started; each seat's
// tiles laid this hand, who said go and whose turn it is; the crib (face down, the viewer's own
// tiles named) and the starter turned up. Everything drawn here is read from the view's `tricks`
// (the engine's CountingView and the terminal's words): the page decides no rule.
import { backSvg, tileSvg, tileText } from "./dominoes.js";
import { h, seatName } from "./common.js";
import { send } from "./moves.js";

function tiles(list, cls = "") {
  return h("span", { class: `tiles ${cls}`.trim() }, list.map(([a, b]) => tileSvg(b, a, { vertical: true })));
}

function countBar(t) {
  const pct = (n) => `${Math.min(100, (100 * n) / t.limit)}%`;
  const bar = h("div", { class: "count-bar", role: "meter", "aria-valuemin": 0, "aria-valuemax": t.limit, "aria-valuenow": t.total,
    "aria-label": `running total ${t.total} of ${t.limit}` });
  bar.append(h("div", { class: "count-fill", style: `width: ${pct(t.total)}` }));
  for (const mark of t.marks || []) bar.append(h("span", { class: "count-mark", style: `left: ${pct(mark)}`, title: `${mark} scores` }, String(mark)));
  return bar;
}

export function renderCountTable(box, state, viewer) {
  const t = state.tricks;
  box.classList.add("count-table");
  const dealer = seatName(state, t.dealer, viewer);
  const crib = h("div", { class: "count-crib" }, h("span", { class: "count-label" }, `${dealer === "You" ? "Your" : `${dealer}'s`} crib`),
    h("span", { class: "tiles" }, Array.from({ length: t.crib_size }, () => backSvg())),
    t.crib.length ? h("span", { class: "quiet" }, `yours: ${t.crib.map(([a, b]) => tileText(b, a)).join(" ")}`) : null);
  const starter = h("div", { class: "count-starter" }, h("span", { class: "count-label", title: "turned up by the dealer: it counts in every hand and in the crib at the show" }, "Starter"),
    t.turn_up ? tiles([t.turn_up]) : h("span", { class: "quiet" }, "turned up once the crib is full"));
  const top = h("div", { class: "count-top" }, starter, crib);
  const playing = t.phase !== "crib";
  const total = h("div", { class: "count-total" },
    h("div", { class: "count-number" }, playing ? `${t.total}` : "—", h("span", { class: "count-of" }, ` of ${t.limit}`)),
    countBar(t),
    h("div", { class: "count-since" }, playing ? (t.count.length ? tiles(t.count.map(([, tile]) => tile)) : h("span", { class: "quiet" }, "a new count starts from 0")) : h("span", { class: "quiet" }, `Lay ${t.crib_size ? "the rest of " : ""}the crib first`)));
  const seats = h("div", { class: "count-seats" });
  for (const seat of t.order) {
    const turn = state.current_player === seat;
    const gone = t.gone.includes(seat);
    seats.append(h("div", { class: `count-seat${turn ? " turn" : ""}` },
      h("span", { class: "count-name" }, seatName(state, seat, viewer), seat === t.dealer ? h("span", { class: "quiet" }, " · deals") : null,
        gone ? h("span", { class: "count-go" }, "go") : null),
      tiles(t.laid[seat] || [], "small"), h("span", { class: "quiet" }, `${state.hand_counts[seat]} in hand`)));
  }
  const go = viewer !== null && viewer !== undefined && state.current_player === viewer ? state.legal.find((m) => m.kind === "go") : null;
  // replaceChildren writes a null as the word "null": the go button only when there is one
  const goButton = go ? [h("button", { type: "button", class: "choice count-go-button", onclick: () => send(go) }, "Go — no tile fits under " + t.limit)] : [];
  box.replaceChildren(top, total, seats, ...goButton);
}

// The hand's shows so far beside the last actions (each called as a cribbage player calls it).
export function countScore(state, viewer) {
  const shows = (state.tricks && state.tricks.shows) || [];
  if (!shows.length) return "";
  return showList(state, shows, viewer);
}

export function showList(state, shows, viewer) {
  const list = h("ul", { class: "words count-shows" });
  for (const s of shows) {
    const who = seatName(state, s.seat, viewer);
    list.append(h("li", {}, `${who}${s.crib ? " (crib)" : ""}: `, tiles(s.tiles, "small"), s.turn_up ? tiles([s.turn_up], "small starter") : null,
      ` ${s.called} — ${s.points}`));
  }
  return list;
}
