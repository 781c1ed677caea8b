/**
 * Fuzzing the model boundary: seeded random models and random mutations of the real sample must
 * never make readModel() or planGeometry() throw, and what comes out must be finite numbers only.
 * The seed is printed in every failure so a case can be replayed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planGeometry, readModel, type PlanGeometry, type ReadModelResult } from '../../src/model/index.ts';
import { loadRealRoom } from './helpers/real-sample.ts';
import { assertPaced } from './helpers/pace.ts';
import { seededRandom } from '../shared/seeded-random.ts';
import { mutateMember } from '../shared/mutate-member.ts';

function junk(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 18);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return NaN;
    case 3:
      return Infinity;
    case 4:
      return -1;
    case 5:
      return (rand() - 0.5) * 2000;
    case 6:
      return String(Math.round((rand() - 0.5) * 2000));
    case 7:
      return '';
    case 8:
      return 'garbage';
    case 9:
      return true;
    case 10:
      return 1e308;
    case 11:
      return Math.floor(rand() * 60);
    case 12:
      return depth > 2 ? [] : Array.from({ length: Math.floor(rand() * 4) }, () => junk(rand, depth + 1));
    case 13:
      return depth > 2 ? {} : { indices: junk(rand, depth + 1), thickness: junk(rand, depth + 1) };
    case 14:
      return [rand() * 500, rand() * 500];
    case 15:
      return '__proto__';
    case 16:
      return { bounds: [junk(rand, 3), junk(rand, 3)] };
    default:
      return -0;
  }
}

function randomModel(rand: () => number): unknown {
  const n = Math.floor(rand() * 25);
  const points = Array.from({ length: n }, () =>
    rand() < 0.9 ? [Math.round(rand() * 1000), Math.round(rand() * 1000)] : junk(rand),
  );
  const index = () => (rand() < 0.9 ? Math.floor(rand() * (n + 2)) - 1 : junk(rand));
  const walls: Record<string, unknown> = {};
  for (let i = 0; i < rand() * 30; i++) {
    walls[`wall${i}`] =
      rand() < 0.9
        ? { indices: [index(), index()], thickness: rand() < 0.9 ? rand() * 40 : junk(rand) }
        : junk(rand);
  }
  const areas: Record<string, unknown> = {};
  for (let i = 0; i < rand() * 6; i++) {
    areas[`area${i}`] = { indices: Array.from({ length: Math.floor(rand() * 8) }, index), name: junk(rand) };
  }
  const components = Array.from({ length: Math.floor(rand() * 10) }, (_, i) => ({
    ID: `c${i}`,
    type: rand() < 0.5 ? 'ArchitecturalComponent' : rand() < 0.9 ? 'Component' : junk(rand),
    category: ['Door', 'Window', null, 'Opening', junk(rand)][Math.floor(rand() * 5)],
    parentID: rand() < 0.5 ? String(Math.floor(rand() * 30)) : junk(rand),
    position: rand() < 0.8 ? [rand() * 1000, rand() * 1000, rand() * 200] : junk(rand),
    rotation: rand() < 0.8 ? [0, 0, rand() * 360] : junk(rand),
    bounding_box:
      rand() < 0.8
        ? [
            [-40, -100, -3],
            [40, 100, 3],
          ]
        : junk(rand),
    aperture: rand() < 0.7 ? { bounds: [rand() * 120, rand() * 250] } : junk(rand),
    configuration: rand() < 0.7 ? { open_direction: junk(rand), open_side: junk(rand) } : junk(rand),
    area: rand() < 0.5 ? `area${Math.floor(rand() * 6)}` : junk(rand),
  }));
  const plan = { height: rand() < 0.8 ? 250 : junk(rand), points, walls, areas };
  const model = {
    plan,
    components,
    materials: [junk(rand), { ID: 'x', diffuse: junk(rand) }],
    camera: junk(rand),
  };
  return rand() < 0.2 ? { id: 1, model } : model;
}

/** Sets, deletes or replaces a random member somewhere in `value` (in place). */
const mutate = (value: unknown, rand: () => number): void =>
  mutateMember(value, rand, junk, { maxDepth: 8, descend: 0.75 });

function assertFinite(result: ReadModelResult, plan: PlanGeometry, seed: number): void {
  const numbers: number[] = [result.model.height, ...plan.bounds.min, ...plan.bounds.max];
  for (const p of result.model.points) numbers.push(...p);
  for (const w of plan.walls) {
    for (const p of w.polygon) numbers.push(...p);
    for (const o of w.openings) numbers.push(o.offset, o.width, o.bottom, o.top);
  }
  for (const a of plan.areas) numbers.push(a.area, ...a.labelPoint, ...a.polygon.flat());
  for (const c of result.model.components)
    numbers.push(...c.position, ...c.rotation, ...c.boundingBox.flat());
  const bad = numbers.find((n) => !Number.isFinite(n));
  assert.equal(bad, undefined, `seed ${seed}: a number that is not finite came out`);
  assert.equal(
    result.drawable,
    result.model.walls.length > 0 || result.model.areas.length > 0,
    `seed ${seed}`,
  );
}

function run(raw: unknown, seed: number): void {
  let result: ReadModelResult;
  try {
    result = readModel(raw);
  } catch (error) {
    assert.fail(`seed ${seed}: readModel threw ${(error as Error)?.stack ?? error}`);
  }
  let plan: PlanGeometry;
  try {
    plan = planGeometry(result.model);
  } catch (error) {
    assert.fail(`seed ${seed}: planGeometry threw ${(error as Error)?.stack ?? error}`);
  }
  assertFinite(result, plan, seed);
}

describe('model fuzz: never throws, only finite numbers out', () => {
  it('survives 3000 seeded random models', () => {
    const started = performance.now();
    for (let seed = 1; seed <= 3000; seed++) run(randomModel(seededRandom(seed)), seed);
    // about 1 s on a quiet machine, 5.6 s beside two browser shards at load 30; over 15 s, against the first
    // 100 seeds timed now (30x the work, warm): a freeze or quadratic work stays far beyond 300x
    assertPaced(performance.now() - started, {
      quietBound: 15000,
      baseline: () => {
        for (let seed = 1; seed <= 100; seed++) run(randomModel(seededRandom(seed)), seed);
      },
      ratio: 300,
      what: '3000 seeded random models',
    });
  });

  it('survives 400 random mutations of the real sample', (t) => {
    const real = loadRealRoom();
    if (real.skip) return t.skip(real.skip);
    const text = JSON.stringify(real.room);
    for (let seed = 1; seed <= 400; seed++) {
      const rand = seededRandom(seed * 7919);
      const copy = JSON.parse(text) as unknown;
      const mutations = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < mutations; i++) mutate(copy, rand);
      run(copy, seed);
    }
  });

  it('survives raw values of every type at the top', () => {
    const rand = seededRandom(42);
    for (let i = 0; i < 500; i++) run(junk(rand), i);
    run(Object.create(null), -1);
    run(new Proxy({}, { ownKeys: () => [], get: () => ({}) }), -2);
  });
});
