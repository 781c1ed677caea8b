import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import { ElementError } from '../../src/internal/element-error.ts';
import { axeViolations } from './helpers/axe.ts';
import { armFault, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { describeStrictCsp } from './helpers/csp.ts';
import { doorComponent } from '../shared/fixtures.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until, waitForEvent } from './helpers/wait.ts';

const SAMPLE = '6346838';
/** The real sample's floor areas (docs/room-model.md), largest first. */
const SAMPLE_AREAS_M2 = ['81.7', '23.0', '15.6', '6.5', '5.9', '3.9', '1.6', '0.8', '0.7', '0.7'];

/** Skips `test` (with the reason in the log) when the emulator serves no real sample. */
async function needsRealSample(test: Mocha.Context): Promise<void> {
  if (await realSampleServed()) return;
  console.warn(
    `skipped "${test.test?.title}": the emulator serves no real sample (../shared/realdata is missing)`,
  );
  test.skip();
}

/** Skip when the emulator serves a generated model for the sample (no ../shared/realdata). */
let sampleIsReal: boolean | undefined;
async function realSampleServed(): Promise<boolean> {
  if (sampleIsReal === undefined) {
    const response = await fetch(`${ROOM_STYLING}/rooms/${SAMPLE}`);
    const room = response.ok ? await response.json() : undefined;
    // the real sample has exactly 10 areas and 52 walls
    sampleIsReal =
      !!room?.model?.plan &&
      Object.keys(room.model.plan.areas ?? {}).length === 10 &&
      Object.keys(room.model.plan.walls ?? {}).length === 52;
  }
  return sampleIsReal;
}

function plan(attributes: Record<string, string> = {}): RoomPlan {
  const element = document.createElement('room-plan');
  element.setAttribute('api-base', ROOM_STYLING);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** A plan of `model` in the page, loaded. */
async function loadedPlan(model: unknown = smallModel(), style = ''): Promise<RoomPlan> {
  const element = plan();
  element.style.cssText = style;
  element.model = model as RoomPlan['model'];
  return mountLoaded(element);
}

const shadow = (element: RoomPlan) => element.shadowRoot!;
const labels = (element: RoomPlan) =>
  [...shadow(element).querySelectorAll('[part="label"]')].map((l) =>
    l.textContent!.replace(/\s+/g, ' ').trim(),
  );
const viewBox = (element: RoomPlan) =>
  shadow(element).querySelector('svg')!.getAttribute('viewBox')!.split(' ').map(Number);

/** A small model: an outer area with a bedroom inside, one door; names as given. */
function smallModel(names: { outer?: unknown; inner?: unknown } = {}) {
  return {
    plan: {
      height: '250',
      points: [
        [0, 0],
        [600, 0],
        [600, 400],
        [0, 400],
        [300, 0],
        [300, 250],
        [0, 250],
      ],
      walls: {
        wall0: { indices: [0, 4], thickness: 20 },
        wall1: { indices: [4, 1], thickness: 20 },
        wall2: { indices: [1, 2], thickness: 20 },
        wall3: { indices: [2, 3], thickness: 20 },
        wall4: { indices: [3, 6], thickness: 20 },
        wall5: { indices: [6, 0], thickness: 20 },
        wall6: { indices: [4, 5], thickness: 10 },
        wall7: { indices: [5, 6], thickness: 10 },
      },
      areas: {
        area0: { indices: [0, 1, 2, 3], name: names.outer },
        area1: { indices: [0, 4, 5, 6], name: names.inner },
      },
    },
    components: [
      doorComponent({
        ID: 'door',
        parentID: '6',
        area: 'area1',
        position: [300, 120, 104],
        rotation: [270, 0, 90],
        configuration: { open_side: 'l', open_direction: 'i' },
      }),
    ],
  };
}

describe('<room-plan>', () => {
  const page = pageErrorsOfEachTest();

  before(resetEmulator);
  afterEach(() => {
    cleanup();
    expect(page.errors, 'nothing thrown into the page').to.deep.equal([]);
  });

  it('is accessible (axe): loaded and in the error state', async () => {
    const element = await loadedPlan(smallModel({ outer: 'Woonkamer' }));
    expect(await axeViolations(element)).to.deep.equal([]);

    const broken = plan({ 'room-id': '999999999' });
    const failed = waitForEvent(broken, 'model-error');
    fixtureContainer().append(broken);
    await failed;
    expect(await axeViolations(broken)).to.deep.equal([]);
  });

  it('draws the real sample from the emulator: 10 areas with their floor areas, 52 walls, 8 doors, 13 windows', async function () {
    await needsRealSample(this);
    const element = plan({ 'room-id': SAMPLE });
    // large enough for a legible label in every area, the smallest 0.7 m² (a smaller plan leaves out
    // the labels that cannot be legible in their room: room-plan-labels.test.ts)
    element.style.cssText = 'display:block;inline-size:1600px;block-size:1200px';
    let svgAtLoad: Element | null = null;
    element.addEventListener('model-load', () => (svgAtLoad = shadow(element).querySelector('svg')));
    const loaded = waitForEvent<{ problems: unknown[] }>(element, 'model-load');
    fixtureContainer().append(element);
    const event = await loaded;
    expect(svgAtLoad, 'the svg is in the DOM when model-load fires').to.not.equal(null);
    expect(event.detail.problems).to.deep.equal([]);
    expect(element.getAttribute('state')).to.equal('loaded');
    expect(element.matches(':state(loaded)')).to.equal(true);

    const root = shadow(element);
    expect(root.querySelectorAll('[part~="area"]').length).to.equal(10);
    expect(root.querySelectorAll('[part~="area-nested"]').length).to.equal(2);
    expect(root.querySelectorAll('.wall-fills path').length).to.equal(52);
    expect(root.querySelectorAll('[part~="door"]').length).to.equal(8);
    expect(root.querySelectorAll('[part~="window"]').length).to.equal(13);
    const shown = labels(element)
      .map((l) => l.replace(' m²', ''))
      .sort((a, b) => Number(b) - Number(a));
    expect(shown).to.deep.equal(SAMPLE_AREAS_M2);
    // nested areas are painted after (above) the area that holds them
    const order = [...root.querySelectorAll('[part~="area"]')].map((a) => a.getAttribute('data-area'));
    expect(order.indexOf('area6')).to.be.lessThan(order.indexOf('area1'));
    expect(order.indexOf('area6')).to.be.lessThan(order.indexOf('area4'));
    expect(root.querySelector('svg')!.getAttribute('aria-label')).to.equal(
      'Floor plan, 10 areas, 110.8 m², 15.41 m × 7.62 m',
    );
    expect([...root.querySelectorAll('[part="dimension"] text')].map((t) => t.textContent)).to.deep.equal([
      '15.41 m',
      '7.62 m',
    ]);
    // pixels: the plan is really painted (walls dark, areas light)
    const box = root.querySelector('svg')!.getBoundingClientRect();
    expect(box.width).to.be.greaterThan(100);
    expect(box.height).to.be.greaterThan(100);
  });

  it('switches between m² and ft², and speaks Dutch', async function () {
    await needsRealSample(this);
    const element = plan({ 'room-id': SAMPLE, units: 'imperial' });
    await mountLoaded(element);
    const feet = labels(element);
    expect(feet.every((l) => l.endsWith(' ft²'))).to.equal(true);
    expect(feet).to.include('879 ft²'); // 81.7 m²
    expect(shadow(element).querySelector('svg')!.getAttribute('aria-label')).to.equal(
      'Floor plan, 10 areas, 1,192 ft², 50′ 7″ × 25′ 0″',
    );
    element.units = 'metric';
    await element.updateComplete;
    expect(labels(element)).to.include('81.7 m²');
    element.setAttribute('lang', 'nl');
    await until(() => labels(element).includes('81,7 m²'), 2000, 'Dutch number format');
    // Dutch words are downloaded when an element first speaks Dutch
    await until(
      () =>
        /^Plattegrond, 10 ruimtes/.test(shadow(element).querySelector('svg')!.getAttribute('aria-label')!),
      5000,
      'Dutch summary',
    );
    expect(shadow(element).querySelector('[part~="zoom-in"]')!.getAttribute('aria-label')).to.equal(
      'Inzoomen',
    );
  });

  it('reads a whole room document from src', async function () {
    await needsRealSample(this);
    const element = plan({ src: `${ROOM_STYLING}/rooms/${SAMPLE}` });
    element.removeAttribute('api-base');
    await mountLoaded(element);
    expect(shadow(element).querySelectorAll('[part~="area"]').length).to.equal(10);
  });

  it('draws a generated room of the emulator', async () => {
    const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=1`)).json();
    const id = String(list.rooms[0].id);
    const element = plan({ 'room-id': id });
    await mountLoaded(element);
    expect(shadow(element).querySelectorAll('[part~="area"]').length).to.be.greaterThan(0);
    expect(shadow(element).querySelectorAll('.wall-fills path').length).to.be.greaterThan(3);
    expect(labels(element).every((l) => / m²$/.test(l))).to.equal(true);
  });

  it('shows a 404 room as a visible error and fires model-error', async () => {
    const element = plan({ 'room-id': '999999999' });
    const failed = waitForEvent<{ error: ElementError; fatal: boolean }>(element, 'model-error');
    fixtureContainer().append(element);
    const { detail } = await failed;
    expect(detail.error).to.be.instanceOf(ElementError);
    expect(detail.error.kind).to.equal('not-found');
    expect(detail.error.status).to.equal(404);
    expect(detail.fatal).to.equal(true);
    expect(element.getAttribute('state')).to.equal('error');
    const error = shadow(element).querySelector('[part="error"]')!;
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.querySelector('[part~="error-title"]')!.textContent).to.equal('Not found');
    // asking again cannot make the room exist: no retry button
    expect(error.querySelector('[part~="retry"]')).to.equal(null);
  });

  it('shows a private room (403) without a retry; a 503 recovers with the retry button', async () => {
    const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=1`)).json();
    const id = String(list.rooms[0].id);
    await armFault({ match: `/room-styling/rooms/${id}`, status: 403 });
    const element = plan({ 'room-id': id });
    const failed = waitForEvent<{ error: ElementError }>(element, 'model-error');
    fixtureContainer().append(element);
    expect((await failed).detail.error.status).to.equal(403);
    expect(shadow(element).querySelector('[part~="error-title"]')!.textContent).to.equal('Not allowed');
    expect(shadow(element).querySelector('[part~="retry"]')).to.equal(null);
    await armFault({ match: `/room-styling/rooms/${id}`, status: 503, times: 3 });
    element.roomId = '';
    await element.updateComplete;
    const failedAgain = waitForEvent<{ error: ElementError }>(element, 'model-error');
    element.roomId = id;
    expect((await failedAgain).detail.error.kind).to.equal('server');
    await element.updateComplete;
    const loaded = waitForEvent(element, 'model-load');
    shadow(element).querySelector<HTMLButtonElement>('[part="error"] button')!.click();
    await loaded;
    expect(element.getAttribute('state')).to.equal('loaded');
    expect(shadow(element).querySelector('[part="error"]')).to.equal(null);
  });

  it('survives a malformed body and a garbage model, and recovers when given a good one', async () => {
    await armFault({ match: '/room-styling/rooms/', body: 'malformed' });
    const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=1`)).json();
    const element = plan({ 'room-id': String(list.rooms[0].id) });
    const failed = waitForEvent(element, 'model-error');
    fixtureContainer().append(element);
    await failed;
    expect(element.getAttribute('state')).to.equal('error');

    const garbage = waitForEvent<{ error: ElementError }>(element, 'model-error');
    element.model = {
      plan: { points: 'nope', walls: [null, 7], areas: { a: { indices: [Infinity, 'x'] } } },
    };
    const { detail } = await garbage;
    expect(detail.error).to.be.instanceOf(ElementError);
    expect(detail.error.reason).to.equal('not-drawable');
    expect(detail.error.problems!.length).to.be.greaterThan(0);
    expect(shadow(element).querySelector('[part="error"]')!.textContent).to.match(
      /no floor plan that can be drawn/,
    );

    const loaded = waitForEvent(element, 'model-load');
    element.model = smallModel();
    await loaded;
    expect(shadow(element).querySelectorAll('[part~="area"]').length).to.equal(2);
    expect(shadow(element).querySelectorAll('[part~="door"]').length).to.equal(1);
    // the door in wall6 (x 300, running +y) swings into area1 (x < 300) with its hinge at the wall's
    // far end: the leaf runs from the wall's face (x 295) 82 cm into the room, at y 120 + 41 (SVG y flipped)
    const leaf = shadow(element).querySelector('[part~="door"] .leaf')!;
    const at = (name: string) => Number(leaf.getAttribute(name));
    expect([at('x1'), at('y1'), at('x2'), at('y2')]).to.deep.equal([295, -161, 213, -161]);
    // and the wall is cut where the door is, in its geometry (no mask: a mask kept removed plans alive):
    // wall6's fill is two pieces either side of the gap, its outline open lines ending at the gap
    expect(shadow(element).querySelector('mask, [mask]')).to.equal(null);
    const fill = shadow(element).querySelector('.wall-fills [data-wall="wall6"]')!.getAttribute('d')!;
    expect(fill.match(/M/g)).to.have.length(2);
    const walls = [...shadow(element).querySelectorAll('.wall-fills [data-wall]')];
    const uncut = walls.filter((w) => w.getAttribute('data-wall') !== 'wall6');
    expect(uncut.every((w) => w.getAttribute('d')!.match(/M/g)!.length === 1)).to.equal(true);
  });

  it('refuses a src that is not http(s) and a room id that is not a number', async () => {
    const element = plan({ src: 'javascript:alert(1)' });
    const failed = waitForEvent<{ error: ElementError }>(element, 'model-error');
    fixtureContainer().append(element);
    expect((await failed).detail.error.reason).to.equal('bad-src');
    const bad = plan({ 'room-id': '12; drop' });
    const failedId = waitForEvent<{ error: ElementError }>(bad, 'model-error');
    fixtureContainer().append(bad);
    expect((await failedId).detail.error.reason).to.equal('bad-id');
    expect(shadow(bad).querySelector('[part="error"]')!.textContent).to.contain('“12; drop” is not a number');
  });

  it('shows hostile area names as inert text', async () => {
    const hostile = '<img src=x onerror="window.__planPwned=1">';
    const script = '<script>window.__planPwned=2</script>';
    // large enough for the long names to be drawn legibly in their areas
    const element = await loadedPlan(
      smallModel({ outer: hostile, inner: script }),
      'display:block;inline-size:1600px;block-size:1100px',
    );
    await rafPasses(2);
    const root = shadow(element);
    expect(root.querySelector('img, script')).to.equal(null);
    const names = [...root.querySelectorAll('[part="label"] .name')].map((n) => n.textContent);
    expect(names).to.have.members([hostile, script]);
    expect((window as { __planPwned?: number }).__planPwned).to.equal(undefined);
  });

  it('pans with the arrow keys and zooms with + / − / 0, the buttons and the wheel', async () => {
    const element = await loadedPlan();
    const fit = viewBox(element);
    const viewport = shadow(element).querySelector<HTMLElement>('[part="viewport"]')!;
    viewport.focus();

    await sendKeys({ press: '+' });
    await element.updateComplete;
    const zoomed = viewBox(element);
    expect(zoomed[2]).to.be.closeTo(fit[2]! / 1.25, 0.05);

    await sendKeys({ press: 'ArrowRight' });
    await element.updateComplete;
    expect(viewBox(element)[0]).to.be.closeTo(zoomed[0]! + zoomed[2]! * 0.1, 0.05);
    await sendKeys({ press: 'ArrowDown' });
    await element.updateComplete;
    expect(viewBox(element)[1]).to.be.closeTo(zoomed[1]! + zoomed[3]! * 0.1, 0.05);

    await sendKeys({ press: '-' });
    await element.updateComplete;
    expect(viewBox(element)[2]).to.be.closeTo(fit[2]!, 0.05);
    await sendKeys({ press: '0' });
    await element.updateComplete;
    expect(viewBox(element)).to.deep.equal(fit);

    shadow(element).querySelector<HTMLButtonElement>('[part~="zoom-in"]')!.click();
    await element.updateComplete;
    expect(viewBox(element)[2]).to.be.lessThan(fit[2]!);
    shadow(element).querySelector<HTMLButtonElement>('[part~="fit"]')!.click();
    await element.updateComplete;
    expect(viewBox(element)).to.deep.equal(fit);

    const rect = viewport.getBoundingClientRect();
    viewport.dispatchEvent(
      new WheelEvent('wheel', {
        deltaY: -200,
        // the wheel zooms with Ctrl held (gesture-handling="cooperative", the default)
        ctrlKey: true,
        clientX: rect.left + rect.width / 2,
        clientY: rect.top + rect.height / 2,
        bubbles: true,
        cancelable: true,
      }),
    );
    await element.updateComplete;
    expect(viewBox(element)[2]).to.be.lessThan(fit[2]! * 0.8);
  });

  it('pans by dragging', async () => {
    const element = await loadedPlan();
    const before = viewBox(element);
    const viewport = shadow(element).querySelector<HTMLElement>('[part="viewport"]')!;
    const init = { pointerId: 7, button: 0, bubbles: true, isPrimary: true };
    viewport.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: 200, clientY: 200 }));
    viewport.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: 150, clientY: 180 }));
    viewport.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: 150, clientY: 180 }));
    await element.updateComplete;
    const after = viewBox(element);
    // dragging left moves the view right (the plan follows the pointer)
    expect(after[0]).to.be.greaterThan(before[0]!);
    expect(after[1]).to.be.greaterThan(before[1]!);
    expect(after[2]).to.equal(before[2]);
  });

  it('zooms with a two-finger pinch', async () => {
    const element = await loadedPlan();
    const fit = viewBox(element);
    const viewport = shadow(element).querySelector<HTMLElement>('[part="viewport"]')!;
    const touch = (type: string, pointerId: number, clientX: number) =>
      viewport.dispatchEvent(
        new PointerEvent(type, { pointerId, pointerType: 'touch', clientX, clientY: 150, bubbles: true }),
      );
    touch('pointerdown', 1, 200);
    touch('pointerdown', 2, 300);
    touch('pointermove', 2, 400); // the fingers move apart: 100 px → 200 px
    touch('pointerup', 1, 200);
    touch('pointerup', 2, 400);
    await element.updateComplete;
    expect(viewBox(element)[2]).to.be.closeTo(fit[2]! / 2, 0.05);
  });

  it('moving the element in the DOM mid-load still ends loaded', async () => {
    const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=1`)).json();
    await armFault({ match: `/room-styling/rooms/${list.rooms[0].id}`, delay: 300 });
    const element = plan({ 'room-id': String(list.rooms[0].id) });
    const first = fixtureContainer();
    const second = fixtureContainer();
    first.append(element);
    await until(() => element.getAttribute('state') === 'loading', 2000, 'loading');
    second.append(element);
    await until(() => element.getAttribute('state') === 'loaded', 5000, 'loaded after the move');
  });
});

describeStrictCsp('room-plan', 'loaded error');
