// The start page: a variant or one's own rule file (validated as one types), the seats, the house rules.
import { h } from "./common.js";
import { remember, setupYourTables } from "./your_tables.js";

const $ = (id) => document.getElementById(id);
const STRENGTHS = ["random", "greedy", "heavy", "ismcts"];
let variants = [];
let ownOk = false;
let validateTimer = null;
let validateSeq = 0;
let ownPlayers = { min: 2, max: 8 };
let ownShape = {};  // what else the page adapts to in one's own rules (family, partners, target)

function current() {
  return variants.find((v) => v.name === $("variant").value);
}

function source() {
  return document.querySelector("input[name=source]:checked").value;
}

function playerRange() {
  return source() === "bundled" ? (current() || {}).players || { min: 2, max: 4 } : ownPlayers;
}

function fillPlayers() {
  const { min, max } = playerRange();
  const select = $("players");
  const before = Number(select.value) || Math.min(Math.max(2, min), max);
  select.replaceChildren(...Array.from({ length: max - min + 1 }, (_, i) => h("option", { value: min + i }, min + i)));
  select.value = String(Math.min(Math.max(before, min), max));
  fillSeats();
  showShape();
}

// What the chosen rules fix: partners across the table (Texas 42), a trick game's deal of every
// tile (no hand size to set), the target the rules play to.
function showShape() {
  const shape = (source() === "bundled" ? current() : ownShape) || {};
  const count = Number($("players").value);
  // The partnership choice only where the rules let a match make it, at this count; ticked as
  // the file plays it until the player says otherwise.
  const optional = Boolean(shape.teams_optional) && (shape.team_counts || []).includes(count);
  const key = `${source()}:${shape.name || shape.title || ""}:${count}`;
  if (optional && $("teams-box").dataset.key !== key) $("teams").checked = (shape.partners || []).includes(count);
  $("teams-box").dataset.key = optional ? key : "";
  $("teams-box").hidden = !optional;
  const partners = optional ? false : (shape.partners || []).includes(count);
  const note = $("partners-note");
  note.hidden = !partners;
  if (partners) {
    // Seat i plays for team i mod sides: pairs across the table, or teams in alternate seats.
    const sides = shape.sides || count / 2;
    const teams = Array.from({ length: sides }, (_, k) => Array.from({ length: count / sides }, (_, j) => k + 1 + j * sides));
    const named = teams.map((seats) => `seats ${seats.slice(0, -1).join(", ")} & ${seats[seats.length - 1]}`);
    note.textContent = `${shape.sides ? "Teams sit alternately" : "Partners sit across the table"}: ${named.join(" against ")}.`;
  }
  // Only a layout game's hands are sized at the start: a trick deal uses every tile, a patience's
  // tableau deals its own; and a patience is one deal, won or lost, with no target nor rounds.
  $("hand-size-box").hidden = shape.family !== "layout";
  if (shape.family !== "layout") $("hand-size").value = "";
  for (const key of ["target", "rounds"]) {
    $(key).closest("label").hidden = shape.family === "tableau";
    if (shape.family === "tableau") $(key).value = "";
  }
  $("target").placeholder = shape.target ? `as the rules say (${shape.target})` : "as the rules say";
}

function fillSeats() {
  const count = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const select = h("select", { id: `seat-${seat}`, "aria-label": `Seat ${seat + 1}` },
      h("option", { value: "human" }, "a person"),
      ...STRENGTHS.map((s) => h("option", { value: s }, `computer (${s})`)));
    select.value = old[seat] || (seat === 0 ? "human" : "greedy");
    select.addEventListener("change", showPace);
    box.append(h("div", { class: "seat-row" }, h("span", {}, `Seat ${seat + 1}${seat === 0 ? " (you)" : ""}:`), select));
  }
  showPace();
}

// The computers' pace only where a computer plays.
function showPace() {
  $("pace-box").hidden = ![...$("seats").querySelectorAll("select")].some((s) => s.value !== "human");
}

