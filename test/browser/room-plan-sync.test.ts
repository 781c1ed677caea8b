import { expect } from '@esm-bundle/chai';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { onPlan } from '../../src/elements/room-plan/features/sync-part.ts';
import { axeViolations } from './helpers/axe.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { cleanup, fixtureContainer, modelLoaded, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { makeViewer } from './room-viewer-fixtures.ts';
import { cameraOf, dragAcross, EAST, looksInto, twoRooms, WEST } from './camera-sync-fixtures.ts';

interface Pair {
  viewer: RoomViewer;
  plan: RoomPlan;
  root: ParentNode;
}

let ids = 0;

/** A viewer and a plan linked by `for`, both loaded, in `root` (the page, or a shadow root). */
async function linked(root?: ShadowRoot): Promise<Pair> {
  const id = `viewer-${++ids}`;
  const model = twoRooms();
  const viewer = makeViewer({ loading: 'eager', camera: 'orbit', id }, [320, 240]);
  viewer.model = model;
  const plan = document.createElement('room-plan');
  plan.setAttribute('for', id);
  plan.style.cssText = 'display:block;width:400px;height:240px';
  plan.model = model;
  const container = root ?? fixtureContainer();
  const loaded = Promise.all([modelLoaded(viewer), modelLoaded(plan)]);
  container.append(plan, viewer);
  await loaded;
  await rafPasses(2);
  return { viewer, plan, root: container };
}

const part = (plan: RoomPlan, name: string) =>
  plan.shadowRoot!.querySelector<SVGGraphicsElement>(`[part~="${name}"]`)!;

/** Where the camera's dot is drawn, in model x, y (its translate). */
function dotAt(plan: RoomPlan): [number, number] {
  const match = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(
    part(plan, 'camera').getAttribute('transform') ?? '',
  );
  if (!match) throw new Error('no camera drawn');
  return [Number(match[1]), -Number(match[2])];
}

/** The screen point of a model point on the plan. */
function screenOf(plan: RoomPlan, [x, y]: [number, number]): [number, number] {
  const svg = plan.shadowRoot!.querySelector<SVGSVGElement>('svg[part~="svg"]')!;
  const p = new DOMPoint(x, -y).matrixTransform(svg.getScreenCTM()!);
  return [Math.round(p.x), Math.round(p.y)];
}

