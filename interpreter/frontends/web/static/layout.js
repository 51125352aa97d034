// The table as it lies: every arm laid tile by tile by a "turtle" that goes straight while the tile
// fits, turns before it leaves the table (or would cover another tile), and then turns back, so a
// long line snakes. Units: one half of a domino is 1×1; a tile is 2×1; a double lies crosswise.
//   line:  the lead in the centre, end arm 0 west, end arm 1 east, a spinner's side arms north/south;
//   hub:   the engine in the centre, one ray per train, each in its own wedge (its own frame).
import { domino, el, tileText } from "./dominoes.js";

const DIRS = [[1, 0], [0, 1], [-1, 0], [0, -1]]; // E S W N (SVG y grows downward)
const ANGLE = [0, 90, 180, 270];
const EPS = 0.04;
const LOOKAHEAD = 3; // tiles: enough to see a dead end coming before turning into it

const same = (t, u) => t && u && ((t[0] === u[0] && t[1] === u[1]) || (t[0] === u[1] && t[1] === u[0]));

class Frame {
  // rot: degrees the local frame is turned; inside(rect) says whether a rect lies on its part of the table;
  // own(rect), for a hub's train, whether it keeps to the train's wedge (then the wedge may grow outward
  // past the table's edge, which the view follows, but never into a neighbour's wedge).
  constructor(rot, inside, own = null) {
    this.rot = rot;
    this.inside = inside;
    this.own = own;
    this.rects = [];
  }
  free(r) {
    return this.rects.every((o) => disjoint(r, o));
  }
}

const disjoint = (r, o) => r.x1 <= o.x0 + EPS || r.x0 >= o.x1 - EPS || r.y1 <= o.y0 + EPS || r.y0 >= o.y1 - EPS;

