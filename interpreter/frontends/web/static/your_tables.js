// "Your tables": the tables this browser made or joined, kept in this browser only (localStorage),
// each by this person's own link (their seat's token, or the spectator's). The start page lists
// them with their state, asked of each table with its own token and of no other address, to resume
// or abandon. The server keeps no list of anyone's tables.
import { h } from "./common.js";

const KEY = "domino.tables";
const KEEP = 30; // the most recent tables kept; older ones are forgotten
const SHOWN = 4; // rows shown before "Show all": the form to make a table stays near the top
const HOPS = 8; // "play again" followed at most this many matches on, each time the list is drawn
const $ = (id) => document.getElementById(id);

function read() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.id === "string" && parse(e.link)) : [];
  } catch {
    return []; // storage turned off, or text another page wrote: no list
  }
}

function write(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP))); } catch { /* storage full or off: the list is a comfort */ }
}

// A table's link of this server, "/table/ID?seat=S&token=T" (a seat's) or "/table/ID?token=T" (the
// spectator's): its id, its token, and the link as kept. Null for anything else.
function parse(link) {
  if (typeof link !== "string") return null;
  let url, id;
  try {
    url = new URL(link, location.origin);
    id = decodeURIComponent((/^\/table\/([^/]+)$/.exec(url.pathname) || [])[1] || "");
  } catch { return null; } // not a URL, or a stray % in its path
  const token = url.searchParams.get("token");
  if (url.origin !== location.origin || !id || !token) return null;
  return { id, token, link: url.pathname + url.search, seat: url.searchParams.has("seat") };
}

function entry(link, title, before) {
  const found = parse(link);
  return found && { id: found.id, link: found.link, title: title || (before && before.title) || "",
    added: (before && before.added) || new Date().toISOString() };
}

// A table made or opened here, first in the list. A seat's link is never replaced by the same
// table's spectator link (a person at the table who opened the link they hand to watchers).
export function remember(link, title) {
  const made = entry(link, title);
  if (!made) return;
  const list = read();
  const before = list.find((e) => e.id === made.id);
  const kept = before && parse(before.link).seat && !parse(made.link).seat ? before : entry(made.link, title, before);
  write([kept, ...list.filter((e) => e.id !== made.id)]);
  if ($("your-tables-list")) showYourTables(); // made on the start page: listed at once
}

// The table page's hook: the table it shows, by the link it was opened with.
export function rememberTable(state) {
  if (state && location.pathname.startsWith("/table/")) remember(location.pathname + location.search, state.title);
}

function forget(id) {
  write(read().filter((e) => e.id !== id));
}

// "Play again" moved this person on: their own link at the next match takes the old one's place.
function follow(old, link, title) {
  const next = entry(link, title, old);
  if (!next) return old;
  write(read().filter((e) => e.id !== next.id).map((e) => (e.id === old.id ? next : e)));
  return next;
}

// A route of the table a kept link is for, with that link's own token.
function tableUrl(kept, route) {
  const found = parse(kept.link);
  return `/api/tables/${encodeURIComponent(found.id)}/${route}?token=${encodeURIComponent(found.token)}`;
}

// The table's summary for this person, following "play again" to their own seat of the latest match.
async function summaryOf(start) {
  let kept = start;
  for (let hop = 0; hop <= HOPS; hop++) {
    let res;
    try { res = await fetch(tableUrl(kept, "summary")); } catch (err) { return { kept, problem: `the server did not answer (${err.message})` }; }
    const body = await res.json().catch(() => ({}));
    if (res.status === 404) return { kept, gone: "no longer on this server" };
    if (res.status === 403) return { kept, gone: "this link no longer opens the table" };
    if (!res.ok) return { kept, problem: body.error || `error ${res.status}` };
    if (!body.next_link || hop === HOPS) return { kept, summary: body };
    kept = follow(kept, body.next_link, body.title);
  }
  return { kept };
}

function ago(iso) {
  const seconds = (Date.now() - Date.parse(iso)) / 1000;
  if (!(seconds >= 0)) return "just now"; // a clock a little ahead of the server's
  const [count, unit] = seconds < 90 ? [0, ""] : seconds < 5400 ? [Math.round(seconds / 60), "minute"]
    : seconds < 172800 ? [Math.round(seconds / 3600), "hour"] : [Math.round(seconds / 86400), "day"];
  return count ? `${count} ${unit}${count === 1 ? "" : "s"} ago` : "just now";
}

function within(iso) {
  const hours = (Date.parse(iso) - Date.now()) / 3600000;
  return hours < 1 ? "within the hour" : `in ${Math.round(hours)} hour${Math.round(hours) === 1 ? "" : "s"}`;
}

function seatsText(summary) {
  return summary.seats.map((s) => (s.stand_in ? `${s.name} (a computer plays)` : s.name)).join(", ");
}

function whenText(summary) {
  if (!summary.touched) return "";
  const closing = summary.closes && Date.parse(summary.closes) - Date.now() < 86400000;
  return `last played ${ago(summary.touched)}${closing ? ` · the server closes it ${within(summary.closes)} unless someone plays` : ""}`;
}

