// Evaluated in the page by tests/web/test_browser.py: each drawn tile as the four corners of its 2×1
// face on the screen; how many lie (partly) outside the table's area, how many pairs overlap
// (separating axes, faces shrunk by 2%), and the smallest half in pixels; the lit places to play
// (1.9×0.9, shrunk alike), and how many of them lie over a tile or another lit place. "Outside":
// beyond what the board reaches (its area, or, zoomed in, the whole fitted table panning shows).
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
  // A zoomed board (zoom.js) reaches past the area by panning: the whole fitted table (its
  // data-fit, in table units) on the screen at the present zoom is the reach.
  const svg = document.getElementById('table');
  const fit = svg && svg.dataset.fit ? svg.dataset.fit.split(' ').map(Number) : null;
  let reach = area;
  if (fit && svg.getScreenCTM()) {
    const m = svg.getScreenCTM();
    const [x, y, w, h] = fit;
    reach = { left: Math.min(area.left, m.a * x + m.e), top: Math.min(area.top, m.d * y + m.f),
      right: Math.max(area.right, m.a * (x + w) + m.e), bottom: Math.max(area.bottom, m.d * (y + h) + m.f) };
  }
  let outside = 0, overlaps = 0;
  for (const q of quads) if (q.some(([x, y]) => x < reach.left - 1 || y < reach.top - 1 || x > reach.right + 1 || y > reach.bottom + 1)) outside++;
  for (let i = 0; i < quads.length; i++) for (let j = i + 1; j < quads.length; j++) if (!apart(quads[i], quads[j])) overlaps++;
  const half = Math.min(...quads.map((q) => Math.hypot(q[3][0] - q[0][0], q[3][1] - q[0][1])));
  let place_overlaps = 0;
  places.forEach((p, i) => {
    if (quads.some((q) => !apart(p, q)) || places.slice(i + 1).some((q) => !apart(p, q))) place_overlaps++;
  });
  return { tiles: quads.length, outside, overlaps, half, places: places.length, place_overlaps };
}
