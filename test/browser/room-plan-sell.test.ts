// <room-plan> sells the look (issue 24): `products`, add-to-cart from the description (keyboard) and the
// whole look (a click), room-analytics per visitor action and none on the page's changes,
// furniture="hidden" in pixels (toBlob) and live, and `quantities` with its printable table.
import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { AddToCartDetail } from '../../src/events/index.ts';
import { formatArea, furnitureOf, roomQuantities } from '../../src/model/index.ts';
import { axeViolations } from './helpers/axe.ts';
import { mountShowing, smallFml, type Shown } from './helpers/select-fixtures.ts';
import { clickOn, recordEvents, sleep } from './helpers/sell.ts';
import { cleanup, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';
import { differingPixels } from './helpers/worker-pixels.ts';

async function mount(source: Shown, attributes: Record<string, string> = {}) {
  const plan = document.createElement('room-plan');
  plan.style.width = '480px';
  plan.style.height = '360px';
  for (const [name, value] of Object.entries(attributes)) plan.setAttribute(name, value);
  const { el, model } = await mountShowing(plan, source);
  return { plan: el, model };
}

const part = (plan: RoomPlan, name: string) =>
  plan.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const parts = (plan: RoomPlan, name: string) => [
  ...plan.shadowRoot!.querySelectorAll<Element>(`[part~="${name}"]`),
];

const noActivation = () =>
  until(
    () => !(navigator as Navigator & { userActivation: { isActive: boolean } }).userActivation.isActive,
    8000,
  );

/** The plan's picture (toBlob) as bytes. */
async function picture(plan: RoomPlan): Promise<Uint8ClampedArray> {
  const bitmap = await createImageBitmap(await plan.toBlob({ width: 240, height: 180 }));
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height).data;
}

/** How many pixels differ by more than 2 in a channel. */
const differing = (a: Uint8ClampedArray, b: Uint8ClampedArray) => differingPixels(a, b);

