// <room-viewer> selectable furniture (issue 14): picking each piece of a known room by click (the ray
// meets the right instance of an InstancedMesh) and by keyboard through the room description, the
// cancelable component-select, `selected` and its outline in pixels, highlight(), focus-component,
// and FML items. On both threads (a loop over the two): the render worker, the default, and the page's
// (renderer="main"); the camera is read from the frames' pose and the pixels from either picture.
import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { Box3, Matrix4, Ray, Vector3 } from 'three';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { ComponentSelectDetail } from '../../src/events/index.ts';
import type { ModelComponent, RoomModel } from '../../src/model/types.ts';
import { planGeometry } from '../../src/model/index.ts';
import { MODEL_TO_WORLD, toModel } from '../../src/three/axes.ts';
import { componentMatrix } from '../../src/three/components.ts';
import { componentBox } from '../../src/three/fly.ts';
import { axeViolations } from './helpers/axe.ts';
import { furniture, mountShowing, smallFml, type Shown } from './helpers/select-fixtures.ts';
import { cleanup, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { cameraOf, cameraStateOf, inspectOf, pictureData, poseOf, THREADS } from './helpers/threads.ts';
import type { Pixels } from './helpers/worker-pixels.ts';
import { boxRoom, canvasOf, makeViewer, sampleModel, SKIP_SAMPLE } from './room-viewer-fixtures.ts';
import { configure, resetConfig } from '../../src/config.ts';

/** Mounts a viewer and resolves with it and the model it shows, at its model-load. */
async function mount(attributes: Record<string, string>, source: Shown, size = [320, 240]) {
  const { el, model } = await mountShowing(makeViewer({ loading: 'eager', ...attributes }, size), source);
  return { viewer: el, model };
}

/** Where (client CSS px) the middle of the component's top face is on screen. */
function screenPoint(viewer: RoomViewer, component: ModelComponent): [number, number] {
  const box = componentBox(component);
  const point = box.getCenter(new Vector3());
  point.y = box.max.y;
  const ndc = point.project(cameraOf(poseOf(viewer)));
  const rect = canvasOf(viewer).getBoundingClientRect();
  return [rect.left + ((ndc.x + 1) / 2) * rect.width, rect.top + ((1 - ndc.y) / 2) * rect.height];
}

async function click([x, y]: [number, number]): Promise<void> {
  await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
}

/** Clicks where `component` is and resolves with the component-select that follows (or undefined). */
async function pickAt(
  viewer: RoomViewer,
  point: [number, number],
  timeout = 1500,
): Promise<CustomEvent<ComponentSelectDetail> | undefined> {
  const picked = waitForEvent<ComponentSelectDetail>(viewer, 'component-select', timeout).catch(
    () => undefined,
  );
  await click(point);
  return picked;
}

/** The camera of the last frame and `point` (page px) in its normalised device coordinates. */
function rayThrough(viewer: RoomViewer, point: [number, number]) {
  const camera = cameraOf(poseOf(viewer));
  const rect = canvasOf(viewer).getBoundingClientRect();
  const ndc = new Vector3(
    ((point[0] - rect.left) / rect.width) * 2 - 1,
    1 - ((point[1] - rect.top) / rect.height) * 2,
    0.5,
  );
  return { camera, ndc };
}

/**
 * An oracle independent of three's triangle raycast: the nearest component whose box (placed by its own
 * position and rotation) the ray from the camera through `point` meets.
 */
function nearestBox(viewer: RoomViewer, model: RoomModel, point: [number, number]): string | undefined {
  const { camera, ndc } = rayThrough(viewer, point);
  const world = new Ray(camera.position.clone(), ndc.unproject(camera).sub(camera.position).normalize());
  let best: { id: string; distance: number } | undefined;
  for (const c of model.components) {
    if (c.kind === 'opening') continue;
    // the room's root is the model-to-world matrix (src/three/axes.ts)
    const toLocal = new Matrix4().multiplyMatrices(MODEL_TO_WORLD, componentMatrix(c)).invert();
    const local = world.clone().applyMatrix4(toLocal);
    const [min, max] = c.boundingBox;
    const hit = local.intersectBox(new Box3(new Vector3(...min), new Vector3(...max)), new Vector3());
    if (!hit) continue;
    const distance = hit.applyMatrix4(toLocal.clone().invert()).distanceTo(world.origin);
    if (!best || distance < best.distance) best = { id: c.id, distance };
  }
  return best?.id;
}

/**
 * Whether the ray through `point` meets a wall's cut top (the plan's walls as footprints at the room's
 * height) before the furniture under it: an oracle from the plan alone, independent of the scene.
 */
function wallTopAt(viewer: RoomViewer, model: RoomModel, point: [number, number]): boolean {
  const { camera, ndc } = rayThrough(viewer, point);
  const from = toModel(camera.position.clone());
  const through = toModel(ndc.unproject(camera));
  const plan = planGeometry(model);
  const t = (plan.height - from[2]) / (through[2] - from[2]);
  const [x, y] = [from[0] + t * (through[0] - from[0]), from[1] + t * (through[1] - from[1])];
  return plan.walls.some(({ start, end, thickness }) => {
    const [dx, dy] = [end[0] - start[0], end[1] - start[1]];
    const along = Math.max(0, Math.min(1, ((x - start[0]) * dx + (y - start[1]) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - start[0] - along * dx, y - start[1] - along * dy) <= thickness / 2 + 2;
  });
}

/** How many pixels differ between two pictures of the same size. */
function changedPixels(a: Pixels, b: Pixels): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i]! - b.data[i]!),
      Math.abs(a.data[i + 1]! - b.data[i + 1]!),
      Math.abs(a.data[i + 2]! - b.data[i + 2]!),
    );
    if (d > 24) n++;
  }
  return n;
}

