/**
 * Swap a piece (`replaceComponent()`, `alternatives`): on the project's showcase room (the emulator's
 * room 6346900, served on a plain clone), on both threads. A sofa too long for the room is refused
 * with `collision` and the room stays pixel for pixel as it was; a media unit into the door's swing
 * with `door`, a sofa onto the side table with `overlap`, no size or no piece with `invalid`; an
 * accepted swap changes `products` and the cart's lines by exactly that product, the description
 * follows, and undo gives the old pixels back; the swap control (`part="swap"`) works from the keyboard.
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { Replacement } from '../../src/features/swap/replacement.ts';
import { SwapRefused } from '../../src/features/swap/swap-refused.ts';
import type { AddToCartDetail, RoomChangeDetail, RoomChangeErrorDetail } from '../../src/events/index.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { axeViolations } from './helpers/axe.ts';
import { armFault, ROOM_STYLING } from './helpers/emulator.ts';
import type { GroupInspection } from '../../src/three/inspect.ts';
import { framesOf, inspectOf, meshSuiteOn, THREADS } from './helpers/threads.ts';
import { cleanup, fixtureContainer, rafPasses, until, viewerPartsIn, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { differingPixels } from './helpers/worker-pixels.ts';
import { makeViewer, viewerPixels as pixels } from './room-viewer-fixtures.ts';

const SHOWCASE = '6346900';
/** The Dune sofa (model-4): 220 × 95 at (330, 250), turned 90°, its back towards the dining side. */
const SOFA_PIECE = 'model-4';
const SOFA = 'a5310489438ad4269f151da748c62d441bdebbf5';
/** The Reed media unit (model-0): 180 × 45 against the west wall, below the door (y 345 … 435). */
const MEDIA_PIECE = 'model-0';
/** The Pebble side table (model-5) at the sofa's end. */
const SIDE_TABLE = 'model-5';

const sofa = (width: number, depth = 95, extra: Partial<Replacement> = {}): Replacement => ({
  componentId: `test-sofa-${width}`,
  name: `Test sofa ${width} cm`,
  category: 'Sofa',
  size: { width, depth, height: 85 },
  ...extra,
});

async function showcase(attributes: Record<string, string> = {}): Promise<RoomViewer> {
  const viewer = makeViewer(
    { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top', ...attributes },
    [320, 220],
  );
  const loaded = waitForEvent(viewer, 'model-load', 30000);
  fixtureContainer().append(viewer);
  await loaded;
  await viewer.updateComplete;
  // the description (its buttons give a piece's size) comes right after the first frame
  await viewerPartsIn(viewer);
  await rafPasses(3);
  return viewer;
}

/** How many pixels differ by more than `tolerance` in a channel. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray, tolerance = 2): number {
  expect(a.length).to.equal(b.length);
  return differingPixels(a, b, tolerance);
}

/** Waits for a frame drawn after a change, then lets the picture settle. */
async function drawnAfter(viewer: RoomViewer, frames: number): Promise<void> {
  await until(() => framesOf(viewer) > frames, 8000, 'a frame after the swap');
  await rafPasses(3);
}

/** The refusal replaceComponent() rejected with (fails when it resolved). */
async function refusal(promise: Promise<void>): Promise<SwapRefused> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(SwapRefused);
    return error as SwapRefused;
  }
  throw new Error('the swap was not refused');
}

/** The cart's lines for the whole look, as the page would get them. */
function cartLines(viewer: RoomViewer): AddToCartDetail['items'] {
  let items: AddToCartDetail['items'] = [];
  const take = (event: Event) => {
    items = (event as CustomEvent<AddToCartDetail>).detail.items;
    event.preventDefault();
  };
  viewer.addEventListener('add-to-cart', take);
  viewer.addToCart();
  viewer.removeEventListener('add-to-cart', take);
  return items;
}