function rectOf(hx, hy, d, s0, s1, t0, t1) {
  // the rect spanned by s∈[s0,s1] along d and t∈[t0,t1] across (t grows to d's right)
  const [dx, dy] = DIRS[d];
  const [px, py] = DIRS[(d + 1) % 4];
  const xs = [], ys = [];
  for (const s of [s0, s1]) for (const t of [t0, t1]) { xs.push(hx + dx * s + px * t); ys.push(hy + dy * s + py * t); }
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

// The ways to lay the next tile from a head: straight (a double crosswise) or turning left/right.
function option(turtle, kind, isDouble) {
  const { x, y, d } = turtle;
  const [dx, dy] = DIRS[d];
  if (kind === 0) {
    if (isDouble) {
      return { rect: rectOf(x, y, d, 0, 1, -1, 1), cx: x + dx * 0.5, cy: y + dy * 0.5, angle: ANGLE[d] + 90,
        next: { x: x + dx, y: y + dy, d }, turned: 0, cross: true };
    }
    return { rect: rectOf(x, y, d, 0, 2, -0.5, 0.5), cx: x + dx, cy: y + dy, angle: ANGLE[d],
      next: { x: x + 2 * dx, y: y + 2 * dy, d }, turned: 0 };
  }
  const d2 = (d + (kind > 0 ? 1 : 3)) % 4;
  const [ex, ey] = DIRS[d2];
  const t0 = kind > 0 ? -0.5 : -1.5, t1 = kind > 0 ? 1.5 : 0.5; // across d: toward d2
  return { rect: rectOf(x, y, d, 0, 1, t0, t1), cx: x + dx * 0.5 + ex * 0.5, cy: y + dy * 0.5 + ey * 0.5, angle: ANGLE[d2],
    next: { x: x + dx * 0.5 + ex * 1.5, y: y + dy * 0.5 + ey * 1.5, d: d2 }, turned: kind };
}

function step(turtle, isDouble, commit = true) {
  const frame = turtle.frame;
  const order = turtle.pending ? [turtle.pending, 0, -turtle.pending] : [0, turtle.side, -turtle.side];
  const options = order.map((k) => option(turtle, k, isDouble));
  // a turn reaches one half past the head: let it, so the line turns before it leaves the table
  // Heading back toward a hub, go on only while there is still room to turn out again after this tile.
  const roomy = (o) => !(frame.own && o.next.d === 2 && !o.turned) ||
    frame.own({ x0: o.rect.x0 - 1, x1: o.rect.x1, y0: o.rect.y0 - 1.5, y1: o.rect.y1 + 1.5 });
  // A tile after which the next few cannot be laid is a dead end: the line would have to cross
  // itself or another line. Looked at a few tiles ahead (three ways each), among the laid tiles.
  const exit = (o, laid = [o.rect], depth = LOOKAHEAD) => depth === 0 || [0, 1, -1].some((k) => {
    const next = option(o.next, k, false);
    return laid.every((r) => disjoint(next.rect, r)) && frame.free(next.rect) && exit(next, [...laid, next.rect], depth - 1);
  });
  const fits = (o) => frame.inside(o.rect, o.turned ? 1.01 : 0) && frame.free(o.rect) && roomy(o);
  const keeps = (o) => frame.own && frame.own(o.rect) && frame.free(o.rect);
  const free = (o) => frame.free(o.rect);
  const tests = [(o) => fits(o) && exit(o), (o) => keeps(o) && exit(o), (o) => free(o) && exit(o), fits, keeps, free];
  let pick = null;
  // Past a double whose side arms took the sides, the arm goes straight on while it can (and
  // that way is no dead end).
  const ahead = options.find((o) => !o.turned);
  if (turtle.straight && free(ahead) && exit(ahead)) {
    pick = ahead;
    pick.strained = !fits(pick);
  }
  for (let i = 0; !pick && i < tests.length; i++) {
    pick = options.find(tests[i]);
    if (pick) pick.strained = i > 0; // it left its part of the table, or will soon have to cross a line
  }
  if (!pick) pick = { ...options[0], strained: true };
  if (commit) {
    turtle.straight = false;
    frame.rects.push(pick.rect);
    if (pick.turned) {
      if (turtle.pending) { turtle.pending = 0; turtle.side = -turtle.side; } // a U-turn done: next time the other way
      else turtle.pending = pick.turned;
    } else turtle.pending = 0;
    Object.assign(turtle, pick.next);
  }
  return pick;
}

// A place for an arm whose next tile would lie over something drawn (a double with more arms
// than free sides): the spot nearest where that tile would go, lying along the arm or across it,
// where `free` (global corners) finds nothing, so that the place is seen, and seen apart. Null when
// nothing near is free.
function nearby(t, free) {
  const [dx, dy] = DIRS[t.d];
  const spots = [];
  for (let i = -8; i <= 8; i++) for (let j = -8; j <= 8; j++) spots.push([Math.hypot(i, j), i / 2, j / 2]);
  spots.sort((p, q) => p[0] - q[0]);
  for (const [, i, j] of spots) {
    const cx = t.x + dx + i, cy = t.y + dy + j;
    for (const d of [t.d, (t.d + 1) % 4]) {
      const [gx, gy] = toGlobal(t.frame, cx, cy);
      const angle = ANGLE[d] + t.frame.rot;
      if (!free(corners({ x: gx, y: gy, angle }))) continue;
      const rect = d % 2 === 0 ? { x0: cx - 1, x1: cx + 1, y0: cy - 0.5, y1: cy + 0.5 } : { x0: cx - 0.5, x1: cx + 0.5, y0: cy - 1, y1: cy + 1 };
      return { rect, cx, cy, angle: ANGLE[d], next: { x: cx + DIRS[d][0], y: cy + DIRS[d][1], d }, turned: 0 };
    }
  }
  return null;
}

function toGlobal(frame, x, y) {
  if (!frame.rot) return [x, y];
  const r = (frame.rot * Math.PI) / 180;
  return [x * Math.cos(r) - y * Math.sin(r), x * Math.sin(r) + y * Math.cos(r)];
}

// Lay the arms' tiles, one tile of every arm in turn so that no arm takes the whole table; a spinner
// laid on an arm starts its side arms. Returns the turtles (side arms included), the tiles to place
// ([a, b, cx, cy, angle, info] in their frame), and how many picks were strained (0: all fit).
// `endwise`: a double laid in line like any other tile (layout.spinners: first_double_optional).
function lay(start, arms, endwise = null) {
  const turtles = [...start];
  const placed = [];
  const started = new Set(turtles.map((t) => t.arm));
  let strained = 0;
  const spawn = (turtle, tile, pick) => {
    const kids = arms.filter((arm) => arm.spinner && same(arm.root, tile) && !started.has(arm));
    const heading = pick.next.d;
    const used = new Set([(heading + 2) % 4]); // never back over the tile the double was laid on
    // The arm goes on past its double (or will: its next place), and its way comes first: straight
    // on while that is free and the side arms need the sides (a chicken foot's toes).
    const ahead = option(turtle, 0, false);
    turtle.straight = kids.length > 0 && turtle.frame.free(ahead.rect);
    const next = turtle.straight ? ahead : step({ ...turtle }, false, false);
    used.add(next.next.d);
    if (next.turned) used.add(heading);
    const start = (d) => {
      const along = d === heading;
      const off = Boolean(pick.cross) !== along ? 1 : 0.5; // the double's half-extent that way
      const [ax, ay] = DIRS[d], [hx, hy] = DIRS[heading];
      // From the middle of the double's side; from a double laid lengthwise (in a turn), also from
      // beside its far half or its near one, where the tile it was laid on may leave room.
      const shifts = along || pick.cross ? [0] : [0, 0.5, -0.5];
      const ways = shifts.map((k) => {
        const x = pick.cx + ax * off + hx * k, y = pick.cy + ay * off + hy * k;
        return { d, x, y, free: turtle.frame.free(rectOf(x, y, d, 0, 2, -0.5, 0.5)) };
      });
      return ways.find((w) => w.free) || ways[0];
    };
    const sides = [(heading + 3) % 4, (heading + 1) % 4, heading];
    for (const arm of kids) {
      started.add(arm);
      // left of the arm first, then right, then straight on; the first way whose first tile is free
      const ways = sides.filter((d) => !used.has(d)).map(start);
      // No way left (more arms than free sides): the arm still starts, so that its tiles are drawn.
      const way = ways.find((w) => w.free) || ways[0] || sides.map(start).find((w) => w.free) || start(sides[0]);
      if (!way.free) strained++;
      used.add(way.d);
      turtles.push({ arm, frame: turtle.frame, x: way.x, y: way.y, d: way.d, side: 1, pending: 0, i: 0 });
    }
  };
  let busy = true;
  for (let round = 0; busy && round < 400; round++) {
    busy = false;
    for (let j = 0; j < turtles.length; j++) {
      const t = turtles[j];
      if (t.i >= t.arm.tiles.length) continue;
      busy = true;
      const [touching, outer] = t.arm.tiles[t.i];
      const crosswise = touching === outer && !same(endwise, [touching, outer]);
      const pick = step(t, crosswise);
      if (pick.strained) strained++;
      placed.push([touching, outer, pick.cx, pick.cy, pick.angle, { arm: t.arm.id, index: t.i, double: crosswise }]);
      t.i++;
      if (crosswise) spawn(t, [touching, outer], pick);
    }
  }
  return { turtles, placed, strained };
}

// Lay out a state's layout: the placed tiles, each arm's next slot, the markers; all in global units.
// `ownDouble`: a player may lay a double of their own to start a private train (a move on no arm
// in a hub): its place lies below everything drawn, in front of the player.
export function computeLayout(layout, { aspect = 1.8, players = 2, maxPip = 6, names = [], ownDouble = false } = {}) {
  const total = ((maxPip + 1) * (maxPip + 2)) / 2;
  const placed = [];
  const slots = {}; // arm id -> {cx, cy, angle, rect corners} where its next tile goes
  const labels = [];
  const arms = layout.arms || [];
  const turtles = [];
  let root = null;
  let hubRadius = 0;
  // A hub, with its engine or without one (every train from its owner's double: layout.engine none).
  const hubbed = Boolean(layout.hub) || arms.some((arm) => arm.kind === "train");

  const place = (frame, a, b, cx, cy, angle, info) => {
    const [gx, gy] = toGlobal(frame, cx, cy);
    placed.push({ a, b, x: gx, y: gy, angle: angle + frame.rot, ...info });
  };

  if (hubbed) {
    const trains = arms.filter((arm) => !arm.spinner);
    const n = Math.max(1, trains.length);
    // A long train needs room to turn: each train's wedge grows with its tiles (a chicken foot's toes
    // count with their train), but none shrinks below 80% of an equal share, so the hub stays small.
    const tilesOf = (arm) => arm.tiles.length + arms.filter((o) => o.spinner && arm.tiles.some((t) => same(t, o.root)))
      .reduce((sum, o) => sum + o.tiles.length, 0);
    const raw = trains.map((arm) => 2 + tilesOf(arm));
    const sum = raw.reduce((x, y) => x + y, 0) || 1;
    const floor = 0.8 / n;
    const shares = raw.map((r) => Math.max(floor, r / sum));
    const scale = shares.reduce((x, y) => x + y, 0);
    const wedges = shares.map((share) => (2 * Math.PI * share) / scale);
    const narrowest = Math.min(...wedges, 2 * Math.PI);
    hubRadius = Math.max(1.7, 1.25 / Math.sin(Math.min(narrowest / 2, Math.PI / 2)));
    const reach = Math.max(hubRadius + 9, Math.sqrt((2.4 * 0.6 * total * aspect) / Math.PI));
    root = layout.hub ? { a: layout.hub[0], b: layout.hub[1], x: 0, y: 0, angle: 0, engine: true } : null;
    // A private train that starts from its owner's double (not the hub's, not a tile of another
    // arm): the double lies across the foot of its trains, between their wedges, and they start
    // past it.
    const fromOwn = (arm) => !same(arm.root, layout.hub) && !arms.some((o) => o.tiles.some((t) => same(t, arm.root)));
    const lift = 1.5; // how much further out than the hub such a train starts
    const feet = new Map(); // the double's key -> its trains, each with its wedge (radians, from..to)
    let start = -Math.PI / 2 - wedges[0] / 2; // the first train points up, the others clockwise
    trains.forEach((arm, k) => {
      const tanHalf = Math.tan(Math.min(wedges[k] / 2, Math.PI / 3));
      const rad = start + wedges[k] / 2;
      const foot = fromOwn(arm) ? hubRadius + lift : hubRadius;
      if (foot > hubRadius) {
        const key = `${arm.root[0]}-${arm.root[1]}`;
        feet.set(key, [...(feet.get(key) || []), { arm, from: start, to: start + wedges[k] }]);
      }
      start += wedges[k];
      const rot = (rad * 180) / Math.PI;
      // the table is wider than high: a train reaches as far as an ellipse of the screen's shape
      const ellipse = reach / Math.hypot(Math.cos(rad) / Math.sqrt(aspect), Math.sin(rad) * Math.sqrt(aspect));
      const own = (r) => r.x0 >= hubRadius - 0.01 && Math.max(Math.abs(r.y0), Math.abs(r.y1)) <= r.x0 * tanHalf - 0.3;
      // The shortest reach at which the train (and its toes) snakes inside its wedge without a
      // strain; at the longest tried, one straight pass, it nearly always does. Trains never meet, so
      // each is laid on its own.
      const longest = foot + 2 + 2 * tilesOf(arm);
      for (let limit = Math.max(foot + 6, ellipse); ; limit += 2) {
        const inside = (r, slack = 0) => own(r) && r.x1 <= limit + slack;
        const frame = new Frame(rot, inside, own);
        if (foot > hubRadius) frame.rects.push({ x0: hubRadius - 1, x1: foot, y0: -foot, y1: foot }); // the double's room
        const tried = lay([{ arm, frame, x: foot, y: 0, d: 0, side: 1, pending: 0, i: 0 }], arms);
        if (tried.strained === 0 || limit >= longest) {
          turtles.push(...tried.turtles);
          tried.placed.forEach((p) => place(frame, ...p));
          break;
        }
      }
    });
    // Each private double across the foot of its trains: where two wedges meet, or across one.
    for (const group of feet.values()) {
      const { arm } = group[0];
      const joined = group.length === 2 && Math.abs(group[0].to - group[1].from) < 1e-9;
      const rad = joined ? group[0].to : (group[0].from + group[0].to) / 2;
      const r = hubRadius + 0.8;
      placed.push({ a: arm.root[0], b: arm.root[1], x: r * Math.cos(rad), y: r * Math.sin(rad), angle: (rad * 180) / Math.PI + 90,
        arm: arm.id, index: -1, double: true, foot: true });
    }
  } else if (layout.lead) {
    const set = total;
    const length = 0.7 * set * 2;
    const w = Math.max(22, Math.sqrt(2 * aspect * length));
    const W = w / 2, H = Math.max(7, W / aspect);
    const inside = (r, s = 0) => r.x0 >= -W - s && r.x1 <= W + s && r.y0 >= -H - s && r.y1 <= H + s;
    const frame = new Frame(0, inside);
    const [a, b] = layout.lead;
    const leadSpinner = (layout.spinners || []).some((s) => same(s, layout.lead)) && arms.some((arm) => arm.kind === "side" && same(arm.root, layout.lead));
    const cross = a === b && !same(layout.endwise, layout.lead);
    root = { a, b, x: 0, y: 0, angle: cross ? 90 : 0, lead: true, spinner: leadSpinner };
    const hx = cross ? 0.5 : 1;
    frame.rects.push(cross ? { x0: -0.5, x1: 0.5, y0: -1, y1: 1 } : { x0: -1, x1: 1, y0: -0.5, y1: 0.5 });
    let sides = 0;
    for (const arm of arms) {
      if (arm.kind === "end") {
        const west = arm.id === 0;
        turtles.push({ arm, frame, x: west ? -hx : hx, y: 0, d: west ? 2 : 0, side: 1, pending: 0, i: 0 });
      } else if (same(arm.root, layout.lead) && !arms.some((o) => o !== arm && o.tiles.some((t) => same(t, arm.root)))) {
        const north = sides++ % 2 === 0;
        const off = cross ? 1 : 0.5;
        turtles.push({ arm, frame, x: 0, y: north ? -off : off, d: north ? 3 : 1, side: 1, pending: 0, i: 0 });
      }
    }
    const laid = lay(turtles, arms, layout.endwise);
    turtles.splice(0, turtles.length, ...laid.turtles);
    laid.placed.forEach((p) => place(frame, ...p));
  }


  // Each arm's next slot: where a tile laid on it would go (a plain tile; a double would turn),
  // each kept free of the slots before it, so that no place hides another.
  const picks = [];
  const taken = [...(root ? [root] : []), ...placed].map(corners); // tiles, then places, in global units
  const free = (shape) => taken.every((q) => apart(shape, q));
  for (const t of turtles) {
    const probe = { ...t };
    let pick = step(probe, false, false);
    const at = (p) => { const [gx, gy] = toGlobal(t.frame, p.cx, p.cy); return { x: gx, y: gy, angle: p.angle + t.frame.rot }; };
    if (!free(corners(at(pick)))) pick = nearby(t, free) || pick;
    t.frame.rects.push(pick.rect);
    slots[t.arm.id] = at(pick);
    taken.push(corners(slots[t.arm.id]));
    picks.push([t, pick]);
  }
  // Then the trains' names, each where it covers no tile, no slot and no other name.
  const drawn = [...(root ? [root] : []), ...placed, ...Object.values(slots)].map(corners);
  for (const [t, pick] of picks) {
    const label = trainLabel(t, pick, names, hubRadius, drawn);
    if (label) {
      labels.push(label);
      drawn.push(label.corners);
    }
  }
  if (!hubbed && !layout.lead) slots.lead = { x: 0, y: 0, angle: 0 };

  // The bounding box of everything drawn.
  const pts = [];
  const add = (p) => {
    const rad = (p.angle * Math.PI) / 180;
    const c = Math.abs(Math.cos(rad)), s = Math.abs(Math.sin(rad));
    const hw = c + 0.5 * s, hh = s + 0.5 * c;
    pts.push([p.x - hw, p.y - hh], [p.x + hw, p.y + hh]);
  };
  if (root) add(root);
  placed.forEach(add);
  Object.values(slots).forEach(add);
  for (const l of labels) pts.push([l.x - l.width / 2, l.y - 0.4], [l.x + l.width / 2, l.y + 0.4]);
  if (hubRadius) pts.push([-hubRadius, -hubRadius], [hubRadius, hubRadius]);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const box = pts.length
    ? { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }
    : { x0: -2, x1: 2, y0: -1, y1: 1 };
  if (ownDouble) {
    slots.lead = { x: 0, y: box.y1 + 1.2, angle: 0 };
    box.y1 += 1.8;
  }
  return { root, placed, slots, labels, box, hubRadius };
}

// A drawn tile's corners (global units): its 2×1 face at its angle, a hair smaller so that tiles
// laid end to end do not count as covering each other.
export function corners(p) {
  const r = (p.angle * Math.PI) / 180, c = Math.cos(r), s = Math.sin(r);
  return [[-0.97, -0.47], [0.97, -0.47], [0.97, 0.47], [-0.97, 0.47]].map(([x, y]) => [p.x + c * x - s * y, p.y + s * x + c * y]);
}

export function apart(p, q) { // separating axes of two convex quadrilaterals
  for (const shape of [p, q]) {
    for (let i = 0; i < 2; i++) {
      const [x0, y0] = shape[i], [x1, y1] = shape[i + 1], ax = y0 - y1, ay = x1 - x0;
      const a = p.map(([x, y]) => x * ax + y * ay), b = q.map(([x, y]) => x * ax + y * ay);
      if (Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a)) return true;
    }
  }
  return false;
}

