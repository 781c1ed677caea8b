/**
 * Walk mode's walls and furniture hold (src/model/walk/): 10 000 seeded random walk steps on the made-up
 * home and on project 186997360 (the real one when ../shared/realdata is present) never end closer than
 * 20 cm to a wall nor to a piece of furniture that stands in the way, nor pass through either outside a
 * door. Checked against the FML walls, openings and items themselves, by brute force (each wall's solid
 * pieces and each item's footprint as rectangles, with code and a height rule of this test's own), not
 * with the collision module's distances. Also the bad input: a camera outside every area, a camera in a
 * sofa, a floor with no walls.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import { seedProjects } from '../../server/emulator/planning/domain/seed.ts';
import { projectFmlJson } from '../../server/emulator/planning/formats/fml-json.ts';
import { fmlDesignToRoomModel, planGeometry, pointInRing, readFml } from '../../src/model/index.ts';
import type { FmlFloor, FmlPlan, PlanGeometry, RoomModel, Vec2 } from '../../src/model/index.ts';
import {
  clearance,
  stairAt,
  walk,
  walkFurniture,
  walkPath,
  walkStart,
  walkWorld,
  WALK_RADIUS,
  type WalkWorld,
} from '../../src/model/walk/index.ts';

const HOME_ID = 186997360;

function demoHome(): FmlPlan {
  const project = seedProjects(1, null).find((p) => p.id === HOME_ID)!;
  return readFml(projectFmlJson(project, null)).plan;
}

function realHome(): { plan?: FmlPlan; skip?: string } {
  const root = findRealdata();
  if (!root) return { skip: 'the real samples (../shared/realdata) are not present in this checkout' };
  const dir = join(root, 'floorplanner', 'fml-json-v3');
  const file = readdirSync(dir).find((f) => f.startsWith(`project-${HOME_ID}-`));
  if (!file) return { skip: `project ${HOME_ID} is not among the real samples` };
  return { plan: readFml(readFileSync(join(dir, file), 'utf8')).plan };
}

/** mulberry32, the test's own seeded numbers. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- the independent check: walls as rectangles straight from the FML --------------------------

type Quad = [Vec2, Vec2, Vec2, Vec2];

/** Each wall's solid pieces (door gaps cut out, windows not) as rectangles, from the FML walls alone. */
function solidQuads(floor: FmlFloor): Quad[] {
  const quads: Quad[] = [];
  for (const wall of floor.designs[0]!.walls) {
    if (!(wall.thickness > 0)) continue;
    // a curved wall: its chord pieces, as the room model draws it
    const line: Vec2[] = wall.control ? curve(wall.a, wall.control, wall.b) : [wall.a, wall.b];
    const doors = wall.openings
      .filter((o) => o.kind !== 'window' && o.sill <= 10)
      .map((o) => [o.offset - o.width / 2, o.offset + o.width / 2]);
    let run = 0;
    for (let k = 1; k < line.length; k++) {
      const a = line[k - 1]!;
      const b = line[k]!;
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      // the piece's solid runs: [0, length] less the door gaps that fall on it
      const gaps = doors
        .map(([p, q]) => [Math.max(0, p! - run), Math.min(length, q! - run)] as const)
        .filter(([p, q]) => q > p)
        .sort((x, y) => x[0] - y[0]);
      let at = 0;
      for (const [p, q] of gaps) {
        if (p > at) quads.push(rect(a, b, length, at, p, wall.thickness / 2));
        at = Math.max(at, q);
      }
      if (at < length) quads.push(rect(a, b, length, at, length, wall.thickness / 2));
      run += length;
    }
  }
  return quads;
}

/**
 * The footprints of the items that stand in the walker's way, from the FML items alone: not a staircase
 * nor a plan symbol, reaching higher than 30 cm above the floor and starting lower than 180 cm.
 */
function furnitureQuads(floor: FmlFloor): Quad[] {
  return floor.designs[0]!.items.filter(
    (i) => !i.stair && !i.symbol && i.position[2] + i.height > 30 && i.position[2] < 180,
  )
    .filter((i) => i.width >= 1 && i.depth >= 1)
    .map((i) => i.footprint as Quad);
}

function curve(a: Vec2, c: Vec2, b: Vec2): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    const u = 1 - t;
    out.push([
      u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * c[1] + t * t * b[1],
    ]);
  }
  return out;
}

