/**
 * A feature's code loads lazily (issue 33, CONTRIBUTING.md): a viewer whose page uses none of AR, swaps,
 * `toPanorama()` or `exportLook()` draws its first frame, on either thread, without having requested
 * their modules (nor the mesh decoder's start, which comes with the first furniture file); used later,
 * each loads then and works: `ar` renders its overlay with its own styles, a swap is checked and
 * refused or made, the faces and the look's file are written. The element is imported once the
 * page's resource timing buffer can hold every module (wtr serves each as its own file), and nothing
 * else of src/ is imported before it, so what the page requested is what the element asked for.
 */
import { expect } from '@esm-bundle/chai';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { SwapRefused } from '../../src/features/swap/swap-refused.ts';
import { PLANNING, ROOM_STYLING } from './helpers/emulator.ts';
import { connectPartner, TOKEN_ENDPOINT } from './helpers/partner.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';

const THREADS = ['worker', 'main'] as const;
let configure: typeof import('../../src/config.ts').configure;
let cameraFeedOf: typeof import('../../src/features/motion/camera-feed.ts').cameraFeedOf;
let resetConfig: typeof import('../../src/config.ts').resetConfig;

/** The project's showcase room (the emulator's 6346900): furniture to swap and export. */
const SHOWCASE = '6346900';

/** The lazily loaded modules, by the end of their path. */
const LAZY = {
  ar: [
    'room-viewer/features/ar-session.ts',
    'room-viewer/features/ar.styles.ts',
    'features/ar/quick-look.ts',
  ],
  swap: ['room-viewer/features/swap-part.ts', 'room-viewer/features/swap.styles.ts', 'features/swap/fit.ts'],
  panorama: ['room-viewer/features/panorama-faces.ts'],
  look: ['features/ar-look/look-lines.ts'],
  // (the decoder itself comes with three.js on the page's thread: the render worker's page side has none)
  meshes: ['room-viewer/mesh-decoder-start.ts'],
  // the element's own code that a bare viewer's first frame does without (issue 33): the camera's
  // flights and write-back, the sync-camera link, the export's checks, floor="all" and the section cut
  camera: ['room-viewer/features/camera-moves.ts', 'room-viewer/features/camera-attributes.ts'],
  sync: ['room-viewer/features/sync-camera-part.ts'],
  exportPart: ['room-viewer/features/export-part.ts'],
  floors: ['room-viewer/floors/shape.ts', 'room-viewer/floors/stack.ts', 'room-viewer/floors/section.ts'],
  // (the fifteenth round) an FML plan's floor switcher: with a plan of floors only
  switcher: ['features/model-source/floor-switcher.ts'],
};
/** The page thread's drawing: requested only by a viewer that draws there. */
const PAGE_DRAWING = ['room-viewer/draw-page.ts'];

/** The planning emulator's made-up home (29250001): an FML plan with walkthrough cameras. */
async function demoHome(): Promise<unknown> {
  expect(await connectPartner(), 'the partner signed in').to.equal(true);
  const answer = await fetch(TOKEN_ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ project_id: 29250001 }),
  });
  const { access_token } = (await answer.json()) as { access_token: string };
  const response = await fetch(`${PLANNING}/projects/29250001/fml`, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status).to.equal(200);
  return response.json();
}

/** Which of `paths` the page has requested so far. */
function requested(paths: readonly string[]): string[] {
  const seen = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname.replace(/^\/__wds-outside-root__\/\d+/, ''));
  return paths.filter((path) =>
    seen.some((url) => url.endsWith(`/src/${path.replace(/^room-viewer/, 'elements/room-viewer')}`)),
  );
}

const everyLazy = Object.values(LAZY).flat();

/**
 * The parts that act without a call, fetched right after the first frame (issue 33): the room
 * description, the measure mode (its toggle over the room) and the walk's reading of the room.
 */
const AFTER_FRAME = {
  description: [
    'room-viewer/features/description-part.ts',
    'features/selection/room-description.ts',
    'features/selection/room-description.styles.ts',
  ],
  measure: [
    'room-viewer/features/measure-part.ts',
    'room-viewer/features/measure.styles.ts',
    'features/measure/measure-mode.ts',
  ],
  // (src/model/walk/ is the render worker's too: its walker)
  walk: ['room-viewer/features/walk-part.ts'],
};
const everyAfterFrame = Object.values(AFTER_FRAME).flat();
let atFirstFrame: string[] | undefined;

/**
 * The features' working code (issue 33: room-viewer/after-frame.ts, one chunk): asked for right after
 * the first frame, in by `model-load`.
 */
