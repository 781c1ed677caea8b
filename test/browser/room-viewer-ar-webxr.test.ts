/**
 * `<room-viewer ar>` in the page's own WebXR `immersive-ar` session (issue 36), under Meta's Immersive
 * Web Emulation Runtime (`iwer`: WebXR itself, in place of an Android phone's) and its synthetic
 * environment (`@iwer/sem`: a captured room's floor, which the session's hit test finds). The viewer's
 * own code runs as on a phone: the AR button asks for the session, the arrangement is exported (in the
 * render worker by default) and drawn on the page's thread; a tap (the controller's trigger, WebXR's
 * `select`) places it where the reticle is. The placed arrangement is measured in the session's space:
 * its size is the model's furniture at true scale (metres), its bottom on the emulated floor, its
 * footprint's centre where the view's centre meets the floor. `ar-status` says each step; leaving AR
 * gives the view back.
 */
import { expect } from '@esm-bundle/chai';
import { XRDevice, metaQuest3 } from 'iwer';
import { SyntheticEnvironmentModule } from '@iwer/sem';
import { Box3, Quaternion, Vector3, type Object3D } from 'three';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { ArStatusDetail, ModelLoadDetail } from '../../src/events/index.ts';
import { furnitureOf, readModel } from '../../src/model/index.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { recordEvents } from './helpers/sell.ts';
import { framesOf, THREADS, type Thread } from './helpers/threads.ts';
import { lookExportLimits } from '../../src/elements/room-viewer/features/export.ts';
import { cleanup, fixtureContainer, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { makeViewer } from './room-viewer-fixtures.ts';

const SHOWCASE = '6346900';

/**
 * The floor of @iwer/sem's `living_room` capture (its FLOOR entity as captured: a 4.6 × 6 m plane
 * 4 mm under the global origin), alone: what the session's hit test meets.
 */
const FLOOR_Y = -0.0038210153579711914;
const ENVIRONMENT = {
  type: 'SpatialEntityScene',
  version: 1,
  spatialEntities: [
    {
      uuid: 'ccc59a3b-352d-4949-8cdf-98f465cdc50f',
      semanticLabel_META: 'FLOOR',
      locatable_META: {
        orientation: {
          x: 0.6994034415591134,
          y: 6.867283442306761e-8,
          z: 0.7147270989232626,
          w: -5.787468137854768e-9,
        },
        position: { x: 0.05446946620941162, y: FLOOR_Y, z: -0.18400149047374725 },
      },
      bounded2D_META: {
        offset: { x: -2.2806735038757324, y: -2.99698543548584 },
        extent: { width: 4.562091827392578, height: 5.989412307739258 },
      },
    },
  ],
};

/** The device's head: 1.6 m over the floor's origin, looking 50° down (the reticle meets the floor ahead). */
const EYE_HEIGHT = 1.6;
const PITCH = (50 * Math.PI) / 180;
/** Where the view's centre meets the floor (metres, the session's floor-levelled space). */
const HIT_Z = -(EYE_HEIGHT - FLOOR_Y) / Math.tan(PITCH);

/**
 * The model's furniture as a box (metres): each piece's bounding box turned by its rotation about z
 * and moved to its position, all together; world x is the model's x, world z its y, world y its z.
 */
function furnitureExtent(model: NonNullable<ReturnType<typeof readModel>['model']>): Vector3 {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const piece of furnitureOf(model)) {
    expect(piece.rotation[0] % 360, `${piece.id} turned about x`).to.equal(0);
    expect(piece.rotation[1] % 360, `${piece.id} turned about y`).to.equal(0);
    const a = (piece.rotation[2] * Math.PI) / 180;
    const [lo, hi] = piece.boundingBox;
    for (const x of [lo[0], hi[0]])
      for (const y of [lo[1], hi[1]])
        for (const z of [lo[2], hi[2]]) {
          const p = [
            piece.position[0] + x * Math.cos(a) - y * Math.sin(a),
            piece.position[1] + x * Math.sin(a) + y * Math.cos(a),
            piece.position[2] + z,
          ];
          for (let i = 0; i < 3; i++) {
            min[i] = Math.min(min[i]!, p[i]!);
            max[i] = Math.max(max[i]!, p[i]!);
          }
        }
  }
  return new Vector3(max[0]! - min[0]!, max[2]! - min[2]!, max[1]! - min[1]!).divideScalar(100);
}

