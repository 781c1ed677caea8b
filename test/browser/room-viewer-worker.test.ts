/**
 * `<room-viewer renderer="worker">`: the room built and drawn in the render worker
 * (src/three/worker/render-worker.ts) on an OffscreenCanvas, the page's thread forwarding input
 * (src/elements/room-viewer/worker-view.ts). Pixels are read from the worker's own canvas (picture()).
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { SharedRenderer } from '../../src/three/shared-renderer.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, makeViewer, pictureOf } from './room-viewer-fixtures.ts';
import { meanDifference, rgba, workerPixels } from './helpers/worker-pixels.ts';

interface CameraDetail {
  position: number[];
  target: number[];
}

const distance = (s: CameraDetail) => Math.hypot(...s.position.map((v, i) => v - s.target[i]!));

async function drag(viewer: RoomViewer, dx: number, dy = 0): Promise<void> {
  const rect = viewer.getBoundingClientRect();
  const cx = Math.round(rect.left + rect.width / 2);
  const cy = Math.round(rect.top + rect.height / 2);
  await sendMouse({ type: 'move', position: [cx, cy] });
  await sendMouse({ type: 'down', button: 'left' });
  await sendMouse({ type: 'move', position: [cx + dx, cy + dy] });
  await sendMouse({ type: 'up', button: 'left' });
}

describe('<room-viewer renderer="worker">', function () {
  this.timeout(30000);
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('draws the room in the worker by default, as the page draws it, with no WebGL on the page', async () => {
    // no renderer attribute: the worker is the default where the browser allows it
    const inWorker = makeViewer({ loading: 'eager', camera: 'orbit', poster: '' });
    inWorker.model = boxRoom({ components: 6 });
    await mountLoaded(inWorker);
    expect(inWorker.renderThread).to.equal('worker');
    expect(inWorker.view).to.equal(undefined);
    // the page's thread made no WebGL context and drew nothing
    expect(SharedRenderer.peek()).to.equal(undefined);
    const info = await renderWorkerInfo();
    expect(info?.views).to.equal(1);
    expect(info?.geometries).to.be.greaterThan(0);
    const worker = await workerPixels(inWorker);
    expect(worker.width).to.equal(240);
    // the same room on the page's thread, for comparison
    const onPage = makeViewer({ loading: 'eager', camera: 'orbit', renderer: 'main', poster: '' });
    onPage.model = boxRoom({ components: 6 });
    await mountLoaded(onPage);
    expect(onPage.renderThread).to.equal('main');
    await rafPasses(4);
    const page = pictureOf(onPage);
    expect([page.width, page.height]).to.deep.equal([worker.width, worker.height]);
    let painted = 0;
    for (let i = 3; i < worker.data.length; i += 4) if (worker.data[i]! > 0) painted++;
    expect(painted, 'pixels the worker painted').to.be.greaterThan(worker.width * worker.height * 0.2);
    // the same renderer code on either thread: the same picture, but for rounding
    expect(meanDifference(worker.data, rgba(page))).to.be.lessThan(2);
  });

  it('orbits with the mouse, zooms with the keyboard and the wheel, and fires camera-change', async () => {
    const viewer = makeViewer({ loading: 'eager', camera: 'orbit', renderer: 'worker', poster: '' });
    viewer.model = boxRoom({ components: 4 });
    await mountLoaded(viewer);
    const before = await workerPixels(viewer);
    const changes: CameraDetail[] = [];
    viewer.addEventListener('camera-change', (e) => changes.push((e as CustomEvent<CameraDetail>).detail));
    await drag(viewer, 60, 10);
    await until(() => changes.length > 0, 5000, 'camera-change after a drag');
    await rafPasses(10);
    const after = await workerPixels(viewer);
    expect(meanDifference(before.data, after.data), 'the picture turned').to.be.greaterThan(3);
    // + zooms in (the element is focusable; the key is forwarded to the worker)
    await until(
      async () => {
        const n = changes.length;
        await rafPasses(3);
        return changes.length === n;
      },
      5000,
      'the drag to settle',
    );
    const settled = changes[changes.length - 1]!;
    viewer.focus();
    const count = changes.length;
    await sendKeys({ press: '+' });
    await until(() => changes.length > count, 5000, 'camera-change after +');
    expect(distance(changes[changes.length - 1]!)).to.be.lessThan(distance(settled) * 0.95);
    // arrows pan (OrbitControls' own keys, in the worker)
    const target = changes[changes.length - 1]!.target;
    const afterZoom = changes.length;
    await sendKeys({ press: 'ArrowLeft' });
    await until(() => changes.length > afterZoom, 5000, 'camera-change after ArrowLeft');
    await until(
      () => changes[changes.length - 1]!.target.some((v, i) => Math.abs(v - target[i]!) > 0.01),
      5000,
      'a pan',
    );
    // the wheel zooms and the page does not scroll
    const canvas = viewer.shadowRoot!.querySelector('canvas[part=canvas]')!;
    const wheel = new WheelEvent('wheel', { deltaY: 200, bubbles: true, cancelable: true, composed: true });
    const beforeWheel = changes.length;
    canvas.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).to.equal(true);
    await until(() => changes.length > beforeWheel, 5000, 'camera-change after the wheel');
  });

  it('keeps the page scrolling under the wheel until the visitor engages (cooperative gestures)', async () => {
    const viewer = makeViewer({ loading: 'eager', camera: 'orbit', renderer: 'worker', poster: '' });
    viewer.model = boxRoom();
    await mountLoaded(viewer);
    let changes = 0;
    viewer.addEventListener('camera-change', () => changes++);
    const canvas = viewer.shadowRoot!.querySelector('canvas[part=canvas]')!;
    const plain = new WheelEvent('wheel', { deltaY: 200, bubbles: true, cancelable: true, composed: true });
    canvas.dispatchEvent(plain);
    // not taken: the page scrolls, and the hint says how to zoom
    expect(plain.defaultPrevented).to.equal(false);
    await viewer.updateComplete;
    expect(viewer.shadowRoot!.querySelector('[part=hint]')!.hasAttribute('hidden')).to.equal(false);
    await rafPasses(6);
    expect(changes).to.equal(0);
    // with ctrl held the wheel zooms
    const zoom = new WheelEvent('wheel', {
      deltaY: 200,
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
      composed: true,
    });
    canvas.dispatchEvent(zoom);
    expect(zoom.defaultPrevented).to.equal(true);
    await until(() => changes > 0, 5000, 'camera-change after ctrl + wheel');
  });

  it('with controls="false" forwards nothing and lets the page scroll', async () => {
    const viewer = makeViewer({
      loading: 'eager',
      camera: 'orbit',
      renderer: 'worker',
      controls: 'false',
      poster: '',
    });
    viewer.model = boxRoom();
    await mountLoaded(viewer);
    const before = await workerPixels(viewer);
    let changes = 0;
    viewer.addEventListener('camera-change', () => changes++);
    await drag(viewer, 80);
    const canvas = viewer.shadowRoot!.querySelector<HTMLCanvasElement>('canvas[part=canvas]')!;
    const wheel = new WheelEvent('wheel', { deltaY: 200, bubbles: true, cancelable: true, composed: true });
    canvas.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).to.equal(false);
    expect(canvas.style.touchAction).to.equal('auto');
    await rafPasses(10);
    expect(changes).to.equal(0);
    expect(meanDifference(before.data, (await workerPixels(viewer)).data)).to.equal(0);
    // turned on: the drag turns the room
    viewer.controls = true;
    await viewer.updateComplete;
    expect(canvas.style.touchAction).to.equal('none');
    await drag(viewer, 80);
    await until(() => changes > 0, 5000, 'camera-change once controls are on');
  });

  it('goes on with progress, the poster cross-fade, model-load and the camera attribute', async () => {
    const viewer = makeViewer({ loading: 'eager', camera: 'orbit', renderer: 'worker', poster: '' });
    const progress: number[] = [];
    viewer.addEventListener('progress', (e) =>
      progress.push((e as unknown as CustomEvent<{ totalProgress: number }>).detail.totalProgress),
    );
    viewer.model = boxRoom({ components: 3 });
    await mountLoaded(viewer);
    await until(() => progress.includes(1), 5000, 'progress to 1');
    expect(viewer.getAttribute('state')).to.equal('loaded');
    expect(viewer.products.length).to.be.greaterThan(0);
    const orbit = await workerPixels(viewer);
    viewer.camera = 'top';
    await viewer.updateComplete;
    await until(
      async () => meanDifference(orbit.data, (await workerPixels(viewer)).data) > 3,
      5000,
      'the top view',
    );
    // furniture="hidden" empties the room in the worker too
    const furnished = await workerPixels(viewer);
    viewer.setAttribute('furniture', 'hidden');
    await until(
      async () => meanDifference(furnished.data, (await workerPixels(viewer)).data) > 0.5,
      5000,
      'the furniture hidden',
    );
  });

  it("makes toBlob() pictures in the worker, as the page's thread makes them", async () => {
    const decode = async (blob: Blob) => {
      const bitmap = await createImageBitmap(blob);
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
      return canvas;
    };
    const inWorker = makeViewer({ loading: 'eager', camera: 'orbit', renderer: 'worker', poster: '' });
    inWorker.model = boxRoom({ components: 4 });
    await mountLoaded(inWorker);
    const blob = await inWorker.toBlob({ width: 160, height: 100 });
    expect(blob.type).to.equal('image/png');
    const fromWorker = await decode(blob);
    expect([fromWorker.width, fromWorker.height]).to.deep.equal([160, 100]);
    expect(inWorker.renderThread, 'still drawn in the worker').to.equal('worker');
    const onPage = makeViewer({ loading: 'eager', camera: 'orbit', renderer: 'main', poster: '' });
    onPage.model = boxRoom({ components: 4 });
    await mountLoaded(onPage);
    const fromPage = await decode(await onPage.toBlob({ width: 160, height: 100 }));
    expect(meanDifference(rgba(fromWorker), rgba(fromPage))).to.be.lessThan(2);
    // bounded as on the page
    let error: unknown;
    await inWorker.toBlob({ width: 0 }).catch((e) => (error = e));
    expect(error).to.be.instanceOf(RangeError);
  });

  it('draws on the page when a feature needs the scene, at the start or later', async () => {
    // camera-orbit (a feature that moves the camera on the page's thread) at the start
    const orbit = makeViewer({ loading: 'eager', 'camera-orbit': '45deg 60deg 6m', poster: '' });
    orbit.model = boxRoom({ components: 2 });
    await mountLoaded(orbit);
    expect(orbit.renderThread).to.equal('main');
    expect(orbit.view).to.not.equal(undefined);
    // renderer="main" always draws on the page; so does configure({ viewerRenderer: 'main' })
    const main = makeViewer({ loading: 'eager', renderer: 'main', poster: '' });
    main.model = boxRoom({ components: 2 });
    await mountLoaded(main);
    expect(main.renderThread).to.equal('main');
    configure({ viewerRenderer: 'main' });
    try {
      const configured = makeViewer({ loading: 'eager', poster: '' });
      configured.model = boxRoom({ components: 2 });
      await mountLoaded(configured);
      expect(configured.renderThread).to.equal('main');
    } finally {
      resetConfig();
    }
    // cutaway set once the room is drawn in the worker: drawn again on the page
    const later = makeViewer({ loading: 'eager', poster: '' });
    later.model = boxRoom({ components: 2 });
    await mountLoaded(later);
    expect(later.renderThread).to.equal('worker');
    later.setAttribute('cutaway', '');
    await until(
      () => later.renderThread === 'main' && later.getAttribute('state') === 'loaded',
      10000,
      'the room on the page',
    );
    expect(later.shadowRoot!.querySelector('canvas.worker-canvas')).to.equal(null);
    // flyTo() needs the scene on the page's thread: the room is drawn there again and the flight lands
    const flying = makeViewer({ loading: 'eager', poster: '' });
    flying.model = boxRoom({ components: 2 });
    await mountLoaded(flying);
    expect(flying.renderThread).to.equal('worker');
    await flying.flyTo('model-1');
    expect(flying.renderThread).to.equal('main');
  });

  it('leaves nothing in the worker when viewers leave the page', async () => {
    const container = fixtureContainer();
    for (let i = 0; i < 8; i++) {
      const viewer = makeViewer({ loading: 'eager', renderer: 'worker', poster: '' });
      viewer.model = boxRoom({ components: 3 });
      container.append(viewer);
      await mountLoaded(viewer);
      expect(viewer.renderThread).to.equal('worker');
      viewer.remove();
      // an element that leaves is taken down a moment later (it may only be moving)
      await until(() => !viewer.shadowRoot!.querySelector('canvas.worker-canvas'), 5000, 'the layer gone');
    }
    const info = await until(
      async () => {
        const now = await renderWorkerInfo();
        return now && now.views === 0 && now.geometries === 0 && now.textures === 0 ? now : undefined;
      },
      5000,
      'the worker empty',
    );
    expect(info?.views).to.equal(0);
  });
});
