// The table page: draws the seat's view, plays its moves, follows the others live (server-sent events).
import { el, tileSvg, tileText } from "./dominoes.js";
import { apart, corners, renderTable } from "./layout.js";
import { flashMover, h, maxPip, names, renderPlayers, roundEndBody, matchEnd, scoreSheet } from "./common.js";
import { handScore, isTrickGame, renderChoices, renderTrickTable } from "./tricks.js";
import { carryPicks, handOrder, isGrouped, pick, renderPlayBar, selectionMove } from "./plays.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("table") || location.pathname.split("/").filter(Boolean).pop();
const token = params.get("token") || "";
const $ = (id) => document.getElementById(id);
const api = (path) => `/api/tables/${encodeURIComponent(tableId)}/${path}?token=${encodeURIComponent(token)}`;

let state = null;
let selected = -1; // index into the sorted hand
let choice = 0; // which of the selected tile's moves Enter plays
let sending = false;
let dismissedRound = null;
let lastLayoutKey = "";
let firstRound = null; // the round this page first showed: an earlier round's end is old news
let hinted = null; // the index of the move a hint named, when it is no tile (a bid, trumps)
let picked = []; // a game of plays (Tien Gow): the hand's tiles picked for the next play, in order
let pinned = null; // the table an error was said at: it stays until the table moves on
let connectionLost = false; // while the live stream is down (the browser reconnects by itself)

// A message of the page's own; an error stays while the table is as it was when it was said.
function status(text, error = false) {
  say(text, error);
  pinned = error ? tableKey(state) : null;
}

function say(text, error = false) {
  const box = $("status");
  box.textContent = text;
  box.classList.toggle("error", error);
}

// What the table is at: a move, or a person continuing from a round's end, moves it on.
function tableKey(view) {
  return view ? `${view.version}/${(view.to_continue || []).join(",")}` : "";
}

// The status the table itself gives: whose turn, who is to continue, a lost connection.
function showStatus() {
  if (!state) return;
  if (connectionLost) { say("Connection lost — reconnecting…", true); return; }
  if (pinned !== null && pinned === tableKey(state)) return;
  pinned = null;
  const waiting = state.to_continue || [];
  const who = names(state, state.seat);
  if (state.over) say(state.spectator ? "The match is over." : "The match is over. Play again, or look at the table.");
  else if (waiting.includes(state.seat)) say(`Round ${state.round} is over: look at the table, then press Continue for the next deal.`);
  else if (waiting.length) say(`Waiting for ${waiting.map((s) => who[s]).join(" and ")} to continue…`);
  else if (!state.spectator && ((state.seats || [])[state.seat] || {}).stand_in) say("A computer plays your seat: take it back when you are ready.");
  else if (myTurn()) say(turnWords());
  else if (state.spectator && state.current_player !== null && state.current_player !== undefined) say(`Watching: ${who[state.current_player]} to play.`);
  else if (state.current_player !== null && state.current_player !== undefined) say(`Waiting for ${who[state.current_player]}…`);
  else say("");
}

function handTiles() {
  return (state && state.hand) || [];
}

// A tile's moves: played (once, or, leading where the leader names the suit, once per end), or
// laid face down (a widow's or an exchange's discards).
function movesFor(tile) {
  return state.legal.filter((m) => (m.kind === "play" || m.kind === "discard") && m.tile && m.tile[0] === tile[0] && m.tile[1] === tile[1])
    .sort((x, y) => suitOf(y) - suitOf(x)); // a lead named two ways: the higher end first, as the hand reads
}

function suitOf(move) {
  return typeof move.value === "number" ? move.value : 0;
}

// The moves of the tile picked in a trick game when it may be led two ways: the chooser's buttons.
function pendingMoves() {
  if (!isTrickGame(state) || !myTurn() || selected < 0) return [];
  const moves = movesFor(handTiles()[selected] || [0, 0]);
  return moves.length > 1 ? moves : [];
}

function cancelChoice() {
  selected = -1; choice = 0;
  status(turnWords());
  renderHand(); renderControls();
}

// Why a tile is not among the moves: asked of the engine in a trick game, said here in a layout game.
function refuse(i) {
  const tile = handTiles()[i];
  if (isTrickGame(state)) { selected = i; tryTile(tile); return; }
  status(`${tileText(...tile)} does not fit anywhere now.`, true);
}

function myTurn() {
  return myTurnIn(state);
}

function myTurnIn(view) {
  return Boolean(view && !view.over && view.current_player === view.seat && view.legal.length > 0);
}

function send(move) {
  return post({ index: move.index }, move.text);
}

// A tile the page does not list as legal, sent all the same in a trick game: the engine refuses
// it with its reason ("you must follow fives"), which the page shows; no rule is checked here.
function tryTile(tile) {
  return post({ action: { kind: "play", tile } }, tileText(...tile));
}

async function post(choice, text) {
  if (sending || !state) return;
  sending = true;
  status(`Playing: ${text}…`);
  try {
    const res = await fetch(api("action"), {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...choice, version: state.version }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.ok) {
      selected = -1; choice = 0; hinted = null; picked = [];
      pinned = null;
      apply(body.state || body);
      showStatus(); // also when the live stream brought a newer table first (and apply kept that)
    } else {
      const reason = body.error || body.detail || `refused (${res.status})`;
      if (res.status === 409) {
        await refresh(); // the message is for the table as it is now: said after it is shown
        const stale = reason.startsWith("stale:");
        status(stale ? "Not played: the table had moved on before your click arrived (a move made in another tab, or a second click, came first). Here is the table as it is now."
          : `Not played: ${reason}.`, true);
      } else {
        status(`Not played: ${reason}`, true);
      }
    }
  } catch (err) {
    status(`Not played: the server did not answer (${err.message}).`, true);
  } finally {
    sending = false;
  }
}