/** Points a controller (one finger on the phone's screen: WebXR's input source) from `from` at floor point `at`. */
function aim(
  controller: { position: Vector3Like; quaternion: QuaternionLike },
  from: Vector3,
  at: Vector3,
): void {
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, -1), at.clone().sub(from).normalize());
  controller.position.set(from.x, from.y, from.z);
  controller.quaternion.set(q.x, q.y, q.z, q.w);
}
interface Vector3Like {
  set(x: number, y: number, z: number): unknown;
}
interface QuaternionLike {
  set(x: number, y: number, z: number, w: number): unknown;
}

/** A few of the session's frames. */
const frames = (ms = 300) => new Promise((r) => setTimeout(r, ms));

const part = (viewer: RoomViewer, name: string) =>
  viewer.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

/** The showcase room loaded in a viewer with `ar` drawn on `thread`, WebXR detected as its AR mode. */
async function showcaseWithWebXR(thread: Thread): Promise<RoomViewer> {
  const viewer = makeViewer(
    { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', renderer: thread, ar: '' },
    [320, 240],
  );
  const loaded = waitForEvent<ModelLoadDetail>(viewer, 'model-load', 30000);
  fixtureContainer().append(viewer);
  await loaded;
  await until(() => viewer.arMode === 'webxr', 5000, 'webxr detected');
  return viewer;
}

for (const thread of THREADS) {
  describe(`<room-viewer ar> in a WebXR session under iwer (${thread})`, function () {
    this.timeout(90000);
    let device: XRDevice;
    before(function () {
      requireWebGL(this);
    });
    beforeEach(() => {
      device = new XRDevice(metaQuest3);
      // Chromium has a navigator.xr of its own (with no AR device behind it): the emulation replaces it
      device.installRuntime({ forceInstall: true });
      device.installSEM(SyntheticEnvironmentModule);
      device.sem!.loadEnvironment(ENVIRONMENT);
      device.position.set(0, EYE_HEIGHT, 0);
      device.quaternion.set(-Math.sin(PITCH / 2), 0, 0, Math.cos(PITCH / 2));
    });
    afterEach(async () => {
      await device.activeSession?.end().catch(() => undefined);
      device.uninstallRuntime();
      cleanup();
    });

    it('places the arrangement on the emulated floor at true scale; ar-status says each step; exit gives the view back', async () => {
      const viewer = makeViewer(
        {
          'room-id': SHOWCASE,
          'api-base': ROOM_STYLING,
          loading: 'eager',
          renderer: thread,
          ar: '',
          cart: '',
        },
        [320, 240],
      );
      // the page's own control for the session's DOM overlay
      const own = document.createElement('button');
      own.slot = 'ar-overlay';
      own.textContent = 'Cart (2)';
      viewer.append(own);
      const loaded = waitForEvent<ModelLoadDetail>(viewer, 'model-load', 30000);
      fixtureContainer().append(viewer);
      const { model } = (await loaded).detail;
      expect(viewer.renderThread).to.equal(thread);
      // the first mode of the default `ar-modes` this "browser" offers
      await until(() => viewer.arMode === 'webxr', 5000, 'webxr detected');
      const button = (await until(() => part(viewer, 'ar-button'), 5000, 'the AR button'))!;
      const seen: ArStatusDetail['status'][] = [];
      viewer.addEventListener('ar-status', (e) =>
        seen.push((e as CustomEvent<ArStatusDetail>).detail.status),
      );
      const events = recordEvents();

      button.click();
      await until(() => seen.includes('session-started'), 20000, 'the session');
      expect(device.activeSession, 'a session').to.not.equal(undefined);
      expect(viewer.matches(':state(ar-presenting)')).to.equal(true);
      expect(part(viewer, 'ar-overlay')!.hidden).to.equal(false);
      expect(
        part(viewer, 'ar-overlay')!.contains(own.assignedSlot),
        'the page’s control in the overlay',
      ).to.equal(true);
      expect(own.checkVisibility()).to.equal(true);
      // the arrangement arrives (exported where the room is drawn, read on the page's thread)
      const sceneOf = () => viewer.arScene as Object3D | undefined;
      await until(() => (sceneOf()?.children.length ?? 0) > 0, 30000, 'the arrangement');
      const arrangement = sceneOf()!;
      expect(arrangement.visible, 'shown only once placed').to.equal(false);
      // let the reticle find the floor, then tap (the controller's trigger is WebXR's select)
      await new Promise((r) => setTimeout(r, 300));
      const trigger = device.controllers.right!;
      trigger.updateButtonValue('trigger', 1);
      await until(() => seen.includes('object-placed'), 10000, 'object-placed');
      trigger.updateButtonValue('trigger', 0);
      await new Promise((r) => setTimeout(r, 200));

      arrangement.updateMatrixWorld(true);
      const box = new Box3().setFromObject(arrangement);
      const size = box.getSize(new Vector3());
      const expected = furnitureExtent(model);
      // true scale: the placed arrangement is the model's furniture, in metres, within a centimetre
      for (const axis of ['x', 'y', 'z'] as const)
        expect(
          Math.abs(size[axis] - expected[axis]),
          `${axis}: ${size[axis]} vs ${expected[axis]}`,
        ).to.be.below(0.01);
      // standing on the emulated floor, its footprint's centre where the reticle was
      expect(Math.abs(box.min.y - FLOOR_Y), `bottom ${box.min.y}`).to.be.below(0.01);
      const centre = box.getCenter(new Vector3());
      expect(Math.abs(centre.x), `centre x ${centre.x}`).to.be.below(0.02);
      expect(Math.abs(centre.z - HIT_Z), `centre z ${centre.z} vs ${HIT_Z}`).to.be.below(0.02);

      // the overlay's "Add the look": one add-to-cart, source ar
      events.clear();
      part(viewer, 'ar-add-look')!.click();
      expect(events.carts).to.have.length(1);
      expect(events.carts[0]!.source).to.equal('ar');
      expect(events.carts[0]!.items.reduce((n, i) => n + i.quantity, 0)).to.equal(furnitureOf(model).length);
      events.stop();

      // leaving AR: the session ends, the view comes back
      part(viewer, 'ar-exit')!.click();
      await until(() => seen.includes('not-presenting'), 10000, 'not-presenting');
      expect(seen).to.deep.equal(['session-started', 'object-placed', 'not-presenting']);
      expect(device.activeSession).to.equal(undefined);
      expect(viewer.arScene).to.equal(undefined);
      expect(viewer.matches(':state(ar-presenting)')).to.equal(false);
      expect(part(viewer, 'ar-overlay')!.hidden).to.equal(true);
      expect(viewer.getAttribute('state')).to.equal('loaded');
      // the view is drawn again after AR (a resize asks for a frame)
      const before = framesOf(viewer);
      viewer.style.width = '300px';
      await until(() => framesOf(viewer) > before, 10000, 'a frame after AR');
    });

    it('an export over the cap ends the session and says why; a session the browser refuses moves to the next mode', async () => {
      const viewer = await showcaseWithWebXR(thread);
      const seen: ArStatusDetail[] = [];
      viewer.addEventListener('ar-status', (e) => seen.push((e as CustomEvent<ArStatusDetail>).detail));
      lookExportLimits.maxBytes = 1000;
      try {
        await viewer.activateAR();
      } finally {
        lookExportLimits.maxBytes = 15 * 1024 * 1024;
      }
      expect(seen.map((s) => s.status)).to.deep.equal(['session-started', 'not-presenting', 'failed']);
      expect(seen[2]!.reason).to.match(/could not be exported for AR/);
      expect(device.activeSession).to.equal(undefined);
      await viewer.updateComplete;
      expect(part(viewer, 'ar-message')!.textContent).to.match(/could not be prepared for AR/);
      expect(viewer.matches(':state(ar-presenting)')).to.equal(false);
      expect(viewer.arMode, 'WebXR is still offered: the session itself worked').to.equal('webxr');

      // a device that cannot hit-test refuses the session (hit test is required): WebXR is dropped here
      device.uninstallRuntime();
      device = new XRDevice({ ...metaQuest3, supportedFeatures: ['viewer', 'local', 'local-floor'] });
      device.installRuntime({ forceInstall: true });
      seen.length = 0;
      await viewer.activateAR();
      expect(seen.map((s) => s.status)).to.deep.equal(['failed']);
      expect(seen[0]!.reason).to.match(/WebXR session was refused/);
      await until(() => viewer.arMode === undefined, 5000, 'webxr dropped');
      await viewer.updateComplete;
      expect(part(viewer, 'ar-button')).to.equal(null);
      expect(viewer.getAttribute('state')).to.equal('loaded');
    });

    it('drags the placed arrangement along the floor with one finger and turns it with two', async () => {
      const viewer = await showcaseWithWebXR(thread);
      const seen: ArStatusDetail['status'][] = [];
      viewer.addEventListener('ar-status', (e) =>
        seen.push((e as CustomEvent<ArStatusDetail>).detail.status),
      );
      (await until(() => part(viewer, 'ar-button'), 5000, 'the AR button'))!.click();
      const sceneOf = () => viewer.arScene as Object3D | undefined;
      await until(() => (sceneOf()?.children.length ?? 0) > 0, 30000, 'the arrangement');
      const arrangement = sceneOf()!;
      const right = device.controllers.right!;
      const left = device.controllers.left!;
      const hand = new Vector3(0.2, 1.2, -0.2);
      // placed by a tap while the finger points where it stands (so the tap itself drags nothing)
      aim(right, hand, new Vector3(0, FLOOR_Y, HIT_Z));
      await frames();
      right.updateButtonValue('trigger', 1);
      await until(() => seen.includes('object-placed'), 10000, 'object-placed');
      await frames();
      right.updateButtonValue('trigger', 0);
      await frames();
      const placed = arrangement.position.clone();
      expect(seen).to.deep.equal(['session-started', 'object-placed']);

      // one finger down on the floor at A, moved to B: the arrangement moves by B - A along the floor
      const a = new Vector3(0.3, FLOOR_Y, HIT_Z);
      const b = new Vector3(-0.4, FLOOR_Y, HIT_Z - 0.5);
      aim(right, hand, a);
      await frames();
      right.updateButtonValue('trigger', 1);
      await frames();
      aim(right, hand, b);
      await frames();
      right.updateButtonValue('trigger', 0);
      await until(() => seen.length === 3, 5000, 'object-placed after the drag');
      expect(seen[2]).to.equal('object-placed');
      const moved = arrangement.position.clone().sub(placed);
      const wanted = b.clone().sub(a);
      expect(moved.distanceTo(wanted), `moved ${moved.toArray()} vs ${wanted.toArray()}`).to.be.below(0.01);
      expect(Math.abs(arrangement.position.y - placed.y), 'still on the floor').to.be.below(1e-6);

      // two fingers: one held, the other turned 45° around it: the arrangement turns 45° with them
      const turnedFrom = arrangement.rotation.y;
      const centre = arrangement.position.clone();
      const p0 = centre.clone().add(new Vector3(-0.5, 0, 0));
      const p1 = centre.clone().add(new Vector3(0.5, 0, 0));
      aim(left, new Vector3(-0.2, 1.2, -0.2), p0);
      aim(right, hand, p1);
      await frames();
      left.updateButtonValue('trigger', 1);
      await frames();
      right.updateButtonValue('trigger', 1);
      await frames();
      // the second finger goes from east of the first to north-east (toward -z): +45° about y
      aim(right, hand, p0.clone().add(new Vector3(Math.SQRT1_2, 0, -Math.SQRT1_2)));
      await frames();
      right.updateButtonValue('trigger', 0);
      left.updateButtonValue('trigger', 0);
      await until(() => seen.length === 4, 5000, 'object-placed after the turn');
      const turned = arrangement.rotation.y - turnedFrom;
      expect(Math.abs(turned - Math.PI / 4), `turned ${turned}`).to.be.below(0.02);
      expect(arrangement.position.distanceTo(centre), 'turned in place').to.be.below(0.01);
    });
  });
}
