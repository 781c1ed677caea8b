/**
 * The camera's controls come after the first frame (issue 33): in the render worker three's
 * OrbitControls are a later stage (src/three/controls.ts), loaded once the first frame is drawn, and
 * a view holds src/three/still-controls.ts's stand-in until then. What the page asks of the controls
 * meanwhile (controls off, one-finger scrolling, a start view, keyboard zoom) is kept, not lost: the
 * controls take it over when they arrive. On both threads (on the page's, the controls are there at once).
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, makeViewer } from './room-viewer-fixtures.ts';
import { poseOf, THREADS } from './helpers/threads.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { RoomView } from '../../src/three/index.ts';
import * as Controls from '../../src/three/controls.ts';
import { StillControls, touchScrolls } from '../../src/three/still-controls.ts';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

const distance = (viewer: RoomViewer) => {
  const { position, target } = poseOf(viewer);
  return Math.hypot(...position.map((v, i) => v - target[i]!));
};

for (const renderer of THREADS)
  describe(`<room-viewer> controls after the first frame (drawn on the ${renderer} thread)`, function () {
    this.timeout(30000);
    before(function () {
      requireWebGL(this);
      configure({ viewerRenderer: renderer });
    });
    after(resetConfig);
    afterEach(cleanup);

    it('keyboard zoom right at the first frame is not lost', async () => {
      const make = () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'orbit', poster: '' });
        viewer.model = boxRoom({ components: 3 });
        return viewer;
      };
      const still = await mountLoaded(make());
      await rafPasses(5);
      const first = distance(still);
      const viewer = make();
      // pressed as the first frame is shown, before the render worker has its controls' stage
      viewer.addEventListener(
        'model-load',
        () => {
          viewer.focus();
          void sendKeys({ press: '+' });
        },
        { once: true },
      );
      await mountLoaded(viewer);
      await until(() => distance(viewer) < first * 0.95, 10000, 'zoomed in');
    });
  });

describe("RoomView: the controls' stage held back (what the render worker does)", function () {
  this.timeout(30000);
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('is asked for after the first frame; what was set meanwhile is taken over, the camera left exactly', async () => {
    const { model } = readModel(boxRoom({ components: 3 }));
    const canvas = document.createElement('canvas');
    fixtureContainer().append(canvas);
    let asked = 0;
    let frames = 0;
    let release!: (module: typeof Controls) => void;
    const view = new RoomView({
      canvas,
      keyTarget: canvas,
      model,
      plan: planGeometry(model),
      camera: 'orbit',
      width: 160,
      height: 120,
      onFrame: () => frames++,
      orbit: () => {
        asked = view.frames;
        return new Promise((resolve) => (release = resolve));
      },
    });
    try {
      expect(view.controls).to.be.instanceOf(StillControls);
      await until(() => frames > 0, 15000, 'the first frame');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // not among what is fetched before the first frame is shown: a second after it, or at the first input
      expect(release, 'asked for at the first frame').to.equal(undefined);
      canvas.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      canvas.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      await until(() => !!release, 5000, 'the controls asked for at the first input');
      expect(asked, 'asked for after the first frame').to.be.greaterThan(0);
      // meanwhile: off, one finger scrolls, a start view, walk-like limits (auto-rotation: still-controls.test.ts)
      view.setControls(false);
      touchScrolls(view.controls, true);
      view.setCameraMode('top');
      view.controls.enablePan = false;
      const target = view.controls.target.toArray();
      const position = view.camera.position.toArray();
      const quaternion = view.camera.quaternion.toArray();
      release(Controls);
      await view.controlsReady;
      const real = view.controls;
      expect(real).to.be.instanceOf(OrbitControls);
      expect([real.enabled, real.enablePan]).to.deep.equal([false, false]);
      expect(real.touches.ONE).to.equal(null);
      expect(real.target.toArray()).to.deep.equal(target);
      expect(view.camera.position.toArray()).to.deep.equal(position);
      expect(view.camera.quaternion.toArray()).to.deep.equal(quaternion);
      expect(canvas.style.touchAction).to.equal('auto');
    } finally {
      view.dispose();
    }
  });
});
