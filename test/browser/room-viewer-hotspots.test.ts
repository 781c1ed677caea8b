// <room-viewer> hotspots (issue 14): the page's own elements in slot="hotspot" follow the view, hide
// behind a wall and off screen, stay the page's elements, and cost no layout per frame. On both
// threads: the render worker (the default) sends their places with each frame.
import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { ModelLoadDetail } from '../../src/events/index.ts';
import type { RoomModel, Vec3 } from '../../src/model/types.ts';
import { toWorld } from '../../src/three/axes.ts';
import { cameraOf, placeCamera, poseOf, THREADS, type Thread } from './helpers/threads.ts';
import { componentBox } from '../../src/three/fly.ts';
import { axeViolations } from './helpers/axe.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, canvasOf, makeViewer } from './room-viewer-fixtures.ts';

/** A page element for the hotspot slot: a link, as a shop would put in. */
function hotspot(data: Record<string, string>, text = 'Product'): HTMLAnchorElement {
  const a = document.createElement('a');
  a.slot = 'hotspot';
  a.href = '#product';
  a.textContent = text;
  for (const [name, value] of Object.entries(data)) a.setAttribute(`data-${name}`, value);
  return a;
}

let thread: Thread = 'worker';

async function mount(
  spots: HTMLElement[],
  attributes: Record<string, string> = {},
): Promise<{ viewer: RoomViewer; model: RoomModel }> {
  const viewer = makeViewer({ loading: 'eager', camera: 'top', renderer: thread, ...attributes }, [320, 240]);
  viewer.model = boxRoom({ components: 4, kinds: 2 });
  viewer.append(...spots);
  const loaded = waitForEvent<ModelLoadDetail>(viewer, 'model-load', 30000);
  fixtureContainer().append(viewer);
  const { model } = (await loaded).detail;
  await viewer.updateComplete;
  await rafPasses(3);
  return { viewer, model };
}

/** Where (client CSS px) a world point is drawn, by the test's own projection. */
function screenOf(viewer: RoomViewer, world: Vector3): [number, number] {
  const ndc = world.clone().project(cameraOf(poseOf(viewer)));
  const rect = canvasOf(viewer).getBoundingClientRect();
  return [rect.left + ((ndc.x + 1) / 2) * rect.width, rect.top + ((1 - ndc.y) / 2) * rect.height];
}

