// Evaluated in the page by tests/web/test_browser.py: each drawn tile as the four corners of its 2×1
// face on the screen; how many lie (partly) outside the table's area, how many pairs overlap
// (separating axes, faces shrunk by 2%), and the smallest half in pixels; the lit places to play
// (1.9×0.9, shrunk alike), and how many of them lie over a tile or another lit place.
() => {
  // Where everything comes to rest: a tile still sliding into its place (feedback.js) is measured there.
  document.getAnimations().forEach((a) => a.finish());
  const area = document.getElementById('table-area').getBoundingClientRect();
  const quad = (g, w, h) => {
    const m = g.getScreenCTM();
    return [[-w, -h], [w, -h], [w, h], [-w, h]].map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  const quads = [...document.querySelectorAll('#table .domino')].map((g) => quad(g, 0.98, 0.49));
  const places = [...document.querySelectorAll('#table .target.hot')].map((g) => quad(g, 0.93, 0.44));
  const axes = (q) => [0, 1].map((i) => [q[i][1] - q[i + 1][1], q[i + 1][0] - q[i][0]]);
  const apart = (p, q) => [...axes(p), ...axes(q)].some(([ax, ay]) => {
    const a = p.map(([x, y]) => x * ax + y * ay), b = q.map(([x, y]) => x * ax + y * ay);
    return Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a);
  });
  let outside = 0, overlaps = 0;
  for (const q of quads) if (q.some(([x, y]) => x < area.left - 1 || y < area.top - 1 || x > area.right + 1 || y > area.bottom + 1)) outside++;
  for (let i = 0; i < quads.length; i++) for (let j = i + 1; j < quads.length; j++) if (!apart(quads[i], quads[j])) overlaps++;
  const half = Math.min(...quads.map((q) => Math.hypot(q[3][0] - q[0][0], q[3][1] - q[0][1])));
  let place_overlaps = 0;
  places.forEach((p, i) => {
    if (quads.some((q) => !apart(p, q)) || places.slice(i + 1).some((q) => !apart(p, q))) place_overlaps++;
  });
  return { tiles: quads.length, outside, overlaps, half, places: places.length, place_overlaps };
}
