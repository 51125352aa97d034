// A trick game's table (Texas 42, Moon, Bingo, Domino Loo, Tien Gow): the seats around it, relative to the
// viewer, each with its bid, its call or its tile in the trick; the contract and trumps, or the
// tile turned up for trumps and the stock; the trick number and the suit led; the last trick and
// who took it; each side's tricks and points this hand. Everything drawn here is read from the
// view's `tricks` (the engine's TrickView and the terminal's words): the page decides no rule.
import { tap, touchScreen } from "./touch.js";
import { tileSvg, tileText } from "./dominoes.js";
import { h, seatName, tracksNote } from "./common.js";
import { presenceBadge } from "./presence.js";
import { lastTrickMinis, playView } from "./plays.js";

// Around a table of four seen from the viewer's chair: the viewer South, the next to play on the
// left (West), the partner across (North). Other counts go round a circle in the same order.
const COMPASS = ["S", "W", "N", "E"];
const COMPASS_WORDS = { S: "South", W: "West", N: "North", E: "East" };

// Two players sit face to face (S, N); three at three sides of the table (S, then W on the
// viewer's left, then E); four at the four sides; more round a circle.
const PLACES = { 2: ["S", "N"], 3: ["S", "W", "E"], 4: COMPASS };

export function positions(state) {
  const order = state.tricks.order;
  const out = {};
  order.forEach((seat, k) => {
    out[seat] = PLACES[order.length] ? PLACES[order.length][k] : `p${k}`;
  });
  return out;
}

// Whether seats are named by the compass (a table of four, where partners sit across).
function compass(state) {
  return state.tricks.order.length === 4;
}

// "Computer 2 (W)": a seat's name with where it sits, as the viewer sees the table.
export function seatAt(state, seat, viewer) {
  const where = positions(state)[seat];
  const name = seatName(state, seat, viewer);
  return compass(state) && seat !== viewer ? `${name} (${where})` : name;
}

export function sideMembers(state, side, viewer) {
  return state.seat_sides.map((x, s) => [x, s]).filter(([x]) => x === side).map(([, s]) => seatName(state, s, viewer));
}

// "You & Player 3" for a side, or "Us"/"Them" for short where the viewer is seated.
export function sideLabel(state, side, viewer) {
  const names = sideMembers(state, side, viewer).join(" & ");
  if (viewer === null || viewer === undefined || state.sides === state.seat_sides.length) return names; // no partners
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
  return `${label}: ` + state.scores.map((s, side) => `${shortSide(state, side, viewer)} ${s}${tracksNote(state.tracks, side)}`).join(" · ");
}

const CALLED = { keep: "kept the hand", drop: "dropped out", exchange: "exchanged the hand" };

// The finished trick (the view's `finished`: the server keeps it until somebody moves again) is
// held in the middle, every tile at its seat and who took it, until the next lead or a tap.
let dismissedTrick = null;

const trickKey = (held) => `${held.round}/${held.number}`;
let goOn = null; // puts away the trick held now, if one is

// The keyboard's tap on the table (Esc): true when a held trick was put away.
export function goOnFromTrick() {
  if (!goOn) return false;
  goOn();
  return true;
}

export function heldTrick(state) {
  const held = state.tricks && state.tricks.finished;
  return held && dismissedTrick !== trickKey(held) ? held : null;
}

// The held trick's plays by seat, as the trick of plays draws them (a play laid face down: backs).
function heldPlays(held) {
  const bySeat = new Map();
  for (const { seat, tile } of held.tiles) {
    if (!bySeat.has(seat)) bySeat.set(seat, { seat, tiles: [], face_down: 0, name: null });
    bySeat.get(seat).tiles.push(tile);
  }
  for (const [seat, n] of held.face_down || []) bySeat.set(seat, { seat, tiles: [], face_down: n, name: null });
  return bySeat;
}

function heldStatus(state, seat, held) {
  const led = held.tiles.length && held.tiles[0].seat === seat;
  const took = seat === held.seat;
  if (state.tricks.grouped) {
    const play = heldPlays(held).get(seat);
    return play ? playView(play, state, took, led, true) : null;
  }
  const played = held.tiles.find((p) => p.seat === seat);
  if (!played) return null;
  const [a, b] = played.tile;
  return h("span", { class: `played held${took ? " taking" : ""}` },
    tileSvg(a, b, { vertical: true }),
    took ? h("span", { class: "taking-tag" }, "took it") : null,
    led ? h("span", { class: "led-tag" }, "led") : null);
}

