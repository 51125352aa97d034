// A trick game's table (Texas 42): the seats around it, relative to the viewer, each with its bid
// or its tile in the trick; the contract and trumps; the trick number and the suit led; the last
// trick and who took it; each side's tricks and points this hand. Everything drawn here is read
// from the view's `tricks` (the engine's TrickView and the terminal's words): the page decides no rule.
import { tileSvg, tileText } from "./dominoes.js";
import { h, seatName } from "./common.js";

// Around a table of four seen from the viewer's chair: the viewer South, the next to play on the
// left (West), the partner across (North). Other counts go round a circle in the same order.
const COMPASS = ["S", "W", "N", "E"];
const COMPASS_WORDS = { S: "South", W: "West", N: "North", E: "East" };

export function isTrickGame(state) {
  return Boolean(state && state.tricks);
}

export function positions(state) {
  const order = state.tricks.order;
  const out = {};
  order.forEach((seat, k) => {
    out[seat] = order.length === 4 ? COMPASS[k] : `p${k}`;
  });
  return out;
}

// "Computer 2 (W)": a seat's name with where it sits, as the viewer sees the table.
export function seatAt(state, seat, viewer) {
  const where = positions(state)[seat];
  const name = seatName(state, seat, viewer);
  return where && where.length === 1 && seat !== viewer ? `${name} (${where})` : name;
}

export function sideMembers(state, side, viewer) {
  return state.seat_sides.map((x, s) => [x, s]).filter(([x]) => x === side).map(([, s]) => seatName(state, s, viewer));
}

// "You & Player 3" for a side, or "Us"/"Them" for short where the viewer is seated.
export function sideLabel(state, side, viewer) {
  const names = sideMembers(state, side, viewer).join(" & ");
  if (viewer === null || viewer === undefined) return names;
  return side === state.seat_sides[viewer] ? `Us (${names})` : `Them (${names})`;
}

// "Us", "Them" where the viewer plays in a partnership; else the side's names.
function shortSide(state, side, viewer) {
  if (viewer === null || viewer === undefined || state.sides === state.seat_sides.length) return sideMembers(state, side, viewer).join(" & ");
  return side === state.seat_sides[viewer] ? "Us" : "Them";
}

function unitWord(state, n) {
  const [one, many] = state.tricks.unit || ["point", "points"];
  return `${n} ${n === 1 ? one : many}`;
}

export function marksLine(state, viewer) {
  const label = (state.tricks.unit || [])[1] === "marks" ? "Marks" : "Score";
  return `${label}: ` + state.scores.map((s, side) => `${sideLabel(state, side, viewer)} ${s}`).join(" · ");
}

function spotStatus(state, seat) {
  const t = state.tricks;
  if (t.phase === "bidding" || (t.phase === "declaring")) {
    const said = t.bids.find((b) => b.seat === seat);
    if (said) return h("span", { class: `bid-bubble${said.value === null ? " passed" : ""}${seat === t.bidder ? " high" : ""}` },
      said.value === null ? "passed" : `bid ${said.text}`);
    return null;
  }
  const played = t.trick.find((p) => p.seat === seat);
  if (played) {
    const [a, b] = played.tile;
    return h("span", { class: `played${seat === t.taking && t.trick.length > 1 ? " taking" : ""}` },
      tileSvg(a, b, { vertical: true }),
      seat === t.taking && t.trick.length > 1 ? h("span", { class: "taking-tag" }, "taking it") : null,
      t.trick[0].seat === seat ? h("span", { class: "led-tag" }, "led") : null);
  }
  return null;
}

function spot(state, seat, viewer, where) {
  const t = state.tricks;
  const turn = seat === state.current_player && !state.over;
  const partner = viewer !== null && viewer !== undefined && seat !== viewer && state.seat_sides[seat] === state.seat_sides[viewer];
  const tags = [];
  if (partner) tags.push("partner");
  if (seat === t.bidder && t.phase !== "bidding") tags.push("bidder");
  if (seat === t.dealer) tags.push("dealer");
  const name = seatName(state, seat, viewer);
  const status = spotStatus(state, seat);
  const doing = turn ? { bidding: "to bid", declaring: "naming trumps", playing: t.trick.length ? "to play" : "to lead" }[t.phase] : "";
  const words = [name, COMPASS_WORDS[where] || "", tags.join(", "), doing].filter(Boolean).join(", ");
  return h("div", { class: `spot pos-${where}${turn ? " turn" : ""}`, "data-seat": seat, "aria-label": words },
    h("div", { class: "spot-name" }, h("strong", {}, name), where.length === 1 ? h("span", { class: "compass" }, where) : null,
      ...tags.map((tag) => h("span", { class: `tag tag-${tag}` }, tag))),
    status || h("span", { class: "spot-empty" }, doing ? `${doing}…` : ""),
  );
}

