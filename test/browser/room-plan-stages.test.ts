/**
 * A freshly loaded `<room-plan>` goes in in stages (issue 33: on a phone the whole plan, its footprints
 * and its description in one update were one long task, and their style and layout another): the
 * drawing worked out in slices, then the areas and walls, the rest of the drawing, the features' layers,
 * the room's description and its surfaces, each a frame after the last; `model-load` once all of it has
 * painted.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, modelLoaded } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

/** What of the plan is in its shadow root. */
const PIECES = {
  areas: '[part~="area"]',
  labels: '[part~="label"]',
  footprints: '[part~="component-footprint"]',
  description: '[part~="description"] button[part~="component"]',
  surfaces: '[part~="description"] button[part~="surface"]',
} as const;
type Piece = keyof typeof PIECES;

/**
 * Watches `plan` at every animation frame until `stop()`: the index of the first frame each piece was
 * in the page at.
 */
function watchFrames(plan: RoomPlan) {
  const first: Partial<Record<Piece, number>> = {};
  let frame = 0;
  let running = true;
  const tick = () => {
    const root = plan.shadowRoot;
    for (const [piece, selector] of Object.entries(PIECES) as [Piece, string][])
      if (first[piece] === undefined && root?.querySelector(selector)) first[piece] = frame;
    frame++;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      return first;
    },
  };
}

/**
 * Times every update of `plan` (Lit's `update()`: its render, and the DOM it puts in) until `stop()`.
 * Measured inside the element, so the rest of a busy machine's page does not count.
 */
function timeUpdates(plan: RoomPlan) {
  const times: number[] = [];
  const own = plan as unknown as { update(changed: unknown): void };
  const update = own.update;
  own.update = function (this: RoomPlan, changed: unknown) {
    const start = performance.now();
    try {
      update.call(this, changed);
    } finally {
      times.push(performance.now() - start);
    }
  };
  return {
    stop() {
      own.update = update;
      return times;
    },
  };
}

describe('<room-plan> goes in in stages', function () {
  this.timeout(60000);
  afterEach(cleanup);

  it('areas and walls, then labels, then the footprints, then the description, then its surfaces, a frame apart; model-load after all', async () => {
    const plan = document.createElement('room-plan');
    plan.style.cssText = 'display:block;width:480px;height:360px';
    plan.model = boxRoom({ components: 30, kinds: 4 }) as RoomPlan['model'];
    const loaded = modelLoaded(plan);
    const frames = watchFrames(plan);
    fixtureContainer().append(plan);
    await loaded;
    const first = frames.stop();
    const root = plan.shadowRoot!;
    // all of it at model-load
    for (const [piece, selector] of Object.entries(PIECES))
      expect(root.querySelector(selector), `${piece} in the page at model-load`).to.not.equal(null);
    expect(first.areas, 'the areas painted').to.be.a('number');
    expect(first.labels!, 'the labels a frame after the areas').to.be.greaterThan(first.areas!);
    expect(first.footprints!, 'the footprints a frame after the labels').to.be.greaterThan(first.labels!);
    expect(first.description!, 'the description a frame after the footprints').to.be.greaterThan(
      first.footprints!,
    );
    expect(first.surfaces!, 'its surfaces a frame after its furniture').to.be.greaterThan(first.description!);
  });

  it('the plan of a real-sized room (the shop-the-look page’s): no update holds most of its work', async () => {
    const plan = document.createElement('room-plan');
    plan.setAttribute('api-base', ROOM_STYLING);
    plan.setAttribute('room-id', '6346838');
    plan.setAttribute('cart', '');
    plan.style.cssText = 'display:block;width:480px;height:360px';
    const loaded = modelLoaded(plan, 30000);
    const updates = timeUpdates(plan);
    fixtureContainer().append(plan);
    await loaded;
    const times = updates.stop();
    const total = times.reduce((sum, t) => sum + t, 0);
    const longest = Math.max(...times);
    const footprints = plan.shadowRoot!.querySelectorAll(PIECES.footprints).length;
    console.log(
      `[stages] room ${plan.roomId}: ${plan.plan?.areas.length} areas, ${footprints} footprints; ` +
        `${times.length} updates, ${times.map((t) => t.toFixed(1)).join(' + ')} = ${total.toFixed(1)} ms`,
    );
    // the baseline is the same load's own updates (a machine twice as slow doubles both): the drawing
    // worked out, the areas and walls, the rest, the footprints and the description were one update
    // (nine tenths of the plan's update time); now the drawing is worked out before, in slices, and
    // the rest goes in a stage a frame (the longest, the description's furniture, a third to two fifths)
    expect(times.length, 'updates').to.be.at.least(5);
    expect(longest, 'the longest update against all of the load’s').to.be.below(total * 0.6);
  });
});