async function refresh() {
  const res = await fetch(api("state"));
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    status(`Cannot show this table: ${body.error || res.status}`, true);
    return;
  }
  apply(await res.json());
}

function apply(next) {
  if (state && next.version !== undefined && state.version !== undefined && next.version < state.version) return;
  const previous = state;
  state = next;
  if (firstRound === null) firstRound = Math.min(next.round, next.round_end ? next.round_end.round : next.round);
  if (previous && previous.version !== next.version) { hinted = null; $("hints").replaceChildren(); } // a hint is for one table
  window.__state = next; // for the tests and the curious
  if (previous && previous.hand && selected >= 0) {
    const tile = previous.hand[selected];
    selected = tile ? state.hand.findIndex((t) => t[0] === tile[0] && t[1] === tile[1]) : -1;
  }
  // A new trick, or another's move: picks stand while they can still make a play of this size.
  picked = isGrouped(next) && myTurnIn(next) ? carryPicks(previous, next, picked) : [];
  render();
}

function render() {
  const tricks = isTrickGame(state);
  const word = tricks ? "Hand" : "Round"; // a trick game's rounds are hands, as its players say
  document.title = `${state.title} · ${word.toLowerCase()} ${state.round}`;
  $("title").textContent = state.title;
  const unit = tricks && state.target ? ` ${state.tricks.unit[state.target === 1 ? 0 : 1]}` : "";
  const goal = [state.rounds ? `of ${state.rounds}` : "", state.target ? `· first to ${state.target}${unit}` : ""];
  $("round-info").textContent = [`${word} ${state.round}`, ...goal].filter(Boolean).join(" ");
  $("boneyard").textContent = tricks ? "" : `Boneyard: ${state.boneyard_count}`;
  renderPlayers($("players"), state, state.seat);
  drawTable();
  renderHand();
  renderControls();
  renderLog();
  renderRoundEnd();
  renderFriends();
  renderPace();
  showStatus();
}

// With friends: a spectator's page shows no hand and no control; a person is asked their name
// once; the match's end offers "play again", and a match played again is followed at once.
function renderFriends() {
  document.body.classList.toggle("spectating", Boolean(state.spectator));
  $("watching").hidden = !state.spectator;
  $("hint-button").hidden = Boolean(state.spectator);
  const invite = $("watch-link");
  invite.hidden = !state.spectator_link;
  if (state.spectator_link) invite.href = state.spectator_link;
  if (state.next) { follow(state.next); return; }
  const again = $("play-again");
  again.hidden = !(state.over && !state.spectator);
  again.onclick = playAgain;
  // Names matter where several people share the table: each is asked once, in a bar that never
  // covers the table (the game goes on meanwhile); Skip keeps "Player N".
  const me = !state.spectator && (state.seats || [])[state.seat];
  const people = (state.seats || []).filter((s) => s.kind === "human").length;
  const asking = Boolean(me && me.named === false && people > 1 && !nameSkipped);
  const bar = $("name-form");
  if (asking && bar.hidden) $("name-input").value = localStorage.getItem(NAME_KEY) || "";
  bar.hidden = !asking;
  renderSeatControls(people);
}

// A computer plays an empty or abandoned seat, and hands it back: the seat's own person may ask
// for theirs, the table's creator for any person's seat (the server checks the same).
function renderSeatControls(people) {
  const box = $("seat-controls");
  const who = names(state, state.seat);
  const buttons = [];
  if (!state.spectator && people > 1 && !state.over) {
    for (const info of state.seats) {
      if (info.kind !== "human" || (info.seat !== state.seat && state.seat !== state.creator)) continue;
      const mine = info.seat === state.seat;
      const text = info.stand_in
        ? (mine ? "Take my seat back" : `Give ${who[info.seat]} their seat back`)
        : (mine ? "Let a computer play for me" : `A computer plays for ${who[info.seat]}`);
      const computer = info.stand_in ? null : "greedy";
      buttons.push(h("button", { type: "button", class: `stand-in${mine && info.stand_in ? " primary" : ""}`, "data-seat": info.seat,
        onclick: () => standIn(info.seat, computer) }, text));
    }
  }
  box.replaceChildren(...buttons);
  box.hidden = buttons.length === 0;
  for (const info of state.seats || []) {  // said on the seat's chip, to everyone
    const chip = document.querySelector(`#players .player[data-seat="${info.seat}"] strong`);
    if (info.stand_in && chip) chip.after(h("span", { class: "kind stand-in-note" }, " (a computer plays)"));
  }
}

async function standIn(seat, computer) {
  const res = await fetch(api("seat"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat, computer }) });
  const body = await res.json().catch(() => ({}));
  if (res.ok) apply(body.state);
  else status(`Could not change who plays the seat: ${body.error || res.status}.`, true);
}

let nameSkipped = false;
const NAME_KEY = "domino.name"; // the name typed last, here or on the start page