function centreOf(element: HTMLElement): [number, number] {
  const r = element.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function topOf(model: RoomModel, id: string): Vector3 {
  const box = componentBox(model.components.find((c) => c.id === id)!);
  const top = box.getCenter(new Vector3());
  top.y = box.max.y;
  return top;
}

/** Puts the camera at `eye` looking at `target` (model cm, z up) and waits for the frames that follow. */
async function look(viewer: RoomViewer, eye: Vec3, target: Vec3): Promise<void> {
  await placeCamera(viewer, eye, target);
  // the wall test is throttled (120 ms) with one late test when the camera stops
  await rafPasses(3);
  await new Promise((r) => setTimeout(r, 300));
  await rafPasses(2);
}

const shown = (element: HTMLElement) =>
  element.getAttribute('data-visible') !== 'false' && getComputedStyle(element).visibility !== 'hidden';

function near(a: [number, number], b: [number, number], what: string, tolerance = 2): void {
  expect(Math.hypot(a[0] - b[0], a[1] - b[1]), `${what}: ${a} vs ${b}`).to.be.below(tolerance);
}

for (const drawnOn of THREADS)
  describe(`<room-viewer> hotspots (drawn on the ${drawnOn} thread)`, function () {
    this.timeout(60000);
    before(() => (thread = drawnOn));
    before(function () {
      requireWebGL(this);
    });
    afterEach(cleanup);

    it('is accessible (axe) with hotspots shown and hidden', async () => {
      const spots = [
        hotspot({ 'component-id': 'model-0' }, 'Sofa, €499'),
        hotspot({ position: '50000 0 0' }, 'Far away'),
      ];
      const { viewer } = await mount(spots);
      await until(() => shown(spots[0]!) && !shown(spots[1]!), 5000, 'one shown, one hidden');
      expect(await axeViolations(viewer)).to.deep.equal([]);
      expect(await axeViolations(fixtureContainer())).to.deep.equal([]);
    });

    it('puts a data-component-id hotspot on its top centre and follows a camera move', async () => {
      const spot = hotspot({ 'component-id': 'model-0' });
      const { viewer, model } = await mount([spot]);
      // still the page's own element, slotted in the light DOM
      expect(spot.parentElement).to.equal(viewer);
      expect(spot.assignedSlot?.name).to.equal('hotspot');
      const top = topOf(model, 'model-0');
      await until(() => shown(spot), 5000, 'hotspot shown');
      near(centreOf(spot), screenOf(viewer, top), 'before the move');
      const before = centreOf(spot);
      // the same height, 80 cm to the side and looking a little off centre: the room stays in view
      const pose = poseOf(viewer);
      const [ex, ey, ez] = [pose.position[0] * 100, -pose.position[2] * 100, pose.position[1] * 100];
      const [tx, ty, tz] = [pose.target[0] * 100, -pose.target[2] * 100, pose.target[1] * 100];
      await look(viewer, [ex + 80, ey - 40, ez], [tx + 40, ty, tz]);
      expect(shown(spot), 'still seen').to.equal(true);
      near(centreOf(spot), screenOf(viewer, top), 'after the move');
      expect(Math.hypot(centreOf(spot)[0] - before[0], centreOf(spot)[1] - before[1])).to.be.above(10);
      // moved by `translate` only (composited), never by left / top
      expect(spot.style.translate).to.match(/px/);
      expect(spot.style.left + spot.style.top).to.equal('');
    });

    it('puts a data-position hotspot at its model point and reads a changed attribute', async () => {
      const spot = hotspot({ position: '100 100 0' });
      const { viewer } = await mount([spot]);
      await until(() => shown(spot), 5000, 'hotspot shown');
      near(centreOf(spot), screenOf(viewer, toWorld([100, 100, 0])), 'at 100 100 0');
      spot.setAttribute('data-position', '300, 200, 0');
      await until(
        () =>
          Math.hypot(...centreOf(spot).map((v, i) => v - screenOf(viewer, toWorld([300, 200, 0]))[i]!)) < 2,
        5000,
        'moved to 300 200 0',
      );
    });

    it('hides a hotspot behind a wall and shows it again when the camera sees it', async () => {
      // inside the room, near the y = 0 wall's inner face; the camera looks from outside at eye level
      const inside = hotspot({ position: '100 150 60' }, 'Inside');
      const outside = hotspot({ position: '100 -100 60' }, 'Outside');
      const { viewer } = await mount([inside, outside]);
      await look(viewer, [100, -400, 110], [100, 150, 60]);
      // both are on screen; the wall (x = 100 is beside the door) stands before the one inside
      const [x, y] = screenOf(viewer, toWorld([100, 150, 60]));
      const rect = canvasOf(viewer).getBoundingClientRect();
      expect(x > rect.left && x < rect.right && y > rect.top && y < rect.bottom).to.equal(true);
      expect(shown(outside), 'outside').to.equal(true);
      expect(shown(inside), 'inside, behind the wall').to.equal(false);
      expect(inside.getAttribute('data-visible')).to.equal('false');
      // from above the walls do not stand in the way
      await look(viewer, [100, 150, 900], [100, 150, 0]);
      expect(shown(inside), 'seen from above').to.equal(true);
      expect(inside.getAttribute('data-visible')).to.equal('true');
    });

    it('hides a hotspot whose point is off screen or behind the camera, and releases what it wrote', async () => {
      const side = hotspot({ position: '200 150 0' }, 'Centre');
      const { viewer } = await mount([side]);
      await until(() => shown(side), 5000, 'shown at first');
      // look away: the point is now behind the camera
      await look(viewer, [200, 150, 120], [200, 2000, 120]);
      expect(shown(side)).to.equal(false);
      // hidden means out of the tab order too
      side.focus();
      expect(document.activeElement).not.to.equal(side);
      side.slot = '';
      await rafPasses(2);
      expect(side.hasAttribute('data-visible')).to.equal(false);
      expect(side.style.translate + side.style.visibility).to.equal('');
    });
  });