for (const renderer of THREADS)
  describe(`<room-viewer> swaps a piece (drawn on the ${renderer} thread)`, function () {
    this.timeout(60000);
    before(function () {
      requireWebGL(this);
      configure({ viewerRenderer: renderer });
    });
    after(resetConfig);
    afterEach(() => cleanup());

    it('refuses a sofa longer than the room with collision, the room pixel for pixel as it was', async () => {
      const viewer = await showcase();
      expect(viewer.renderThread).to.equal(renderer);
      const before = await pixels(viewer);
      const frames = framesOf(viewer);
      const products = viewer.products;
      const errors: RoomChangeErrorDetail[] = [];
      viewer.addEventListener('room-change-error', (e) => errors.push(e.detail));
      // 500 cm along y from 250: 0 … 500, through the north and south walls (inner faces at 10 and 490)
      const refused = await refusal(viewer.replaceComponent(SOFA_PIECE, sofa(500)));
      expect(refused.reason).to.equal('collision');
      expect(refused.message).to.match(/cross a wall/);
      // the element's error event: the change asked for, the reason and the sentence
      expect(errors).to.deep.equal([
        {
          change: { kind: 'replace', target: SOFA_PIECE, after: sofa(500), source: 'api' },
          reason: 'collision',
          message: refused.message,
        },
      ]);
      expect(viewer.changes).to.deep.equal([]);
      await rafPasses(3);
      expect(framesOf(viewer)).to.equal(frames);
      expect(differing(before, await pixels(viewer), 0)).to.equal(0);
      expect(viewer.products).to.equal(products);
      expect(viewer.replaced).to.deep.equal({});
    });

    it('refuses a media unit into the door’s swing (door), a sofa onto the side table (overlap), and bad input (invalid)', async () => {
      const viewer = await showcase();
      const before = await pixels(viewer);
      // 300 cm along the west wall from y 250: 100 … 400, into the door's swing (y 345 … 435)
      const unit: Replacement = { componentId: 'test-unit', size: { width: 300, depth: 45, height: 50 } };
      const door = await refusal(viewer.replaceComponent(MEDIA_PIECE, unit));
      expect(door.reason).to.equal('door');
      // 300 cm: y 100 … 400, over the side table at y 369.5 … 414.5
      const overlap = await refusal(viewer.replaceComponent(SOFA_PIECE, sofa(300)));
      expect(overlap.reason).to.equal('overlap');
      expect(overlap.message).to.contain(SIDE_TABLE);
      const noSize = await refusal(
        viewer.replaceComponent(SOFA_PIECE, { componentId: 'x' } as unknown as Replacement),
      );
      expect([noSize.reason, noSize.message]).to.deep.equal([
        'invalid',
        'replaceComponent(): a replacement needs a size { width, depth, height } in cm',
      ]);
      expect((await refusal(viewer.replaceComponent('no-such-piece', sofa(200)))).reason).to.equal('invalid');
      // a window is no piece of furniture
      expect((await refusal(viewer.replaceComponent('model-26', sofa(100)))).reason).to.equal('invalid');
      expect(differing(before, await pixels(viewer), 0)).to.equal(0);
    });

    it('swaps the sofa in place: products and the cart change by exactly that product, the description follows, undo gives the pixels back', async () => {
      const viewer = await showcase({ cart: '' });
      const before = await pixels(viewer);
      const productsBefore = viewer.products.map((p) => [p.componentId, p.count]);
      const linesBefore = cartLines(viewer);
      expect(linesBefore).to.deep.include({ componentId: SOFA, quantity: 1 });

      let frames = framesOf(viewer);
      const changes: RoomChangeDetail[] = [];
      viewer.addEventListener('room-change', (e) => changes.push(e.detail));
      // 200 × 100: y 150 … 350, x 277.5 … 377.5 (the back stays at x 377.5)
      const started = performance.now();
      await viewer.replaceComponent(SOFA_PIECE, sofa(200, 100));
      const took = performance.now() - started;
      expect(changes).to.deep.equal([
        { kind: 'replace', target: SOFA_PIECE, before: null, after: sofa(200, 100), source: 'api' },
      ]);
      await drawnAfter(viewer, frames);
      console.log(`replaceComponent() resolved in ${took.toFixed(1)} ms (${renderer} thread)`);
      const after = await pixels(viewer);
      expect(differing(before, after)).to.be.greaterThan(50);

      // products: the sofa's product gone (it had one piece), the new one in its place with one
      const productsAfter = viewer.products.map((p) => [p.componentId, p.count]);
      expect(productsAfter.filter(([id]) => id !== 'test-sofa-200')).to.deep.equal(
        productsBefore.filter(([id]) => id !== SOFA),
      );
      expect(productsAfter).to.deep.include(['test-sofa-200', 1]);
      const swapped = viewer.products.find((p) => p.componentId === 'test-sofa-200')!;
      expect(swapped.size).to.deep.equal({ width: 200, depth: 100, height: 85 });
      expect(swapped.ids).to.deep.equal([SOFA_PIECE]);
      // the cart's lines: one line less of the old sofa, one of the new
      const linesAfter = cartLines(viewer);
      expect(linesAfter.filter((l) => l.componentId !== 'test-sofa-200')).to.deep.equal(
        linesBefore.filter((l) => l.componentId !== SOFA),
      );
      expect(linesAfter).to.deep.include({ componentId: 'test-sofa-200', quantity: 1 });
      expect(viewer.replaced).to.deep.equal({ [SOFA_PIECE]: sofa(200, 100) });
      // the description's button for the piece gives the new size
      await viewer.updateComplete;
      const button = viewer.shadowRoot!.querySelector<HTMLElement>(
        `[part~="component"][data-component-id="${SOFA_PIECE}"]`,
      )!;
      expect(button.textContent).to.contain('2.00 m × 1.00 m × 0.85 m');

      // undo (the change log's): the old mesh back, pixel for pixel
      frames = framesOf(viewer);
      expect(await viewer.undo()).to.equal(true);
      await drawnAfter(viewer, frames);
      expect(differing(before, await pixels(viewer))).to.equal(0);
      expect(changes[1]).to.deep.equal({
        kind: 'replace',
        target: SOFA_PIECE,
        before: sofa(200, 100),
        after: null,
        source: 'undo',
      });
      expect(viewer.products.map((p) => [p.componentId, p.count])).to.deep.equal(productsBefore);
      expect(cartLines(viewer)).to.deep.equal(linesBefore);
      expect(viewer.replaced).to.deep.equal({});
      expect(await viewer.undo()).to.equal(false);
      // redo: the same picture as the swap gave
      frames = framesOf(viewer);
      expect(await viewer.redo()).to.equal(true);
      await drawnAfter(viewer, frames);
      expect(differing(after, await pixels(viewer))).to.equal(0);
      expect(viewer.replaced).to.deep.equal({ [SOFA_PIECE]: sofa(200, 100) });
    });

    it('replays a saved list on a fresh viewer to the same picture', async () => {
      const first = await showcase();
      const frames = framesOf(first);
      await first.replaceComponent(SOFA_PIECE, sofa(200, 100));
      await drawnAfter(first, frames);
      const swapped = await pixels(first);
      const saved = JSON.stringify(first.changes);
      cleanup();
      const second = makeViewer(
        { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top', changes: saved },
        [320, 220],
      );
      const replayed = waitForEvent<RoomChangeDetail>(second, 'room-change', 30000);
      const loaded = waitForEvent(second, 'model-load', 30000);
      fixtureContainer().append(second);
      expect((await replayed).detail.source).to.equal('replay');
      await loaded;
      await second.changesSettled();
      await rafPasses(3);
      await until(
        async () => {
          const now = await pixels(second).catch(() => undefined);
          return now?.length === swapped.length && differing(swapped, now) === 0;
        },
        10000,
        'the same picture',
      );
      expect(second.replaced).to.deep.equal({ [SOFA_PIECE]: sofa(200, 100) });
    });

    it('a linked <room-plan for> draws the new footprint and its products follow, and the old one on undo', async () => {
      const viewer = await showcase();
      viewer.id = `swap-viewer-${renderer}`;
      const plan = document.createElement('room-plan') as RoomPlan;
      plan.setAttribute('room-id', SHOWCASE);
      plan.setAttribute('api-base', ROOM_STYLING);
      plan.setAttribute('for', viewer.id);
      plan.style.cssText = 'display:block;width:320px;height:220px';
      const planLoaded = waitForEvent(plan, 'model-load', 30000);
      fixtureContainer().append(plan);
      await planLoaded;
      await plan.updateComplete;
      const footprint = () =>
        plan.shadowRoot!.querySelector(`[part~="component-footprint"][data-component-id="${SOFA_PIECE}"]`)!;
      /** The footprint's box (model x, y: the plan's y points down). */
      const box = () => {
        const points = footprint()
          .getAttribute('points')!
          .trim()
          .split(/\s+/)
          .map((p) => p.split(',').map(Number) as [number, number]);
        const xs = points.map((p) => p[0]);
        const ys = points.map((p) => -p[1]);
        return [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)].map((v) => Math.round(v));
      };
      // the sofa: 95 deep from x 282.5 to its back at 377.5, 220 long from y 140 to 360
      expect(box()).to.deep.equal([283, 378, 140, 360]);
      await viewer.replaceComponent(SOFA_PIECE, sofa(200, 100));
      await plan.updateComplete;
      // its back still at x 377.5, 100 deep, 200 long
      expect(box()).to.deep.equal([278, 378, 150, 350]);
      expect(plan.products.map((p) => p.componentId)).to.include('test-sofa-200');
      expect(plan.products.map((p) => p.componentId)).not.to.include(SOFA);
      await viewer.undo();
      await plan.updateComplete;
      expect(box()).to.deep.equal([283, 378, 140, 360]);
      expect(plan.products.map((p) => p.componentId)).to.include(SOFA);
    });

    it('puts a swap control on the selected piece that the keyboard can use', async () => {
      const viewer = await showcase();
      viewer.alternatives = {
        [SOFA]: [
          sofa(500, 95, { name: 'Grand sofa' }),
          sofa(180, 90, { name: 'Loveseat' }),
          // a page's product name is text, never markup
          sofa(150, 80, { name: '<img src=x onerror="window.__swapXss = 1">' }),
        ],
      };
      viewer.selected = [SOFA_PIECE];
      await viewer.updateComplete;
      const control = (await until(() => viewer.shadowRoot!.querySelector<HTMLElement>('[part~="swap"]')))!;
      expect(await axeViolations(viewer)).to.deep.equal([]);
      const select = control.querySelector<HTMLSelectElement>('select')!;
      expect([...select.options].map((o) => o.text)).to.deep.equal([
        'Grand sofa',
        'Loveseat',
        '<img src=x onerror="window.__swapXss = 1">',
      ]);
      expect(control.querySelector('img')).to.equal(null);
      expect((window as { __swapXss?: number }).__swapXss).to.equal(undefined);
      expect(control.textContent).to.contain('Swap Sofa for');
      const button = control.querySelector<HTMLButtonElement>('[part~="swap-button"]')!;
      expect(button.textContent!.trim()).to.equal('Swap');
      // the keyboard: the first candidate is too long (refused, said in words), the second fits
      select.focus();
      await sendKeys({ press: 'Tab' });
      expect(viewer.shadowRoot!.activeElement).to.equal(button);
      await sendKeys({ press: 'Enter' });
      const status = () => control.querySelector('[part~="swap-status"]')!.textContent!.trim();
      await until(() => status(), 8000, 'the refusal said');
      expect(status()).to.equal('Grand sofa does not fit: It would cross a wall.');
      expect(viewer.replaced).to.deep.equal({});
      select.focus();
      await sendKeys({ press: 'ArrowDown' });
      expect(select.value).to.equal('1');
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Enter' });
      await until(() => viewer.replaced[SOFA_PIECE], 8000, 'the loveseat swapped in');
      expect(viewer.replaced[SOFA_PIECE]!.name).to.equal('Loveseat');
      expect(viewer.changes.map((c) => [c.kind, c.target, c.source])).to.deep.equal([
        ['replace', SOFA_PIECE, 'user'],
      ]);
      await until(() => status() === 'Swapped for Loveseat', 8000, 'the swap said');
      expect(viewer.products.map((p) => p.componentId)).to.include('test-sofa-180');
      // another piece selected: the control says nothing of the sofa's swap
      viewer.selected = [];
      await viewer.updateComplete;
      expect(viewer.shadowRoot!.querySelector('[part~="swap"]')).to.equal(null);
    });
  });

