/**
 * A viewer without a poster fetches its room and the three.js chunk at the same moment (issue 15:
 * start the first frame sooner): with the room's answer held back, three.js is requested before that
 * answer arrives. With a poster, three.js waits for it (poster first, issue 20:
 * room-viewer-poster-first.test.ts). A file of its own, so the page has not loaded the viewer's three.js
 * chunk (src/three/index.ts) before.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { armFault, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { makeViewer, publicRoomId } from './room-viewer-fixtures.ts';
import { configure } from '../../src/config.ts';

// these tests read the scene on the page's thread (viewer.view, its canvas); the render worker, the
// default where the browser allows it, has its own (room-viewer-worker*.test.ts)
configure({ viewerRenderer: 'main' });

describe('<room-viewer> start-up', () => {
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('without a poster, requests the three.js chunk while the room is still on its way', async () => {
    const id = await publicRoomId();
    await resetEmulator();
    await armFault({ match: `/room-styling/rooms/${id}`, delay: 800 });
    const viewer = makeViewer(
      { 'room-id': id, 'api-base': ROOM_STYLING, loading: 'eager', poster: '' },
      [160, 120],
    );
    const loaded = waitForEvent(viewer, 'model-load', 30000);
    fixtureContainer().append(viewer);
    await loaded;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const room = entries.find((e) => e.name.includes(`/room-styling/rooms/${id}`));
    const three = entries.find((e) => /\/src\/three\/index\.(ts|js)/.test(e.name));
    expect(room, 'the room request').to.not.equal(undefined);
    expect(three, 'the three.js chunk request').to.not.equal(undefined);
    expect(room!.responseEnd - room!.startTime, 'the answer was held back').to.be.greaterThan(700);
    expect(three!.startTime, 'three.js requested before the room arrived').to.be.lessThan(
      room!.responseEnd - 500,
    );
  });
});
