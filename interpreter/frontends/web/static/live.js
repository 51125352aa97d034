// The table kept up to date: fetched once, then followed live (server-sent events), reconnecting
// when the stream drops; and, when the match is played again, the page goes on to the next one.
import { api } from "./page.js";
import { connectionBack, connectionDown, status } from "./status.js";
import { show, view } from "./view.js";

let leaving = false; // the page is on its way to the next match

// The table as it is now, asked of the server.
export async function refresh() {
  const res = await fetch(api("state"));
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    status(`Cannot show this table: ${body.error || res.status}`, true);
    return;
  }
  show(await res.json());
}

// The next match at this table: the same seat (or the spectator's place), by the link the server
// gave this page's own token, a new token of its own. Only a table's page of this server is followed.
export function follow(link) {
  if (leaving || typeof link !== "string" || !link.startsWith("/table/")) return;
  leaving = true;
  if (window.__events) window.__events.close();
  location.href = link;
}

export function listen() {
  if (!window.EventSource) return;
  const state = view();
  // Where someone else may play again (another person, or this is a spectator's page), follow=1:
  // once the match is over the stream stays open, to say when. Alone, the page's own button does.
  const people = state ? (state.seats || []).filter((s) => s.kind === "human").length : 1;
  const following = Boolean(state && (state.spectator || people > 1));
  const source = new EventSource(following ? `${api("events")}&follow=1` : api("events"));
  source.addEventListener("state", (event) => {
    try { show(JSON.parse(event.data)); } catch (err) { console.error(err); }
  });
  // The match is over and the stream ends: closed, or EventSource would reconnect to it again and again.
  if (!following) source.addEventListener("over", () => source.close());
  // The match was played again: every open page goes on to the next match, in the same seat.
  source.addEventListener("next", (event) => {
    source.close();
    try { follow(JSON.parse(event.data).link); } catch (err) { console.error(err); }
  });
  // The stream dropped (the server stopped, the network went): said until it is back. EventSource
  // retries by itself; one that gave up (an error answer) is opened again here.
  source.onerror = () => {
    connectionDown();
    if (source.readyState === EventSource.CLOSED && window.__events === source) setTimeout(listen, 2000);
  };
  source.onopen = connectionBack;
  window.__events = source;
}