function rect(a: Vec2, b: Vec2, length: number, from: number, to: number, half: number): Quad {
  const ux = (b[0] - a[0]) / length;
  const uy = (b[1] - a[1]) / length;
  const at = (s: number, side: number): Vec2 => [
    a[0] + ux * s - uy * half * side,
    a[1] + uy * s + ux * half * side,
  ];
  return [at(from, 1), at(to, 1), at(to, -1), at(from, -1)];
}

function segmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function inside(p: Vec2, q: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (Math.abs(cross) < 1e-9) continue;
    if (sign && Math.sign(cross) !== sign) return false;
    sign = Math.sign(cross);
  }
  return true;
}

function quadDistance(p: Vec2, q: Quad): number {
  if (inside(p, q)) return 0;
  return Math.min(...q.map((a, i) => segmentDistance(p, a, q[(i + 1) % 4]!)));
}

function crosses(p: Vec2, r: Vec2, a: Vec2, b: Vec2): boolean {
  const o = (x: Vec2, y: Vec2, z: Vec2) =>
    Math.sign((y[0] - x[0]) * (z[1] - x[1]) - (y[1] - x[1]) * (z[0] - x[0]));
  return o(p, r, a) !== o(p, r, b) && o(a, b, p) !== o(a, b, r);
}

/** The step p → r passes into or through a rectangle. */
function passesThrough(p: Vec2, r: Vec2, q: Quad): boolean {
  if (inside(r, q)) return true;
  return q.some((a, i) => crosses(p, r, a, q[(i + 1) % 4]!));
}

// ---- the walk -------------------------------------------------------------------------------------

interface Floor {
  index: number;
  fml: FmlFloor;
  model: RoomModel;
  plan: PlanGeometry;
  world: WalkWorld;
}

function floorsOf(fml: FmlPlan): Floor[] {
  return fml.floors.map((f, index) => {
    const { model } = fmlDesignToRoomModel(fml, { floor: index });
    const plan = planGeometry(model);
    const stairs = (model.stairs ?? []).map((s) => ({ polygon: s.polygon, to: index === 0 ? 1 : 0 }));
    return { index, fml: f, model, plan, world: walkWorld(plan, stairs, walkFurniture(model)) };
  });
}

const cameras = (f: FmlFloor) => [...f.designs[0]!.cameras, ...f.cameras];

/** `steps` random steps on every floor, checked one by one; what happened, for the test to judge. */
function randomWalk(fml: FmlPlan, steps: number, seed: number) {
  const next = random(seed);
  const floors = floorsOf(fml);
  let held = 0;
  let worst = Infinity;
  let nearestPiece = Infinity;
  const rooms = new Set<string>();
  const perFloor = Math.ceil(steps / floors.length);
  for (const floor of floors) {
    const quads = solidQuads(floor.fml);
    const pieces = furnitureQuads(floor.fml);
    assert.ok(quads.length > 0, `floor ${floor.index} has walls`);
    const start = walkStart(floor.world, floor.plan, cameras(floor.fml));
    let p = start.position;
    for (const q of pieces) assert.ok(quadDistance(p, q) >= WALK_RADIUS - 1e-6, 'the start is clear');
    let heading = Math.atan2(start.heading[1], start.heading[0]);
    for (let i = 0; i < perFloor; i++) {
      heading += (next() - 0.5) * 1.2;
      // a key's step or a frame of a flight: under 40 cm, so the straight line between two places
      // clear by 20 cm cannot cut through a wall the walk went round
      const length = next() * 39;
      const wanted: Vec2 = [p[0] + Math.cos(heading) * length, p[1] + Math.sin(heading) * length];
      const r = walk(floor.world, p, [wanted[0] - p[0], wanted[1] - p[1]]);
      if (Math.hypot(r[0] - wanted[0], r[1] - wanted[1]) > 0.5) {
        held++;
        heading += Math.PI * (0.5 + next()); // turn away from what held
      }
      for (const q of quads) {
        const d = quadDistance(r, q);
        worst = Math.min(worst, d);
        assert.ok(
          d >= WALK_RADIUS - 1e-6,
          `step ${i} on floor ${floor.index} ends ${d.toFixed(3)} cm from a wall`,
        );
        assert.ok(!passesThrough(p, r, q), `step ${i} on floor ${floor.index} passes through a wall`);
      }
      for (const q of pieces) {
        const d = quadDistance(r, q);
        nearestPiece = Math.min(nearestPiece, d);
        assert.ok(
          d >= WALK_RADIUS - 1e-6,
          `step ${i} on floor ${floor.index} ends ${d.toFixed(3)} cm from a piece of furniture`,
        );
        assert.ok(!passesThrough(p, r, q), `step ${i} on floor ${floor.index} passes through furniture`);
      }
      const area = floor.plan.areas.find((a) => pointInRing(r, a.polygon));
      if (area) rooms.add(`${floor.index}:${area.label ?? area.name}`);
      p = r;
    }
  }
  return { held, worst, nearestPiece, rooms };
}