function centre(state, viewer) {
  const t = state.tricks;
  const lines = [];
  if (t.phase === "bidding") {
    lines.push(h("div", { class: "centre-head" }, "Bidding"));
    lines.push(t.bid === null
      ? h("div", {}, `No bid yet${t.lowest_bid ? ` · the lowest bid is ${t.lowest_bid}` : ""}`)
      : h("div", {}, "The bid stands at ", h("strong", {}, t.bid_text), ` (${seatAt(state, t.bidder, viewer)})`));
    lines.push(h("div", { class: "quiet" }, "Each player bids once, higher than the bid, or passes."));
  } else if (t.phase === "declaring") {
    lines.push(h("div", { class: "centre-head" }, `${seatAt(state, t.bidder, viewer)} won the bid at ${t.bid_text}`));
    lines.push(h("div", {}, t.bidder === viewer ? "Name trumps: choose below." : "Trumps are being named…"));
  } else {
    lines.push(h("div", { class: "centre-head" }, `Trick ${Math.min(t.trick_number, t.tricks_in_hand)} of ${t.tricks_in_hand}`));
    if (t.led) lines.push(h("div", { class: "led" }, t.led));
    else if (state.current_player !== null && state.current_player !== undefined && !state.over) {
      lines.push(h("div", {}, `${seatAt(state, state.current_player, viewer)} ${state.current_player === viewer ? "lead" : "leads"}`));
    }
  }
  return h("div", { class: "centre", "aria-live": "polite" }, ...lines);
}

function contractBanner(state, viewer) {
  const t = state.tricks;
  if (t.phase === "bidding" || t.bidder === null || t.bidder === undefined) return h("div", { class: "contract quiet" }, marksLine(state, viewer));
  const side = state.seat_sides[t.bidder];
  const must = `${sideMembers(state, side, viewer).join(" & ")} must make ${t.make}`;
  return h("div", { class: "contract", id: "contract" },
    h("strong", {}, `Contract: ${t.bid_text}`), ` by ${seatAt(state, t.bidder, viewer)} — ${must}`,
    t.trumps ? h("span", { class: "trumps" }, ` · ${t.trumps}`) : h("span", { class: "quiet" }, " · trumps not named yet"));
}

function lastTrick(state, viewer) {
  const t = state.tricks;
  if (!t.last_trick.length) return h("div", { class: "last-trick empty" });
  const where = positions(state);
  const tiles = t.last_trick.map(({ seat, tile: [a, b] }) =>
    h("span", { class: `mini${seat === t.last_winner ? " won" : ""}`, title: `${seatName(state, seat, viewer)}: ${tileText(a, b)}` },
      tileSvg(a, b, { vertical: true }), h("span", {}, where[seat].length === 1 ? where[seat] : seatName(state, seat, viewer))));
  return h("div", { class: "last-trick", id: "last-trick" },
    h("div", {}, "Last trick, taken by ", h("strong", {}, seatAt(state, t.last_winner, viewer))), h("div", { class: "minis" }, ...tiles));
}

// The table's middle for a trick game, drawn into `box` (the layout's svg is hidden meanwhile).
export function renderTrickTable(box, state, viewer) {
  const where = positions(state);
  const spots = state.tricks.order.map((seat) => spot(state, seat, viewer, where[seat]));
  box.classList.toggle("round", state.tricks.order.length !== 4);
  box.replaceChildren(contractBanner(state, viewer), ...spots, centre(state, viewer), lastTrick(state, viewer));
  if (state.tricks.order.length !== 4) {
    // Round a circle: the viewer at the bottom, then the order of play clockwise on screen.
    const n = state.tricks.order.length;
    spots.forEach((node, k) => {
      const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
      node.style.left = `${50 + 38 * Math.cos(angle)}%`;
      node.style.top = `${50 + 34 * Math.sin(angle)}%`;
    });
  }
}

