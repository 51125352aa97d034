// The replay viewer: a save or a simulate log, stepped forward and back on the drawn table, every hand open.
import { renderTable } from "./layout.js";
import { h, maxPip, names, renderPlayers, roundEndBody, tilesRow } from "./common.js";
import { tileText } from "./dominoes.js";
import { boardOf } from "./boards.js";

const $ = (id) => document.getElementById(id);
let replay = null;
let steps = 0;
let step = 0;
let view = null;
let loading = 0;

function status(text, error = false) {
  $("open-status").textContent = text;
  $("open-status").classList.toggle("error", error);
}

async function open(text) {
  status("Opening…");
  const res = await fetch("/api/replays", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text, game: Number($("game").value) || 0 }) });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) { status(`Cannot open it: ${body.error || res.status}`, true); return; }
  replay = body.replay;
  steps = body.steps;
  status(`${steps} steps.`);
  $("scrub").max = String(steps);
  history.replaceState(null, "", location.pathname.startsWith("/replay/") ? `/replay/${replay}` : `?replay=${replay}`);
  await show(0);
}

async function show(k) {
  if (!replay) return;
  step = Math.max(0, Math.min(steps, k));
  const ticket = ++loading;
  const res = await fetch(`/api/replays/${encodeURIComponent(replay)}/step/${step}`);
  const body = await res.json().catch(() => ({}));
  if (ticket !== loading) return;
  if (!res.ok) { status(`Cannot show step ${step}: ${body.error || res.status}`, true); return; }
  view = body;
  if (typeof body.steps === "number") { steps = body.steps; $("scrub").max = String(steps); }
  render();
}

function render() {
  const v = view;
  $("title").textContent = `Replay: ${v.title}`;
  const board = boardOf(v); // a trick game: the seats around the trick, no layout
  $("round-info").textContent = `${board.roundWord} ${v.round}`;
  $("boneyard").textContent = board.boneyard ? `Boneyard: ${v.boneyard_count}` : "";
  $("step-info").textContent = `step ${step} of ${steps}`;
  $("scrub").value = String(step);
  renderPlayers($("players"), v, null);
  const area = $("table-area");
  const aspect = Math.max(0.6, Math.min(3, (area.clientWidth || 1200) / (area.clientHeight || 600)));
  $("table").style.display = board.ownTable ? "none" : "";
  $("trick-table").hidden = !board.ownTable;
  if (board.ownTable) board.ownTable($("trick-table"), v, null);
  else renderTable($("table"), v.layout, { aspect, maxPip: maxPip(v), names: names(v, null) });
  const who = names(v, null);
  $("hands").replaceChildren(...(v.hands || []).map((hand, seat) =>
    h("div", {}, h("strong", {}, `${who[seat]}${seat === v.current_player ? " ▶" : ""}: `),
      tilesRow(hand, `${who[seat]}: ${hand.map(([a, b]) => tileText(a, b)).join(" ")}`))));
  $("last-actions").replaceChildren(...(v.last_actions || []).map((line) => h("li", {}, line)));
  $("round-end-body").replaceChildren(v.round_end ? h("div", {}, h("h2", {}, `${tricks ? "Hand" : "Round"} ${v.round_end.round} over`), roundEndBody(v, null)) : "");
}

$("replay-file").addEventListener("change", async () => {
  const file = $("replay-file").files[0];
  if (file) open(await file.text());
});
$("open-text").addEventListener("click", () => open($("replay-text").value));
$("first").addEventListener("click", () => show(0));
$("back").addEventListener("click", () => show(step - 1));
$("forward").addEventListener("click", () => show(step + 1));
$("last").addEventListener("click", () => show(steps));
$("scrub").addEventListener("input", () => show(Number($("scrub").value)));
window.addEventListener("resize", () => { if (view) render(); });
window.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("textarea, input[type=number]")) return;
  const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: steps };
  if (e.key in moves && replay) { show(moves[e.key]); e.preventDefault(); }
});
const known = new URLSearchParams(location.search).get("replay") ||
  (location.pathname.startsWith("/replay/") ? location.pathname.split("/").pop() : null);
if (known) {
  replay = known;
  fetch(`/api/replays/${encodeURIComponent(known)}/step/0`).then((r) => r.ok ? r.json() : null).then((body) => {
    if (body) { steps = body.steps; $("scrub").max = String(steps); view = body; step = 0; render(); }
    else { replay = null; status("That replay is no longer kept by the server: open the file again.", true); }
  });
}
document.body.dataset.ready = "1";