describe('walk mode: walls hold', () => {
  it('10 000 random steps on the made-up home: never within 20 cm of a wall or a piece in the way, never through a wall but by a door', () => {
    const { held, worst, nearestPiece, rooms } = randomWalk(demoHome(), 10_000, 38);
    // the walls did hold (many steps were stopped), and the doors let the walker through
    assert.ok(held > 200, `walls held ${held} steps`);
    assert.ok(worst < WALK_RADIUS + 2, `came within ${worst.toFixed(2)} cm of a wall (walked along walls)`);
    // and the furniture was met, not walked through
    assert.ok(nearestPiece < WALK_RADIUS + 2, `came within ${nearestPiece.toFixed(2)} cm of a piece`);
    assert.ok(rooms.size >= 5, `walked through ${[...rooms].join(', ')}`);
  });

  it('10 000 random steps on the real project 186997360', (t) => {
    const real = realHome();
    if (!real.plan) return t.skip(real.skip);
    const { held, rooms, nearestPiece } = randomWalk(real.plan, 10_000, 186);
    assert.ok(Number.isFinite(nearestPiece), 'the real plan has furniture in the way');
    assert.ok(held > 200, `walls held ${held} steps`);
    assert.ok(rooms.size >= 3, `walked through ${[...rooms].join(', ')}`);
  });
});

describe('walk mode: doors, windows and stairs', () => {
  /** One 10 cm wall across x = 0 from y = -300 to 300, with the given opening at its middle. */
  function wallWith(kind: 'door' | 'window', width: number): WalkWorld {
    const doc = {
      floors: [
        {
          name: 'G',
          level: 0,
          designs: [
            {
              walls: [
                {
                  a: { x: 0, y: -300 },
                  b: { x: 0, y: 300 },
                  thickness: 10,
                  openings: [{ type: kind, t: 0.5, width, z_height: 210, z: kind === 'door' ? 0 : 90 }],
                },
              ],
            },
          ],
        },
      ],
    };
    const { model } = fmlDesignToRoomModel(readFml(JSON.stringify(doc)).plan);
    return walkWorld(planGeometry(model));
  }

  it('a 90 cm door lets the walker through; a window and a 35 cm door do not', () => {
    const through = walk(wallWith('door', 90), [-100, 0], [200, 0]);
    assert.ok(through[0] > 99, `through the door to ${through[0]}`);
    for (const world of [wallWith('window', 150), wallWith('door', 35)]) {
      const held = walk(world, [-100, 0], [200, 0]);
      // a narrow door lets the body partly in, never through
      assert.ok(held[0] < 0, `held at ${held[0]}`);
      assert.ok(clearance(world, held) >= WALK_RADIUS);
    }
  });

  it('slides along a wall walked into at an angle', () => {
    const world = wallWith('window', 100);
    const slid = walk(world, [-100, -100], [150, 150]);
    assert.ok(slid[1] > 0, `slid along the wall to y ${slid[1]}`);
    assert.ok(slid[0] <= -25 + 1e-6 && slid[0] > -26);
  });

  it('a stair leading somewhere is entered; one leading nowhere is in the way', () => {
    const plan: PlanGeometry = {
      walls: [],
      areas: [],
      bounds: { min: [0, 0], max: [500, 500] },
      height: 280,
    };
    const polygon: Vec2[] = [
      [200, 200],
      [300, 200],
      [300, 300],
      [200, 300],
    ];
    const linked = walkWorld(plan, [{ polygon, to: 1 }]);
    const end = walk(linked, [100, 250], [150, 0]);
    assert.equal(stairAt(linked, end)?.to, 1);
    const nowhere = walkWorld(plan, [{ polygon }]);
    const stopped = walk(nowhere, [100, 250], [150, 0]);
    assert.ok(stopped[0] <= 180 + 1e-6, `stopped before the stair at ${stopped[0]}`);
    assert.equal(stairAt(nowhere, stopped), undefined);
  });
});

