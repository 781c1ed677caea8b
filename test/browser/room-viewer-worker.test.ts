/**
 * `<room-viewer renderer="worker">`: the room built and drawn in the render worker
 * (src/three/worker/render-worker.ts) on an OffscreenCanvas, the page's thread forwarding input
 * (src/elements/room-viewer/worker-view.ts). Pixels are read from the worker's own canvas (picture()).
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { cameraFeedOf } from '../../src/features/motion/camera-feed.ts';
import { SharedRenderer } from '../../src/three/shared-renderer.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { needsReal } from './helpers/fml-projects.ts';
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
    // at full resolution again (the render scale drops while frames run long on a loaded machine)
    const after = await until(
      async () => {
        const now = await workerPixels(viewer);
        return now.width === before.width && now.height === before.height ? now : undefined;
      },
      5000,
      'the picture at full size',
    );
    expect(meanDifference(before.data, after!.data), 'the picture turned').to.be.greaterThan(3);
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
    // (the first camera-change after the key may still be the drag's damping tail, from the worker's
    // frames in flight: wait for the zoom itself)
    await until(
      () => changes.length > count && distance(changes[changes.length - 1]!) < distance(settled) * 0.95,
      5000,
      'camera-change after +, closer in',
    );
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

  it('keeps every feature in the worker: camera attributes, flyTo(), cutaway, hotspots, measuring', async () => {
    // camera-orbit at the start: drawn in the worker, from where the attribute says, as the page draws it
    const orbit = makeViewer({ loading: 'eager', 'camera-orbit': '45deg 60deg 6m', poster: '' });
    orbit.model = boxRoom({ components: 2 });
    await mountLoaded(orbit);
    expect(orbit.renderThread).to.equal('worker');
    const pose = () => cameraFeedOf(orbit)!.pose!;
    const along = (p: ReturnType<typeof pose>) => Math.hypot(...p.position.map((v, i) => v - p.target[i]!));
    expect(along(pose())).to.be.closeTo(6, 0.01);
    const onPage = makeViewer({
      loading: 'eager',
      'camera-orbit': '45deg 60deg 6m',
      renderer: 'main',
      poster: '',
    });
    onPage.model = boxRoom({ components: 2 });
    await mountLoaded(onPage);
    await rafPasses(3);
    expect(meanDifference((await workerPixels(orbit)).data, rgba(pictureOf(onPage)))).to.be.lessThan(2);
    // flyTo() lands in the worker and is written back into the attributes
    await orbit.flyTo('model-1');
    expect(orbit.renderThread).to.equal('worker');
    expect(orbit.cameraOrbit).to.not.equal('45deg 60deg 6m');
    let refused: unknown;
    await orbit.flyTo('no-such-thing').catch((e) => (refused = e));
    expect(refused).to.be.instanceOf(RangeError);
    // camera-orbit set later moves the worker's camera
    orbit.cameraOrbit = '0deg 80deg 3m';
    await until(() => Math.abs(along(pose()) - 3) < 0.01, 5000, 'the camera 3 m from its target');
    // cutaway set later: still drawn in the worker, and the walls in front come down
    const before = await workerPixels(orbit);
    orbit.setAttribute('cutaway', '');
    await until(
      async () => meanDifference((await workerPixels(orbit)).data, before.data) > 1,
      5000,
      'the walls lowered',
    );
    expect(orbit.renderThread).to.equal('worker');
    expect(orbit.shadowRoot!.querySelector('canvas.worker-canvas')).to.not.equal(null);
    // a hotspot on a piece is placed from the worker's frames (the element stays the page's)
    const spot = document.createElement('button');
    spot.slot = 'hotspot';
    spot.dataset.componentId = 'model-1';
    orbit.append(spot);
    await orbit.flyTo('0deg 5deg 6m');
    await until(() => spot.dataset.visible === 'true', 5000, 'the hotspot shown');
    expect(spot.style.translate).to.match(/px/);
    // measuring: two clicks on the floor in the worker give a distance
    orbit.cameraOrbit = '0deg 20deg 7m';
    await until(() => Math.abs(along(pose()) - 7) < 0.01, 5000, 'the camera over the room');
    orbit.measure = true;
    const measured = new Promise<CustomEvent>((resolve) =>
      orbit.addEventListener('measure', (e) => resolve(e as CustomEvent), { once: true }),
    );
    const rect = orbit.getBoundingClientRect();
    for (const dx of [-30, 30]) {
      const at: [number, number] = [
        Math.round(rect.left + rect.width / 2 + dx),
        Math.round(rect.top + rect.height / 2),
      ];
      await sendMouse({ type: 'click', position: at });
    }
    const { detail } = await measured;
    expect(detail.distance).to.be.greaterThan(0);
    expect(orbit.renderThread).to.equal('worker');
    // renderer="main" always draws on the page; so does configure({ viewerRenderer: 'main' })
    expect(onPage.renderThread).to.equal('main');
    configure({ viewerRenderer: 'main' });
    try {
      const configured = makeViewer({ loading: 'eager', poster: '' });
      configured.model = boxRoom({ components: 2 });
      await mountLoaded(configured);
      expect(configured.renderThread).to.equal('main');
    } finally {
      resetConfig();
    }
  });

  it('keeps sync-camera and a <room-plan for> with viewers drawn in the worker', async () => {
    const a = makeViewer({ loading: 'eager', poster: '', id: 'sync-a', camera: 'orbit' });
    a.model = boxRoom({ components: 2 });
    const b = makeViewer({ loading: 'eager', poster: '', 'sync-camera': 'sync-a' });
    b.model = boxRoom({ components: 2 });
    const plan = document.createElement('room-plan');
    plan.setAttribute('for', 'sync-a');
    (plan as unknown as { model: unknown }).model = boxRoom({ components: 2 });
    fixtureContainer().append(plan);
    await Promise.all([mountLoaded(a), mountLoaded(b)]);
    expect([a.renderThread, b.renderThread]).to.deep.equal(['worker', 'worker']);
    const same = () => {
      const pa = cameraFeedOf(a)?.pose;
      const pb = cameraFeedOf(b)?.pose;
      return !!pa && !!pb && pa.position.every((v, i) => Math.abs(v - pb.position[i]!) < 1e-3);
    };
    await until(same, 5000, "b takes a's camera");
    await drag(a, 60);
    await until(() => same(), 5000, 'b follows a drag on a');
    await drag(b, -40);
    await until(() => same(), 5000, 'a follows a drag on b');
    // the plan draws a's camera from a's frames
    await until(
      () => plan.shadowRoot?.querySelector('.sync .camera')?.getAttribute('visibility') === 'visible',
      5000,
      'the camera on the plan',
    );
    expect(a.renderThread).to.equal('worker');
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
  it('stacks every floor with floor="all" in the worker', async function () {
    const doc = await needsReal(this, 186997360);
    const mount = async (attributes: Record<string, string>) => {
      const el = makeViewer({ loading: 'eager', poster: '', camera: 'orbit', ...attributes }, [320, 240]);
      el.fml = doc;
      return mountLoaded(el, 30000);
    };
    const reach = (el: RoomViewer) => {
      const { position, target } = cameraFeedOf(el)!.pose!;
      return Math.hypot(...position.map((v, i) => v - target[i]!));
    };
    const one = await mount({});
    const single = reach(one);
    const all = await mount({ floor: 'all' });
    expect(all.renderThread).to.equal('worker');
    // the start view fits the whole stack: two storeys stand taller than one, the camera stands back
    expect(reach(all)).to.be.greaterThan(single * 1.05);
    const select = all.shadowRoot!.querySelector('select')!;
    expect(select.value).to.equal('-1');
  });
});