function isDropped(state, seat) {
  return (state.tricks.dropped || []).includes(seat);
}

function spotStatus(state, seat, held) {
  const t = state.tricks;
  if (isDropped(state, seat)) return h("span", { class: "call-bubble dropped" }, "dropped out of this hand");
  const shown = held ? heldStatus(state, seat, held) : null;
  if (shown) return shown;
  if (seat === t.sitting_out) return h("span", { class: "call-bubble dropped sitting-out" }, `sits out this hand${t.contract ? ` (${t.contract})` : ""}`);
  if (held) return null;
  if (t.phase === "calling" || (t.phase === "discarding" && t.exchanging)) {
    const said = (t.calls || []).find((c) => c.seat === seat);
    if (said) return h("span", { class: `call-bubble call-${said.call}` }, CALLED[said.call] || said.call);
    return null;
  }
  if (t.phase === "bidding" || (t.phase === "declaring")) {
    const index = t.bids.findLastIndex((b) => b.seat === seat); // over the turned-up suit a seat speaks twice
    const said = index < 0 ? null : t.bids[index];
    if (said) return h("span", { class: `bid-bubble${said.value === null ? " passed" : ""}${seat === t.bidder ? " high" : ""}` },
      t.turn_up_auction ? t.said[index] : said.value === null ? "passed" : `bid ${said.text}`);
    return null;
  }
  if (t.grouped) { // a trick of plays: tiles face up, or backs for a play laid face down
    const play = (t.plays || []).find((p) => p.seat === seat);
    return play ? playView(play, state, play.leading && t.plays.length > 1, t.plays[0].seat === seat) : null;
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

function spot(state, seat, viewer, where, held) {
  const t = state.tricks;
  const turn = seat === state.current_player && !state.over;
  const partner = viewer !== null && viewer !== undefined && seat !== viewer && state.seat_sides[seat] === state.seat_sides[viewer];
  const tags = [];
  if (partner) tags.push("partner");
  if (seat === t.bidder && t.phase !== "bidding") tags.push("bidder");
  if (seat === t.dealer) tags.push("dealer");
  if (seat === t.closed_by) tags.push("closed");
  if (seat === t.sitting_out) tags.push("sits out");
  const name = seatName(state, seat, viewer);
  const status = spotStatus(state, seat, held);
  const doing = turn ? {
    bidding: "to bid", declaring: "naming trumps", calling: "to call", discarding: "laying down", passing: "passing",
    playing: (t.grouped ? (t.plays || []).length : t.trick.length) ? "to play" : "to lead",
  }[t.phase] : "";
  const out = isDropped(state, seat) || seat === t.sitting_out;
  const words = [name, compass(state) ? COMPASS_WORDS[where] : "", tags.join(", "), out ? "dropped out" : "", doing].filter(Boolean).join(", ");
  return h("div", { class: `spot pos-${where}${turn ? " turn" : ""}${out ? " dropped" : ""}`, "data-seat": seat, "aria-label": words },
    h("div", { class: "spot-name" }, h("strong", {}, name), compass(state) ? h("span", { class: "compass" }, where) : null,
      ...tags.map((tag) => h("span", { class: `tag tag-${tag.replace(" ", "-")}` }, tag)), presenceBadge(state, seat, viewer)),
    status || h("span", { class: "spot-empty" }, doing ? `${doing}…` : ""),
  );
}

function centre(state, viewer, held) {
  const t = state.tricks;
  const lines = [];
  if (held) {
    const of = t.tricks_in_hand ? ` of ${t.tricks_in_hand}` : "";
    const points = t.only_tricks || t.no_points ? "" : ` · ${held.points} point${held.points === 1 ? "" : "s"}`;
    lines.push(h("div", { class: "centre-head", id: "held-trick" }, `${held.text}.`));
    lines.push(h("div", {}, `Trick ${held.number}${of}${points}`));
    lines.push(h("div", { class: "tap-on" }, touchScreen() ? "Tap" : "Click", h("span", { class: "key-hint" }, " or press Esc"), " to go on"));
    return h("div", { class: "centre held", "aria-live": "polite" }, ...lines);
  }
  if (t.phase === "bidding" && t.turn_up_auction) { // over the turned-up suit (bidding.bids: turn_up)
    const up = tileText(t.turn_up.tile[1], t.turn_up.tile[0]);
    lines.push(h("div", { class: "centre-head" }, t.turned_down ? `${up} turned down` : `${up} turned up: ${t.offered}`));
    lines.push(h("div", { class: "quiet" }, t.turned_down
      ? "Each player may name another suit as trumps, or pass."
      : `Each player accepts ${t.offered} as trumps, or passes${t.dealer_takes ? `; the dealer takes ${up} if they are accepted` : ""}.`));
  } else if (t.phase === "bidding") {
    lines.push(h("div", { class: "centre-head" }, "Bidding"));
    lines.push(t.bid === null
      ? h("div", {}, `No bid yet${t.lowest_bid ? ` · the lowest bid is ${t.lowest_bid}` : ""}`)
      : h("div", {}, "The bid stands at ", h("strong", {}, t.bid_text), ` (${seatAt(state, t.bidder, viewer)})`));
    lines.push(h("div", { class: "quiet" }, "Each player bids once, higher than the bid, or passes."));
  } else if (t.phase === "declaring") {
    lines.push(h("div", { class: "centre-head" }, t.turn_up_auction
      ? `${seatAt(state, t.bidder, viewer)} made ${t.made} trumps`
      : `${seatAt(state, t.bidder, viewer)} won the bid at ${t.contract_text || t.bid_text}`));
    const contracts = (state.legal || []).filter((m) => m.contract).length;
    // A contract's declarer announcing where the doubles rank (contracts[].doubles: declared).
    const placing = (state.legal || []).some((m) => m.kind === "doubles");
    const ask = placing ? "Announce where the doubles rank" : t.turn_up_auction ? "Play them as they are, or declare a contract"
      : !contracts ? "Name trumps" : contracts === state.legal.length ? "Declare it" : "Name trumps or declare a contract";
    const waiting = t.placing_doubles ? "The doubles' place is being announced…" : "Trumps are being named…";
    lines.push(h("div", {}, state.current_player === viewer ? `${ask}: choose below.` : waiting));
  } else if (t.phase === "calling" || (t.phase === "discarding" && t.exchanging)) {
    lines.push(h("div", { class: "centre-head" }, "Before the first lead"));
    lines.push(h("div", { class: "quiet" }, "Each player in turn keeps the hand, drops out, or exchanges it."));
    const who = state.current_player;
    if (who !== null && who !== undefined && !state.over) {
      const forTurnUp = t.turn_up && t.turn_up.taken && t.turn_up.holder === who;  // the dealer's, for the turn-up
      const words = t.phase === "discarding"
        ? `${seatAt(state, who, viewer)} ${who === viewer ? "lay" : "lays"} ${forTurnUp ? "one tile away for the turned-up tile" : `${t.to_discard} of the new tiles face down`}`
        : who === viewer ? "Your call: choose below." : `${seatAt(state, who, viewer)} calls…`;
      lines.push(h("div", {}, words));
    }
  } else if (t.phase === "passing") {
    lines.push(h("div", { class: "centre-head" }, "Passing before play"));
    lines.push(h("div", { class: "quiet" }, `Each player passes tiles face down to ${t.pass_to}; they change hands once all have passed.`));
    const who = state.current_player;
    if (who !== null && who !== undefined && !state.over) {
      const left = `${t.to_give} more tile${t.to_give === 1 ? "" : "s"}`;
      lines.push(h("div", {}, who === viewer ? `Pass ${left}: ${tap()} ${t.to_give === 1 ? "it" : "each"} in your hand.` : `${seatAt(state, who, viewer)} passes ${left}…`));
    }
  } else if (t.phase === "melding") {
    lines.push(h("div", { class: "centre-head" }, "Melds"));
    if (t.widow_text) lines.push(h("div", { class: "quiet" }, t.widow_text));
    for (const m of t.melds || []) {
      const widow = m.widow.length ? ` (the widow's ${m.widow.map(([a, b]) => tileText(b, a)).join(" ")})` : "";
      const tiles = m.tiles.map(([a, b]) => tileText(b, a)).join(" ");
      lines.push(h("div", { class: "meld" }, `${seatAt(state, m.seat, viewer)}: ${m.name} ${tiles}${widow} — ${m.points} point${m.points === 1 ? "" : "s"}`));
    }
    const who = state.current_player;
    if (who !== null && who !== undefined && !state.over) {
      lines.push(h("div", {}, who === viewer ? "Show a meld, or pass: choose below." : `${seatAt(state, who, viewer)} shows melds…`));
    }
  } else if (t.phase === "discarding" && t.turn_up && t.turn_up.taken && t.turn_up.holder === state.current_player) {
    // The dealer took the turned-up tile once its suit was accepted (stock.take_turn_up: dealer_on_accept).
    const up = tileText(t.turn_up.tile[1], t.turn_up.tile[0]);
    lines.push(h("div", { class: "centre-head" }, `${seatAt(state, t.turn_up.holder, viewer)} took the turned-up ${up}`));
    lines.push(h("div", {}, `and ${t.turn_up.holder === viewer ? "lay" : "lays"} one tile away for it`));
  } else if (t.phase === "discarding") {
    lines.push(h("div", { class: "centre-head" }, `${seatAt(state, t.bidder, viewer)} took the widow`));
    lines.push(h("div", {}, `and lays ${t.to_discard} face down`));
  } else {
    lines.push(h("div", { class: "centre-head" }, t.tricks_in_hand ? `Trick ${Math.min(t.trick_number, t.tricks_in_hand)} of ${t.tricks_in_hand}` : `Trick ${t.trick_number}`));
    if (t.led) {
      lines.push(h("div", { class: "led" }, t.led));
      if (t.grouped && t.lead_size > 1) lines.push(h("div", { class: "each-plays" }, `each plays ${t.lead_size} tiles`));
    } else if (t.trick.length) { // a contract without suits (sevens): the banner says how tiles rank
      lines.push(h("div", { class: "led" }, "no suits"));
    } else if (state.current_player !== null && state.current_player !== undefined && !state.over) {
      lines.push(h("div", {}, `${seatAt(state, state.current_player, viewer)} ${state.current_player === viewer ? "lead" : "leads"}`));
    }
    if (t.received_text && t.trick_number === 1) lines.push(h("div", { class: "quiet" }, t.received_text));
    if (t.widow_text) lines.push(h("div", { class: "quiet" }, t.widow_text));
    // Tiles shown in a declaration stay known to all until played.
    const shown = (t.shown || []).map((tiles, seat) => tiles.length ? `${seatAt(state, seat, viewer)}: ${tiles.map(([a, b]) => tileText(b, a)).join(" ")}` : "").filter(Boolean);
    if (shown.length) lines.push(h("div", { class: "quiet", id: "shown" }, `Shown: ${shown.join("; ")}`));
  }
  return h("div", { class: "centre", "aria-live": "polite" }, ...lines);
}

// The stock in words: "8 tiles · the turned-up [5|3] is drawn last", "closed by You with 8 in it".
export function stockWords(state, viewer) {
  const t = state.tricks;
  const up = t.turn_up;
  const tiles = (n) => `${n} tile${n === 1 ? "" : "s"}`;
  if (t.closed_by !== null && t.closed_by !== undefined) {
    return `closed by ${seatAt(state, t.closed_by, viewer)} with ${tiles(t.stock)} in it: nobody draws again`;
  }
  if (t.stock) {
    return up && up.drawn_last && (up.holder === null || up.holder === undefined)
      ? `${tiles(t.stock)}, the turned-up ${tileText(up.tile[1], up.tile[0])} drawn last` : tiles(t.stock);
  }
  if (up && up.drawn_last && up.holder !== null && up.holder !== undefined) {
    return `empty · ${seatAt(state, up.holder, viewer)} ${up.holder === viewer ? "hold" : "holds"} the turned-up ${tileText(up.tile[1], up.tile[0])}`;
  }
  return "empty";
}

// No auction: the trumps (turned up from the stock, or the file's own), the stock, the score.
function stockBanner(state, viewer) {
  const t = state.tricks;
  const up = t.turn_up;
  const parts = [];
  if (up) {
    const [a, b] = up.tile;
    parts.push(h("span", { class: "turn-up", id: "turn-up", title: `turned up: ${tileText(b, a)}` },
      tileSvg(b, a, { cls: "turn-up-tile" }),
      h("span", {}, "Trumps: ", h("strong", { class: "trumps" }, up.suit || t.trumps),
        h("span", { class: "quiet" }, up.drawn_last ? " (the tile turned up)" : up.taken ? " (the tile turned up, taken by the dealer)" : " (the tile turned up, out of play)"))));
  } else if (t.trumps) {
    parts.push(h("span", { class: "trumps" }, t.trumps));
  }
  if (t.has_stock) {
    const closed = t.closed_by !== null && t.closed_by !== undefined;
    parts.push(h("span", { class: `stock${closed ? " closed" : ""}`, id: "stock" }, h("strong", {}, "Stock: "), stockWords(state, viewer)));
  }
  parts.push(h("span", { class: "quiet" }, marksLine(state, viewer)));
  return h("div", { class: "contract stock-banner", id: "contract" }, ...parts);
}

function contractBanner(state, viewer) {
  const t = state.tricks;
  if (t.phase !== "bidding" && (t.bidder === null || t.bidder === undefined) && (t.turn_up || t.has_stock)) return stockBanner(state, viewer);
  if (t.phase === "bidding" || t.bidder === null || t.bidder === undefined) return h("div", { class: "contract quiet" }, marksLine(state, viewer));
  const side = state.seat_sides[t.bidder];
  const trumps = t.trumps && !t.fixed_trumps ? h("span", { class: "trumps" }, ` · ${t.trumps}`) : null;
  if (t.contract) { // a special contract: its name with the bid, and what it demands, from the rules
    return h("div", { class: "contract special", id: "contract" },
      h("strong", {}, `Contract: ${t.contract_text}`), ` by ${seatAt(state, t.bidder, viewer)}`, trumps,
      h("div", { class: "demand" }, t.demand));
  }
  const must = `${sideMembers(state, side, viewer).join(" & ")} must make ${t.make}`;
  if (t.turn_up_auction) { // over the turned-up suit: the suit made is the contract
    return h("div", { class: "contract", id: "contract" },
      h("strong", {}, `Trumps: ${t.made}`), ` made by ${seatAt(state, t.bidder, viewer)} — ${must}`);
  }
  return h("div", { class: "contract", id: "contract" },
    h("strong", {}, `Contract: ${t.contract_text || t.bid_text}`), ` by ${seatAt(state, t.bidder, viewer)} — ${must}`,
    trumps || h("span", { class: "quiet" }, " · trumps not named yet"));
}

function lastTrick(state, viewer) {
  const t = state.tricks;
  if (!t.last_trick.length) return h("div", { class: "last-trick empty" });
  const where = positions(state);
  if (t.grouped) {
    const minis = lastTrickMinis(state, (seat) => seatName(state, seat, viewer), (seat) => (compass(state) ? where[seat] : seatName(state, seat, viewer)));
    return h("div", { class: "last-trick", id: "last-trick" },
      h("div", {}, "Last trick, taken by ", h("strong", {}, seatAt(state, t.last_winner, viewer))), h("div", { class: "minis" }, ...minis));
  }
  const tiles = t.last_trick.map(({ seat, tile: [a, b] }) =>
    h("span", { class: `mini${seat === t.last_winner ? " won" : ""}`, title: `${seatName(state, seat, viewer)}: ${tileText(a, b)}` },
      tileSvg(a, b, { vertical: true }), h("span", {}, compass(state) ? where[seat] : seatName(state, seat, viewer))));
  return h("div", { class: "last-trick", id: "last-trick" },
    h("div", {}, "Last trick, taken by ", h("strong", {}, seatAt(state, t.last_winner, viewer))), h("div", { class: "minis" }, ...tiles));
}

// The table's middle for a trick game, drawn into `box` (the layout's svg is hidden meanwhile).
export function renderTrickTable(box, state, viewer) {
  const where = positions(state);
  const t = state.tricks;
  // Held until the next lead (a trick on the table again) or a tap anywhere on the table.
  const held = t.trick.length || (t.plays || []).length ? null : heldTrick(state);
  const spots = t.order.map((seat) => spot(state, seat, viewer, where[seat], held));
  const round = !PLACES[t.order.length];
  box.classList.toggle("round", round);
  box.classList.toggle("holding", Boolean(held));
  goOn = held ? () => { dismissedTrick = trickKey(held); renderTrickTable(box, state, viewer); } : null;
  box.onclick = goOn;
  box.replaceChildren(contractBanner(state, viewer), ...spots, centre(state, viewer, held),
    held ? h("div", { class: "last-trick empty" }) : lastTrick(state, viewer));
  if (round) {
    // Round a circle: the viewer at the bottom, then the order of play clockwise on screen, in the
    // room the banner above and the last trick below leave (a phone's banner takes three lines).
    const n = state.tricks.order.length;
    const banner = box.querySelector(".contract");
    const last = box.querySelector(".last-trick:not(.empty)");
    const top = (banner ? banner.offsetTop + banner.offsetHeight : 0) + 6;
    const bottom = (last ? last.offsetTop : box.clientHeight) - 6;
    spots.forEach((node, k) => {
      const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
      const half = node.offsetHeight / 2;
      const ry = Math.max(0, (bottom - top) / 2 - half);
      node.style.left = `${50 + 38 * Math.cos(angle)}%`;
      node.style.top = box.clientHeight ? `${(top + bottom) / 2 + ry * Math.sin(angle)}px` : `${50 + 34 * Math.sin(angle)}%`;
    });
  }
}

// Each side's tricks and points this hand, and what the bidder's side still needs.
export function handScore(state, viewer) {
  const t = state.tricks;
  const box = h("div", { class: "hand-score", id: "hand-score" }, h("h2", {}, `This hand (${state.round})`));
  const bidderSide = t.bidder === null || t.bidder === undefined || t.phase === "bidding" ? null : state.seat_sides[t.bidder];
  const points = !t.only_tricks && !t.no_points; // a hand whose points are its tricks shows the tricks alone
  const captured = t.grouped || t.captures; // the tiles each side captured (Tien Gow pays by them)
  const table = h("table", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "tricks"), points ? h("th", {}, "points") : null,
    captured ? h("th", { title: t.columns_of ? `tiles captured (columns of ${t.columns_of})` : "tiles captured" }, t.columns_of ? "tiles (cols)" : "captured") : null));
  const dropped = t.dropped || [];
  for (let side = 0; side < state.sides; side++) {
    const members = state.seat_sides.map((x, s) => [x, s]).filter(([x]) => x === side).map(([, s]) => s);
    const out = members.length && members.every((s) => dropped.includes(s));
    table.append(h("tr", { class: `${side === bidderSide ? "bidders" : ""}${out ? " dropped" : ""}` },
      h("td", { title: sideMembers(state, side, viewer).join(" & ") }, shortSide(state, side, viewer)),
      out ? h("td", { colspan: points ? 2 : 1 }, "dropped out") : h("td", {}, t.tricks_won[side]),
      out || !points ? null : h("td", {}, t.points_won[side]),
      out || !captured ? null : h("td", { class: "captured" }, capturedText(t.captured[side], t.columns_of))));
  }
  // Before the hand's first trick (the bidding, the calls) its table would be all zeros: left out,
  // so that a phone keeps its height for the bids and the table.
  if (t.phase === "playing" || t.tricks_won.some((n) => n > 0)) box.append(table);
  if (t.closed_by !== null && t.closed_by !== undefined && t.at_close) {
    const side = state.seat_sides[t.closed_by];
    box.append(h("p", { class: "needs", id: "closed-note" },
      `${seatAt(state, t.closed_by, viewer)} closed the stock at ${t.at_close.points[side]} point${t.at_close.points[side] === 1 ? "" : "s"}.`));
  }
  if (bidderSide !== null && t.aim && t.aim !== "bid") { // a contract's aim: every trick, or none
    const ours = viewer !== null && viewer !== undefined && state.seat_sides[viewer] === bidderSide;
    const who = ours ? "Your side" : sideMembers(state, bidderSide, viewer).join(" & ");
    const taken = t.tricks_won[bidderSide];
    box.append(h("p", { class: "needs" }, `${who} ${t.aim_words}: ${taken} trick${taken === 1 ? "" : "s"} taken so far.`));
  } else if (bidderSide !== null && t.make !== null) {
    const short = t.make - t.points_won[bidderSide];
    const ours = viewer !== null && viewer !== undefined && state.seat_sides[viewer] === bidderSide;
    const who = ours ? "Your side" : sideMembers(state, bidderSide, viewer).join(" & ");
    const verb = ours ? ["needs", "has"] : ["need", "have"];
    box.append(h("p", { class: "needs" }, short > 0 ? `${who} ${verb[0]} ${short} more to make ${t.make}.` : `${who} ${verb[1]} made ${t.make}.`));
  }
  const label = (t.unit || [])[1] === "marks" ? "Marks" : "Score";
  const marks = state.scores.map((s, side) => `${shortSide(state, side, viewer)} ${s}${tracksNote(state.tracks, side)}`).join(" · ");
  box.append(h("p", { class: "marks", id: "marks" }, `${label}: ${marks}`, state.target ? ` (first to ${unitWord(state, state.target)})` : ""));
  return box;
}