/** The colour of the screen pixel at a model point of the plan (a screenshot through a canvas of the SVG). */
async function planPixel(plan: RoomPlan, point: [number, number]): Promise<number[]> {
  const svg = plan.shadowRoot!.querySelector<SVGSVGElement>('svg[part~="svg"]')!;
  const rect = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('width', String(rect.width));
  copy.setAttribute('height', String(rect.height));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(rect.width);
  canvas.height = Math.round(rect.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const [sx, sy] = screenOf(plan, point);
  return [...context.getImageData(sx - Math.round(rect.left), sy - Math.round(rect.top), 1, 1).data];
}

async function clickAt([x, y]: [number, number]): Promise<void> {
  await sendMouse({ type: 'click', position: [x, y] });
  await resetMouse();
}

describe('<room-plan for>: the plan in sync with a <room-viewer>', () => {
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('is accessible (axe) with the viewer’s camera drawn', async () => {
    const { plan } = await linked();
    expect(part(plan, 'camera').getAttribute('visibility')).to.equal('visible');
    expect(await axeViolations(plan)).to.deep.equal([]);
  });

  it('draws the viewer’s camera and view cone, and follows it as the user moves the viewer', async () => {
    const { viewer, plan } = await linked();
    await viewer.flyTo('model-0');
    // close to a piece the camera stands over the plan: the dot is where it is (once the plan drew it).
    // Where the camera stands is read at each look (frames after the flight's end may still move it), and a
    // loaded machine (load 20) took longer than 3 s to pass the camera on.
    const near = (a: number, b: number) => Math.abs(a - b) <= 0.02;
    await until(
      () => {
        const { position } = cameraOf(viewer);
        return near(dotAt(plan)[0], position[0]) && near(dotAt(plan)[1], position[1]);
      },
      10000,
      'the dot where the camera stands',
    );
    // the dot is drawn in the camera's colour (pixels of the plan as painted)
    const colour = await planPixel(plan, dotAt(plan));
    expect(colour[2]! - colour[0]!).to.be.above(80);
    const coneBefore = part(plan, 'camera-cone').getAttribute('transform');
    const change = waitForEvent(viewer, 'camera-change');
    await dragAcross(viewer, 100);
    await change;
    await until(
      () => part(plan, 'camera-cone').getAttribute('transform') !== coneBefore,
      3000,
      'the cone turned',
    );
    await rafPasses(10);
    const now = cameraOf(viewer).position;
    const [x, y] = dotAt(plan);
    expect(Math.hypot(x - now[0], y - now[1])).to.be.below(0.05);
    // the cone points from the camera at what it looks at (SVG y is flipped)
    const { target } = cameraOf(viewer);
    const heading = (Math.atan2(-(target[1] - now[1]), target[0] - now[0]) * 180) / Math.PI;
    const turned = /rotate\(([-\d.e]+)\)/.exec(part(plan, 'camera-cone').getAttribute('transform')!)!;
    expect(Number(turned[1])).to.be.closeTo(heading, 0.05);
  });

  it('keeps a camera far outside the plan at the plan’s edge, on its way to the target', () => {
    expect(onPlan([5, 5], [0, 0], [-10, -10], [10, 10])).to.deep.equal([5, 5, false]);
    const [x, y, outside] = onPlan([40, 0], [0, 0], [-10, -10], [10, 10]);
    expect([x, y, outside]).to.deep.equal([10, 0, true]);
    const [a, b] = onPlan([30, 30], [0, 10], [-10, -10], [10, 20]);
    expect(a).to.be.closeTo(10, 1e-9);
    expect(b).to.be.closeTo(10 + 20 / 3, 1e-9);
  });

  it('highlights the area the viewer looks at', async () => {
    const { viewer, plan } = await linked();
    await viewer.flyTo('west');
    await until(() => plan.lookedAt === 'west', 3000, 'west looked at');
    const outline = part(plan, 'area-looked-at');
    expect(outline.getAttribute('visibility')).to.equal('visible');
    expect(outline.getAttribute('data-area')).to.equal('west');
    await viewer.flyTo('east');
    await until(() => plan.lookedAt === 'east', 3000, 'east looked at');
    expect(outline.getAttribute('data-area')).to.equal('east');
  });

  it('moves the viewer into an area clicked on the plan, but not at the end of a drag', async () => {
    const { viewer, plan } = await linked();
    await viewer.flyTo('west');
    plan.scrollIntoView({ block: 'center' });
    // between the two pieces of furniture in the east room
    const east = screenOf(plan, [640, 150]);
    await sendMouse({ type: 'move', position: east });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [east[0] - 40, east[1]] });
    await sendMouse({ type: 'up' });
    await resetMouse();
    await new Promise((r) => setTimeout(r, 700));
    expect(looksInto(viewer, WEST)).to.equal(true);
    await clickAt(screenOf(plan, [640, 150]));
    await until(() => looksInto(viewer, EAST), 3000, 'the viewer looks into the east room');
    await until(() => plan.lookedAt === 'east', 3000, 'the plan shows it');
    // a click on a piece of furniture picks the piece, it does not move the viewer
    await viewer.flyTo('west');
    await clickAt(screenOf(plan, [580, 95]));
    await new Promise((r) => setTimeout(r, 700));
    expect(looksInto(viewer, WEST)).to.equal(true);
  });

  it('moves the viewer with Enter on an area’s button (keyboard)', async () => {
    const { viewer, plan } = await linked();
    await viewer.flyTo('west');
    const buttons = [...plan.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="area-button"]')];
    const index = plan.plan!.areas.findIndex((a) => a.name === 'east');
    expect(buttons.length).to.equal(plan.plan!.areas.length);
    buttons[index]!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => looksInto(viewer, EAST), 3000, 'the viewer looks into the east room');
  });

  it('finds a viewer that comes after the plan, and one in the same shadow root', async () => {
    const model = twoRooms();
    const plan = document.createElement('room-plan');
    plan.setAttribute('for', 'later-viewer');
    plan.model = model;
    const container = fixtureContainer();
    const planLoaded = modelLoaded(plan);
    container.append(plan);
    await planLoaded;
    expect(plan.linkedViewer).to.equal(undefined);
    const viewer = makeViewer({ loading: 'eager', id: 'later-viewer' }, [200, 150]);
    viewer.model = model;
    const viewerLoaded = modelLoaded(viewer);
    container.append(viewer);
    await viewerLoaded;
    expect(plan.linkedViewer).to.equal(viewer);
    await until(() => part(plan, 'camera')?.getAttribute('visibility') === 'visible', 3000, 'camera drawn');

    const host = fixtureContainer().appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const pair = await linked(shadow);
    expect(pair.plan.linkedViewer).to.equal(pair.viewer);
  });

  it('keeps the selection the same on both, and its events bubble out of a shadow root (composed)', async () => {
    const host = fixtureContainer().appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const { viewer, plan } = await linked(shadow);
    const heard: { type: string; composed: boolean; bubbles: boolean }[] = [];
    const listen = (event: Event) =>
      heard.push({ type: event.type, composed: event.composed, bubbles: event.bubbles });
    document.addEventListener('component-select', listen);
    document.addEventListener('camera-change', listen);
    try {
      expect(viewer.selectComponent('model-1')).to.equal(true);
      await until(() => plan.selected.join() === 'model-1', 2000, 'the plan selects model-1');
      expect(plan.selectComponent('model-2')).to.equal(true);
      await until(() => viewer.selected.join() === 'model-2', 2000, 'the viewer selects model-2');
      // a cancelled pick changes neither
      const cancel = (event: Event) => event.preventDefault();
      document.addEventListener('component-select', cancel, { once: true });
      expect(viewer.selectComponent('model-3')).to.equal(false);
      await rafPasses(2);
      expect(plan.selected).to.deep.equal(['model-2']);
      expect(viewer.selected).to.deep.equal(['model-2']);
      await dragAcross(viewer, 80);
      await until(() => heard.some((h) => h.type === 'camera-change'), 3000, 'camera-change heard');
    } finally {
      document.removeEventListener('component-select', listen);
      document.removeEventListener('camera-change', listen);
    }
    expect(heard.length).to.be.above(2);
    for (const event of heard) expect(event, event.type).to.include({ composed: true, bubbles: true });
  });
});