// the scene as each thread holds it, read through the view's inspection (src/three/inspect.ts)
for (const drawnOn of THREADS)
  describe(`<room-viewer> swaps a piece: the meshes, drawn on ${drawnOn}`, function () {
    this.timeout(90000);
    meshSuiteOn(drawnOn);
    afterEach(() => cleanup());

    it('draws the replacement as its product’s mesh, and keeps the old piece hidden when the room’s meshes arrive after the swap', async () => {
      // the sofa's mesh held back 4 s: the swap comes first, the room's meshes after it
      await armFault({ match: `/room-styling/models/a5/${SOFA}`, delay: 4000, times: 1 });
      const viewer = await showcase({ 'furniture-base': ROOM_STYLING });
      expect(viewer.renderThread).to.equal(drawnOn);
      expect((await inspectOf(viewer)).furniture.pending).to.be.greaterThan(0);
      const started = performance.now();
      await viewer.replaceComponent(SOFA_PIECE, sofa(180, 90, { model: `models/a5/${SOFA}_00.mi` }));
      const took = performance.now() - started;
      const swapGroup = (groups: GroupInspection[]) => groups.find((g) => g.key.startsWith('swap:'));
      await until(
        async () => {
          const { furniture, groups } = await inspectOf(viewer);
          return furniture.pending === 0 && !!swapGroup(groups)?.meshed;
        },
        30000,
        'the meshes in',
      );
      await rafPasses(3);
      const { groups } = await inspectOf(viewer);
      // the original sofa's group: its one instance drawn as nothing, in whichever mesh draws it now
      const original = (all: GroupInspection[]) =>
        all.find((g) => !g.key.startsWith('swap:') && g.ids.includes(SOFA_PIECE))!;
      expect(original(groups).hidden).to.deep.equal([SOFA_PIECE]);
      // the replacement: the product's mesh fitted into 180 × 90 × 85
      const swapped = swapGroup(groups)!;
      expect(swapped.meshed).to.equal(true);
      const [min, max] = swapped.drawn;
      const size = max.map((v, i) => Math.round((v - min[i]!) * 100));
      // world space is metres, y up: 180 wide along the model's y (the sofa turned 90°), 85 high, 90 deep
      expect(size).to.deep.equal([90, 85, 180]);
      // undo: the old sofa back in its mesh, the replacement's gone
      await viewer.undo();
      await until(async () => !swapGroup((await inspectOf(viewer)).groups), 5000, 'the replacement gone');
      expect(original((await inspectOf(viewer)).groups).hidden).to.deep.equal([]);
      console.log(`replaceComponent() resolved in ${took.toFixed(1)} ms (${drawnOn} thread, boxes drawn)`);
    });
  });