async function loadVariants() {
  const res = await fetch("/api/variants");
  variants = await res.json();
  $("variant").replaceChildren(...gameOptions(variants));
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && variants.some((v) => v.name === wanted)) $("variant").value = wanted;
  showVariant();
}

// The games as the server orders them: one <optgroup> a group (the most played first), a house
// variant marked under the plain game it changes.
function gameOptions(list) {
  const groups = [];
  for (const v of list) {
    if (!groups.length || groups[groups.length - 1].label !== v.group) groups.push({ label: v.group, games: [] });
    groups[groups.length - 1].games.push(v);
  }
  return groups.map((g) => h("optgroup", { label: g.label }, ...g.games.map((v) =>
    h("option", { value: v.name, title: v.description || "" }, v.base ? `↳ ${v.title}` : v.title))));
}

function showVariant() {
  const v = current();
  if (!v) return;
  $("variant-how-text").textContent = v.how_to_play || v.description || "";
  $("variant-tags").textContent = (v.tags || []).join(", ");
  $("variant-explain").textContent = v.explain || "";
  fillPlayers();
}

function problemsText(problems) {
  return problems.map((p) => p.text || `${p.line}:${p.column}: ${p.message}`).join("\n");
}

async function validateNow() {
  const text = $("rules-text").value;
  const seq = ++validateSeq;
  if (!text.trim()) { $("rules-status").textContent = "Paste or upload a rule file."; $("rules-problems").hidden = true; ownOk = false; return; }
  const res = await fetch("/api/validate", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text, files: bases() }) });
  const body = await res.json().catch(() => ({ ok: false, problems: [{ text: `the server answered ${res.status}` }] }));
  if (seq !== validateSeq) return;
  ownOk = Boolean(body.ok);
  const problems = body.problems || (body.error ? [{ text: body.error }] : []);
  $("rules-problems").hidden = ownOk || !problems.length;
  $("rules-problems").textContent = problemsText(problems);
  $("rules-status").replaceChildren(ownOk ? h("span", { class: "ok" }, `✓ valid${body.title ? `: ${body.title}` : ""}`) : h("span", {}, `${problems.length} problem${problems.length === 1 ? "" : "s"}`));
  if (ownOk && body.players) { ownPlayers = body.players; ownShape = body; fillPlayers(); }
}

function validateSoon() {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validateNow, 300);
}

