/**
 * Walking with walls that hold: a circle of WALK_RADIUS moved in small steps (never more than a
 * quarter of its radius, so it cannot step over a wall), pushed back out of any wall it would come
 * too close to, and slid along a wall it walks into. A position is only ever given back when it
 * keeps the full radius from every wall; otherwise the walker stays where it was.
 */
import type { Vec2 } from '../types.js';
import type { Blocker, WalkWorld } from './walk-world.js';

/** A hair more than the radius when pushing out, so rounding never leaves the body a hair short. */
const MARGIN = 0.01;

/** The nearest point of a blocker to p, and how far it is (0 inside). */
function nearest(b: Blocker, x: number, y: number): { distance: number; nx: number; ny: number } {
  const dx = b.bx - b.ax;
  const dy = b.by - b.ay;
  const length = Math.hypot(dx, dy) || 1e-9;
  const ux = dx / length;
  const uy = dy / length;
  // p in the blocker's own frame: u along it, v across
  const px = x - b.ax;
  const py = y - b.ay;
  const u = px * ux + py * uy;
  const v = -px * uy + py * ux;
  const du = u < 0 ? u : u > length ? u - length : 0;
  const dv = Math.abs(v) > b.half ? v - Math.sign(v) * b.half : 0;
  const distance = Math.hypot(du, dv);
  if (distance < 1e-9) return { distance: 0, nx: 0, ny: 0 };
  // the way out, back in the plan's frame
  return { distance, nx: (du * ux - dv * uy) / distance, ny: (du * uy + dv * ux) / distance };
}

/** How far p is from one blocker (0 inside it): the tap path search's grid asks blocker by blocker (walk-grid.ts). */
export function blockerDistance(b: Blocker, x: number, y: number): number {
  return nearest(b, x, y).distance;
}

/** How far p is from the nearest wall, staircase in the way or piece of furniture (Infinity with none). */
export function clearance(world: WalkWorld, p: Vec2): number {
  let best = Infinity;
  for (const b of world.blockers) best = Math.min(best, nearest(b, p[0], p[1]).distance);
  return best;
}

function clamp(world: WalkWorld, x: number, y: number): Vec2 {
  return [
    Math.min(world.max[0], Math.max(world.min[0], x)),
    Math.min(world.max[1], Math.max(world.min[1], y)),
  ];
}

/** Pushes p out of every wall it is too close to (a few rounds: corners push twice). */
function pushOut(world: WalkWorld, p: Vec2): Vec2 {
  let [x, y] = p;
  const want = world.radius + MARGIN;
  for (let round = 0; round < 4; round++) {
    let moved = false;
    for (const b of world.blockers) {
      const { distance, nx, ny } = nearest(b, x, y);
      if (distance >= world.radius || distance === 0) continue;
      x += nx * (want - distance);
      y += ny * (want - distance);
      moved = true;
    }
    if (!moved) break;
  }
  return clamp(world, x, y);
}

const free = (world: WalkWorld, p: Vec2) => clearance(world, p) >= world.radius;

/** One small step (at most a quarter radius) from a free position: the step, else a slide, else none. */
function stepOnce(world: WalkWorld, p: Vec2, dx: number, dy: number): Vec2 {
  // free, and within a radius of p: a move that short from a free point cannot pass through a wall
  const ok = (q: Vec2) => Math.hypot(q[0] - p[0], q[1] - p[1]) <= world.radius && free(world, q);
  const ahead = pushOut(world, clamp(world, p[0] + dx, p[1] + dy));
  if (ok(ahead)) return ahead;
  // slide: only the part of the step along the wall in the way
  let closest: { distance: number; nx: number; ny: number } | undefined;
  for (const b of world.blockers) {
    const near = nearest(b, p[0] + dx, p[1] + dy);
    if (near.distance > 0 && (!closest || near.distance < closest.distance)) closest = near;
  }
  if (closest) {
    const into = dx * closest.nx + dy * closest.ny;
    const slid = pushOut(world, clamp(world, p[0] + dx - into * closest.nx, p[1] + dy - into * closest.ny));
    if (ok(slid)) return slid;
  }
  return p;
}

/**
 * Where a walker at `from` (free of every wall) comes to after trying to move by `delta`: the whole
 * way when nothing is in it, along a wall it meets, or as far as it got. Never closer than the radius
 * to a wall and never through one (only through the gaps doors leave).
 */
export function walk(world: WalkWorld, from: Vec2, delta: Vec2): Vec2 {
  const length = Math.hypot(delta[0], delta[1]);
  if (!(length > 0) || !Number.isFinite(length)) return from;
  const steps = Math.ceil(length / (world.radius / 4));
  const dx = delta[0] / steps;
  const dy = delta[1] / steps;
  let p = from;
  for (let i = 0; i < steps; i++) {
    const next = stepOnce(world, p, dx, dy);
    if (next === p) break;
    p = next;
  }
  return p;
}

/** Whether the straight way p→q enters a blocker's rectangle (Liang–Barsky in the blocker's frame). */
function enters(b: Blocker, p: Vec2, q: Vec2): boolean {
  const length = Math.hypot(b.bx - b.ax, b.by - b.ay);
  if (!(length > 0)) return false;
  const ux = (b.bx - b.ax) / length;
  const uy = (b.by - b.ay) / length;
  const rx = p[0] - b.ax;
  const ry = p[1] - b.ay;
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  let t0 = 0;
  let t1 = 1;
  const sides: [number, number, number, number][] = [
    [rx * ux + ry * uy, dx * ux + dy * uy, 0, length],
    [-rx * uy + ry * ux, -dx * uy + dy * ux, -b.half, b.half],
  ];
  for (const [value, delta, lo, hi] of sides) {
    if (Math.abs(delta) < 1e-12) {
      if (value < lo || value > hi) return false;
      continue;
    }
    const ta = (lo - value) / delta;
    const tb = (hi - value) / delta;
    t0 = Math.max(t0, Math.min(ta, tb));
    t1 = Math.min(t1, Math.max(ta, tb));
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * The straight way p→q goes into a wall (not furniture, not stairs: a start may leave those); a wall p
 * stands in already does not count (a camera placed in a wall may step out of it).
 */
export function throughWall(world: WalkWorld, p: Vec2, q: Vec2): boolean {
  return world.blockers.some(
    (b) => (b.kind ?? 'wall') === 'wall' && nearest(b, p[0], p[1]).distance > 0 && enters(b, p, q),
  );
}

/**
 * A free position near `p` (the start of a walk): p itself when free, pushed out of a wall or a piece
 * of furniture it is too close to, else the nearest free point on rings around it (up to 3 m), else
 * undefined. Never one behind a wall from p (a camera in a sofa against a wall starts in its own room).
 */
export function settle(world: WalkWorld, p: Vec2): Vec2 | undefined {
  const start = clamp(world, p[0], p[1]);
  if (free(world, start)) return start;
  const reached = (q: Vec2) => free(world, q) && !throughWall(world, start, q);
  const pushed = pushOut(world, start);
  if (reached(pushed)) return pushed;
  for (let ring = 10; ring <= 300; ring += 10) {
    const around = Math.max(8, Math.round((2 * Math.PI * ring) / 10));
    for (let k = 0; k < around; k++) {
      const angle = (2 * Math.PI * k) / around;
      const q = clamp(world, start[0] + ring * Math.cos(angle), start[1] + ring * Math.sin(angle));
      if (reached(q)) return q;
    }
  }
  return undefined;
}