// "8 (2)": tiles captured, and the columns they make where the score counts columns.
function capturedText(n, columnsOf) {
  return columnsOf ? `${n} (${Math.floor(n / columnsOf)})` : `${n}`;
}

// The moves that are no tile: the bids and the pass, the declarations, the calls (keep, drop,
// exchange, each with what it does), closing the stock, as buttons. `pending`: the moves of a
// tile picked in the hand that may be led two ways (its suit named): "as sixes", "as threes".
export function renderChoices(box, state, yours, send, hinted, pending = [], cancel = null) {
  box.replaceChildren();
  const t = state.tricks;
  if (yours && pending.length > 1) {
    const suit = (m) => (typeof m.value === "number" ? m.value : 0);
    pending = [...pending].sort((x, y) => suit(y) - suit(x)); // the higher end first, as the hand reads
    const [a, b] = pending[0].tile;
    box.hidden = false;
    box.classList.add("chooser");
    box.append(h("span", { class: "choices-head" }, `Lead ${tileText(b, a)} as:`));
    for (const m of pending) {
      box.append(h("button", {
        type: "button", class: `choice choice-suit${hinted === m.index ? " hinted" : ""}`, title: m.text, "aria-label": m.text,
        "data-index": m.index, onclick: () => send(m),
      }, m.suit || m.label));
    }
    box.append(h("span", { class: "choice-note" }, "the suit the others must follow"));
    if (cancel) box.append(h("button", { type: "button", class: "choice choice-cancel", onclick: cancel }, "Cancel"));
    return;
  }
  box.classList.remove("chooser");
  const moves = yours ? state.legal.filter((m) => m.kind !== "play" && m.kind !== "discard" && m.kind !== "give") : [];
  box.hidden = !moves.length;
  if (!moves.length) return;
  const contracts = moves.filter((m) => m.kind === "trumps" && m.contract).length;
  const declaring = moves.some((m) => m.kind === "doubles") ? "Where the doubles rank:"
    : !contracts ? "Name trumps:" : contracts === moves.length ? "Declare:" : "Name trumps, or declare a contract:";
  const heading = t.choices_head ? t.choices_head : t.phase === "declaring" ? declaring : t.phase === "calling" ? "Your call:" : t.phase === "melding" ? "Your melds:"
    : t.phase === "playing" ? "Or, before you lead:" : t.bid === null ? "Your bid:" : `Your bid (over ${t.bid_text}):`;
  box.append(h("span", { class: "choices-head" }, heading));
  for (const m of moves) {
    const words = m.kind === "pass" && t.phase !== "melding" ? ["Pass", h("span", { class: "key-hint" }, " (p)")] : m.label;
    const held = m.kind === "trumps" && typeof m.held === "number"
      ? h("span", { class: "held" }, h("span", { class: "dot" }, " · "), `${m.held} held`) : null;
    // A call or a close says what it does, in small words under its name.
    box.append(h("button", {
      type: "button", class: `choice choice-${m.kind}${m.explain ? " with-words" : ""}${hinted === m.index ? " hinted" : ""}`,
      title: m.text, "aria-label": m.text, "data-index": m.index, onclick: () => send(m),
    }, m.explain ? h("strong", {}, words) : words, held, m.explain ? h("span", { class: "choice-words" }, m.explain) : null));
  }
}

