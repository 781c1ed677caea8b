/**
 * `reveal="interaction"` (issue 20): the poster waits for the visitor, and nothing of three.js is
 * fetched before they ask. A file of its own, so the page has not loaded the viewer's three.js chunk
 * (src/three/index.ts) before: the resource timing list says what was fetched.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { receivedRequests, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, modelLoaded, rafPasses, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { fetchedResources, THREE_FILES } from './helpers/resources.ts';
import { configure } from '../../src/config.ts';

// these tests read the scene on the page's thread (viewer.view, its canvas); the render worker, the
// default where the browser allows it, has its own (room-viewer-worker*.test.ts)
configure({ viewerRenderer: 'main' });

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

/** The three.js files fetched so far: the library, and the viewer's chunk that imports it. */
const threeFetched = () => fetchedResources(THREE_FILES).map((e) => e.name);

describe('<room-viewer reveal="interaction">', () => {
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('shows the poster and fetches neither the room nor three.js until the visitor clicks; then draws the room', async () => {
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
    expect(threeFetched(), 'three.js fetched before the visitor asked').to.deep.equal([]);
    const asked = (await receivedRequests(`/room-styling/rooms/${id}`)).map((r) => r.query);
    expect(asked, 'only the poster record, without the model').to.deep.equal([{ skip_model: 'true' }]);

    const button = viewer.shadowRoot!.querySelector<HTMLButtonElement>('[part="reveal-button"]')!;
    expect(button.textContent!.trim()).to.equal('View in 3D');
    const loaded = modelLoaded(viewer, 30000);
    button.click();
    await loaded;
    expect(threeFetched(), 'three.js fetched once asked').to.not.deep.equal([]);
    expect(viewer.getAttribute('state')).to.equal('loaded');
    expect(viewer.view!.frames).to.be.greaterThan(0);
    // the poster fades into the first frame and then lets pointers through
    const layer = viewer.shadowRoot!.querySelector('.poster-layer')!;
    expect(layer.classList.contains('gone')).to.equal(true);
    await until(() => getComputedStyle(layer).opacity === '0', 5000, 'the poster faded');
  });
});
