// Lays out every step of a game with the page's own layout code (interpreter/frontends/web/static/layout.js)
// and counts pairs of drawn tiles that overlap: tiles as 2×1 rectangles at their angle, shrunk by
// 3% so tiles that touch end to end do not count. Input: a JSON file of
// {"max_pip": N, "steps": [{"layout": ..., "players": N}, ...]}; output: one JSON line. The trains'
// name tags are checked too: a tag over a tile or another tag counts in `label_overlaps`.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [file, layoutJs] = process.argv.slice(2);
// The page's own geometry: a tile's corners and the separating-axis test. The browser test
// (table_geometry.js) checks the drawn page with its own, from the screen's coordinates.
const { computeLayout, corners, apart } = await import(pathToFileURL(layoutJs).href);

const game = JSON.parse(readFileSync(file, "utf8"));
const result = { steps: 0, tiles: 0, overlaps: 0, outside: 0, labels: 0, label_overlaps: 0, first: null };
for (const aspect of [1.3, 1.8, 2.4]) {
  game.steps.forEach((step, k) => {
    const g = computeLayout(step.layout, { aspect, players: step.players, maxPip: game.max_pip });
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
