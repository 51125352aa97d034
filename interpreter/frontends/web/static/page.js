// The table page's link (which table, which seat's token), its elements, and the table's address
// on the server.
const params = new URLSearchParams(location.search);
const tableId = params.get("table") || location.pathname.split("/").filter(Boolean).pop();
const token = params.get("token") || "";

export const $ = (id) => document.getElementById(id);

// False when the link names no table or no seat: there is nothing to show.
export function hasSeat() {
  return Boolean(tableId && token);
}

// The table's id, as the link names it.
export function tableName() {
  return tableId;
}

export function api(path) {
  return `/api/tables/${encodeURIComponent(tableId)}/${path}?token=${encodeURIComponent(token)}`;
}

export function postJson(path, body) {
  return fetch(api(path), { method: "POST", headers: { "Content-Type": "application/json" }, body });
}
