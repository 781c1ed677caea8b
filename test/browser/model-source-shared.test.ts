/**
 * One request per room document per page: a viewer and a plan of the same room (by `room-id`, or by
 * `src`) share one GET, whenever each asks; a failed answer is not kept (a retry asks again); and a
 * `src` that is an HTML page gets an error that says so, not one about FML.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import { drawingOn, VIEWER_THREADS } from './helpers/drawn-on.ts';
import { armFault, receivedRequests, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';

const SR = new URL(ROOM_STYLING).pathname;

async function roomId(): Promise<string> {
  const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=3`)).json();
  return String(list.rooms[2].id);
}

function element(tag: 'room-viewer' | 'room-plan', attributes: Record<string, string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.style.cssText = 'display:block;width:320px;height:240px';
  return el;
}

// the room document with its model (the viewer's poster asks for the small record, `?skip_model=true`, apart)
const documentRequests = async (path: string) =>
  (await receivedRequests(path)).filter(
    (r) => r.method === 'GET' && r.path === path && r.query.skip_model === undefined,
  );

for (const drawnOn of VIEWER_THREADS)
  describe(`model source: one request per room document per page (viewers drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
    beforeEach(resetEmulator);
    afterEach(cleanup);

    it('a viewer and a plan of the same room-id fetch it once, together or one after the other', async () => {
      const id = await roomId();
      const attributes = { 'room-id': id, 'api-base': ROOM_STYLING };
      const viewer = element('room-viewer', attributes);
      const plan = element('room-plan', attributes);
      const loads = [waitForEvent(viewer, 'model-load', 30000), waitForEvent(plan, 'model-load', 30000)];
      fixtureContainer().append(viewer, plan);
      await Promise.all(loads);
      // a third element later on the page: still the one request
      const late = element('room-plan', attributes);
      const lateLoad = waitForEvent(late, 'model-load', 30000);
      fixtureContainer().append(late);
      await lateLoad;
      expect((await documentRequests(`${SR}/rooms/${id}`)).length).to.equal(1);
    });

    it('by src: a viewer and a plan of one URL fetch it once', async () => {
      const id = await roomId();
      const src = `${ROOM_STYLING}/rooms/${id}?shared=src`;
      const viewer = element('room-viewer', { src });
      const plan = element('room-plan', { src });
      const loads = [waitForEvent(viewer, 'model-load', 30000), waitForEvent(plan, 'model-load', 30000)];
      fixtureContainer().append(viewer, plan);
      await Promise.all(loads);
      expect((await documentRequests(`${SR}/rooms/${id}`)).length).to.equal(1);
    });

    it('a failed answer is not shared: the retry asks again and draws', async () => {
      const id = await roomId();
      await armFault({ match: `${SR}/rooms/${id}`, status: 404, times: 1 });
      const plan = element('room-plan', { 'room-id': id, 'api-base': ROOM_STYLING });
      const failed = waitForEvent(plan, 'model-error', 30000);
      fixtureContainer().append(plan);
      await failed;
      const loaded = waitForEvent(plan, 'model-load', 30000);
      const again = element('room-plan', { 'room-id': id, 'api-base': ROOM_STYLING });
      fixtureContainer().append(again);
      await waitForEvent(again, 'model-load', 30000);
      (plan as HTMLElement & { reload(): void }).reload();
      await loaded;
      expect((await documentRequests(`${SR}/rooms/${id}`)).length).to.equal(2);
    });
  });

describe('model source: what was given, named', () => {
  afterEach(cleanup);

  for (const tag of ['room-plan', 'room-viewer'] as const) {
    it(`<${tag}> given an HTML page as src says it is an HTML page, not a room model`, async () => {
      // this very test page: an HTML document on an http(s) URL
      const el = element(tag, { src: location.href });
      const failed = waitForEvent(el, 'model-error', 30000);
      fixtureContainer().append(el);
      const { detail } = await failed;
      const message = (detail as { error: Error }).error.message;
      expect(message).to.contain('is an HTML page, not a room model');
      expect(message).to.contain(location.origin);
      expect(message).to.not.match(/\bFML\b.*(read|broken|invalid)/i);
    });
  }
});
