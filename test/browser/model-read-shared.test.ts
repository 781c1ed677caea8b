/**
 * One read per room document per page (issue 33, the shop-the-look page): a viewer and a plan given the
 * same model object (one shared request, model-source-shared.test.ts) read it and work out its plan
 * once on the page's thread, not once each. Large models still go to the model worker per caller.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import { readPlanOffThread } from '../../src/features/model-worker/model-off-thread.ts';
import { nestedRingsModel } from '../shared/fixtures.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';

describe('model read: one read per model object on the page’s thread', () => {
  afterEach(cleanup);

  it('the same small model object is read once: both callers get the one result', async () => {
    const raw = nestedRingsModel(2, 8);
    const [first, second] = await Promise.all([readPlanOffThread(raw), readPlanOffThread(raw)]);
    expect(first.ranIn).to.equal('main');
    expect(second.read.model).to.equal(first.read.model);
    expect(second.plan).to.equal(first.plan);
    // and later too (a plan added to the page after the viewer drew)
    expect((await readPlanOffThread(raw)).read.model).to.equal(first.read.model);
    // another object, even with the same content, is its own read
    const other = await readPlanOffThread(structuredClone(raw));
    expect(other.read.model).to.not.equal(first.read.model);
    expect(other.plan!.areas.length).to.equal(first.plan!.areas.length);
  });

  for (const renderer of ['worker', 'main'] as const) {
    it(`renderer=${renderer}: a viewer and a plan of one room-id both draw from the shared read`, async () => {
      const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=1`)).json();
      const id = String(list.rooms[0].id);
      const viewer = document.createElement('room-viewer');
      const plan = document.createElement('room-plan');
      for (const el of [viewer, plan]) {
        el.setAttribute('room-id', id);
        el.setAttribute('api-base', ROOM_STYLING);
        el.style.cssText = 'display:block;width:320px;height:240px';
      }
      viewer.setAttribute('renderer', renderer);
      const loads = [waitForEvent(viewer, 'model-load', 30000), waitForEvent(plan, 'model-load', 30000)];
      fixtureContainer().append(viewer, plan);
      await Promise.all(loads);
      expect((plan as HTMLElement & { plan?: unknown }).plan, 'the plan drew its geometry').to.not.equal(
        undefined,
      );
    });
  }
});
