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
import { ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';

const THREADS = ['worker', 'main'] as const;
let configure: typeof import('../../src/config.ts').configure;
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
};

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

async function showcase(): Promise<RoomViewer> {
  const viewer = document.createElement('room-viewer');
  viewer.style.width = '320px';
  viewer.style.height = '220px';
  const attributes = { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top' };
  for (const [name, value] of Object.entries(attributes)) viewer.setAttribute(name, value);
  const loaded = waitForEvent(viewer, 'model-load', 30000);
  fixtureContainer().append(viewer);
  await loaded;
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
});
