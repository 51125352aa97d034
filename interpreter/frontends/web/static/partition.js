// A partition table (Pai Gow, Tau Ngau): who banks, each seat's tiles face down until the
// showdown (set, still to split, or stuck), the viewer's splits to choose from with what each
// group is worth, and the last showdown with every hand turned up, its groups named and what
// each player settled with the bank. The view holds nothing the viewer may not see.
import { h, seatName } from "./common.js";
import { backSvg, tileSvg, tileText } from "./dominoes.js";
import { send } from "./moves.js";

function tiles(list, cls = "") {
  const row = h("span", { class: `tiles ${cls}`.trim(), role: "group", "aria-label": list.map(([a, b]) => tileText(a, b)).join(" ") });
  for (const [a, b] of list) row.append(tileSvg(a, b, { vertical: true }));
  return row;
}

function backs(n) {
  const row = h("span", { class: "tiles backs", role: "img", "aria-label": `${n} tiles face down` });
  for (let i = 0; i < n; i++) row.append(backSvg());
  return row;
}

function rankText([name, value]) {
  return value === null || value === undefined ? name : `${name} ${value}`;
}

// One split as groups of tiles side by side, each under its group's name and worth.
function groupsBox(p, groups, ranks) {
  const box = h("div", { class: "split-groups" });
  const said = [...(ranks || [])];
  const names = groups.length === p.groups.length ? p.groups : p.groups.filter((_, i) => p.compared[i]);
  groups.forEach((group, i) => {
    const compared = p.compared[p.groups.indexOf(names[i])];
    const worth = compared && said.length ? rankText(said.shift()) : compared ? "" : "laid aside";
    box.append(h("div", { class: `split-group${compared ? "" : " aside"}` },
      h("span", { class: "group-name" }, names[i]), tiles(group, "mini-row"), h("span", { class: "group-worth" }, worth)));
  });
  return box;
}

function seatsRow(state, viewer) {
  const p = state.tricks;
  const row = h("div", { class: "partition-seats" });
  state.hand_counts.forEach((count, seat) => {
    if (seat === viewer) return;
    const banker = seat === p.banker;
    const status = p.stuck[seat] ? "stuck" : banker && p.house_way ? "splits by the house way at the showdown"
      : p.done[seat] ? "set face down" : state.current_player === seat ? "splitting…" : "to split";
    row.append(h("div", { class: `partition-seat${state.current_player === seat ? " turn" : ""}${banker ? " banker" : ""}` },
      h("strong", {}, seatName(state, seat, viewer), banker ? h("span", { class: "bank-mark" }, p.each ? " · deals" : " · bank") : null),
      backs(count), h("span", { class: "quiet" }, status)));
  });
  return row;
}

function showdown(state, viewer) {
  const p = state.tricks;
  const s = p.shown;
  if (!s) return null;
  // With nobody banking (showdown.against: each) the dealer settles like anyone.
  const bank = p.each ? -1 : s.banker;
  const title = p.each ? "everyone against everyone" : `${seatName(state, s.banker, viewer)} banked`;
  const box = h("div", { class: "showdown" }, h("h3", {}, `Last showdown — ${title}`));
  s.groups.forEach((groups, seat) => {
    const settled = seat === bank ? "bank" : s.settled[seat] > 0 ? `wins ${s.settled[seat]}` : s.settled[seat] < 0 ? `loses ${-s.settled[seat]}` : "push";
    box.append(h("div", { class: `showdown-seat${seat === bank ? " banker" : ""}` },
      h("strong", {}, seatName(state, seat, viewer)),
      groups.length ? groupsBox(p, groups, s.ranks[seat]) : h("span", {}, "stuck: ", tiles(s.hands[seat], "mini-row")),
      h("span", { class: `settled ${seat === bank ? "" : s.settled[seat] > 0 ? "won" : s.settled[seat] < 0 ? "lost" : "push"}` }, settled)));
  });
  return box;
}

function mine(state, viewer) {
  const p = state.tricks;
  const box = h("div", { class: "my-split" });
  const names = p.groups.map((g, i) => `${g} (${p.sizes[i]})`).join(" and ");
  if (p.own.length) {
    box.append(h("h3", {}, "Your split, face down until the showdown"), groupsBox(p, p.own, null));
  } else if (viewer !== null && viewer !== undefined && p.stuck[viewer]) {
    box.append(h("h3", {}, "Your hand cannot be split: stuck"));
  } else if (state.current_player === viewer && state.legal.length) {
    box.append(h("h3", {}, `Split your tiles into ${names}: choose one`));
    const list = h("div", { class: "split-choices" });
    for (const m of state.legal) {
      const button = h("button", { type: "button", class: "split-choice", title: m.text, "aria-label": m.text, "data-index": m.index, onclick: () => send(m) });
      m.groups.forEach((group, i) => {
        const compared = p.compared[i];
        button.append(h("span", { class: `split-group${compared ? "" : " aside"}` }, h("span", { class: "group-name" }, p.groups[i]),
          tiles(group, "mini-row"), h("span", { class: "group-worth" }, m.worth[i])));
      });
      list.append(button);
    }
    box.append(list);
  } else {
    box.append(h("h3", {}, `Each player splits the tiles into ${names}`));
  }
  return box;
}

// The tiles this shuffle's earlier hands dealt (partition.deals_per_shuffle): nobody holds them now.
function used(p) {
  if (!p.used || !p.used.length) return null;
  return h("div", { class: "used-tiles" }, h("span", { class: "quiet" }, "Dealt earlier this shuffle, so in nobody's hand now: "),
    tiles(p.used, "mini-row"));
}

export function renderPartitionTable(box, state, viewer) {
  const p = state.tricks;
  box.classList.add("partition-table");
  const banker = seatName(state, p.banker, viewer);
  const house = p.house_way ? " (the house way sets the bank's tiles)" : "";
  const parts = [
    h("div", { class: "contract" }, p.each ? `Hand ${state.round}: ${banker} ${viewer === p.banker ? "deal" : "deals"}; everyone plays against everyone.`
      : `Hand ${state.round}: ${banker} ${viewer === p.banker ? "bank" : "banks"}${house}.`),
    seatsRow(state, viewer), mine(state, viewer), used(p), showdown(state, viewer)];
  box.replaceChildren(...parts.filter(Boolean));
}
