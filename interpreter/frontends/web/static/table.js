// The table page: draws the seat's view, plays its moves, follows the others live (server-sent events).
import { tileSvg, tileText } from "./dominoes.js";
import { renderTable } from "./layout.js";
import { h, maxPip, names, renderPlayers, roundEndBody, matchEnd } from "./common.js";
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

function status(text, error = false) {
  const box = $("status");
  box.textContent = text;
  box.classList.toggle("error", error);
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
      status(""); // before the new state, whose render says what is asked next
      apply(body.state || body);
    } else {
      const reason = body.error || body.detail || `refused (${res.status})`;
      status(res.status === 409 ? `Not played: ${reason} — the table has been brought up to date.` : `Not played: ${reason}`, true);
      if (res.status === 409) await refresh();
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
  if (previous && previous.version !== next.version) hinted = null;
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
  if (state.over) status("The match is over.");
  else if (myTurn()) { if (!$("status").classList.contains("error")) status(turnWords()); }
  else if (state.current_player !== null && state.current_player !== undefined) status(`Waiting for ${names(state, state.seat)[state.current_player]}…`);
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
  svg.style.display = tricks ? "none" : ""; // a trick game lays out no line: its table is the trick and the seats around it
  $("trick-table").hidden = !tricks;
  if (tricks) {
    renderTrickTable($("trick-table"), state, state.seat);
    drawTable.targets = {};
    return;
  }
  const aspect = Math.max(0.6, Math.min(3, (area.clientWidth || 1200) / (area.clientHeight || 600)));
  const result = renderTable(svg, state.layout, { aspect, maxPip: maxPip(state), names: names(state, state.seat) });
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
}

function highlight(targets = drawTable.targets || {}) {
  for (const g of Object.values(targets)) g.classList.remove("hot", "chosen");
  if (!myTurn() || selected < 0) return;
  const moves = movesFor(handTiles()[selected]);
  moves.forEach((m, k) => {
    const g = targets[m.arm === null || m.arm === undefined ? "lead" : String(m.arm)];
    if (!g) return;
    g.classList.add("hot");
    if (k === choice % moves.length) g.classList.add("chosen");
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
    const where = moves.map((m) => m.text).join("; ");
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
    status(`${tileText(...handTiles()[i])} fits ${moves.length} places: click a lit place on the table (or ↑/↓ and Enter). Now: ${moves[choice].text}`);
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
    if (event.key === "Enter" || event.key === "Escape") { $("round-end-close").click(); event.preventDefault(); }
    return;
  }
  if (!state) return;
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
  const source = new EventSource(api("events"));
  source.addEventListener("state", (event) => {
    try { apply(JSON.parse(event.data)); } catch (err) { console.error(err); }
  });
  // The match is over and the stream ends: closed, or EventSource would reconnect to it again and again.
  source.addEventListener("over", () => source.close());
  source.onerror = () => { /* EventSource retries by itself; the next state catches up */ };
  window.__events = source;
}

async function setupPace() {
  const box = $("pace-box");
  const select = $("pace");
  if (state && typeof state.pace_ms === "number") {
    box.hidden = false;
    const values = [...select.options].map((o) => Number(o.value));
    if (!values.includes(state.pace_ms)) select.append(h("option", { value: state.pace_ms }, `${state.pace_ms} ms`));
    select.value = String(state.pace_ms);
    select.onchange = async () => {
      const res = await fetch(api("pace"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ pace_ms: Number(select.value) }) });
      if (!res.ok) status("The pace could not be changed.", true);
    };
  }
}

window.addEventListener("keydown", onKey);
window.addEventListener("resize", () => { if (state) drawTable(); });
$("hint-button").addEventListener("click", hint);
(async () => {
  if (!tableId || !token) { status("This link has no table or seat token.", true); return; }
  await refresh();
  await setupPace();
  listen();
  document.body.dataset.ready = "1";
})();