const PARTS = [
  'room-viewer/after-frame.ts',
  'features/selection/selection-controller.ts',
  'features/selection/component-selection.ts',
  'features/changes/change-log.ts',
  'features/changes/surface-value.ts',
  'features/quantities/surface-quantities.ts',
  'features/cart/cart.ts',
  // (the fifteenth round) the selection's units, the products, the surfaces at work, full screen and the wheel guard
  'model/units.ts',
  'features/products/products-of.ts',
  'model/products.ts',
  'room-viewer/features/surfaces-part.ts',
  'room-viewer/features/selection-part.ts',
  'features/fullscreen/fullscreen.ts',
  'features/fullscreen/wheel-guard.ts',
  'features/cart/cart.styles.ts',
  'room-viewer/features/fullscreen.styles.ts',
  'features/fullscreen/gesture-styles.ts',
];
/** What the page had requested of PARTS at its first viewer's `first-frame`, and at its `model-load`. */
let partsAtFirstFrame: string[] | undefined;
let partsAtModelLoad: string[] | undefined;
/** At the first viewer's `first-frame`: its state, its poster layer's classes, and whether model-load came first. */
let firstFrameSeen: { state: string | null; poster: string | null; loadedBefore: boolean } | undefined;

async function showcase(): Promise<RoomViewer> {
  const viewer = document.createElement('room-viewer');
  viewer.style.width = '320px';
  viewer.style.height = '220px';
  const attributes = { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top' };
  for (const [name, value] of Object.entries(attributes)) viewer.setAttribute(name, value);
  const modelLoad = waitForEvent(viewer, 'model-load', 30000);
  // what the page had asked for of the after-the-frame parts as the first frame of the page's first
  // viewer came (they are fetched once per page)
  viewer.addEventListener('first-frame', () => (atFirstFrame ??= requested(everyAfterFrame)), { once: true });
  let loaded = false;
  viewer.addEventListener(
    'first-frame',
    () => {
      partsAtFirstFrame ??= requested(PARTS);
      firstFrameSeen ??= {
        state: viewer.getAttribute('state'),
        poster: viewer.shadowRoot!.querySelector('.poster-layer')?.getAttribute('class') ?? null,
        loadedBefore: loaded,
      };
    },
    { once: true },
  );
  viewer.addEventListener(
    'model-load',
    () => {
      loaded = true;
      partsAtModelLoad ??= requested(PARTS);
    },
    { once: true },
  );
  fixtureContainer().append(viewer);
  await modelLoad;
  await viewer.updateComplete;
  await rafPasses(2);
  return viewer;
}

describe('<room-viewer> feature code loads lazily', function () {
  this.timeout(60000);
  before(async function () {
    requireWebGL(this);
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    await import('../../src/elements/room-viewer/room-viewer.ts');
    ({ configure, resetConfig } = await import('../../src/config.ts'));
    ({ cameraFeedOf } = await import('../../src/features/motion/camera-feed.ts'));
  });
  after(() => resetConfig());
  afterEach(() => cleanup());

  // first, while nothing of the features was used on this page
  for (const renderer of THREADS)
    it(`draws its first frame on the ${renderer} thread without any lazy feature's module`, async () => {
      configure({ viewerRenderer: renderer });
      const viewer = await showcase();
      expect(viewer.renderThread).to.equal(renderer);
      expect(viewer.getAttribute('state')).to.equal('loaded');
      expect(requested(everyLazy), 'requested before any feature was used').to.deep.equal([]);
      if (renderer === 'worker')
        expect(requested(PAGE_DRAWING), 'the page thread drawing, for the worker').to.deep.equal([]);
      // the first viewer of the page (the render worker's, the default): none of the parts that come
      // after the first frame was asked for by it (the page's thread runs the same hooks: drawnFrame)
      if (renderer === THREADS[0]) {
        expect(atFirstFrame, 'after-the-frame parts requested by the first frame').to.deep.equal([]);
        // the features' chunk: none of it before first-frame, all of it by model-load, which comes after
        expect(partsAtFirstFrame, "the features' chunk requested by the first frame").to.deep.equal([]);
        expect(partsAtModelLoad, "the features' chunk at model-load").to.deep.equal(PARTS);
        expect(firstFrameSeen, 'at first-frame').to.deep.equal({
          state: 'loaded',
          poster: firstFrameSeen!.poster === null ? null : 'poster-layer gone',
          loadedBefore: false,
        });
      }
      // the contract is all there before the code: properties, methods, their defaults
      expect(viewer.ar).to.equal(false);
      expect(viewer.arModes).to.equal('webxr scene-viewer quick-look');
      expect(viewer.canActivateAR).to.equal(false);
      expect(viewer.replaced).to.deep.equal({});
      expect(typeof viewer.replaceComponent).to.equal('function');
      expect(typeof viewer.toPanorama).to.equal('function');
    });

  for (const renderer of THREADS)
    it(`loads each feature's code when used, and it works (${renderer} thread)`, async () => {
      configure({ viewerRenderer: renderer });
      const viewer = await showcase();

      // AR: its overlay (rendered only by its code) with its own stylesheet, hidden until a session
      viewer.ar = true;
      await until(() => !!viewer.shadowRoot!.querySelector('[part="ar-overlay"]'), 10000, 'the AR overlay');
      expect(requested(LAZY.ar)).to.include('room-viewer/features/ar-session.ts');
      const overlay = viewer.shadowRoot!.querySelector<HTMLElement>('[part="ar-overlay"]')!;
      expect(getComputedStyle(overlay).position, 'AR styles adopted with its code').to.equal('fixed');
      expect(overlay.hidden).to.equal(true);

      // swaps: a refusal with its reason, then the piece put back as the model has it
      const refused = await viewer.replaceComponent('no-such-piece', null).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((refused as SwapRefused).name).to.equal('SwapRefused');
      expect((refused as SwapRefused).reason).to.equal('invalid');
      await viewer.replaceComponent('model-5', null);
      expect(requested(LAZY.swap)).to.include('room-viewer/features/swap-part.ts');

      // exportLook() and toPanorama()
      const file = await viewer.exportLook({ scope: 'furniture' });
      expect(file.type).to.equal('model/gltf-binary');
      expect(file.size).to.be.greaterThan(1000);
      expect(requested(LAZY.look)).to.have.length(1);
      const faces = await viewer.toPanorama({ size: 16 });
      expect(Object.keys(faces.blobs).sort()).to.deep.equal(['b', 'd', 'f', 'l', 'r', 'u']);
      faces.revoke();
      expect(requested(LAZY.panorama)).to.have.length(1);
    });

  for (const renderer of THREADS)
    it(`the moved parts' API works as before when called before model-load and in its handler (${renderer} thread)`, async () => {
      configure({ viewerRenderer: renderer });
      const viewer = document.createElement('room-viewer');
      viewer.style.width = '320px';
      viewer.style.height = '220px';
      const attributes = { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top' };
      for (const [name, value] of Object.entries(attributes)) viewer.setAttribute(name, value);
      // before model-load: a flight and a swap wait for the room (held in order); an export is refused as
      // before (no room)
      const earlyFlight = viewer.flyTo('model-5');
      const earlySwap = viewer.replaceComponent('model-5', null).then(
        () => 'made',
        (error: { reason?: string }) => error.reason,
      );
      const earlyExport = viewer.exportLook().then(
        () => 'made',
        (error: DOMException) => error.name,
      );
      expect(viewer.replaced, 'nothing swapped').to.deep.equal({});

      // in the model-load handler: each call as on a viewer that had every part from the start
      const inHandler: Promise<unknown>[] = [];
      const second = { position: [300, 300, 400], target: [310, 290, 50] } as const;
      viewer.addEventListener(
        'model-load',
        () => {
          expect(viewer.replaced, 'read at once').to.deep.equal({});
          viewer.clearMeasure();
          viewer.measure = true;
          inHandler.push(
            viewer.exportLook({ scope: 'furniture' }),
            viewer.replaceComponent('model-5', null),
            // two flights in a row: the camera ends where the second goes
            viewer.flyTo('model-5'),
            viewer.flyTo({ position: [...second.position], target: [...second.target] }),
          );
        },
        { once: true },
      );
      const loaded = waitForEvent(viewer, 'model-load', 30000);
      fixtureContainer().append(viewer);
      await loaded;
      expect(await earlySwap, 'a swap before the room, made once it is in').to.equal('made');
      expect(await earlyExport, 'an export before the room').to.equal('InvalidStateError');
      await earlyFlight;
      const [file] = (await Promise.all(inHandler)) as [Blob];
      expect(file.type).to.equal('model/gltf-binary');
      expect(viewer.replaced).to.deep.equal({});
      const pose = cameraFeedOf(viewer)!.pose!;
      // the second flight's target, in world space (metres, y up)
      const target = [second.target[0] / 100, second.target[2] / 100, -second.target[1] / 100];
      await until(
        () => cameraFeedOf(viewer)!.pose!.target.every((v, i) => Math.abs(v - target[i]!) < 0.01),
        5000,
        `the camera at the second flight's target (${pose.target.join(' ')})`,
      );
      // the flight is written back into the attributes
      await until(() => viewer.getAttribute('camera-target') === '3.1m 0.5m -2.9m', 5000, 'camera-target');
      // the measure mode turned on in the handler: its part came, with the hint
      await until(() => !!viewer.shadowRoot!.querySelector('[part="measure-hint"]'), 10000, 'the hint');
    });

  for (const renderer of THREADS)
    it(`fetches the description, measuring and the walk after the first frame, and they work (${renderer} thread)`, async () => {
      configure({ viewerRenderer: renderer });
      const viewer = document.createElement('room-viewer');
      viewer.style.width = '320px';
      viewer.style.height = '220px';
      const attributes = { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager' };
      for (const [name, value] of Object.entries(attributes)) viewer.setAttribute(name, value);
      const loaded = waitForEvent(viewer, 'model-load', 30000);
      fixtureContainer().append(viewer);
      await loaded;
      expect(viewer.renderThread).to.equal(renderer);

      // then each comes by itself, and does what it did when it was part of the element
      await until(() => requested(everyAfterFrame).length === everyAfterFrame.length, 10000, 'the parts');
      const root = viewer.shadowRoot!;
      await until(() => !!root.querySelector('[part="description"]'), 10000, 'the room description');
      const list = root.querySelector<HTMLElement>('[part="description"] ul')!;
      expect(getComputedStyle(list).listStyleType, 'the description styled by its part').to.equal('none');
      expect(root.querySelectorAll('[part~="component"]').length, 'a button per piece').to.be.greaterThan(0);
      await until(() => !!root.querySelector('[part="measure-button"]'), 10000, 'the measure toggle');
      const toggle = root.querySelector<HTMLButtonElement>('[part="measure-button"]')!;
      expect(getComputedStyle(toggle).position, 'the toggle styled by its part').to.equal('absolute');
      toggle.click();
      await viewer.updateComplete;
      expect(viewer.measure, 'the toggle turns measuring on').to.equal(true);
      expect(root.querySelector('[part="measure-hint"]')?.textContent?.trim()).to.not.equal('');
      viewer.measure = false;

      await until(() => requested(AFTER_FRAME.walk).length === AFTER_FRAME.walk.length, 10000, 'the walk');
    });

  for (const renderer of THREADS)
    it(`a viewer that opens orbiting walks from the plan's walkthrough camera once switched (${renderer} thread)`, async () => {
      configure({ viewerRenderer: renderer });
      const viewer = document.createElement('room-viewer');
      viewer.style.width = '320px';
      viewer.style.height = '240px';
      viewer.setAttribute('loading', 'eager');
      viewer.fml = await demoHome();
      const loaded = waitForEvent(viewer, 'model-load', 60000);
      fixtureContainer().append(viewer);
      await loaded;
      expect(viewer.renderThread).to.equal(renderer);
      // the walk's part reads the plan (the first walkthrough camera, "Hal" at 250, 700 looking north);
      // without it the walker would stand in the largest room's middle
      viewer.camera = 'walk';
      await until(
        () => {
          const pose = cameraFeedOf(viewer)?.pose;
          if (!pose) return false;
          const [x, eye, y] = pose.position.map((v) => v * 100) as [number, number, number];
          return Math.abs(x - 250) < 1 && Math.abs(y - 700) < 1 && Math.abs(eye - 160) < 1;
        },
        15000,
        'the walker at the walkthrough camera, at eye height',
      );
    });
  for (const renderer of THREADS)
    it(`fires first-frame with the room's pixels on the canvas and the poster gone, then model-load (${renderer} thread)`, async () => {
      configure({ viewerRenderer: renderer });
      // (the thread helpers import three.js and the drawing's modules: only after the tests that count requests)
      const { paintedOf } = await import('./helpers/threads.ts');
      const viewer = document.createElement('room-viewer');
      viewer.style.width = '320px';
      viewer.style.height = '220px';
      const attributes = { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top' };
      for (const [name, value] of Object.entries(attributes)) viewer.setAttribute(name, value);
      const order: string[] = [];
      let atSignal: Promise<number> | undefined;
      let poster: string | null | undefined;
      viewer.addEventListener(
        'first-frame',
        (event) => {
          order.push(`first-frame ${event.detail.thread}`);
          atSignal = paintedOf(viewer);
          poster = viewer.shadowRoot!.querySelector('.poster-layer')?.getAttribute('class');
        },
        { once: true },
      );
      viewer.addEventListener('model-load', () => order.push('model-load'), { once: true });
      const loaded = waitForEvent(viewer, 'model-load', 30000);
      fixtureContainer().append(viewer);
      await loaded;
      expect(order).to.deep.equal([`first-frame ${renderer}`, 'model-load']);
      // the room's own render is the poster of a room-id: faded out at the signal
      expect(poster, 'the poster layer at first-frame').to.equal('poster-layer gone');
      const painted = await atSignal!;
      await rafPasses(3);
      const later = await paintedOf(viewer);
      expect(later, 'the room drawn').to.be.greaterThan(1000);
      expect(painted, "the room's pixels at first-frame").to.be.greaterThan(later * 0.9);
    });

  for (const renderer of THREADS)
    it(`holds the moved API's calls made before model-load and makes them in order (${renderer} thread)`, async () => {
      configure({ viewerRenderer: renderer });
      // a floor of the room, from a viewer shown first
      const first = await showcase();
      const floor = first.materials!.floors[0]!.surfaces[0]!;
      const look = first.products.filter((p) => p.componentId).length;
      cleanup();

      const viewer = document.createElement('room-viewer');
      viewer.style.width = '320px';
      viewer.style.height = '220px';
      const attributes = { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top' };
      for (const [name, value] of Object.entries(attributes)) viewer.setAttribute(name, value);
      const events: string[] = [];
      const log = (name: string, what: (event: CustomEvent) => string) =>
        viewer.addEventListener(name, (event) => events.push(`${name} ${what(event as CustomEvent)}`));
      log('first-frame', () => '');
      log('model-load', () => '');
      log('component-select', (e) => `${e.detail.component.id} ${e.detail.source}`);
      log('surface-select', (e) => `${e.detail.surface === floor} ${e.detail.source}`);
      log('add-to-cart', (e) => `${e.detail.items.length} ${e.detail.source}`);
      log('room-change', (e) => `${e.detail.kind} ${e.detail.source}`);

      // before the model arrived: held (the sync ones answer false meanwhile)
      expect(viewer.selectComponent('model-5'), 'selectComponent() before model-load').to.equal(false);
      const painted = viewer.setSurface(floor, { color: '#ff0000' });
      expect(viewer.addToCart('model-5'), 'addToCart() before model-load').to.equal(false);
      expect(viewer.changes, 'changes before model-load').to.deep.equal([]);
      expect(viewer.materials, 'materials before model-load').to.equal(undefined);
      const early: Promise<unknown>[] = [];
      // between the first frame and model-load
      viewer.addEventListener(
        'first-frame',
        () => {
          expect(viewer.selectSurface(floor), 'selectSurface() before model-load').to.equal(false);
          early.push(viewer.undo());
          expect(viewer.materials, 'materials at first-frame').to.equal(undefined);
          expect(viewer.surfaceOf(floor), 'surfaceOf() at first-frame').to.equal(undefined);
        },
        { once: true },
      );
      // in the model-load handler: at once
      const inHandler: unknown[] = [];
      viewer.addEventListener(
        'model-load',
        () => {
          inHandler.push(viewer.addToCart(), viewer.selected.join(' '), !!viewer.materials);
          early.push(viewer.redo());
        },
        { once: true },
      );
      const loaded = waitForEvent(viewer, 'model-load', 30000);
      fixtureContainer().append(viewer);
      await loaded;
      expect(await painted, 'setSurface() held, then made').to.equal(true);
      expect(await Promise.all(early), 'undo() held, redo() in the handler').to.deep.equal([true, true]);
      await viewer.changesSettled();
      expect(inHandler, 'in the handler: the held calls made, the API there').to.deep.equal([
        true,
        'model-5',
        true,
      ]);
      expect(
        events.filter((e) => !e.startsWith('room-change')),
        'the events, in the order of the calls',
      ).to.deep.equal([
        'first-frame ',
        'component-select model-5 api',
        'add-to-cart 1 api',
        'surface-select true keyboard',
        'model-load ',
        `add-to-cart ${look} api`,
      ]);
      expect(
        events.filter((e) => e.startsWith('room-change')),
        'the changes, in order',
      ).to.deep.equal(['room-change surface api', 'room-change surface undo', 'room-change surface redo']);
      expect(viewer.surfaceOf(floor), 'painted again by redo()').to.deep.equal({ color: '#ff0000' });
      expect(viewer.changes).to.have.length(1);
    });
});