// The house rules as `--set` takes them; a line of "other settings" that is not key=value is
// named in `unread`, never dropped in silence.
function settings(unread = []) {
  const out = {};
  if ($("target").value) out["match.target"] = $("target").value;
  if ($("hand-size").value) out["deal.hand_size"] = $("hand-size").value;
  if ($("rounds").value) out["match.rounds"] = $("rounds").value;
  for (const line of $("more-settings").value.split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    else if (line.trim()) unread.push(line.trim());
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  const players = Number($("players").value);
  const seats = Array.from({ length: players }, (_, s) => {
    const v = $(`seat-${s}`).value;
    return v === "human" ? { kind: "human" } : { kind: "computer", strength: v };
  });
  const unread = [];
  const body = { players, seats, settings: settings(unread), pace_ms: Number($("pace").value) };
  if (unread.length) {
    $("create-status").textContent = "The table was not created:";
    $("create-problems").hidden = false;
    $("create-problems").textContent = unread.map((line) => `other settings: "${line}" is not key=value`).join("\n");
    return;
  }
  if (source() === "bundled") body.variant = $("variant").value;
  else { body.rules_text = $("rules-text").value; body.rules_files = bases(); }
  const seed = $("seed").value.trim().replace(/^0+(?=[0-9])/, ""); // "007" is 7: JSON has no leading zeros
  const name = $("my-name").value.trim();
  if (name) { body.name = name; localStorage.setItem(NAME_KEY, name); } // remembered for next time
  if (!$("teams-box").hidden) body.teams = $("teams").checked;
  if ($("turn-seconds").value) body.turn_seconds = Number($("turn-seconds").value); // a computer plays a turn past it
  $("create-status").textContent = "Creating…";
  $("create-problems").hidden = true;
  // A seed's digits go into the JSON as typed: a JavaScript number keeps only 15 or 16 of its 19.
  let text = JSON.stringify(body);
  if (/^[0-9]{1,19}$/.test(seed)) text = `${text.slice(0, -1)},"seed":${seed}}`;
  else if (seed) text = `${text.slice(0, -1)},"seed":${JSON.stringify(seed)}}`; // refused with the reason
  const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) {
    $("create-status").textContent = "The table could not be created:";
    $("create-problems").hidden = false;
    $("create-problems").textContent = answer.problems ? problemsText(answer.problems) : answer.error || `error ${res.status}`;
    return;
  }
  $("create-status").textContent = "";
  const humans = answer.seats.filter((s) => s.link);
  $("links").replaceChildren(...humans.map((s) => {
    const url = new URL(s.link, location.href).href;
    return h("li", {}, `Seat ${s.seat + 1}${s.name ? ` (${s.name})` : ""}: `, h("a", { href: url, class: "seat-link", "data-seat": s.seat }, url));
  }));
  if (answer.spectator) {
    const watch = new URL(answer.spectator.link, location.href).href;
    $("spectator-link").href = watch;
    $("spectator-link").textContent = watch;
  }
  $("links-box").hidden = false;
  const host = humans[0];
  remember(host ? host.link : answer.spectator && answer.spectator.link, source() === "bundled" ? (current() || {}).title : ownShape.title);
  if (host) {
    $("go").href = host.link;
    if (humans.length === 1) location.href = host.link; // only the host plays: straight to the table
  } else {
    $("go").hidden = true;
  }
}

// Several files at once: one is the game, the others the bases it `extends:` by name.
let uploaded = {};

function bases() {
  const main = $("rules-main").value;
  return Object.fromEntries(Object.entries(uploaded).filter(([name]) => name !== main));
}

function extendsOf(text) {
  const found = /^extends:\s*["']?(?:\.\/)?([^\s"'#]+)/m.exec(text);
  return found ? found[1] : null;
}

async function readFiles() {
  const files = Array.from($("rules-file").files);
  if (!files.length) return;
  if (files.some((f) => f.size > 256 * 1024)) { $("rules-status").textContent = "That file is too large for a rule file."; return; }
  const texts = await Promise.all(files.map((f) => f.text()));
  uploaded = Object.fromEntries(files.map((f, i) => [f.name, texts[i]]));
  const named = new Set(texts.map(extendsOf));
  const main = files.find((f) => !named.has(f.name)) || files[0];  // the one no other file extends
  $("rules-main").replaceChildren(...files.map((f) => h("option", { value: f.name }, f.name)));
  $("rules-main").value = main.name;
  $("rules-main-box").hidden = files.length < 2;
  $("rules-text").value = uploaded[main.name];
  validateNow();
}

function chooseMain() {
  $("rules-text").value = uploaded[$("rules-main").value];
  validateNow();
}

function typed() {
  const main = $("rules-main").value;
  if (main in uploaded) uploaded[main] = $("rules-text").value;
  validateSoon();
}

document.querySelectorAll("input[name=source]").forEach((r) => r.addEventListener("change", () => {
  $("bundled-box").hidden = source() !== "bundled";
  $("own-box").hidden = source() === "bundled";
  if (source() === "own") validateNow();
  fillPlayers();
}));
$("variant").addEventListener("change", showVariant);
$("players").addEventListener("change", () => { fillSeats(); showShape(); });
$("rules-text").addEventListener("input", typed);
$("rules-file").addEventListener("change", readFiles);
$("rules-main").addEventListener("change", chooseMain);
$("start").addEventListener("submit", create);
const NAME_KEY = "domino.name"; // the name typed last, on this page or at a table
$("my-name").value = localStorage.getItem(NAME_KEY) || "";
setupYourTables();
loadVariants().then(() => { document.body.dataset.ready = "1"; });