describe('walk mode: furniture holds', () => {
  const free: PlanGeometry = {
    walls: [],
    areas: [],
    bounds: { min: [0, 0], max: [1000, 1000] },
    height: 260,
  };
  /** A piece of the room model: a box `w` × `d` × `h` standing at `z`, turned `turn` degrees. */
  const piece = (id: string, at: Vec2, [w, d, h]: [number, number, number], z = 0, turn = 0) => ({
    id,
    kind: 'furniture' as const,
    position: [at[0], at[1], z] as [number, number, number],
    rotation: [0, 0, turn] as [number, number, number],
    boundingBox: [
      [-w / 2, -d / 2, 0],
      [w / 2, d / 2, h],
    ] as [[number, number, number], [number, number, number]],
  });

  it('a sofa holds; a rug, a lamp hung above the head, a staircase and a plan symbol do not', () => {
    const components = [
      piece('sofa', [500, 300], [200, 90, 85]),
      piece('rug', [500, 500], [300, 200, 2]),
      piece('low', [500, 650], [100, 100, 30]),
      piece('lamp', [500, 800], [60, 60, 40], 190),
      { ...piece('stairs', [200, 500], [90, 260, 100]), category: 'stair' },
      { ...piece('arrow', [800, 500], [100, 100, 50]), category: 'symbol' },
    ];
    assert.deepEqual(
      walkFurniture({ components }).map((o) => o.id),
      ['sofa'],
    );
    const world = walkWorld(free, [], walkFurniture({ components }));
    // walking north into the sofa (y 255..345): held 20 cm before it
    const held = walk(world, [500, 100], [0, 400]);
    assert.ok(Math.abs(held[1] - 235) < 0.5 && Math.abs(held[0] - 500) < 1e-6, `held at ${held}`);
    // over the rug, the low box and under the lamp
    assert.deepEqual(walk(world, [500, 420], [0, 480]), [500, 900]);
  });

  it('a turned piece holds as turned; a piece walked into at an angle is slid along', () => {
    // a 200 × 40 bench turned 90°: it runs north–south (x 480..520, y 200..400)
    const world = walkWorld(
      free,
      [],
      walkFurniture({ components: [piece('bench', [500, 300], [200, 40, 45], 0, 90)] }),
    );
    const held = walk(world, [300, 300], [400, 0]);
    assert.ok(Math.abs(held[0] - 460) < 0.5, `held west of it at ${held}`);
    const slid = walk(world, [300, 250], [300, 300]);
    assert.ok(slid[1] > 400 && clearance(world, slid) >= WALK_RADIUS, `slid round it to ${slid}`);
  });

  it('a tap behind furniture finds the way round it; a spot in a piece ends beside it; a walled-in spot has none', () => {
    const world = walkWorld(
      free,
      [],
      walkFurniture({ components: [piece('sofa', [500, 300], [200, 90, 85])] }),
    );
    /** Walks the path leg by leg, each a straight walk that must get there. */
    const follow = (from: Vec2, path: Vec2[]) =>
      path.reduce<Vec2>((p, w) => {
        const end = walk(world, p, [w[0] - p[0], w[1] - p[1]]);
        assert.ok(Math.hypot(end[0] - w[0], end[1] - w[1]) < 1, `the leg to ${w} is walked whole`);
        return end;
      }, from);
    const round = walkPath(world, [500, 100], [500, 500])!;
    assert.ok(round.length >= 2, 'round the sofa');
    assert.deepEqual(round.at(-1), [500, 500]);
    follow([500, 100], round);
    // a spot inside the sofa: the walker ends at a clear place beside it, within 1 m of the spot
    const beside = walkPath(world, [500, 100], [500, 300])!;
    const end = follow([500, 100], beside);
    assert.ok(clearance(world, end) >= WALK_RADIUS && Math.hypot(end[0] - 500, end[1] - 300) <= 100);
    // straight when nothing is in the way
    assert.deepEqual(walkPath(world, [100, 100], [100, 800]), [[100, 800]]);
    // a spot walled in (the walls of a closed room): no way
    const box: PlanGeometry = {
      walls: [
        [
          [600, 600],
          [900, 600],
        ],
        [
          [900, 600],
          [900, 900],
        ],
        [
          [900, 900],
          [600, 900],
        ],
        [
          [600, 900],
          [600, 600],
        ],
      ].map(([a, b], k) => ({
        name: `w${k}`,
        start: a as Vec2,
        end: b as Vec2,
        thickness: 10,
        polygon: [],
        openings: [],
      })),
      areas: [],
      bounds: { min: [0, 0], max: [1000, 1000] },
      height: 260,
    };
    assert.equal(walkPath(walkWorld(box), [100, 100], [750, 750]), undefined);
  });

  it('a tap in another room of the made-up home goes round by the doors', () => {
    const [ground] = floorsOf(demoHome());
    const world = ground!.world;
    // from the hall's camera to the kitchen's (FML 760, 180): through the hall's door and the living room
    const from: Vec2 = [250, -700];
    const to: Vec2 = [760, -180];
    const path = walkPath(world, from, to)!;
    assert.ok(path, 'a way');
    let p = from;
    for (const w of path) {
      const end = walk(world, p, [w[0] - p[0], w[1] - p[1]]);
      assert.ok(Math.hypot(end[0] - w[0], end[1] - w[1]) < 1, `the leg to ${w} is walked whole`);
      p = end;
    }
    assert.ok(Math.hypot(p[0] - to[0], p[1] - to[1]) < 1);
  });

  it('a walkthrough camera standing in the sofa starts beside it, in its own room', () => {
    const [ground] = floorsOf(demoHome());
    const sofa = ground!.fml.designs[0]!.items.find((i) => i.refid === 'kit-sofa')!;
    const inSofa = {
      type: 'walkthrough',
      name: 'Bank',
      position: [sofa.position[0], sofa.position[1], 160] as [number, number, number],
      direction: [0, 1, 0] as [number, number, number],
    };
    const start = walkStart(ground!.world, ground!.plan, [inSofa]);
    assert.equal(start.from, 'camera');
    assert.ok(quadDistance(start.position, sofa.footprint as Quad) >= WALK_RADIUS - 1e-6, 'out of the sofa');
    assert.ok(clearance(ground!.world, start.position) >= WALK_RADIUS);
    const room = (p: Vec2) => ground!.plan.areas.find((a) => pointInRing(p, a.polygon))?.label;
    assert.equal(room(start.position), 'Woonkamer');
    // the nearest clear place: beside the sofa, not across the room
    assert.ok(
      Math.hypot(start.position[0] - sofa.position[0], start.position[1] - sofa.position[1]) < 100,
      `started at ${start.position}`,
    );
  });
});

