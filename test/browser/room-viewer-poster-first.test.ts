/**
 * Poster first (issue 20) with `reveal="auto"`: on a slow link three.js (140 KB) would share the link
 * with the poster, the page's largest paint, so it is fetched only once the poster has loaded (or
 * failed). A file of its own, so the page has not fetched three.js before: the resource timing list
 * says what was fetched and when.
 */
import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import { armFault, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, modelLoaded, until } from './helpers/wait.ts';
import { drawingOn, VIEWER_THREADS } from './helpers/drawn-on.ts';
import { DRAWING_CODE, fetchedResources } from './helpers/resources.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); the worker's run
// first, as the page's thread fetches three.js itself (the worker fetches its own, off the page's list)

// Not room-viewer-fixtures.ts: it imports the shared renderer, and with it three.js. A room the other
// test files leave alone, and the browser's cache (shared by the files' pages: the galleries' tests show
// many rooms' pictures) emptied before the test: its poster must come over the wire.
// Each thread's run its own room: the image of the one before stays in the page's memory cache.
async function quietRoomId(run: number): Promise<string> {
  const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=40`)).json();
  return String(list.rooms.filter((r: { id: number }) => r.id !== 6346838).at(-1 - run).id);
}

/** When the first file of the drawing code was asked for (resource timing), undefined while none was. */
const codeAskedAt = (thread: keyof typeof DRAWING_CODE, since: number) =>
  fetchedResources(DRAWING_CODE[thread], since)
    .map((e) => e.startTime)
    .sort((a, b) => a - b)[0];

for (const [run, drawnOn] of VIEWER_THREADS.entries())
  describe(`<room-viewer> poster first (drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
    afterEach(cleanup);

    it('fetches the drawing code only after the poster loaded, then draws the room', async () => {
      // what this run fetched (the worker's run fetched three.js in the worker before the page's run)
      const since = performance.now();
      const id = await quietRoomId(run);
      await resetEmulator();
      await executeServerCommand('clear-browser-cache');
      // the poster's image answers late: three.js must wait for it
      await armFault({ match: `/room-styling/images/rooms/${id}/`, delay: 1500, times: 2 });
      const viewer = document.createElement('room-viewer');
      viewer.style.cssText = 'display:block;width:240px;height:180px';
      viewer.setAttribute('room-id', id);
      viewer.setAttribute('api-base', ROOM_STYLING);
      viewer.setAttribute('loading', 'eager');
      const loaded = modelLoaded(viewer, 30000);
      fixtureContainer().append(viewer);
      const poster = (await until(
        () => viewer.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]'),
        10000,
        'the poster',
      ))!;
      let posterLoadedAt = NaN;
      poster.addEventListener('load', () => (posterLoadedAt = performance.now()), { once: true });
      // the room's document is in, the poster on its way: no three.js yet
      await new Promise((r) => setTimeout(r, 600));
      expect(poster.complete, 'the poster is still loading').to.equal(false);
      expect(codeAskedAt(drawnOn, since), 'three.js asked while the poster loads').to.equal(undefined);
      await loaded;
      expect(Number.isFinite(posterLoadedAt), 'the poster loaded').to.equal(true);
      const askedAt = codeAskedAt(drawnOn, since);
      expect(askedAt, 'three.js fetched for the room').to.not.equal(undefined);
      expect(askedAt!).to.be.at.least(posterLoadedAt - 5);
      expect(viewer.getAttribute('state')).to.equal('loaded');
      expect((viewer as HTMLElement & { renderThread?: string }).renderThread).to.equal(drawnOn);
    });
  });
