// Who is here: on each person's seat a dot and words ("here", "never opened", "left 5 min ago"),
// the table's offer to let a computer play for someone away, and the turn timer's countdown; a
// line for this page's own deadline, and for a turn whose time ran out. The server decides all of
// it; the page only counts the seconds between its messages, on the server's clock (`now`, sent
// with each message of the live stream), so a view drawn minutes ago still says the right age.
import { $, postJson } from "./page.js";
import { show, view } from "./view.js";

let offset = null; // the server's clock minus this page's, in seconds, once a message has said it

function serverNow() {
  return offset === null ? null : performance.now() / 1000 + offset;
}

// Each view from the live stream carries the server's clock: what every age and countdown is measured by.
export function noteClock(state) {
  if (state && typeof state.now === "number") offset = state.now - performance.now() / 1000;
}

function el(tag, cls, text, attrs = {}) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text) node.textContent = text;
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  return node;
}

function ago(seconds) {
  if (seconds < 60) return "left just now";
  if (seconds < 3600) return `left ${Math.floor(seconds / 60)} min ago`;
  const hours = Math.floor(seconds / 3600);
  return `left ${hours} hour${hours === 1 ? "" : "s"} ago`;
}

function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const WORDS = { here: "here", never: "never opened" };

// A seat's presence (and countdown), for its chip or its place at a trick table; null where the
// view says nothing of it (a computer's seat, a replay). `viewer`'s own seat shows its countdown only.
export function presenceBadge(state, seat, viewer) {
  const info = (state.seats || [])[seat];
  if (!info || !("presence" in info)) return null;
  const box = el("span", "presence");
  if (info.presence && seat !== viewer) {
    const word = info.presence === "away" ? "left" : WORDS[info.presence];
    const words = el("span", "presence-words", word, { "data-away-since": info.away_since });
    box.append(el("span", `presence-dot ${info.presence}`, "", { "aria-hidden": "true" }), words);
    box.classList.add(`presence-${info.presence}`);
  }
  if (info.deadline !== null && info.deadline !== undefined) {
    box.append(el("span", "countdown", "", { "data-deadline": info.deadline, title: "time left for this turn" }));
  }
  if (state.time_ran_out === seat && seat !== viewer) box.append(el("span", "ran-out", "time ran out"));
  if (!box.childNodes.length) return null;
  startTicking();
  tickBox(box);
  return box;
}

// The offer on an absent person's seat, to the people at the table (the server says when).
export function offerButton(state, seat, name) {
  const info = (state.seats || [])[seat];
  if (!info || !info.offer || state.spectator) return null;
  return el("button", "offer", `Let a computer play for ${name}`, { type: "button", "data-seat": seat });
}

async function acceptOffer(seat) {
  const res = await postJson("seat", JSON.stringify({ seat, computer: "greedy" }));
  const body = await res.json().catch(() => ({}));
  if (res.ok) show(body.state);
  else sayLine(`Could not let a computer play: ${body.error || res.status}.`);
}

// One listener for every offer button, however often the chips are drawn again.
document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button.offer");
  if (button) acceptOffer(Number(button.dataset.seat));
});

// This page's own line: its deadline, or whose turn a computer played when the time ran out.
export function renderPresenceLine(names) {
  const state = view();
  if (!state) return;
  const me = (state.seats || [])[state.seat];
  let text = "";
  let deadline = null;
  if (me && me.deadline !== null && me.deadline !== undefined && !state.spectator) {
    deadline = me.deadline;
    text = (state.to_continue || []).includes(state.seat)
      ? "to look at the round, then the next deal starts"
      : "for your turn, then a computer plays it for you";
  } else if (state.time_ran_out !== null && state.time_ran_out !== undefined) {
    text = state.time_ran_out === state.seat && !state.spectator
      ? "Your time ran out: a computer played your turn."
      : `Time ran out: a computer played for ${names[state.time_ran_out]}.`;
  }
  const line = lineBox();
  line.hidden = !text;
  line.replaceChildren();
  if (deadline !== null) line.append(el("span", "countdown", "", { "data-deadline": deadline }), " ");
  line.append(text);
  tickBox(line);
}

function sayLine(text) {
  const line = lineBox();
  line.hidden = false;
  line.textContent = text;
}

function lineBox() {
  let line = $("presence-line");
  if (!line) {
    line = el("div", "presence-line", "", { id: "presence-line", role: "status" });
    $("status").after(line);
  }
  return line;
}

// Every second, the ages and countdowns on the page move on, without a message from the server.
let ticking = null;
function startTicking() {
  if (ticking === null) ticking = setInterval(() => tickBox(document), 1000);
}

function tickBox(root) {
  const now = serverNow();
  for (const words of root.querySelectorAll("[data-away-since]")) {
    words.textContent = now === null ? "left" : ago(now - Number(words.dataset.awaySince));
  }
  for (const count of root.querySelectorAll("[data-deadline]")) {
    const left = now === null ? null : Number(count.dataset.deadline) - now;
    count.hidden = left === null;
    if (left === null) continue;
    count.textContent = `${clockText(left)} left`;
    count.classList.toggle("urgent", left <= 10);
  }
}