describe('walk mode: where a walk starts, and bad input', () => {
  it('starts at the floor’s first walkthrough camera', () => {
    const [ground] = floorsOf(demoHome());
    const start = walkStart(ground!.world, ground!.plan, cameras(ground!.fml));
    const first = cameras(ground!.fml).find((c) => c.type === 'walkthrough')!;
    assert.equal(start.from, 'camera');
    assert.deepEqual(start.position, [first.position[0], first.position[1]]);
  });

  it('a camera outside every area: the largest area’s centre, with a word', () => {
    const [ground] = floorsOf(demoHome());
    const outside = {
      type: 'walkthrough',
      name: 'Tuin',
      position: [5000, 5000, 160] as const,
      direction: [1, 0, 0] as const,
    };
    const start = walkStart(ground!.world, ground!.plan, [
      { ...outside, position: [...outside.position], direction: [...outside.direction] },
    ]);
    assert.equal(start.from, 'area');
    assert.match(start.warning ?? '', /outside every area/);
    const largest = [...ground!.plan.areas].sort((a, b) => b.area - a.area)[0]!;
    assert.ok(pointInRing(start.position, largest.polygon));
  });

  it('a floor with no walls: free walking within its bounds', () => {
    const plan: PlanGeometry = {
      walls: [],
      areas: [],
      bounds: { min: [0, 0], max: [400, 300] },
      height: 280,
    };
    const world = walkWorld(plan);
    const start = walkStart(world, plan, []);
    assert.equal(start.from, 'bounds');
    let p = start.position;
    const next = random(7);
    for (let i = 0; i < 500; i++) {
      p = walk(world, p, [(next() - 0.5) * 300, (next() - 0.5) * 300]);
      assert.ok(p[0] >= 0 && p[0] <= 400 && p[1] >= 0 && p[1] <= 300, `inside the bounds: ${p}`);
    }
    assert.deepEqual(walk(world, [200, 150], [50, 0]), [250, 150], 'nothing holds a free step');
  });
});
