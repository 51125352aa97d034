// Friends at a table: a person says one of a few fixed words or emoji (the server's catalogue, GET
// /api/sayings: no free text) to the others; each new message shows for a few seconds as a bubble
// beside the seat that said it (its place at a trick game's table, else its chip in the players'
// bar) and is read out politely to a screen reader. A person may hide the others' messages (kept in
// this browser). A spectator neither says nor sees them: the server sends a spectator none.
import { h, seatName } from "./common.js";
import { $, postJson } from "./page.js";
import { status } from "./status.js";
import { show, view } from "./view.js";

const SHOWN_MS = 5000;
const HIDE_KEY = "domino.sayings.hidden"; // "1": this browser hides the others' messages
const seen = new Set(); // the ids of every message this page has had: each is shown once, when new
const live = new Map(); // seat → the message its bubble shows now
let started = false; // the page's first view: what was said before it opened is not news
let catalogue = [];
let menuOpen = false;

function hidden() {
  return localStorage.getItem(HIDE_KEY) === "1";
}

// The box under the seats' controls: the Say button, its menu (over the page: the side panel
// scrolls), the announcements, and a layer for the bubbles.
export async function setupSayings() {
  const res = await fetch("/api/sayings").catch(() => null);
  if (!res || !res.ok) return; // the page plays on without it
  catalogue = (await res.json()).sayings || [];
  const toggle = h("button", { type: "button", id: "say-button", class: "say-button", "aria-haspopup": "true",
    "aria-expanded": "false", "aria-controls": "say-menu", title: "Say something to the table",
    onclick: () => (menuOpen ? closeMenu(true) : openMenu()),
    onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") event.stopPropagation(); } }, "Say…");
  $("say-box").replaceChildren(toggle);
  const words = catalogue.filter((s) => /\p{L}/u.test(s.text));
  const emoji = catalogue.filter((s) => !/\p{L}/u.test(s.text));
  const item = (s) => h("button", { type: "button", class: "say-item", "data-say": s.say, onclick: () => send(s.say) }, s.text);
  const hide = h("button", { type: "button", id: "say-hide", class: "say-hide", "aria-pressed": String(hidden()),
    onclick: toggleHidden }, "Hide the others' messages");
  document.body.append(
    h("div", { id: "say-menu", class: "say-menu", role: "group", "aria-label": "Say to the table", hidden: true, onkeydown: menuKey },
      h("div", { class: "say-words" }, ...words.map(item)), h("div", { class: "say-emoji" }, ...emoji.map(item)), hide),
    h("div", { id: "say-layer", class: "say-layer", "aria-hidden": "true" }),
    h("div", { id: "say-said", class: "visually-hidden", "aria-live": "polite" }));
  renderSayings();
}

// Each view: its new messages taken in, the Say button shown where other people sit, the bubbles placed.
export function renderSayings() {
  const state = view();
  if (!state || !$("say-layer")) return;
  takeIn(state);
  const people = (state.seats || []).filter((s) => s.kind === "human").length;
  $("say-box").hidden = Boolean(state.spectator) || people < 2;
  if ($("say-box").hidden) closeMenu(false);
  placeBubbles();
}

function takeIn(state) {
  for (const message of state.said || []) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    const mine = message.seat === state.seat;
    if (!started || (!mine && hidden())) continue;
    live.set(message.seat, message);
    setTimeout(() => {
      if (live.get(message.seat) === message) { live.delete(message.seat); placeBubbles(); }
    }, SHOWN_MS);
    if (!mine) $("say-said").textContent = `${seatName(state, message.seat, state.seat)} says: ${message.text}`;
  }
  started = true;
}

// The seat as the page draws it now: the name of its place at a trick game's table (the bubble over
// it: under it lie the seat's bid and its tile in the trick), else its chip in the players' bar
// (the bubble under it, over the table's edge).
function seatBox(seat) {
  const spot = $("trick-table").hidden ? null : $("trick-table").querySelector(`.spot[data-seat="${seat}"] .spot-name`);
  return spot ? { anchor: spot, over: true } : { anchor: document.querySelector(`#players .player[data-seat="${seat}"]`), over: false };
}

// Every live bubble beside its seat, on the side seatBox says where the screen has room, within the screen.
export function placeBubbles() {
  const layer = $("say-layer");
  if (!layer) return;
  layer.replaceChildren();
  for (const [seat, message] of live) {
    const { anchor, over } = seatBox(seat);
    if (!anchor) continue;
    const bubble = h("div", { class: "say-bubble", "data-seat": seat }, message.text);
    layer.append(bubble);
    const at = anchor.getBoundingClientRect();
    const width = bubble.offsetWidth;
    const left = Math.max(4, Math.min(at.left + at.width / 2 - width / 2, window.innerWidth - width - 4));
    const roomOver = at.top - 8 - bubble.offsetHeight >= 0;
    const below = over ? !roomOver : at.bottom + 8 + bubble.offsetHeight <= window.innerHeight;
    bubble.classList.toggle("above", !below);
    bubble.style.left = `${left + window.scrollX}px`;
    bubble.style.top = `${(below ? at.bottom + 8 : at.top - 8 - bubble.offsetHeight) + window.scrollY}px`;
    bubble.style.setProperty("--tip", `${at.left + at.width / 2 - left}px`);
  }
}

async function send(key) {
  closeMenu(true);
  const res = await postJson("say", JSON.stringify({ say: key })).catch(() => null);
  const body = res ? await res.json().catch(() => ({})) : {};
  if (res && res.ok) show(body.state);
  else if (res && res.status === 429) status("Wait a moment before saying something else.", true);
  else status(`Could not say it: ${body.error || (res ? res.status : "the server did not answer")}.`, true);
}

function toggleHidden() {
  const hide = !hidden();
  localStorage.setItem(HIDE_KEY, hide ? "1" : "0");
  $("say-hide").setAttribute("aria-pressed", String(hide));
  const state = view();
  if (hide) for (const seat of [...live.keys()]) if (seat !== state.seat) live.delete(seat);
  placeBubbles();
}

// The menu under its button, or over it where the screen has no room below (on a phone the button
// is in the row under the table), never past the screen's edges.
function openMenu() {
  menuOpen = true;
  const menu = $("say-menu");
  const toggle = $("say-button");
  toggle.setAttribute("aria-expanded", "true");
  menu.hidden = false;
  const at = toggle.getBoundingClientRect();
  const width = Math.min(menu.offsetWidth, window.innerWidth - 8);
  menu.style.left = `${Math.max(4, Math.min(at.left, window.innerWidth - width - 4))}px`;
  const room = window.innerHeight - at.bottom - 4 >= menu.offsetHeight;
  menu.style.top = `${room ? at.bottom + 4 : Math.max(4, at.top - 4 - menu.offsetHeight)}px`;
  menu.querySelector("button").focus();
}

function closeMenu(focusToggle) {
  if (!menuOpen) return;
  menuOpen = false;
  $("say-menu").hidden = true;
  const toggle = $("say-button");
  toggle.setAttribute("aria-expanded", "false");
  if (focusToggle) toggle.focus();
}

// In the menu: the arrows go from item to item, Esc closes it (before the table's own keys see them).
function menuKey(event) {
  const items = [...$("say-menu").querySelectorAll("button")];
  const at = items.indexOf(document.activeElement);
  const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
  if (event.key === "Escape") closeMenu(true);
  else if (step) items[(at + step + items.length) % items.length].focus();
  else if (event.key !== "Enter" && event.key !== " ") return;
  event.stopPropagation(); // Enter and Space press the focused button, and play no tile
  if (event.key !== "Enter" && event.key !== " ") event.preventDefault();
}

document.addEventListener("click", (event) => {
  if (menuOpen && !event.target.closest("#say-menu, #say-button")) closeMenu(false);
});
window.addEventListener("resize", () => { closeMenu(false); placeBubbles(); });