/** The viewer's picture once it has settled (a change is drawn in the next frame, on either thread). */
async function picture(viewer: RoomViewer): Promise<Pixels> {
  await rafPasses(4);
  let last = await pictureData(viewer);
  // the render worker draws after a message: the same picture twice in a row is the settled one
  for (let i = 0; i < 20; i++) {
    await rafPasses(2);
    const now = await pictureData(viewer);
    if (changedPixels(last, now) === 0) return now;
    last = now;
  }
  return last;
}

const description = (viewer: RoomViewer) =>
  viewer.shadowRoot!.querySelector<HTMLElement>('[part~=description]')!;
const buttonOf = (viewer: RoomViewer, id: string) =>
  viewer.shadowRoot!.querySelector<HTMLButtonElement>(`button[part~=component][data-component-id="${id}"]`)!;

for (const drawnOn of THREADS)
  describe(`<room-viewer> selection, drawn on ${drawnOn}`, function () {
    this.timeout(60000);
    before(function () {
      requireWebGL(this);
      configure({ viewerRenderer: drawnOn });
    });
    after(resetConfig);
    afterEach(cleanup);

    it('is accessible (axe): loaded, with something selected, and with the description focused', async () => {
      const { viewer } = await mount({ camera: 'top' }, { model: boxRoom({ components: 6, kinds: 3 }) });
      expect(await axeViolations(viewer)).to.deep.equal([]);
      viewer.selected = ['model-1', 'model-4'];
      viewer.highlight(['model-2']);
      await viewer.updateComplete;
      expect(await axeViolations(viewer)).to.deep.equal([]);
      buttonOf(viewer, 'model-1').focus();
      await viewer.updateComplete;
      expect(await axeViolations(viewer)).to.deep.equal([]);
    });

    it('picks each piece of a room by click: the ray finds the right instance of each kind', async () => {
      const { viewer, model } = await mount(
        { camera: 'top' },
        { model: boxRoom({ components: 12, kinds: 3 }) },
      );
      const pieces = furniture(model);
      expect(pieces.length).to.equal(12);
      expect(viewer.renderThread).to.equal(drawnOn);
      // three kinds of 4 instances each: an instanceId alone could not say which piece was hit
      expect((await inspectOf(viewer)).instanced.filter((count) => count === 4).length).to.be.at.least(3);
      for (const piece of pieces) {
        const event = await pickAt(viewer, screenPoint(viewer, piece));
        expect(event?.detail.component.id, piece.id).to.equal(piece.id);
        expect(event!.detail.source).to.equal('pointer');
        expect(event!.bubbles && event!.composed && event!.cancelable).to.equal(true);
        expect(viewer.selected).to.deep.equal([piece.id]);
        expect(viewer.getAttribute('selected')).to.equal(piece.id);
      }
      // the detail: the model's component_id and sizes from the bounding box, in the model's units
      const piece = pieces[5]!;
      const event = await pickAt(viewer, screenPoint(viewer, piece));
      const [min, max] = piece.boundingBox;
      expect(event!.detail.component).to.deep.include({ id: piece.id, componentId: piece.componentId });
      expect(event!.detail.component.size).to.deep.equal({
        width: max[0] - min[0],
        depth: max[1] - min[1],
        height: max[2] - min[2],
      });
      expect(event!.detail.component.position).to.deep.equal({
        x: piece.position[0],
        y: piece.position[1],
        z: piece.position[2],
      });
      // the event leaves the element: a listener on the document hears it
      const heard = waitForEvent<ComponentSelectDetail>(document, 'component-select', 1500);
      await click(screenPoint(viewer, pieces[0]!));
      expect((await heard).detail.component.id).to.equal(pieces[0]!.id);
    });

    it('does not pick at the end of a drag (orbiting), nor on a wall or the floor', async () => {
      const { viewer, model } = await mount(
        { camera: 'top' },
        { model: boxRoom({ components: 4, kinds: 2 }) },
      );
      const [x, y] = screenPoint(viewer, furniture(model)[0]!);
      let fired = 0;
      viewer.addEventListener('component-select', () => fired++);
      await sendMouse({ type: 'move', position: [Math.round(x), Math.round(y)] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [Math.round(x) + 40, Math.round(y) + 10] });
      await sendMouse({ type: 'up' });
      await rafPasses(3);
      expect(fired).to.equal(0);
      // the floor near the door, away from every piece
      const rect = canvasOf(viewer).getBoundingClientRect();
      await click([rect.left + rect.width / 2, rect.bottom - 4]);
      await rafPasses(2);
      expect(fired).to.equal(0);
      expect(viewer.selected).to.deep.equal([]);
    });

    it('picks each piece of the real sample the ray meets first', async function () {
      const raw = await sampleModel();
      if (!raw) return (this.skip(), console.warn(SKIP_SAMPLE));
      const { viewer, model } = await mount({ camera: 'top' }, { model: raw }, [480, 360]);
      const pieces = furniture(model);
      let checked = 0;
      for (const piece of pieces) {
        const point = screenPoint(viewer, piece);
        const expected = nearestBox(viewer, model, point);
        const event = await pickAt(viewer, point);
        const got = event?.detail.component.id;
        if (got === piece.id) checked++;
        // a piece not picked is one a wall hides (a curtain or a picture under the wall's cut top),
        // and a piece picked in its place is the one the oracle says is in front
        else if (!got) expect(wallTopAt(viewer, model, point), `${piece.id} at ${point}`).to.equal(true);
        else expect(got, `${piece.id} at ${point}`).to.equal(expected);
      }
      // most pieces are seen from above
      expect(checked).to.be.at.least(pieces.length * 0.7);
    });

    it('picks each piece by keyboard: Tab to the description, arrows, Enter or Space', async () => {
      const { viewer, model } = await mount(
        { camera: 'top' },
        { model: boxRoom({ components: 5, kinds: 2 }) },
      );
      const after = document.createElement('button');
      after.textContent = 'after';
      viewer.after(after);
      const list = description(viewer);
      // visually hidden until focus is in it
      expect(list.getBoundingClientRect().width).to.be.at.most(1);
      viewer.focus();
      await sendKeys({ press: 'Tab' });
      const active = () => viewer.shadowRoot!.activeElement as HTMLElement | null;
      expect(active()?.tagName).to.equal('BUTTON');
      expect(list.getBoundingClientRect().width).to.be.above(20);
      const pieces = furniture(model);
      const camera = JSON.stringify(cameraStateOf(viewer));
      for (const [i, piece] of pieces.entries()) {
        for (let step = 0; step < 20 && active()?.dataset.componentId !== piece.id; step++)
          await sendKeys({ press: 'ArrowDown' });
        expect(active()?.dataset.componentId).to.equal(piece.id);
        expect(active()!.getAttribute('part')).to.contain('component');
        const event = waitForEvent<ComponentSelectDetail>(viewer, 'component-select', 1500);
        await sendKeys({ press: i % 2 ? 'Space' : 'Enter' });
        const { detail } = await event;
        expect(detail.component.id).to.equal(piece.id);
        expect(detail.source).to.equal('keyboard');
        await viewer.updateComplete;
        expect(buttonOf(viewer, piece.id).getAttribute('aria-pressed')).to.equal('true');
        expect(viewer.selected).to.deep.equal([piece.id]);
      }
      // arrowing through the list did not move the camera
      await rafPasses(3);
      expect(JSON.stringify(cameraStateOf(viewer))).to.equal(camera);
      // one Tab stop: the next Tab leaves the list (other features' buttons may follow it in the viewer)
      await sendKeys({ press: 'Tab' });
      expect(list.matches(':focus-within')).to.equal(false);
      for (let step = 0; step < 10 && document.activeElement !== after; step++)
        await sendKeys({ press: 'Tab' });
      // (a boolean: chai printing a viewer that failed to match would walk its whole three.js scene)
      expect(document.activeElement === after).to.equal(true);
      expect(description(viewer).textContent).to.match(/Selected: /);
    });

    it('component-select is cancelable: cancelled, nothing is selected and nothing is drawn', async () => {
      const { viewer, model } = await mount(
        { camera: 'top' },
        { model: boxRoom({ components: 4, kinds: 2 }) },
      );
      const before = await picture(viewer);
      const cancel = (e: Event) => e.preventDefault();
      viewer.addEventListener('component-select', cancel);
      const event = await pickAt(viewer, screenPoint(viewer, furniture(model)[2]!));
      expect(event?.defaultPrevented).to.equal(true);
      expect(viewer.selected).to.deep.equal([]);
      expect(viewer.hasAttribute('selected')).to.equal(false);
      expect(changedPixels(before, await picture(viewer))).to.equal(0);
      buttonOf(viewer, 'model-1').click();
      expect(viewer.selected).to.deep.equal([]);
      expect(viewer.selectComponent('model-1')).to.equal(false);
      viewer.removeEventListener('component-select', cancel);
      expect(viewer.selectComponent('model-1')).to.equal(true);
      expect(viewer.selected).to.deep.equal(['model-1']);
    });

    it('`selected` round-trips with its attribute and outlines the pieces; highlight() in another colour', async () => {
      const { viewer, model } = await mount(
        { camera: 'top' },
        { model: boxRoom({ components: 4, kinds: 2 }) },
      );
      const pieces = furniture(model);
      const plain = await picture(viewer);
      viewer.setAttribute('selected', ' model-1   model-3 ');
      await viewer.updateComplete;
      expect(viewer.selected).to.deep.equal(['model-1', 'model-3']);
      const selected = await picture(viewer);
      expect(changedPixels(plain, selected)).to.be.above(200);
      // blue over the selected piece
      const scale = selected.width / canvasOf(viewer).getBoundingClientRect().width;
      const rect = canvasOf(viewer).getBoundingClientRect();
      const at = (c: ModelComponent, image: Pixels) => {
        const [x, y] = screenPoint(viewer, c);
        const i =
          (Math.round((y - rect.top) * scale) * image.width + Math.round((x - rect.left) * scale)) * 4;
        return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      };
      const one = at(pieces[1]!, selected);
      expect(one[2]! - one[0]!, `selected ${one}`).to.be.above(
        at(pieces[1]!, plain)[2]! - at(pieces[1]!, plain)[0]! + 20,
      );
      viewer.selected = ['model-2'];
      await viewer.updateComplete;
      expect(viewer.getAttribute('selected')).to.equal('model-2');
      expect(buttonOf(viewer, 'model-2').getAttribute('aria-pressed')).to.equal('true');
      expect(buttonOf(viewer, 'model-1').getAttribute('aria-pressed')).to.equal('false');
      viewer.selected = [];
      await viewer.updateComplete;
      expect(viewer.hasAttribute('selected')).to.equal(false);
      expect(changedPixels(plain, await picture(viewer))).to.equal(0);
      // a highlight: amber (red over blue) where the selection is blue
      viewer.highlight('model-0');
      const lit = await picture(viewer);
      const amber = at(pieces[0]!, lit);
      expect(amber[0]! - amber[2]!, `highlight ${amber}`).to.be.above(
        at(pieces[0]!, plain)[0]! - at(pieces[0]!, plain)[2]! + 20,
      );
      viewer.highlight();
      expect(changedPixels(plain, await picture(viewer))).to.equal(0);
    });

    it('focus-component opens the view framed on that piece, and moves there when changed', async () => {
      const model = boxRoom({ components: 9, kinds: 3 });
      const { viewer, model: shown } = await mount(
        { camera: 'orbit', 'focus-component': 'model-8' },
        { model },
      );
      const centre = (id: string) =>
        componentBox(shown.components.find((c) => c.id === id)!).getCenter(new Vector3());
      const target = () => new Vector3(...poseOf(viewer).target);
      expect(target().distanceTo(centre('model-8'))).to.be.below(0.05);
      viewer.setAttribute('focus-component', 'model-0');
      await until(() => target().distanceTo(centre('model-0')) < 0.05, 5000, 'the flight');
    });

    it('picks FML items, by click and by keyboard, with their refid as componentId', async () => {
      const { viewer, model } = await mount({ camera: 'top' }, { fml: smallFml() });
      const items = furniture(model);
      expect(items.map((c) => c.id)).to.deep.equal([
        'item-sofa',
        'item-chair-a',
        'item-chair-b',
        'item-table',
      ]);
      for (const item of items) {
        const event = await pickAt(viewer, screenPoint(viewer, item));
        expect(event?.detail.component.id).to.equal(item.id);
        expect(event!.detail.component.componentId).to.equal(item.componentId);
      }
      const event = waitForEvent<ComponentSelectDetail>(viewer, 'component-select', 1500);
      buttonOf(viewer, 'item-table').focus();
      await sendKeys({ press: 'Enter' });
      expect((await event).detail.component).to.deep.include({
        id: 'item-table',
        componentId: 'product-table',
      });
      expect(description(viewer).textContent).to.contain('Living');
    });
  });
