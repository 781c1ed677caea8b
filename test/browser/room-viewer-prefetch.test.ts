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
import { drawingOn, VIEWER_THREADS } from './helpers/drawn-on.ts';
import { makeViewer, publicRoomId } from './room-viewer-fixtures.ts';
import { DRAWING_CODE, fetchedResources } from './helpers/resources.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); the worker's run
// first, as the page's thread fetches three.js itself (the worker fetches its own, off the page's list)

for (const drawnOn of VIEWER_THREADS)
  describe(`<room-viewer> start-up (drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
    afterEach(cleanup);

    it('without a poster, requests the drawing code while the room is still on its way', async () => {
      // this run's requests (the worker's run asked for the same room before the page's run)
      const since = performance.now();
      const id = await publicRoomId();
      await resetEmulator();
      // held 3 s: on a busy machine (load 20) the page's own work between asking for the room and asking
      // for the drawing code took about 0.8 s, the whole of the 800 ms it was held once
      await armFault({ match: `/room-styling/rooms/${id}`, delay: 3000 });
      const viewer = makeViewer(
        { 'room-id': id, 'api-base': ROOM_STYLING, loading: 'eager', poster: '' },
        [160, 120],
      );
      const loaded = waitForEvent(viewer, 'model-load', 30000);
      fixtureContainer().append(viewer);
      await loaded;
      const room = fetchedResources(`/room-styling/rooms/${id}`, since)[0];
      const three = fetchedResources(DRAWING_CODE[drawnOn], since)[0];
      expect(viewer.renderThread).to.equal(drawnOn);
      expect(room, 'the room request').to.not.equal(undefined);
      expect(three, 'the drawing code request').to.not.equal(undefined);
      expect(room!.responseEnd - room!.startTime, 'the answer was held back').to.be.greaterThan(2900);
      expect(three!.startTime, 'the drawing code requested before the room arrived').to.be.lessThan(
        room!.responseEnd - 500,
      );
    });
  });
