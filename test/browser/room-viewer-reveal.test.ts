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
import { makeViewer, publicRoomId } from './room-viewer-fixtures.ts';

const threeRequested = () =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((e) =>
    /\/src\/three\/[\w-]+\.(ts|js)|\/three\/build\/three|three\.module/.test(e.name),
  );

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
    expect(threeRequested(), 'three.js fetched before the visitor asked').to.equal(false);
    const asked = (await receivedRequests(`/room-styling/rooms/${id}`)).map((r) => r.query);
    expect(asked, 'only the poster record, without the model').to.deep.equal([{ skip_model: 'true' }]);

    const button = viewer.shadowRoot!.querySelector<HTMLButtonElement>('[part="reveal-button"]')!;
    expect(button.textContent!.trim()).to.equal('View in 3D');
    const loaded = modelLoaded(viewer, 30000);
    button.click();
    await loaded;
    expect(threeRequested(), 'three.js fetched once asked').to.equal(true);
    expect(viewer.getAttribute('state')).to.equal('loaded');
    expect(viewer.view!.frames).to.be.greaterThan(0);
    // the poster fades into the first frame and then lets pointers through
    const layer = viewer.shadowRoot!.querySelector('.poster-layer')!;
    expect(layer.classList.contains('gone')).to.equal(true);
    await until(() => getComputedStyle(layer).opacity === '0', 5000, 'the poster faded');
  });
});
