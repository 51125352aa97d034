// The computers' pace: only where a computer plays (a seat of its own, or one it took over), and
// as the server has it now (another tab may have changed it).
import { h } from "./common.js";
import { $, postJson } from "./page.js";
import { status } from "./status.js";
import { view } from "./view.js";

export function setupPace() {
  $("pace").onchange = async () => {
    const res = await postJson("pace", JSON.stringify({ pace_ms: Number($("pace").value) }));
    if (!res.ok) status("The pace could not be changed.", true);
  };
  renderPace();
}

export function renderPace() {
  const state = view();
  const box = $("pace-box");
  const select = $("pace");
  const computers = (state.seats || []).some((s) => s.kind === "computer" || s.stand_in);
  box.hidden = !computers || state.spectator || typeof state.pace_ms !== "number";
  if (box.hidden || document.activeElement === select) return;
  const values = [...select.options].map((o) => Number(o.value));
  if (!values.includes(state.pace_ms)) select.append(h("option", { value: state.pace_ms }, `${state.pace_ms} ms`));
  select.value = String(state.pace_ms);
}
