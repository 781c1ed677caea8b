/**
 * Every control of `<room-viewer>` and `<room-plan>` has its own place, in left-to-right and
 * right-to-left pages alike (logical properties): the whole look's button, full screen, zoom, fit,
 * measuring, and the plan's dimension texts; no two of their boxes intersect. Narrow elements, where
 * the corners come closest.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import { drawingOn, VIEWER_THREADS } from './helpers/drawn-on.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { cleanup, fixtureContainer, rafPasses, viewerPartsIn, waitForEvent } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

interface Box {
  name: string;
  rect: DOMRect;
}

/** The boxes of what `selectors` name in `el`'s shadow root (visible ones: some size, not display none). */
function boxes(el: HTMLElement, selectors: Record<string, string>): Box[] {
  const out: Box[] = [];
  for (const [name, selector] of Object.entries(selectors)) {
    el.shadowRoot!.querySelectorAll(selector).forEach((node, i) => {
      const rect = node.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) out.push({ name: `${name}${i ? ` ${i}` : ''}`, rect });
    });
  }
  return out;
}

const intersect = (a: DOMRect, b: DOMRect) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

function overlaps(list: Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++)
      if (intersect(list[i]!.rect, list[j]!.rect)) found.push(`${list[i]!.name} × ${list[j]!.name}`);
  return found;
}

const inside = (outer: DOMRect, inner: DOMRect) =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5;

async function mount(tag: 'room-viewer' | 'room-plan', dir: 'ltr' | 'rtl', width: number) {
  const box = fixtureContainer();
  box.dir = dir;
  const el = document.createElement(tag) as HTMLElement & { model?: unknown };
  el.setAttribute('cart', '');
  if (tag === 'room-viewer') el.setAttribute('camera', 'top');
  el.style.cssText = `display:block;inline-size:${width}px;block-size:${Math.round(width * 0.7)}px`;
  el.model = boxRoom({ components: 4, kinds: 2 });
  const loaded = waitForEvent(el, 'model-load', 30000);
  box.append(el);
  await loaded;
  // a viewer's measure toggle comes right after its first frame
  await viewerPartsIn(el);
  await rafPasses(3);
  return el;
}

const VIEWER_CONTROLS = {
  'add-look': '[part~="add-look"]',
  fullscreen: '[part~="fullscreen-button"]',
  measure: '[part~="measure-button"]',
  'floor-switcher': '[part~="floor-switcher"]',
};
const PLAN_CONTROLS = {
  'add-look': '[part~="add-look"]',
  'zoom-in': '[part~="zoom-in"]',
  'zoom-out': '[part~="zoom-out"]',
  fit: '[part~="fit"]',
  fullscreen: '[part~="fullscreen-button"]',
  measure: '[part~="measure-button"]',
  'floor-switcher': '[part~="floor-switcher"]',
};

for (const drawnOn of VIEWER_THREADS)
  describe(`controls placed with logical properties: nothing overlaps, left to right or right to left (viewers drawn on the ${drawnOn} thread)`, function () {
    this.timeout(60000);
    drawingOn(drawnOn);
    afterEach(cleanup);

    for (const dir of ['ltr', 'rtl'] as const) {
      for (const width of [360, 520]) {
        it(`<room-viewer dir=${dir}> ${width} px: the whole look, full screen and measuring apart`, async function () {
          requireWebGL(this);
          const viewer = await mount('room-viewer', dir, width);
          const list = boxes(viewer, VIEWER_CONTROLS);
          const names = list.map((b) => b.name);
          expect(names).to.include.members(['add-look', 'fullscreen', 'measure']);
          expect(
            overlaps(list),
            JSON.stringify(list.map((b) => [b.name, b.rect.left, b.rect.right])),
          ).to.deep.equal([]);
          const host = viewer.getBoundingClientRect();
          for (const b of list) expect(inside(host, b.rect), `${b.name} inside the viewer`).to.equal(true);
          // the corner controls sit at the end of the line: the right in ltr, the left in rtl
          const fullscreen = list.find((b) => b.name === 'fullscreen')!.rect;
          if (dir === 'ltr') expect(fullscreen.right).to.be.above(host.right - 40);
          else expect(fullscreen.left).to.be.below(host.left + 40);
        });

        it(`<room-plan dir=${dir}> ${width} px: the whole look, zoom, full screen and the dimension texts apart`, async () => {
          const plan = await mount('room-plan', dir, width);
          const controls = boxes(plan, PLAN_CONTROLS);
          const dimensions = boxes(plan, { dimension: '[part~="dimension"] text, .dimensions text' });
          expect(controls.map((b) => b.name)).to.include.members(['add-look', 'zoom-in', 'zoom-out', 'fit']);
          expect(dimensions.length, 'the plan draws its dimension texts').to.be.above(0);
          expect(
            overlaps([...controls, ...dimensions]).filter((pair) => !/^dimension.* × dimension/.test(pair)),
            JSON.stringify(
              [...controls, ...dimensions].map((b) => [
                b.name,
                Math.round(b.rect.left),
                Math.round(b.rect.top),
                Math.round(b.rect.right),
                Math.round(b.rect.bottom),
              ]),
            ),
          ).to.deep.equal([]);
          const host = plan.getBoundingClientRect();
          for (const b of controls) expect(inside(host, b.rect), `${b.name} inside the plan`).to.equal(true);
          const zoom = controls.find((b) => b.name === 'zoom-in')!.rect;
          if (dir === 'ltr') expect(zoom.right).to.be.above(host.right - 40);
          else expect(zoom.left).to.be.below(host.left + 40);
        });
      }
    }
  });
