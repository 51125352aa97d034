// A move sent to the server, one at a time: the table it brings is shown, a refusal is said.
import { tileText } from "./dominoes.js";
import { postJson } from "./page.js";
import { refresh } from "./live.js";
import { clearAll } from "./selection.js";
import { showStatus, status, unpin } from "./status.js";
import { show, view } from "./view.js";

let sending = false;

export function send(move) {
  // A whole play built from the offered picks (or a play that takes the lead listed beside them)
  // has no index of its own: it goes as its action, which the engine takes as those picks.
  if (move.index === null || move.index === undefined) return post({ action: move.action }, move.text);
  return post({ index: move.index }, move.text);
}

// A tile the page does not list as legal, sent all the same in a trick game: the engine refuses
// it with its reason ("you must follow fives"), which the page shows; no rule is checked here.
export function tryTile(tile) {
  return post({ action: { kind: "play", tile } }, tileText(...tile));
}

async function post(move, text) {
  if (sending || !view()) return;
  sending = true;
  status(`Playing: ${text}…`);
  try {
    const res = await postJson("action", JSON.stringify({ ...move, version: view().version }));
    const body = await res.json().catch(() => ({}));
    if (res.ok) {
      clearAll();
      unpin();
      show(body.state || body);
      showStatus(); // also when the live stream brought a newer table first (and show kept that)
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