async function sitDown(event) {
  event.preventDefault();
  const name = $("name-input").value.trim();
  const res = await fetch(api("name"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) { $("name-error").textContent = body.error || `error ${res.status}`; return; }
  localStorage.setItem(NAME_KEY, body.name);
  $("name-error").textContent = "";
  await refresh();
}

// The next match at this table: the same seat, by the same token.
function follow(next) {
  if (follow.gone) return;
  follow.gone = true;
  if (window.__events) window.__events.close();
  location.href = `/table/${encodeURIComponent(next)}${location.search}`;
}

async function playAgain() {
  const button = $("play-again");
  if (button.disabled) return;
  button.disabled = true;
  try {
    const res = await fetch(api("again"), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const body = await res.json().catch(() => ({}));
    if (res.ok) follow(body.table);
    else status(`Could not play again: ${body.error || res.status}.`, true);
  } catch (err) {
    status(`Could not play again: the server did not answer (${err.message}).`, true);
  } finally {
    button.disabled = false;
  }
}

// What is asked of the player now, in a trick game by its phase.
function turnWords() {
  if (!isTrickGame(state)) return "Your turn.";
  const t = state.tricks;
  if (t.phase === "bidding") return t.bid === null ? "Your turn: bid or pass." : `Your turn: bid over ${t.bid_text}, or pass.`;
  if (t.phase === "declaring") return `You won the bid at ${t.bid_text}: name trumps.`;
  if (t.phase === "calling") return "Your call before the first lead: keep this hand, drop out, or exchange it.";
  if (t.phase === "discarding") return `Lay ${t.to_discard} tile${t.to_discard === 1 ? "" : "s"} face down: click ${t.to_discard === 1 ? "it" : "each"} in your hand.`;
  if (t.grouped && t.lead_size) {
    const n = t.lead_size === 1 ? "a tile" : `${t.lead_size} tiles`;
    return `Your turn: play ${n} (${t.led}): pick ${t.lead_size === 1 ? "it" : "them"}, then Play.`;
  }
  if (t.grouped) return "Your turn: lead a tile, or a combination: pick, then Lead.";
  if (t.led) return `Your turn: play a tile (${t.led}).`;
  const named = state.legal.some((m) => m.kind === "play" && m.suit);
  const close = state.legal.some((m) => m.kind === "close");
  return `Your turn: lead a tile${named ? ", then say which of its ends is the suit" : ""}${close ? " (or close the stock)" : ""}.`;
}

function drawTable() {
  const svg = $("table");
  const area = $("table-area");
  const tricks = isTrickGame(state);
  const age = playAge();
  if (state.last_play && age < FRESH_MS) flashMover($("players"), state.last_play.seat, age);
  svg.style.display = tricks ? "none" : ""; // a trick game lays out no line: its table is the trick and the seats around it
  $("trick-table").hidden = !tricks;
  if (tricks) {
    renderTrickTable($("trick-table"), state, state.seat);
    drawTable.targets = {};
    return;
  }
  const aspect = Math.max(0.6, Math.min(3, (area.clientWidth || 1200) / (area.clientHeight || 600)));
  // A double of one's own to lay (a private train's start): its place is drawn while it may be laid.
  const ownDouble = myTurn() && Boolean(state.layout.hub) && state.legal.some((m) => m.kind === "play" && (m.arm === null || m.arm === undefined));
  const result = renderTable(svg, state.layout, { aspect, maxPip: maxPip(state), names: names(state, state.seat), ownDouble });
  window.__tableGeometry = result.geometry; // for the tests
  const key = JSON.stringify(state.layout.arms.map((a) => a.tiles.length));
  lastLayoutKey = key;
  const demanded = new Set((state.layout.open_doubles || []).filter((d) => d.active).flatMap((d) => d.arms.map(String)));
  for (const [arm, g] of Object.entries(result.targets)) {
    if (demanded.has(arm)) g.classList.add("demand");
    g.addEventListener("click", () => clickTarget(arm));
  }
  highlight(result.targets);
  drawTable.targets = result.targets;
  touchTargets(svg, result.targets);
  markLastPlay(svg, result.geometry, age);
}

// What just happened: the tiles of the last turn are highlighted while they are the last; a new
// turn's tiles also slide in, and the points a tile scored show beside it, for FRESH_MS after the
// page first saw that turn (a redraw meanwhile carries on where the animation was). A turn already
// on the table when the page opened is no news: highlighted, nothing moves.
const FRESH_MS = 4000;
let seenPlay = null; // {at, since}: the last turn this page has seen, and when (performance.now())
function playAge() {
  const at = state.last_play ? state.last_play.at : null;
  if (seenPlay === null) seenPlay = { at, since: -Infinity };
  else if (seenPlay.at !== at) seenPlay = { at, since: performance.now() };
  return performance.now() - seenPlay.since;
}

function markLastPlay(svg, geometry, age) {
  const last = state.last_play;
  if (!last) return;
  const fresh = age < FRESH_MS;
  const box = svg.viewBox.baseVal;
  const drawn = [...(geometry.root ? [geometry.root] : []), ...geometry.placed];
  for (const { tile, points } of last.tiles) {
    const key = `${Math.min(...tile)}-${Math.max(...tile)}`;
    const g = svg.querySelector(`.domino[data-tile="${key}"]`);
    const p = drawn.find((q) => Math.min(q.a, q.b) === Math.min(...tile) && Math.max(q.a, q.b) === Math.max(...tile));
    if (!g || !p) continue;
    g.classList.add("last-play");
    // A glow around the face, under every tile (so it never covers a neighbour): the place it
    // lights is where the tile slides to.
    const halo = el("rect", { class: "last-play-halo", x: -1.17, y: -0.67, width: 2.34, height: 1.34, rx: 0.3, transform: g.getAttribute("transform") });
    g.parentNode.insertBefore(halo, g.parentNode.querySelector(".domino"));
    if (!fresh) continue;
    // Slides in from the side of the table its player sits: below for one's own, above for the others'.
    const wrap = el("g", { class: "arriving" });
    g.replaceWith(wrap);
    wrap.append(g);
    wrap.style.setProperty("--from-y", `${(last.seat === state.seat ? 1 : -1) * box.height * 0.3}px`);
    wrap.style.animationDelay = `${-age}ms`;
    if (points) scoreTag(svg, p, key, points, age, box, drawn.map(corners));
  }
}

// "+N" in a tag beside the tile that scored it: above it, else below, left or right, the first
// place inside the table that covers no tile (`tiles`: their corners).
function scoreTag(svg, p, key, points, age, box, tiles) {
  const words = `+${points}`;
  const width = 0.42 * words.length + 0.5;
  const rad = (p.angle * Math.PI) / 180;
  const high = Math.abs(Math.sin(rad)) + 0.5 * Math.abs(Math.cos(rad)); // the tile's half-extents as drawn
  const wide = Math.abs(Math.cos(rad)) + 0.5 * Math.abs(Math.sin(rad));
  const spots = [[p.x, p.y - high - 0.5], [p.x, p.y + high + 0.5], [p.x - wide - width / 2 - 0.1, p.y], [p.x + wide + width / 2 + 0.1, p.y]];
  const shape = ([x, y]) => [[x - width / 2, y - 0.4], [x + width / 2, y - 0.4], [x + width / 2, y + 0.4], [x - width / 2, y + 0.4]];
  const within = ([x, y]) => x - width / 2 >= box.x && x + width / 2 <= box.x + box.width && y - 0.4 >= box.y && y + 0.4 <= box.y + box.height;
  const [x, y] = spots.find((s) => within(s) && tiles.every((q) => apart(shape(s), q))) || spots.find(within) || spots[0];
  const at = el("g", { transform: `translate(${x} ${y})` }, svg);
  const tag = el("g", { class: "score-tag", "data-tile": key, role: "img", "aria-label": `${points} point${points === 1 ? "" : "s"}` }, at);
  el("rect", { x: -width / 2, y: -0.4, width, height: 0.8, rx: 0.4 }, tag);
  el("text", { x: 0, y: 0.03, "text-anchor": "middle", "dominant-baseline": "central" }, tag).textContent = words;
  tag.style.animationDelay = `${-age}ms`;
}

// Every place to play is at least TOUCH_PX across on the screen, however small the table is
// drawn (a crowded hub on a phone): an invisible hit area, centred on the drawn place, takes the tap.
const TOUCH_PX = 44;
function touchTargets(svg, targets) {
  const m = svg.getScreenCTM();
  const scale = m ? Math.hypot(m.a, m.b) : 0; // screen px per table unit
  if (!scale) return;
  const width = Math.max(1.9, TOUCH_PX / scale), height = Math.max(0.9, TOUCH_PX / scale);
  for (const g of Object.values(targets)) {
    const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [key, value] of Object.entries({ class: "hit", x: -width / 2, y: -height / 2, width, height })) hit.setAttribute(key, value);
    g.append(hit);
  }
}

function highlight(targets = drawTable.targets || {}) {
  for (const g of Object.values(targets)) {
    g.classList.remove("hot", "chosen");
    g.removeAttribute("aria-label");
    g.querySelector("title")?.remove();
  }
  if (!myTurn() || selected < 0) return;
  const moves = movesFor(handTiles()[selected]);
  moves.forEach((m, k) => {
    const g = targets[m.arm === null || m.arm === undefined ? "lead" : String(m.arm)];
    if (!g) return;
    g.classList.add("hot");
    if (k === choice % moves.length) g.classList.add("chosen");
    // The place in the words of the moves and the hint: a tooltip, and what a screen reader says.
    const words = `Play here: ${m.where || m.text}`;
    g.setAttribute("aria-label", words);
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = words;
    g.prepend(title);
  });
}

function clickTarget(arm) {
  if (!myTurn() || selected < 0) return;
  const moves = movesFor(handTiles()[selected]).filter((m) => String(m.arm ?? "lead") === arm);
  if (moves.length) send(moves[0]);
}

// A game of plays: the hand suit by suit, each tile with its name; a click picks it for the play.
function renderGroupedHand(box) {
  const yours = myTurn();
  const t = state.tricks;
  const moves = yours ? state.legal.filter((m) => m.kind === "play" && m.tiles) : [];
  const playable = new Set(moves.flatMap((m) => m.tiles.map(([a, b]) => `${a}-${b}`)));
  // To follow one tile, a tile that would take the lead says so.
  const beats = new Set(moves.filter((m) => m.takes_lead && m.tiles.length === 1).map((m) => `${m.tiles[0][0]}-${m.tiles[0][1]}`));
  box.classList.toggle("resting", !moves.length);
  box.classList.add("named-hand");
  let suit = null;
  handOrder(state).forEach((i, position) => {
    const [a, b] = state.hand[i];
    const name = (t.hand_names || [])[i] || "";
    const suitOf = (t.hand_suits || [])[i];
    if (suitOf !== undefined && suitOf !== suit && (t.suit_names || []).length) {
      suit = suitOf;
      box.append(h("span", { class: "suit-label", "aria-hidden": "true" }, t.suit_names[suit]));
    }
    const tileKey = `${a}-${b}`;
    const isPicked = picked.includes(i);
    const wins = beats.has(tileKey);
    box.append(h("button", {
      type: "button", class: `hand-tile named${playable.has(tileKey) ? " playable" : ""}${isPicked ? " selected picked" : ""}${wins ? " beats" : ""}`,
      "aria-label": `${position + 1}: ${tileText(b, a)} ${name}${suitOf !== undefined && t.suit_names ? ` (${t.suit_names[suitOf]})` : ""}${wins ? ", takes the lead" : ""}`,
      "aria-pressed": isPicked ? "true" : "false", "data-tile": tileKey, "data-index": i,
      onclick: () => clickPick(i),
    }, tileSvg(b, a, { vertical: true }),
    h("span", { class: "tile-name", "aria-hidden": "true" }, name),
    wins ? h("span", { class: "tile-notes", "aria-hidden": "true" }, h("span", { class: "note trump" }, "beats")) : null));
  });
  if (!state.hand.length) box.append(h("em", {}, "Your hand is empty."));
}

function clickPick(i) {
  if (!myTurn()) { status("It is not your turn.", true); return; }
  picked = pick(state, picked, i);
  status(turnWords()); // the bar above the hand says what the picked tiles would do
  renderHand(); renderControls();
}

function clearPicks() {
  picked = [];
  status(turnWords());
  renderHand(); renderControls();
}

function renderHand() {
  const box = $("hand");
  box.replaceChildren();
  box.classList.remove("named-hand");
  if (isGrouped(state)) { renderGroupedHand(box); return; }
  const yours = myTurn();
  // In a trick game, while no tile can be played (another's turn, the bidding), the hand is shown
  // undimmed: it is read to bid and to name trumps.
  box.classList.toggle("resting", isTrickGame(state) && (!yours || !state.legal.some((m) => m.kind === "play" || m.kind === "discard")));
  const notes = (state.tricks && state.tricks.hand_notes) || [];
  handTiles().forEach(([a, b], i) => {
    const moves = yours ? movesFor([a, b]) : [];
    const where = moves.map((m) => m.where || m.text).join("; ");
    const note = (notes[i] || []).join(", "); // the engine's words: "trump", "counts 10"
    const button = h("button", {
      type: "button", class: `hand-tile${moves.length ? " playable" : ""}${i === selected ? " selected" : ""}`,
      "aria-label": `${i + 1}: ${tileText(a, b)}${note ? ` (${note})` : ""}${moves.length ? `, playable: ${where}` : ""}`,
      "aria-pressed": i === selected ? "true" : "false", "data-tile": `${a}-${b}`,
      onclick: () => clickTile(i),
    }, tileSvg(a, b, { vertical: true }),
    notes.length ? h("span", { class: "tile-notes", "aria-hidden": "true" },
      ...(notes[i] || []).map((n) => h("span", { class: n === "trump" ? "note trump" : "note" }, n.replace("counts ", "")))) : null);
    box.append(button);
  });
  if (!handTiles().length) box.append(h("em", {}, "Your hand is empty."));
  renderPlaces();
}

// The selected tile's places in words, as buttons under the hand, when those on the table crowd
// (drawn too small to see well, or too near one another to tap apart) or one is not drawn at all.
function renderPlaces() {
  let box = $("places");
  if (!box) {
    box = h("div", { id: "places", class: "places", role: "group", "aria-label": "Where to play the selected tile" });
    $("hand").after(box);
  }
  box.replaceChildren();
  const moves = myTurn() && selected >= 0 && !isTrickGame(state) ? movesFor(handTiles()[selected]) : [];
  box.hidden = !(moves.length > 1 && crowded(moves));
  if (box.hidden) return;
  box.append(h("span", { class: "lede" }, `Play ${tileText(...handTiles()[selected])}:`));
  moves.forEach((m, k) => box.append(h("button", { type: "button", class: k === choice % moves.length ? "chosen" : "", onclick: () => send(m) }, m.where || m.text)));
}

const SEEN_PX = 20; // a place's short side drawn smaller than this is hard to see and to hit
const APART_PX = 48; // places whose centres are nearer than this are hard to tap apart
function crowded(moves) {
  const targets = drawTable.targets || {};
  const boxes = moves.map((m) => {
    const g = targets[m.arm === null || m.arm === undefined ? "lead" : String(m.arm)];
    const drawn = g && g.querySelector("rect:not(.hit)");
    return drawn ? drawn.getBoundingClientRect() : null;
  });
  if (boxes.some((r) => !r || Math.min(r.width, r.height) < SEEN_PX)) return true;
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  return boxes.some((r, i) => boxes.slice(i + 1).some((q) => Math.hypot(centre(r)[0] - centre(q)[0], centre(r)[1] - centre(q)[1]) < APART_PX));
}

function clickTile(i) {
  if (!myTurn()) { status("It is not your turn.", true); return; }
  const moves = movesFor(handTiles()[i]);
  if (!moves.length) { refuse(i); selected = i; renderHand(); highlight(); return; }
  if (moves.length === 1) { send(moves[0]); return; }
  if (selected === i) { choice = (choice + 1) % moves.length; } else { selected = i; choice = 0; }
  if (isTrickGame(state)) {
    const [a, b] = handTiles()[i];
    status(`Lead ${tileText(b, a)} as ${moves.map((m) => m.suit).join(" or ")}? Choose the suit the others must follow (or ↑/↓ and Enter). Now: ${moves[choice].text}`);
  } else {
    const named = crowded(moves) ? ", or a place named under your hand" : "";
    status(`${tileText(...handTiles()[i])} fits ${moves.length} places: click a lit place on the table${named} (or ↑/↓ and Enter). Now: ${moves[choice].where || moves[choice].text}`);
  }
  renderHand();
  highlight();
  renderControls();
}

function renderControls() {
  const yours = myTurn();
  const tricks = isTrickGame(state);
  if (isGrouped(state) && yours && state.tricks.phase === "playing") {
    renderPlayBar($("choices"), state, picked, send, clearPicks, hinted);
  } else {
    $("choices").classList.remove("play-bar");
    renderChoices($("choices"), tricks ? state : { legal: [], tricks: {} }, tricks && yours, send, hinted, pendingMoves(), cancelChoice);
  }
  $("keys").textContent = isGrouped(state)
    ? "Keys: 1–9 pick or put back a tile (as the hand reads), Enter plays the picked tiles, Esc clears, h hint"
    : tricks
    ? `Keys: 1–9 or ←/→ choose a tile, ${state.tricks.names_lead_suit ? "↑/↓ the suit it is led as, " : ""}Enter plays it, Tab to the other choices, p pass, h hint`
    : "Keys: 1–9 or ←/→ choose a tile, ↑/↓ choose where, Enter plays, d draw, p pass, m marker, h hint";
  for (const kind of ["draw", "pass", "marker"]) {
    const move = yours && !tricks && state.legal.find((m) => m.kind === kind);
    const button = $(kind);
    button.hidden = !move;
    button.onclick = move ? () => send(move) : null;
    if (move) button.title = move.text;
  }
  // Why only draw, pass or a marker is offered: the server's words, from the engine's state.
  const why = $("why");
  const said = yours && !tricks && state.why ? state.why : "";
  why.textContent = said ? `${said[0].toUpperCase()}${said.slice(1)}.` : "";
  why.hidden = !said;
  const list = $("legal-list");
  list.replaceChildren();
  if (yours) {
    for (const m of state.legal) {
      list.append(h("li", {}, h("button", { type: "button", onclick: () => send(m) }, m.text)));
    }
  }
}

function renderLog() {
  const list = $("last-actions");
  list.replaceChildren(...(state.last_actions || []).map((line) => h("li", {}, line)));
  const ends = $("ends");
  ends.textContent = state.ends_said || "";  // only where the rules score the open ends, in their words
  $("trick-score").replaceChildren(isTrickGame(state) ? handScore(state, state.seat) : "");
}

function renderRoundEnd() {
  const overlay = $("round-end");
  const peek = $("round-end-peek");
  // A table that waits at a round's end (the server says who is still to continue): the summary
  // is up, the finished table behind it, until this person continues; the match's end as below.
  if (Array.isArray(state.to_continue) && !state.over) {
    // A spectator sees it too while the people look at it, with nothing to continue: Close.
    const watching = state.spectator && state.to_continue.length > 0 && state.round_end
      && dismissedRound !== `${state.round_end.round}`;
    const end = state.to_continue.includes(state.seat) || watching ? state.round_end : null;
    const opening = Boolean(end) && overlay.hidden;
    overlay.hidden = !end;
    overlay.classList.toggle("kept", Boolean(end));
    peek.hidden = !end;
    if (!end) { overlay.classList.remove("peek"); return; }
    $("round-end-title").textContent = `Round ${end.round} over`;
    $("round-end-body").replaceChildren(roundEndBody(state, state.seat, end));
    $("round-end-close").textContent = state.spectator ? "Close" : "Continue";
    $("round-end-close").onclick = state.spectator
      ? () => { dismissedRound = `${end.round}`; overlay.hidden = true; peek.hidden = true; }
      : continueRound;
    peek.textContent = overlay.classList.contains("peek") ? "Show the summary" : "See the table";
    peek.onclick = () => {
      peek.textContent = overlay.classList.toggle("peek") ? "Show the summary" : "See the table";
    };
    if (opening) $("round-end-close").focus(); // a keyboard or a screen reader starts at Continue
    return;
  }
  peek.hidden = true;
  overlay.classList.remove("kept", "peek");
  // The last round's end stays up until it is dismissed, even once the next round has begun
  // (a computer may bid at once after a hand), unless it ended before this page was opened.
  const recent = state.last_round_end && state.last_round_end.round >= firstRound ? state.last_round_end : null;
  const end = state.round_end || recent;
  const key = end ? `${end.round}` : null;
  if ((end && key !== dismissedRound) || (state.over && dismissedRound !== "over")) {
    const word = isTrickGame(state) ? "Hand" : "Round";
    $("round-end-title").textContent = state.over ? "Match over" : `${word} ${end.round} over`;
    const body = $("round-end-body");
    body.replaceChildren(end ? roundEndBody(state, state.seat, end) : matchEnd(state, state.seat));
    overlay.hidden = false;
    $("round-end-close").textContent = state.over ? "Look at the table" : "Continue";
    $("round-end-close").onclick = () => { dismissedRound = state.over ? "over" : key; overlay.hidden = true; };
  } else {
    overlay.hidden = true;
  }
}

// This person has looked at the round's end: the server shows them the next deal (played once
// every person at the table has continued).
async function continueRound() {
  const button = $("round-end-close");
  if (button.disabled) return;
  button.disabled = true;
  try {
    const res = await fetch(api("continue"), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const body = await res.json().catch(() => ({}));
    if (res.ok) apply(body.state);
    else { await refresh(); status(`Could not continue: ${body.error || res.status}.`, true); }
  } catch (err) {
    status(`Could not continue: the server did not answer (${err.message}).`, true);
  } finally {
    button.disabled = false;
  }
}

// The rounds so far: how each ended, what each side made, the totals.
function showScores() {
  $("scores-body").replaceChildren(scoreSheet(state, state.seat));
  $("scores").hidden = false;
  $("scores-close").focus();
}

function closeScores() {
  $("scores").hidden = true;
  $("scores-button").focus();
}

async function hint() {
  const res = await fetch(api("hint"));
  const body = await res.json().catch(() => ({}));
  const box = $("hints");
  if (!res.ok) { box.textContent = `No hint: ${body.error || res.status}`; return; }
  const items = (body.moves || []).map((m) => h("li", {}, m.text, m.words ? h("span", { class: "lede" }, ` — ${m.words}`) : ""));
  box.replaceChildren(h("h2", {}, `Hint (${body.player || "computer"})`), h("ol", {}, ...items));
  const first = (body.moves || [])[0];
  if (first && isGrouped(state)) { // the hint's tiles picked: Enter plays them
    const move = state.legal.find((m) => m.index === first.index);
    if (move && move.tiles) {
      picked = [];
      for (const [a, b] of move.tiles) {
        const i = state.hand.findIndex((t, k) => !picked.includes(k) && t[0] === a && t[1] === b);
        if (i >= 0) picked.push(i);
      }
      hinted = move.index;
      renderHand(); renderControls();
    }
    status(`Hint: ${first.text}`);
    return;
  }
  if (first) {
    const move = state.legal.find((m) => m.index === first.index);
    if (move && !move.tile) { hinted = move.index; renderControls(); }
    if (move && move.tile) {
      selected = handTiles().findIndex((t) => t[0] === move.tile[0] && t[1] === move.tile[1]);
      choice = Math.max(0, movesFor(move.tile).findIndex((m) => m.index === move.index));
      renderHand(); highlight();
    }
    status(`Hint: ${first.text}`);
  }
}

function onKey(event) {
  if (event.target.closest && event.target.closest("select, input, textarea")) return;
  if (!$("round-end").hidden) {
    if (event.target.id === "play-again") return; // Enter on it plays again
    if (event.key === "Enter" || event.key === "Escape") { $("round-end-close").click(); event.preventDefault(); }
    return;
  }
  if (!state || state.spectator) return; // a spectator has no move to choose
  if (isGrouped(state) && groupedKey(event)) { event.preventDefault(); return; }
  const n = handTiles().length;
  const key = event.key;
  if (/^[1-9]$/.test(key) && Number(key) <= n) { selected = Number(key) - 1; choice = 0; }
  else if (key === "0" && n >= 10) { selected = 9; choice = 0; }
  else if (key === "ArrowRight" && n) { selected = (selected + 1) % n; choice = 0; }
  else if (key === "ArrowLeft" && n) { selected = (selected - 1 + n) % n; choice = 0; }
  else if ((key === "ArrowUp" || key === "ArrowDown") && selected >= 0) {
    const count = movesFor(handTiles()[selected]).length || 1;
    choice = (choice + (key === "ArrowUp" ? count - 1 : 1)) % count;
  } else if (key === "Enter" && selected < 0 && hinted !== null && myTurn()) {
    if (event.target.closest && event.target.closest("button")) return; // the focused button's own Enter
    const move = state.legal.find((m) => m.index === hinted);
    if (move) send(move);
  } else if (key === "Enter" && selected >= 0) {
    if (event.target.closest && event.target.closest("button") && !event.target.classList.contains("hand-tile")) return;
    const moves = movesFor(handTiles()[selected]);
    if (moves.length) send(moves[choice % moves.length]);
    else if (myTurn()) refuse(selected);
    else status("It is not your turn.", true);
  } else if (key === "d" || key === "p" || key === "m") {
    const move = myTurn() && state.legal.find((m) => m.kind === { d: "draw", p: "pass", m: "marker" }[key]);
    if (move) send(move); else status(`No ${{ d: "draw", p: "pass", m: "marker" }[key]} now.`, true);
  } else if (key === "h") { hint(); }
  else return;
  event.preventDefault();
  if (selected >= 0 && state) {
    const moves = movesFor(handTiles()[selected] || [0, 0]);
    if (moves.length) status(`${tileText(...handTiles()[selected])}: ${moves[choice % moves.length].text}${moves.length > 1 ? ` (${choice % moves.length + 1} of ${moves.length}, ↑/↓)` : ""}`);
    renderHand(); highlight();
    if (isTrickGame(state)) renderControls();
    const button = $("hand").children[selected];
    if (button && button.focus) button.focus();
  }
}

// The keys of a game of plays: a number picks the tile at that place of the hand as shown,
// Enter plays the picked tiles when they are a legal play, Esc clears them. True when handled.
function groupedKey(event) {
  const key = event.key;
  const order = handOrder(state);
  if (/^[1-9]$/.test(key) && Number(key) <= order.length) { clickPick(order[Number(key) - 1]); return true; }
  if (key === "0" && order.length >= 10) { clickPick(order[9]); return true; }
  if (key === "Escape") { clearPicks(); return true; }
  if (key === "Enter") {
    if (event.target.closest && event.target.closest("button") && !event.target.classList.contains("hand-tile")) return false;
    const move = myTurn() && selectionMove(state, picked);
    if (move) send(move);
    else if (myTurn()) status(picked.length ? "Those tiles are no play you may make now." : turnWords(), Boolean(picked.length));
    return true;
  }
  if (key === "h") { hint(); return true; }
  return false;
}

function listen() {
  if (!window.EventSource) return;
  // Where someone else may play again (another person, or this is a spectator's page), follow=1:
  // once the match is over the stream stays open, to say when. Alone, the page's own button does.
  const people = state ? (state.seats || []).filter((s) => s.kind === "human").length : 1;
  const following = Boolean(state && (state.spectator || people > 1));
  const source = new EventSource(following ? `${api("events")}&follow=1` : api("events"));
  source.addEventListener("state", (event) => {
    try { apply(JSON.parse(event.data)); } catch (err) { console.error(err); }
  });
  // The match is over and the stream ends: closed, or EventSource would reconnect to it again and again.
  if (!following) source.addEventListener("over", () => source.close());
  // The match was played again: every open page goes on to the next match, in the same seat.
  source.addEventListener("next", (event) => {
    source.close();
    try { follow(JSON.parse(event.data).table); } catch (err) { console.error(err); }
  });
  // The stream dropped (the server stopped, the network went): said until it is back. EventSource
  // retries by itself; one that gave up (an error answer) is opened again here.
  source.onerror = () => {
    connectionLost = true;
    showStatus();
    if (source.readyState === EventSource.CLOSED && window.__events === source) setTimeout(listen, 2000);
  };
  source.onopen = () => {
    if (!connectionLost) return;
    connectionLost = false;
    showStatus(); // the stream's first message is the table as it is now
  };
  window.__events = source;
}

async function setupPace() {
  $("pace").onchange = async () => {
    const body = JSON.stringify({ pace_ms: Number($("pace").value) });
    const res = await fetch(api("pace"), { method: "POST", headers: { "Content-Type": "application/json" }, body });
    if (!res.ok) status("The pace could not be changed.", true);
  };
  renderPace();
}

// The computers' pace: only where a computer plays (a seat of its own, or one it took over), and
// as the server has it now (another tab may have changed it).
function renderPace() {
  const box = $("pace-box");
  const select = $("pace");
  const computers = (state.seats || []).some((s) => s.kind === "computer" || s.stand_in);
  box.hidden = !computers || state.spectator || typeof state.pace_ms !== "number";
  if (box.hidden || document.activeElement === select) return;
  const values = [...select.options].map((o) => Number(o.value));
  if (!values.includes(state.pace_ms)) select.append(h("option", { value: state.pace_ms }, `${state.pace_ms} ms`));
  select.value = String(state.pace_ms);
}

window.addEventListener("keydown", onKey);
// The table is drawn to its area's shape: drawn again whenever the area changes size (a window
// resized, the hand wrapping to another row, the last actions opened on a phone).
let areaSize = "";
new ResizeObserver(() => {
  const area = $("table-area");
  const size = `${area.clientWidth}x${area.clientHeight}`;
  if (size === areaSize) return;
  areaSize = size;
  if (state) drawTable();
}).observe($("table-area"));
// On a phone the last actions are one line under the table; this button opens the whole list.
$("log-toggle").addEventListener("click", () => {
  const open = $("log-toggle").getAttribute("aria-expanded") !== "true";
  $("log-toggle").setAttribute("aria-expanded", String(open));
  document.body.classList.toggle("log-open", open);
});
$("hint-button").addEventListener("click", hint);
$("name-form").addEventListener("submit", sitDown);
$("name-skip").addEventListener("click", () => { nameSkipped = true; $("name-form").hidden = true; });
$("scores-button").addEventListener("click", showScores);
$("scores-close").addEventListener("click", closeScores);
// Esc or Enter closes the scores (before the table's own keys see them).
window.addEventListener("keydown", (event) => {
  if ($("scores").hidden || (event.key !== "Escape" && event.key !== "Enter")) return;
  if (event.key === "Enter" && event.target.closest && event.target.closest("button") && event.target.id !== "scores-close") return;
  event.preventDefault(); event.stopImmediatePropagation();
  closeScores();
}, true);
(async () => {
  if (!tableId || !token) { status("This link has no table or seat token.", true); return; }
  await refresh();
  await setupPace();
  listen();
  document.body.dataset.ready = "1";
})();