describe('<room-plan> sells the look', function () {
  this.timeout(60000);
  afterEach(async () => {
    cleanup();
    await emulateMedia({ media: 'screen' });
  });

  it('gives the room’s products, FML items grouped by refid, also in model-load', async () => {
    const plan = document.createElement('room-plan');
    plan.fml = smallFml();
    const loaded = waitForEvent<{ products: unknown }>(plan, 'model-load', 30000);
    document.body.append(plan);
    try {
      const { detail } = await loaded;
      expect(plan.products.map((p) => [p.componentId, p.count])).to.deep.equal([
        ['product-sofa', 1],
        ['product-chair', 2],
        ['product-table', 1],
      ]);
      expect(detail.products).to.equal(plan.products);
      expect(plan.products[1]!.areas.map((a) => a.label)).to.deep.equal(['Living']);
    } finally {
      plan.remove();
    }
  });

  it('adds one piece (keyboard) and the whole look (click) to the page’s cart, analytics once each', async () => {
    const record = recordEvents();
    try {
      const { plan, model } = await mount({ model: boxRoom({ components: 4, kinds: 2 }) }, { cart: '' });
      expect(await axeViolations(plan)).to.deep.equal([]);
      expect(plan.products.reduce((s, p) => s + p.count, 0)).to.equal(furnitureOf(model).length);
      // the keyboard: Tab to the description (after the plan's own stops), arrows to a piece's cart button
      part(plan, 'viewport')!.focus();
      const active = () => plan.shadowRoot!.activeElement as HTMLElement | null;
      for (let step = 0; step < 12 && !active()?.closest('[part~=description]'); step++)
        await sendKeys({ press: 'Tab' });
      for (
        let step = 0;
        step < 20 && !(active()?.part.contains('add-to-cart') && active()?.dataset.componentId === 'model-2');
        step++
      )
        await sendKeys({ press: 'ArrowDown' });
      let event = waitForEvent<AddToCartDetail>(plan, 'add-to-cart', 3000);
      await sendKeys({ press: 'Space' });
      expect((await event).detail).to.deep.equal({
        items: [{ componentId: 'kind-0', quantity: 1 }],
        source: 'description',
      });
      event = waitForEvent<AddToCartDetail>(plan, 'add-to-cart', 3000);
      await clickOn(part(plan, 'add-look')!);
      expect((await event).detail).to.deep.equal({
        items: [
          { componentId: 'kind-0', quantity: 2 },
          { componentId: 'kind-1', quantity: 2 },
        ],
        source: 'look',
      });
      expect(record.acts()).to.deep.equal(['interaction', 'add-to-cart', 'add-to-cart']);
      // Dutch
      plan.lang = 'nl';
      await until(() => part(plan, 'add-look')!.textContent!.trim() === 'Hele look toevoegen', 3000, 'Dutch');
      expect(part(plan, 'add-to-cart')!.textContent!.trim()).to.equal('In winkelwagen');
    } finally {
      record.stop();
    }
  });

  it('sends select and measure for the visitor’s clicks, and nothing for the page’s changes', async () => {
    const record = recordEvents();
    try {
      const { plan } = await mount({ model: boxRoom({ components: 4, kinds: 2 }) }, { experiment: 'arm-2' });
      await noActivation();
      record.clear();
      plan.selected = ['model-1'];
      plan.selectComponent('model-0');
      plan.furniture = 'hidden';
      plan.showQuantities = true;
      plan.units = 'imperial';
      plan.measure = true;
      await plan.updateComplete;
      await plan.toBlob({ width: 20, height: 20 });
      plan.addToCart();
      plan.measure = false;
      plan.furniture = 'shown';
      await plan.updateComplete;
      expect(record.acts()).to.deep.equal([]);
      // a click on a piece's footprint
      const footprint = plan.shadowRoot!.querySelector(
        '[part~=component-footprint][data-component-id="model-3"]',
      )!;
      await clickOn(footprint);
      await until(() => record.acts().includes('select'), 3000, 'select');
      expect(record.analytics.find((d) => d.action === 'select')).to.deep.equal({
        action: 'select',
        componentId: 'kind-1',
        experiment: 'arm-2',
      });
      // the measure button and two clicks
      await clickOn(plan.shadowRoot!.querySelector('button[part~=measure]')!);
      const rect = part(plan, 'viewport')!.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(rect.left + rect.width * 0.35), Math.round(rect.top + rect.height / 2)],
      });
      await sendMouse({
        type: 'click',
        position: [Math.round(rect.left + rect.width * 0.65), Math.round(rect.top + rect.height / 2)],
      });
      await until(() => record.acts().includes('measure'), 3000, 'measure');
      expect(record.acts()).to.deep.equal(['interaction', 'select', 'measure']);
    } finally {
      record.stop();
    }
  });

  it('hides the furniture with furniture="hidden": the picture of the room without it, live', async () => {
    const furnished = await mount({ model: boxRoom({ components: 6, kinds: 2 }) });
    const empty = await mount({ model: boxRoom({ components: 0 }) });
    const before = await picture(furnished.plan);
    const bare = await picture(empty.plan);
    expect(differing(before, bare)).to.be.above(100);
    furnished.plan.furniture = 'hidden';
    await furnished.plan.updateComplete;
    expect(furnished.plan.getAttribute('furniture')).to.equal('hidden');
    expect(differing(await picture(furnished.plan), bare)).to.equal(0);
    // FML items go too, its walls stay
    const fml = await mount({ fml: smallFml() }, { furniture: 'hidden' });
    const items = fml.plan.shadowRoot!.querySelectorAll('.items > polygon:not(.stair)');
    expect(items.length).to.equal(4);
    for (const item of items) expect(getComputedStyle(item).display).to.equal('none');
    expect(getComputedStyle(part(fml.plan, 'wall')!).display).to.not.equal('none');
    // a click where a piece stands picks nothing
    const picked = waitForEvent(fml.plan, 'component-select', 800).catch(() => undefined);
    await clickOn(fml.plan.shadowRoot!.querySelector('[part~=component-footprint]')!);
    expect(await picked).to.equal(undefined);
    expect(parts(fml.plan, 'component')).to.deep.equal([]);
    furnished.plan.furniture = 'shown';
    await furnished.plan.updateComplete;
    await rafPasses(2);
    expect(differing(await picture(furnished.plan), before)).to.equal(0);
  });

  it('gives its quantities and shows them as a printable table', async () => {
    const { plan, model } = await mount({ fml: smallFml() }, { 'show-quantities': '' });
    const quantities = plan.quantities!;
    // beside roomQuantities(): the surfaces' m² per material (issue 37), the floor's as the area's
    const { materials, ...ofAreas } = quantities;
    expect(ofAreas).to.deep.equal(roomQuantities(model, plan.plan));
    expect(materials.floors.reduce((sum, m) => sum + m.area, 0)).to.be.closeTo(
      quantities.totals.floorArea,
      1e-9,
    );
    expect(quantities.areas.length).to.equal(1);
    const [area] = quantities.areas;
    // in m² and m, as the contract says (400 × 300 cm)
    expect(area!.floorArea).to.be.closeTo(12, 0.001);
    expect(area!.perimeter).to.be.closeTo(14, 0.001);
    const table = part(plan, 'quantities')!;
    expect(table.querySelector('caption')!.textContent!.trim()).to.equal('Quantities');
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows.length).to.equal(1);
    expect(rows[0]!.querySelector('th')!.textContent!.trim()).to.equal('Living');
    expect(rows[0]!.querySelector('td')!.textContent!.trim()).to.equal('12.0 m²');
    expect(formatArea(area!.floorArea * 10_000, 'metric', 'en')).to.equal('12.0 m²');
    expect(table.querySelector('tfoot th')!.textContent!.trim()).to.equal('Total');
    expect(await axeViolations(plan)).to.deep.equal([]);
    // on screen under the plan, inside the element
    const host = plan.getBoundingClientRect();
    const box = table.getBoundingClientRect();
    expect(box.height).to.be.above(40);
    expect(box.bottom).to.be.at.most(host.bottom + 1);
    // imperial and Dutch
    plan.units = 'imperial';
    plan.lang = 'nl';
    await until(
      () => part(plan, 'quantities')!.querySelector('caption')!.textContent!.trim() === 'Hoeveelheden',
      3000,
      'Dutch',
    );
    expect(rows[0]!.querySelector('td')!.textContent).to.match(/ft²/);
    // in print the whole table shows, not scrolled
    await emulateMedia({ media: 'print' });
    await sleep(50);
    expect(getComputedStyle(part(plan, 'quantities')!).overflow).to.equal('visible');
    await emulateMedia({ media: 'screen' });
    // without the attribute, no table (the property stays)
    plan.showQuantities = false;
    await plan.updateComplete;
    expect(part(plan, 'quantities')).to.equal(null);
    expect(plan.quantities).to.equal(quantities);
  });
});
