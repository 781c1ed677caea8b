/**
 * Many panoramas on one page: at most MAX_LIVE_VIEWERS live WebGL contexts, released contexts really
 * lost, views kept across release, and every panorama shown when it is scrolled into view.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import { MAX_LIVE_VIEWERS } from '../../src/elements/room-panorama/viewer-pool.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import {
  collectPageErrors,
  mountReady,
  nearest,
  pixel,
  plainFaces,
  preserveDrawingBuffers,
  snapshot,
  trackContexts,
  viewerCanvas,
  type RGB,
} from './room-panorama.helpers.ts';
import type { CubeFaces } from '../../src/panorama/cube-faces.ts';

/**
 * photo-sphere-viewer creates one WebGL 2 context once per page to read the GPU's limits and never
 * releases it; it is counted on top of the viewers' own.
 */
const PSV_PROBE = 1;

describe('<room-panorama> many per page', function () {
  this.timeout(120000);
  let contexts: ReturnType<typeof trackContexts>;
  let faces: CubeFaces;
  const pageErrors = collectPageErrors();

  let restoreBuffers: () => void;

  before(async () => {
    restoreBuffers = preserveDrawingBuffers(); // to read the restored viewer's picture back
    contexts = trackContexts();
    faces = await plainFaces(16);
  });
  after(() => {
    contexts.restore();
    restoreBuffers();
    pageErrors.stop();
  });
  afterEach(cleanup);

  it('50 mount / unmount cycles: no growth in live contexts, no errors', async () => {
    const container = fixtureContainer();
    await mountReady(container, faces, 48).then((el) => el.remove());
    await rafPasses(2);
    const baseline = contexts.live();
    for (let i = 0; i < 50; i++) {
      const el = await mountReady(container, faces, 48);
      expect(viewerCanvas(el)).to.not.equal(null);
      el.remove();
    }
    await rafPasses(2);
    expect(contexts.created(), 'each cycle made its own context').to.be.at.least(51);
    expect(contexts.live()).to.equal(baseline);
    expect(contexts.live()).to.be.at.most(PSV_PROBE);
  });

  it('50 on a page scrolled top to bottom: each shows its panorama when visible, never more than 4 live', async () => {
    const container = fixtureContainer();
    const scroller = document.createElement('div');
    scroller.style.cssText = 'height:300px;overflow:auto';
    container.append(scroller);
    const all: RoomPanorama[] = [];
    for (let i = 0; i < 50; i++) {
      const el = document.createElement('room-panorama');
      el.style.cssText = 'width:120px;height:100px;aspect-ratio:auto;min-height:0;margin-bottom:20px';
      el.setAttribute('navbar', 'false');
      el.faces = faces;
      scroller.append(el);
      all.push(el);
    }
    let maxLive = 0;
    const lost: HTMLCanvasElement[] = [];
    for (const el of all) {
      // scroll so this one (and at most its neighbours) is in view, then it must become ready
      el.scrollIntoView({ block: 'center' });
      await until(() => el.getAttribute('state') === 'ready', 15000, `panorama ${all.indexOf(el)} ready`);
      maxLive = Math.max(maxLive, contexts.live());
      // at once, not only at the end: without the limit, dozens of live viewers slow the page to a crawl
      expect(maxLive, `live contexts at panorama ${all.indexOf(el)}`).to.be.at.most(
        MAX_LIVE_VIEWERS + PSV_PROBE,
      );
      const canvas = viewerCanvas(el)!;
      canvas.addEventListener('webglcontextlost', () => lost.push(canvas));
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
      expect(gl.isContextLost(), 'a visible panorama has a live context').to.equal(false);
    }
    expect(maxLive).to.be.at.most(MAX_LIVE_VIEWERS + PSV_PROBE);
    const liveViewers = all.filter((el) => viewerCanvas(el));
    expect(liveViewers.length).to.be.at.most(MAX_LIVE_VIEWERS);
    // released panoramas show their poster again
    expect(all[0]!.getAttribute('state')).to.equal('poster');
    expect(all[0]!.shadowRoot!.querySelector('img[part="poster"]')).to.not.equal(null);
  });

  it('the panorama seen least recently gives up its context, and comes back with the view it had', async () => {
    const scroller = document.createElement('div');
    scroller.style.cssText = 'height:200px;overflow:auto';
    fixtureContainer().append(scroller);
    const first = await mountReady(scroller, faces, 48);
    first.yaw = 180;
    first.pitch = -20;
    first.zoom = 40;
    await first.updateComplete;
    const spacer = document.createElement('div');
    spacer.style.height = '1000px';
    scroller.append(spacer);
    scroller.scrollTop = 10000; // the first one leaves the view
    const others: RoomPanorama[] = [];
    for (let i = 0; i < MAX_LIVE_VIEWERS; i++) others.push(await mountReady(scroller, faces, 48));
    expect(viewerCanvas(first), 'the first one was released').to.equal(null);
    expect(first.getAttribute('state')).to.equal('poster');
    expect(others.every((el) => viewerCanvas(el))).to.equal(true);

    const back = waitForEvent(first, 'panorama-ready', 20000);
    scroller.scrollTop = 0; // back in view: it takes the slot of the one seen least recently
    await back;
    expect([first.yaw, first.pitch, first.zoom]).to.deep.equal([180, -20, 40]);
    // and the new viewer really looks there: the back face (blue), not the front one it would start on
    const colours: Record<string, RGB> = {
      f: [230, 30, 30],
      r: [30, 200, 30],
      b: [30, 30, 230],
      l: [230, 230, 30],
    };
    expect(nearest(pixel(await snapshot(first), 0.5, 0.5), colours)).to.equal('b');
    expect(others.filter((el) => viewerCanvas(el)).length).to.equal(MAX_LIVE_VIEWERS - 1);
  });

  it('with more panoramas in view than slots, the extra ones offer a button that takes a slot', async () => {
    const container = fixtureContainer();
    const shown = [];
    for (let i = 0; i < MAX_LIVE_VIEWERS; i++) shown.push(await mountReady(container, faces, 48));
    const extra = document.createElement('room-panorama');
    extra.style.cssText = 'width:48px;height:48px;aspect-ratio:auto;min-height:0';
    extra.faces = faces;
    container.append(extra);
    const button = (await until(() =>
      extra.shadowRoot!.querySelector<HTMLButtonElement>('[part="show-button"]'),
    ))!;
    expect(button.textContent).to.equal('Show panorama');
    expect(extra.getAttribute('state')).to.equal('poster');
    const ready = waitForEvent(extra, 'panorama-ready', 20000);
    button.click();
    await ready;
    // the one that got its slot first gave it up
    expect(viewerCanvas(shown[0]!)).to.equal(null);
    expect(shown.slice(1).every((el) => viewerCanvas(el))).to.equal(true);
  });

  it('threw nothing into the page', () => {
    expect(pageErrors.errors).to.deep.equal([]);
  });
});