// A train's name tag: its owner ("shared" for nobody's), "⚑" before it while the marker is out. A
// shared train's tag is its name as the server says its places, without "the" ("the Mexican
// train" → "Mexican train", "shared train 2"), so that the tag and the places' words read alike.
function labelWords(arm, names) {
  const shared = arm.name ? arm.name.replace(/^the /i, "") : "shared";
  const name = arm.owner === null || arm.owner === undefined ? shared : names[arm.owner] || `P${arm.owner + 1}`;
  return { name, words: arm.marker ? `⚑ ${name}` : name };
}

function trainLabel(t, pick, names, hubRadius, drawn) {
  const arm = t.arm;
  if (arm.kind !== "train" || arm.spinner) return null;
  const { words } = labelWords(arm, names);
  const width = 0.29 * words.length + 0.6;
  // Beyond the next slot in the train's direction, further on, beside it, or where the train
  // leaves the hub: the first of these that covers nothing drawn.
  const [dx, dy] = DIRS[pick.next.d];
  const [px, py] = DIRS[(pick.next.d + 1) % 4];
  const { x, y } = pick.next;
  const local = [[x + dx * 0.9, y + dy * 0.9], [x + dx * 2.2, y + dy * 2.2], [pick.cx + px * 1.1, pick.cy + py * 1.1],
    [pick.cx - px * 1.1, pick.cy - py * 1.1]];
  if (hubRadius) local.push([hubRadius - 1.1, 0]);
  // a longer name ("Mexican train", "shared train 2") may find these covered: further out and
  // aside, nearest first, before the first is taken all the same
  const further = [];
  for (let along = 0.9; along <= 10; along += 0.7) {
    for (const aside of [0, 1.1, -1.1, 1.9, -1.9, 2.7, -2.7]) further.push([x + dx * along + px * aside, y + dy * along + py * aside, Math.hypot(along, aside)]);
  }
  further.sort((p, q) => p[2] - q[2]).forEach(([lx, ly]) => local.push([lx, ly]));
  const tags = local.map(([lx, ly]) => {
    const [gx, gy] = toGlobal(t.frame, lx, ly);
    const box = [[gx - width / 2, gy - 0.36], [gx + width / 2, gy - 0.36], [gx + width / 2, gy + 0.36], [gx - width / 2, gy + 0.36]];
    return { arm: arm.id, x: gx, y: gy, owner: arm.owner, marker: arm.marker, words, width, corners: box };
  });
  return tags.find((tag) => drawn.every((q) => apart(tag.corners, q))) || tags[0];
}