// A finished trick hand: made or set, claimed, the closer short, a walkover; each side's
// tricks, points and what it scored.
export function handEndBody(state, end, viewer) {
  const x = end.tricks;
  const body = h("div", {});
  const names = (side) => sideMembers(state, side, viewer).join(" & ");
  const pts = (n) => `${n} point${n === 1 ? "" : "s"}`;
  if (x.verdict) { // a special contract: made or set in the words of its aim
    // The contract's name as the rule file writes it ("nel-o"), never capitalised.
    body.append(h("p", { class: `verdict ${x.made ? "made" : "set"}`, id: "verdict" }, `${x.verdict}.`));
  } else if (x.bidder !== null && x.bidder !== undefined) {
    const who = names(x.bidder_side);
    const took = x.points[x.bidder_side];
    const verdict = x.made
      ? `Made: ${who} bid ${x.bid_text} and took ${took} of the ${x.make} needed.`
      : `Set: ${who} bid ${x.bid_text} and could not make ${x.make} (took ${took}).`;
    body.append(h("p", { class: `verdict ${x.made ? "made" : "set"}`, id: "verdict" }, verdict));
  } else if (x.walkover) {
    const left = state.seat_sides.map((_, s) => s).filter((s) => !(x.dropped || []).includes(s)).map((s) => seatName(state, s, viewer));
    body.append(h("p", { class: "verdict made", id: "verdict" }, `A walkover for ${left.join(" & ")}: everyone else dropped out before the first lead.`));
  } else if (x.declared_win !== null && x.declared_win !== undefined) { // declaration.wins_when
    const ours = viewer !== null && viewer !== undefined && state.seat_sides[viewer] === x.declared_win;
    body.append(h("p", { class: `verdict ${ours ? "made" : "set"}`, id: "verdict" }, `${names(x.declared_win)} won the hand by the declaration.`));
  } else if (x.claimed !== null && x.claimed !== undefined) {
    const ours = viewer !== null && viewer !== undefined && state.seat_sides[viewer] === x.claimed;
    body.append(h("p", { class: `verdict ${ours ? "made" : "set"}`, id: "verdict" }, `${names(x.claimed)} claimed the hand with ${pts(x.points[x.claimed])}.`));
  } else if (x.closed_by !== null && x.closed_by !== undefined) {
    const ours = viewer !== null && viewer !== undefined && state.seat_sides[viewer] === x.closer_side;
    body.append(h("p", { class: `verdict ${ours ? "set" : "made"}`, id: "verdict" },
      `${seatName(state, x.closed_by, viewer)} closed the stock but fell short: ${pts(x.points[x.closer_side])}, no claim.`));
  }
  if (x.closed_by !== null && x.closed_by !== undefined && x.at_close) {
    const at = state.seat_sides.length && Array.from({ length: state.sides }, (_, side) => `${names(side)} ${pts(x.at_close.points[side])}`).join(", ");
    body.append(h("p", { class: "closed-note" }, `${seatName(state, x.closed_by, viewer)} closed the stock with ${x.at_close.stock} tile${x.at_close.stock === 1 ? "" : "s"} in it, when the points stood: ${at}.`));
  }
  if (x.last_taker !== null && x.last_taker !== undefined && (x.grouped || x.captures)) {
    const ours = viewer !== null && viewer !== undefined && state.seat_sides[viewer] === x.last_side;
    body.append(h("p", { class: `verdict ${ours ? "made" : "set"}`, id: "verdict" }, `${seatName(state, x.last_taker, viewer)} took the last trick.`));
  }
  const played = x.tricks.reduce((a, b) => a + b, 0);
  if (played && x.tricks_in_hand && played < x.tricks_in_hand) body.append(h("p", { class: "quiet" }, `Decided after ${played} of ${x.tricks_in_hand} tricks: the rest were not played.`));
  const unit = x.unit || ["point", "points"];
  const dropped = x.dropped || [];
  const points = !x.only_tricks && !x.no_points; // a hand whose points are its tricks shows the tricks alone
  const captured = x.grouped || x.captures;
  const table = h("table", { class: "history hand-end" },
    h("tr", {}, h("th", {}, state.sides === state.seat_sides.length ? "Player" : "Side"), h("th", {}, "tricks"),
      points ? h("th", {}, "points") : null,
      captured ? h("th", {}, x.columns_of ? `tiles captured (columns of ${x.columns_of})` : "tiles captured") : null,
      h("th", {}, `${unit[1]} scored`), h("th", {}, `${unit[1]} now`)));
  for (let side = 0; side < state.sides; side++) {
    const members = state.seat_sides.map((s, seat) => [s, seat]).filter(([s]) => s === side).map(([, seat]) => seat);
    const out = members.length && members.every((seat) => dropped.includes(seat));
    const last = captured && side === x.last_side;
    const rowClass = [side === x.bidder_side ? "bidders" : "", out ? "dropped" : "", side === x.claimed ? "claimed" : "", last ? "last-trick-row" : ""].filter(Boolean).join(" ");
    table.append(h("tr", { class: rowClass }, h("td", {}, sideLabel(state, side, viewer), last ? h("span", { class: "last-mark" }, " ★ last trick") : null),
      out ? h("td", { colspan: points ? 2 : 1 }, "dropped out") : h("td", {}, x.tricks[side]),
      out || !points ? null : h("td", {}, x.points[side]),
      captured ? h("td", { class: "captured" }, capturedText(x.captured[side], x.columns_of)) : null,
      h("td", {}, x.gained[side] > 0 ? `+${x.gained[side]}` : `${x.gained[side]}`), h("td", {}, end.scores[side])));
  }
  body.append(table);
  const list = h("ul", { class: "words" });
  for (const line of end.words) list.append(h("li", {}, line));
  body.append(h("h3", {}, "How it went"), list);
  return body;
}
