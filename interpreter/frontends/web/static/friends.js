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
  const state = view();
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
    if (res.ok) follow(body.table);
    else status(`Could not play again: ${body.error || res.status}.`, true);
  } catch (err) {
    status(`Could not play again: the server did not answer (${err.message}).`, true);
  } finally {
    button.disabled = false;
  }
}
