/**
 * Walk mode's tap path search on the page's thread (issue 38's follow-up): where the viewer draws on the
 * page, the worst tap on a very large plan (test/fixtures/large-walk-plan.ts: 30 × 30 rooms, a spot in a
 * closed room) runs in slices (walkPathSliced(), with the page's yieldToPage()): the longest task the
 * browser sees during it (PerformanceObserver `longtask`) stays under a third of the same search done at
 * once in this test (a task that long, seen as one), and a timer set before it fires while it goes on.
 */
import { expect } from '@esm-bundle/chai';
import { walkPath, walkPathSliced, walkWorld } from '../../src/model/walk/index.ts';
import { yieldToPage } from '../../src/platform/yield.ts';
import { largeWalkPlan } from '../fixtures/large-walk-plan.ts';

/** The long tasks (ms) the page has while `work` runs. */
async function longTasksDuring(work: () => Promise<unknown>): Promise<number[]> {
  const seen: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  await work();
  // the observer hears of a task after it ended
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return seen;
}

describe('walk mode: the tap path search on the page thread', function () {
  this.timeout(60000);

  it('makes no task longer than a third of the search at once, and lets a timer run', async () => {
    const { plan, furniture, closed } = largeWalkPlan(30);
    const world = walkWorld(plan, [], furniture);
    const from: [number, number] = [150, 100];
    let atOnce = 0;
    const baseline = await longTasksDuring(async () => {
      const t0 = performance.now();
      expect(walkPath(world, from, closed), 'walled in: no way').to.equal(undefined);
      atOnce = performance.now() - t0;
    });
    // the search at once is itself a long task (it can fail)
    expect(Math.max(0, ...baseline)).to.be.at.least(Math.min(atOnce, 50));
    let timer = false;
    setTimeout(() => (timer = true), 0);
    let path: unknown = 'not yet';
    const sliced = await longTasksDuring(async () => {
      path = await walkPathSliced(world, from, closed, yieldToPage);
    });
    expect(path, 'the same answer in slices').to.equal(undefined);
    expect(timer, 'a timer ran during the search').to.equal(true);
    const longest = Math.max(0, ...sliced);
    expect(longest, `longest task ${longest} ms; at once ${atOnce.toFixed(0)} ms`).to.be.below(
      Math.max(50, atOnce / 3),
    );
  });
});