// Each side's tricks and points this hand, and what the bidder's side still needs.
export function handScore(state, viewer) {
  const t = state.tricks;
  const box = h("div", { class: "hand-score", id: "hand-score" }, h("h2", {}, `This hand (${state.round})`));
  const bidderSide = t.bidder === null || t.bidder === undefined || t.phase === "bidding" ? null : state.seat_sides[t.bidder];
  const table = h("table", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "tricks"), h("th", {}, "points")));
  for (let side = 0; side < state.sides; side++) {
    table.append(h("tr", { class: side === bidderSide ? "bidders" : "" },
      h("td", { title: sideMembers(state, side, viewer).join(" & ") }, shortSide(state, side, viewer)),
      h("td", {}, t.tricks_won[side]), h("td", {}, t.points_won[side])));
  }
  box.append(table);
  if (bidderSide !== null && t.make !== null) {
    const short = t.make - t.points_won[bidderSide];
    const ours = viewer !== null && viewer !== undefined && state.seat_sides[viewer] === bidderSide;
    const who = ours ? "Your side" : sideMembers(state, bidderSide, viewer).join(" & ");
    const verb = ours ? ["needs", "has"] : ["need", "have"];
    box.append(h("p", { class: "needs" }, short > 0 ? `${who} ${verb[0]} ${short} more to make ${t.make}.` : `${who} ${verb[1]} made ${t.make}.`));
  }
  const label = (t.unit || [])[1] === "marks" ? "Marks" : "Score";
  const marks = state.scores.map((s, side) => `${shortSide(state, side, viewer)} ${s}`).join(" · ");
  box.append(h("p", { class: "marks", id: "marks" }, `${label}: ${marks}`, state.target ? ` (first to ${unitWord(state, state.target)})` : ""));
  return box;
}

// The moves that are no tile: the bids and the pass, or the declarations, as buttons.
export function renderChoices(box, state, yours, send, hinted) {
  box.replaceChildren();
  const t = state.tricks;
  const moves = yours ? state.legal.filter((m) => m.kind !== "play") : [];
  box.hidden = !moves.length;
  if (!moves.length) return;
  const heading = t.phase === "declaring" ? "Name trumps:" : t.bid === null ? "Your bid:" : `Your bid (over ${t.bid_text}):`;
  box.append(h("span", { class: "choices-head" }, heading));
  for (const m of moves) {
    const words = m.kind === "pass" ? "Pass (p)" : m.label;
    const held = m.kind === "trumps" && typeof m.held === "number" ? h("span", { class: "held" }, ` · ${m.held} held`) : null;
    box.append(h("button", {
      type: "button", class: `choice choice-${m.kind}${hinted === m.index ? " hinted" : ""}`, title: m.text,
      "aria-label": m.text, "data-index": m.index, onclick: () => send(m),
    }, words, held));
  }
}

// A finished trick hand: made or set, each side's tricks, points and what it scored.
export function handEndBody(state, end, viewer) {
  const x = end.tricks;
  const body = h("div", {});
  if (x.bidder !== null && x.bidder !== undefined) {
    const who = sideMembers(state, x.bidder_side, viewer).join(" & ");
    const took = x.points[x.bidder_side];
    const verdict = x.made
      ? `Made: ${who} bid ${x.bid_text} and took ${took} of the ${x.make} needed.`
      : `Set: ${who} bid ${x.bid_text} and could not make ${x.make} (took ${took}).`;
    body.append(h("p", { class: `verdict ${x.made ? "made" : "set"}`, id: "verdict" }, verdict));
  }
  const played = x.tricks.reduce((a, b) => a + b, 0);
  if (played < x.tricks_in_hand) body.append(h("p", { class: "quiet" }, `Decided after ${played} of ${x.tricks_in_hand} tricks: the rest were not played.`));
  const unit = x.unit || ["point", "points"];
  const table = h("table", { class: "history hand-end" },
    h("tr", {}, h("th", {}, "Side"), h("th", {}, "tricks"), h("th", {}, "points"), h("th", {}, `${unit[1]} scored`), h("th", {}, `${unit[1]} now`)));
  for (let side = 0; side < state.sides; side++) {
    table.append(h("tr", { class: side === x.bidder_side ? "bidders" : "" }, h("td", {}, sideLabel(state, side, viewer)),
      h("td", {}, x.tricks[side]), h("td", {}, x.points[side]), h("td", {}, x.gained[side] ? `+${x.gained[side]}` : "0"),
      h("td", {}, end.scores[side])));
  }
  body.append(table);
  const list = h("ul", { class: "words" });
  for (const line of end.words) list.append(h("li", {}, line));
  body.append(h("h3", {}, "How it went"), list);
  return body;
}
