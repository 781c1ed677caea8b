/**
 * `reveal="interaction"` (issue 20): the poster waits for the visitor, and nothing of three.js is
 * fetched before they ask. A file of its own, so the page has not loaded the viewer's three.js chunk
 * (src/three/index.ts) before: the resource timing list says what was fetched.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { receivedRequests, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, modelLoaded, rafPasses, until } from './helpers/wait.ts';
import { drawingOn, VIEWER_THREADS } from './helpers/drawn-on.ts';
import { DRAWING_CODE, fetchedResources } from './helpers/resources.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); the worker's run
// first, as the page's thread fetches three.js itself (the worker fetches its own, off the page's list)

// not room-viewer-fixtures.ts: it imports the shared renderer, and with it three.js
async function publicRoomId(): Promise<string> {
  const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=3`)).json();
  return String(list.rooms.find((r: { id: number }) => r.id !== 6346838).id);
}

function makeViewer(attributes: Record<string, string>) {
  const el = document.createElement('room-viewer');
  el.style.width = '240px';
  el.style.height = '180px';
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

/** The drawing code fetched so far for `thread` (three.js, or the page's side of the render worker). */
const codeFetched = (thread: keyof typeof DRAWING_CODE, since: number) =>
  fetchedResources(DRAWING_CODE[thread], since).map((e) => e.name);

for (const drawnOn of VIEWER_THREADS)
  describe(`<room-viewer reveal="interaction"> (drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
    afterEach(cleanup);

    it('shows the poster and fetches neither the room nor its drawing code until the visitor clicks; then draws the room', async () => {
      // what this run fetched (the worker's run fetched three.js in the worker before the page's run)
      const since = performance.now();
      const id = await publicRoomId();
      await resetEmulator();
      const viewer = makeViewer({
        'room-id': id,
        'api-base': ROOM_STYLING,
        loading: 'eager',
        reveal: 'interaction',
      });
      fixtureContainer().append(viewer);
      const poster = (await until(
        () => viewer.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]'),
        10000,
        'the poster',
      ))!;
      await until(() => poster.complete, 10000, 'the poster image');
      await new Promise((r) => setTimeout(r, 500));
      await rafPasses(4);
      expect(viewer.getAttribute('state')).to.equal('poster');
      expect(codeFetched(drawnOn, since), 'drawing code fetched before the visitor asked').to.deep.equal([]);
      const asked = (await receivedRequests(`/room-styling/rooms/${id}`)).map((r) => r.query);
      expect(asked, 'only the poster record, without the model').to.deep.equal([{ skip_model: 'true' }]);

      const button = viewer.shadowRoot!.querySelector<HTMLButtonElement>('[part="reveal-button"]')!;
      expect(button.textContent!.trim()).to.equal('View in 3D');
      const loaded = modelLoaded(viewer, 30000);
      button.click();
      await loaded;
      expect(codeFetched(drawnOn, since), 'drawing code fetched once asked').to.not.deep.equal([]);
      expect(viewer.getAttribute('state')).to.equal('loaded');
      expect((viewer as HTMLElement & { renderThread?: string }).renderThread).to.equal(drawnOn);
      // the poster fades into the first frame and then lets pointers through
      const layer = viewer.shadowRoot!.querySelector('.poster-layer')!;
      expect(layer.classList.contains('gone')).to.equal(true);
      await until(() => getComputedStyle(layer).opacity === '0', 5000, 'the poster faded');
    });
  });