// What abandoning asks, in words, as the server says leaving would go (`leave`): the table closed
// (its creator, or the last person at it), the seat handed to a computer, or, for a spectator's
// link or a finished table, nothing: only this browser forgets it.
function abandoning(summary) {
  if (summary.leave === "close") {
    const others = summary.seats.filter((s) => s.kind === "human" && s.seat !== summary.seat).map((s) => s.name);
    const who = others.length ? ` (${others.join(", ")} too)` : "";
    return { ask: `Close this table? It stops for everyone at it${who}, and no longer counts among the tables you may have open. Its save is kept.`,
      yes: "Close the table", leave: true };
  }
  if (summary.leave === "computer") {
    return { ask: "Leave this table? A computer plays your seat from now on, and this browser forgets the table.",
      yes: "Leave the table", leave: true };
  }
  const why = summary.spectator ? "You are watching it; it goes on without you." : "It is over.";
  return { ask: `Forget this table? ${why} Only this browser forgets its link.`, yes: "Forget it", leave: false };
}

// The dialog: true once the person confirms, false if they keep the table.
function confirmed(words) {
  const dialog = $("your-tables-confirm");
  $("your-tables-question").textContent = words.ask;
  $("your-tables-yes").textContent = words.yes;
  return new Promise((resolve) => {
    const done = (answer) => () => { dialog.close(); resolve(answer); };
    $("your-tables-yes").onclick = done(true);
    $("your-tables-cancel").onclick = done(false);
    dialog.oncancel = done(false); // Esc
    dialog.showModal();
  });
}

async function abandon(found, row) {
  const { kept, summary } = found;
  if (!found.gone) { // a table the server no longer has is forgotten at once: nothing is lost
    const words = summary ? abandoning(summary)
      : { ask: "Forget this table? The server could not say how it is; only this browser forgets its link.", yes: "Forget it" };
    if (!(await confirmed(words))) return;
    if (words.leave) {
      const res = await fetch(tableUrl(kept, "leave"), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })
        .catch(() => null);
      if (!res || (!res.ok && res.status !== 403 && res.status !== 404)) {
        const body = res ? await res.json().catch(() => ({})) : {};
        row.querySelector(".yt-state").textContent = `Could not abandon it: ${body.error || (res ? res.status : "the server did not answer")}.`;
        return;
      }
    }
  }
  forget(kept.id);
  showYourTables();
}

function drawRow(row, found) {
  const { kept, summary } = found;
  row.classList.remove("loading");
  row.dataset.table = kept.id;
  row.classList.toggle("turn", Boolean(summary && summary.your_turn));
  row.classList.toggle("done", !summary || Boolean(summary.over || summary.stopped));
  const state = summary ? summary.state : found.gone || `cannot say: ${found.problem}`;
  const resume = h("a", { class: "yt-resume", href: kept.link },
    !summary ? "Open" : summary.spectator ? "Watch" : summary.over || summary.stopped ? "See it" : "Resume");
  resume.hidden = Boolean(found.gone);
  const button = h("button", { type: "button", class: "yt-abandon", onclick: () => abandon(found, row) },
    summary && summary.leave ? "Abandon" : "Forget");
  row.replaceChildren(
    h("div", { class: "yt-what" },
      h("strong", { class: "yt-game" }, summary ? summary.title : kept.title || "A table"),
      h("span", { class: "yt-seats" }, summary ? seatsText(summary) : ""),
      h("span", { class: "yt-state" }, found.gone ? `${state}: forget it` : state),
      h("span", { class: "yt-when" }, summary ? whenText(summary) : "")),
    h("div", { class: "yt-actions" }, resume, button));
}

let drawing = 0; // the latest drawing of the list: an older one's late answers are dropped
let showingAll = false;

// Past SHOWN rows, the others wait behind a button that says how many there are.
function fold(rows) {
  rows.forEach((row, i) => { row.hidden = !showingAll && i >= SHOWN; });
  const more = $("your-tables-more");
  more.hidden = showingAll || rows.length <= SHOWN;
  more.textContent = `Show all ${rows.length} tables`;
  more.onclick = () => { showingAll = true; fold(rows); };
}

// The start page's list.
async function showYourTables() {
  const mine = ++drawing;
  const list = read();
  $("your-tables").hidden = !list.length;
  const rows = list.map((e) => h("li", { class: "your-table loading", "data-table": e.id },
    h("div", { class: "yt-what" }, h("strong", { class: "yt-game" }, e.title || "A table"), h("span", { class: "yt-state" }, "…"))));
  $("your-tables-list").replaceChildren(...rows);
  fold(rows);
  await Promise.all(list.map(async (e, i) => {
    const found = await summaryOf(e);
    if (mine === drawing) drawRow(rows[i], found);
  }));
}

// The start page's hook: the list drawn now, and again whenever the page is shown again (a tab
// come back to: a table's turn may have come).
export function setupYourTables() {
  showYourTables();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) showYourTables(); });
}
