/**
 * Walk mode's tap path search is bounded (issue 38's follow-up, src/model/walk/walk-path.ts): on a very
 * large plan (30 × 30 rooms, 4 500 blockers, test/fixtures/large-walk-plan.ts) the worst tap, a spot in
 * a closed room, ends with "no way" (undefined), and walkPathSliced() does the search in slices that
 * give the thread back: no slice longer than a bound measured against the same search done at once in
 * this test, and a timer set before it runs while it goes on. The way found is the same either way,
 * and the same as walkPath()'s on the made-up home; a stale search stops.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { walkPath, walkPathSliced, walkWorld, type WalkWorld } from '../../src/model/walk/index.ts';
import type { Vec2 } from '../../src/model/types.ts';
import { yieldToPage } from '../../src/platform/yield.ts';
import { largeWalkPlan, ROOM } from '../fixtures/large-walk-plan.ts';

const FROM: Vec2 = [150, 100];

function large(rooms: number): { world: WalkWorld; closed: Vec2 } {
  const { plan, furniture, closed } = largeWalkPlan(rooms);
  return { world: walkWorld(plan, [], furniture), closed };
}

/**
 * Milliseconds of CPU this process has used: a slice's own work. On a loaded machine the wall clock also
 * counts the time the process waited for a core (a slice of 1 035 ms by the wall clock, beside a search of
 * 2 264 ms at once, at load 20).
 */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** walkPathSliced() with a yield that notes how long each slice ran (ms of CPU). */
async function sliced(world: WalkWorld, from: Vec2, to: Vec2, stale?: () => boolean) {
  const slices: number[] = [];
  let started = cpuNow();
  const path = await walkPathSliced(
    world,
    from,
    to,
    async () => {
      slices.push(cpuNow() - started);
      await yieldToPage();
      started = cpuNow();
    },
    stale,
  );
  slices.push(cpuNow() - started);
  return { path, slices };
}

describe('walk mode: the tap path search is bounded', () => {
  it('the worst tap on a very large plan: "no way", in slices none longer than a fraction of the search at once', async () => {
    const { world, closed } = large(30);
    // the baseline: the same search at once (the grid of clear places is built by the first call)
    walkPath(world, FROM, [ROOM * 2 + 150, 100]);
    const t0 = cpuNow();
    assert.equal(walkPath(world, FROM, closed), undefined, 'walled in: no way');
    const atOnce = cpuNow() - t0;
    let timer = false;
    setTimeout(() => (timer = true), 0);
    const { path, slices } = await sliced(world, FROM, closed);
    assert.equal(path, undefined, 'the same answer in slices');
    assert.ok(timer, 'a timer set before the search ran while it went on');
    assert.ok(slices.length >= 3, `${slices.length} slices`);
    const longest = Math.max(...slices);
    // the goal is no task over 50 ms; on a loaded machine a third of the search at once is the guard
    const bound = Math.max(50, atOnce / 3);
    assert.ok(
      longest <= bound,
      `the longest slice ${longest.toFixed(1)} ms, over ${bound.toFixed(1)} ms (at once ${atOnce.toFixed(1)} ms)`,
    );
  });

  it('finds the same way in slices as at once, across a large plan and on the made-up rooms', async () => {
    const { world } = large(12);
    for (const to of [
      [ROOM * 11 + 150, ROOM * 11 - 60],
      [ROOM * 3 + 40, ROOM * 5 + 200],
      [ROOM * 1 + 150, 100],
    ] as Vec2[]) {
      const once = walkPath(world, FROM, to);
      assert.ok(once && once.length >= 2, `a way round to ${to}`);
      const { path, slices } = await sliced(world, FROM, to);
      assert.deepEqual(path, once);
      assert.ok(slices.length >= 1);
    }
    // straight when nothing is in the way: at once, in one slice
    const straight = await sliced(world, FROM, [250, 100]);
    assert.deepEqual(straight.path, [[250, 100]]);
  });

  it('a stale search (another tap, the walker moved) stops at its first yield with nothing', async () => {
    const { world, closed } = large(30);
    let asked = 0;
    const { path, slices } = await sliced(world, FROM, closed, () => ++asked > 0);
    assert.equal(path, undefined);
    assert.equal(slices.length, 2, 'one slice, then the look at stale() ends it');
    assert.equal(asked, 1);
  });
});