// Draw the table into an <svg>: returns {svg, targets: {armId: <g>}} so the page can light up slots.
export function renderTable(svg, layout, opts = {}) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const names = opts.names || [];
  const geometry = computeLayout(layout, opts);
  const { root, placed, slots, labels, box, hubRadius } = geometry;
  const pad = 0.6;
  let w = box.x1 - box.x0 + 2 * pad, h = box.y1 - box.y0 + 2 * pad;
  const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  // never so close that a tile fills the screen: at least `minWidth` halves across (the page
  // sets it from the screen: a tile's short side drawn at most so many px)
  const aspect = opts.aspect || 1.8;
  const minW = opts.minWidth || 18;
  if (w < minW) w = minW;
  if (w / h > aspect) h = w / aspect; else w = h * aspect;
  svg.setAttribute("viewBox", `${cx - w / 2} ${cy - h / 2} ${w} ${h}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");

  const openTiles = (layout.open_doubles || []).map((o) => o.tile);
  const tilesGroup = el("g", { class: "laid" }, svg);
  if (hubRadius) el("circle", { cx: 0, cy: 0, r: hubRadius - 0.2, class: "hub" }, tilesGroup);
  const drawTile = (p, extra) => {
    const open = openTiles.some((t) => same(t, [p.a, p.b]));
    const g = domino(p.a, p.b, { x: p.x, y: p.y, angle: p.angle, cls: `${extra}${open ? " open-double" : ""}` });
    g.dataset.tile = `${Math.min(p.a, p.b)}-${Math.max(p.a, p.b)}`; // the page finds the last play's tiles by it
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", tileText(p.a, p.b) + (open ? ", an open double to answer" : ""));
    tilesGroup.appendChild(g);
    return g;
  };
  if (root) {
    // An engine no train grows from (every train starts from its owner's own double) is set aside:
    // drawn faint, and said so, never as a tile to play on.
    const unused = root.engine && !(layout.arms || []).some((arm) => same(arm.root, layout.hub));
    const g = drawTile(root, root.engine ? `engine${unused ? " unused" : ""}` : root.spinner ? "lead spinner" : "lead");
    if (unused) g.setAttribute("aria-label", `${tileText(root.a, root.b)}, the engine, set aside`);
  }
  for (const p of placed) {
    const g = drawTile(p, p.foot ? "foot" : (layout.spinners || []).some((s) => same(s, [p.a, p.b])) ? "spinner" : "");
    g.dataset.arm = p.arm;
    const arm = p.foot && (layout.arms || []).find((a) => a.id === p.arm);
    const whose = arm && labelWords(arm, names).name;
    if (arm) g.setAttribute("aria-label", `${tileText(p.a, p.b)}, where ${whose === "You" ? "your" : `${whose}'s`} trains start`);
  }
  const targets = {};
  const targetGroup = el("g", { class: "targets" }, svg);
  for (const [arm, s] of Object.entries(slots)) {
    const g = el("g", { class: "target", "data-arm": arm, transform: `translate(${s.x} ${s.y}) rotate(${s.angle})` }, targetGroup);
    el("rect", { x: -0.95, y: -0.45, width: 1.9, height: 0.9, rx: 0.14 }, g);
    targets[arm] = g;
  }
  const armById = Object.fromEntries((layout.arms || []).map((a) => [String(a.id), a]));
  for (const l of labels) {
    const arm = armById[String(l.arm)];
    const g = el("g", { class: `train-label${arm && arm.marker ? " marked" : ""}${arm && arm.open ? " open" : ""}`, "data-arm": l.arm,
      transform: `translate(${l.x} ${l.y})` }, svg);
    const { name } = labelWords(arm || l, names);
    el("rect", { x: -l.width / 2, y: -0.36, width: l.width, height: 0.72, rx: 0.36, class: "pill" }, g);
    const text = el("text", { x: 0, y: 0.02, "text-anchor": "middle", "dominant-baseline": "central" }, g);
    text.textContent = l.words;
    if (arm && arm.marker) g.setAttribute("aria-label", `${name}'s marker is out: the train is open to everyone`);
  }
  return { targets, geometry };
}
