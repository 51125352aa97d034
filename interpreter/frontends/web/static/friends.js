// With friends: a spectator's page shows no hand and no control, and the host's page a link to
// send to spectators; a person is asked their name once; the match's end offers "play again",
// and a match played again is followed at once; a computer takes an empty seat, and hands it back.
import { h, names } from "./common.js";
import { follow, refresh } from "./live.js";
import { $, postJson } from "./page.js";
import { status } from "./status.js";
import { show, view } from "./view.js";

const NAME_KEY = "domino.name"; // the name typed last, here or on the start page
let nameSkipped = false;

export function renderFriends() {
  const state = view();
  document.body.classList.toggle("spectating", Boolean(state.spectator));
  $("watching").hidden = !state.spectator;
  $("hint-button").hidden = Boolean(state.spectator);
  const invite = $("watch-link");
  invite.hidden = !state.spectator_link;
  if (state.spectator_link) invite.href = state.spectator_link;
  if (state.next_link) { follow(state.next_link); return; }
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
// for theirs, the table's creator for any person's seat (the server checks the same). A person's
// own "Take my seat back" is a button of its own; every other offer is in one "Seats…" menu, so
// that a table of several people keeps its height on a phone.
let menuOpen = false;

function renderSeatControls(people) {
  const state = view();
  const box = $("seat-controls");
  const who = names(state, state.seat);
  const offers = [];
  if (!state.spectator && people > 1 && !state.over) {
    for (const info of state.seats) {
      if (info.kind !== "human" || (info.seat !== state.seat && state.seat !== state.creator)) continue;
      const mine = info.seat === state.seat;
      // A present person's seat is theirs (the server refuses it); one the table offers is on its chip.
      if (!mine && !info.stand_in && (info.presence === "here" || info.offer)) continue;
      const text = info.stand_in
        ? (mine ? "Take my seat back" : `Give ${who[info.seat]} their seat back`)
        : (mine ? "Let a computer play for me" : `A computer plays for ${who[info.seat]}`);
      offers.push({ seat: info.seat, text, computer: info.stand_in ? null : "greedy", back: mine && Boolean(info.stand_in) });
    }
  }
  const offer = (o, attrs = {}) => h("button", { type: "button", class: `stand-in${o.back ? " primary" : ""}`, "data-seat": o.seat,
    ...attrs, onclick: () => { closeMenu(false); standIn(o.seat, o.computer); } }, o.text);
  const parts = offers.filter((o) => o.back).map((o) => offer(o));
  const rest = offers.filter((o) => !o.back);
  if (!rest.length) menuOpen = false;
  else {
    const toggle = h("button", { type: "button", id: "seats-button", class: "seats-button", "aria-haspopup": "menu",
      "aria-expanded": String(menuOpen), "aria-controls": "seats-menu", title: "Let a computer play a seat, or give it back",
      onclick: () => (menuOpen ? closeMenu(true) : openMenu()) }, "Seats…");
    const menu = h("div", { id: "seats-menu", class: "seats-menu", role: "menu", "aria-label": "Who plays the seats", hidden: !menuOpen,
      onkeydown: menuKey }, ...rest.map((o) => offer(o, { role: "menuitem" })));
    parts.push(toggle, menu);
  }
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id || document.activeElement.dataset.seat : null;
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
  if (focused) { // a redraw (the table moved on) keeps the keyboard where it was
    const again = focused === "seats-button" ? $(focused) : box.querySelector(`[data-seat="${focused}"]`);
    if (again) again.focus();
  }
  if (menuOpen) placeMenu();
  for (const info of state.seats || []) {  // said on the seat's chip, to everyone
    const chip = document.querySelector(`#players .player[data-seat="${info.seat}"] strong`);
    if (info.stand_in && chip) chip.after(h("span", { class: "kind stand-in-note" }, " (a computer plays)"));
  }
}

// The menu over the table, under its button, or above it where the screen has no room below
// (on a phone the button is in the row under the table); never beyond the screen's edges.
function placeMenu() {
  const menu = $("seats-menu");
  const toggle = $("seats-button");
  if (!menu || !toggle) return;
  menu.hidden = false;
  const at = toggle.getBoundingClientRect();
  const width = Math.min(menu.offsetWidth, window.innerWidth - 8);
  menu.style.left = `${Math.max(4, Math.min(at.right - width, window.innerWidth - width - 4))}px`;
  const below = at.bottom + 4 + menu.offsetHeight <= window.innerHeight;
  menu.style.top = below ? `${at.bottom + 4}px` : `${Math.max(4, at.top - 4 - menu.offsetHeight)}px`;
}

function openMenu() {
  menuOpen = true;
  $("seats-button").setAttribute("aria-expanded", "true");
  placeMenu();
  const first = $("seats-menu").querySelector("button");
  if (first) first.focus();
}

function closeMenu(focusToggle) {
  if (!menuOpen) return;
  menuOpen = false;
  const menu = $("seats-menu");
  if (menu) menu.hidden = true;
  const toggle = $("seats-button");
  if (toggle) {
    toggle.setAttribute("aria-expanded", "false");
    if (focusToggle) toggle.focus();
  }
}

// In the menu: ↑/↓ go from offer to offer, Esc closes it (before the table's own keys see it).
function menuKey(event) {
  const items = [...$("seats-menu").querySelectorAll("button")];
  const at = items.indexOf(document.activeElement);
  if (event.key === "Escape") closeMenu(true);
  else if (event.key === "ArrowDown") items[(at + 1) % items.length].focus();
  else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length].focus();
  else return;
  event.preventDefault();
  event.stopPropagation();
}

// A click or tap anywhere else closes the menu, as the screen moving under it does.
document.addEventListener("click", (event) => {
  if (menuOpen && !event.target.closest("#seat-controls")) closeMenu(false);
});
window.addEventListener("resize", () => closeMenu(false));

async function standIn(seat, computer) {
  const res = await postJson("seat", JSON.stringify({ seat, computer }));
  const body = await res.json().catch(() => ({}));
  if (res.ok) show(body.state);
  else status(`Could not change who plays the seat: ${body.error || res.status}.`, true);
}

// The name bar's Sit down: the name is the seat's from now on, and remembered for next time.
export async function sitDown(event) {
  event.preventDefault();
  const name = $("name-input").value.trim();
  const res = await postJson("name", JSON.stringify({ name }));
  const body = await res.json().catch(() => ({}));
  if (!res.ok) { $("name-error").textContent = body.error || `error ${res.status}`; return; }
  localStorage.setItem(NAME_KEY, body.name);
  $("name-error").textContent = "";
  await refresh();
}

// Skip: "Player N" it stays, and this page does not ask again.
export function skipName() {
  nameSkipped = true;
  $("name-form").hidden = true;
}

async function playAgain() {
  const button = $("play-again");
  if (button.disabled) return;
  button.disabled = true;
  try {
    const res = await postJson("again", "{}");
    const body = await res.json().catch(() => ({}));
    if (res.ok) follow(body.link);
    else status(`Could not play again: ${body.error || res.status}.`, true);
  } catch (err) {
    status(`Could not play again: the server did not answer (${err.message}).`, true);
  } finally {
    button.disabled = false;
  }
}
