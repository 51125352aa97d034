// Lays out every step of a game with the page's own layout code (interpreter/frontends/web/static/layout.js)
// and counts pairs of drawn tiles that overlap: tiles as 2×1 rectangles at their angle, shrunk by
// 3% so tiles that touch end to end do not count. Input: a JSON file of
// {"max_pip": N, "steps": [{"layout": ..., "players": N, "arms": [...]}, ...]}; output: one JSON line.
// The trains' name tags are checked too: a tag over a tile or another tag counts in `label_overlaps`.
// And the places to play (issue 20): each arm a legal move goes on (`arms`: ids, "lead" for a move
// on no arm) has a place (else `places_missing`), drawn over no tile and no other place (else
// `place_overlaps`); every tile of the layout is drawn, a private train's starting double too (else
// `undrawn`).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [file, layoutJs] = process.argv.slice(2);
// The page's own geometry: a tile's corners and the separating-axis test. The browser test
// (table_geometry.js) checks the drawn page with its own, from the screen's coordinates.
const { computeLayout, corners, apart } = await import(pathToFileURL(layoutJs).href);

const game = JSON.parse(readFileSync(file, "utf8"));
const result = { steps: 0, tiles: 0, overlaps: 0, outside: 0, labels: 0, label_overlaps: 0, first: null,
  places: 0, place_overlaps: 0, places_missing: 0, undrawn: 0, first_place: null };
const same = (t, u) => (t[0] === u[0] && t[1] === u[1]) || (t[0] === u[1] && t[1] === u[0]);
for (const aspect of [1.3, 1.8, 2.4]) {
  game.steps.forEach((step, k) => {
    const ownDouble = (step.arms || []).includes("lead");
    const g = computeLayout(step.layout, { aspect, players: step.players, maxPip: game.max_pip, ownDouble });
    const drawn = [...(g.root ? [g.root] : []), ...g.placed];
    const shapes = drawn.map(corners);
    result.steps++;
    // The trains' name tags, as drawn (axis-aligned pills): over no tile and no other tag.
    const tags = g.labels.map((l) => l.corners);
    result.labels += tags.length;
    tags.forEach((tag, i) => {
      if (shapes.some((q) => !apart(tag, q)) || tags.slice(i + 1).some((q) => !apart(tag, q))) result.label_overlaps++;
    });
    result.tiles = Math.max(result.tiles, drawn.length);
    // Every tile the layout holds is drawn: the arms' tiles, and the double a train starts from
    // when it is neither the lead, nor the hub, nor a tile of another arm.
    const arms = step.layout.arms || [];
    const roots = arms.map((a) => a.root).filter((r) => r && r[0] === r[1] && !(step.layout.hub && same(r, step.layout.hub))
      && !(step.layout.lead && same(r, step.layout.lead)) && !arms.some((o) => o.tiles.some((t) => same(t, r))));
    const held = arms.reduce((n, a) => n + a.tiles.length, 0) + new Set(roots.map((r) => `${r[0]}-${r[1]}`)).size;
    if (drawn.length - (g.root ? 1 : 0) < held) result.undrawn++;
    // The places: one for each arm a legal move goes on, over no tile and no other place.
    const places = Object.entries(g.slots).map(([arm, s]) => [arm, corners(s)]);
    result.places += places.length;
    const note = (what) => { result.first_place = result.first_place || { aspect, step: k, ...what }; };
    for (const arm of step.arms || []) {
      if (!g.slots[arm]) { result.places_missing++; note({ missing: arm }); }
    }
    places.forEach(([arm, q], i) => {
      const tile = drawn.find((p, j) => !apart(q, shapes[j]));
      const other = places.slice(i + 1).find(([, r]) => !apart(q, r));
      if (tile || other) {
        result.place_overlaps++;
        note({ place: arm, over: tile ? [tile.a, tile.b] : `place ${other[0]}` });
      }
    });
    for (let i = 0; i < shapes.length; i++) {
      if (shapes[i].some(([x, y]) => x < g.box.x0 - 0.01 || x > g.box.x1 + 0.01 || y < g.box.y0 - 0.01 || y > g.box.y1 + 0.01)) result.outside++;
      for (let j = i + 1; j < shapes.length; j++) {
        if (!apart(shapes[i], shapes[j])) {
          result.overlaps++;
          result.first = result.first || { aspect, step: k, tiles: [[drawn[i].a, drawn[i].b], [drawn[j].a, drawn[j].b]] };
        }
      }
    }
  });
}
console.log(JSON.stringify(result));
