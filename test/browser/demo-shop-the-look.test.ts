/**
 * The demo's "shop the look" section (demo/sections/shop-the-look.ts) on the emulator, as the demo page
 * runs it: it loads without errors, the plan follows the viewer, a pick shows the product card from the
 * page's catalogue, the pins are the page's own buttons, and the view link carries the camera.
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { ModelLoadDetail } from '../../src/events/index.ts';
import type { RoomModel } from '../../src/model/types.ts';
import { configure, resetConfig } from '../../src/config.ts';
import shopTheLookDemo from '../../demo/sections/shop-the-look.ts';
import { CATALOGUE } from '../../demo/sections/shop-the-look.catalogue.ts';
import { axeViolations } from './helpers/axe.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { cleanup, fixtureContainer, modelLoaded, until, viewerPartsIn } from './helpers/wait.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { VIEWER_THREADS as THREADS } from './helpers/drawn-on.ts';

/** The section as the demo page has it, filled by the section's script; resolves when both elements drew. */
async function mountSection(): Promise<{
  section: HTMLElement;
  viewer: RoomViewer;
  plan: RoomPlan;
  model: RoomModel;
}> {
  const section = document.createElement('section');
  section.id = 'shop-the-look';
  section.style.width = '900px';
  fixtureContainer().append(section);
  shopTheLookDemo(section);
  const viewer = section.querySelector('room-viewer')!;
  const plan = section.querySelector('room-plan')!;
  const [loaded] = await Promise.all([modelLoaded(viewer, 30000), modelLoaded(plan, 30000)]);
  // the viewer's description comes right after its first frame
  await viewerPartsIn(viewer);
  return { section, viewer, plan, model: (loaded as CustomEvent<ModelLoadDetail>).detail.model };
}

describe('demo: shop the look', function () {
  this.timeout(60000);
  const page = pageErrorsOfEachTest();
  before(function () {
    requireWebGL(this);
    configure({ apiBase: ROOM_STYLING });
  });
  afterEach(cleanup);

  it('is accessible (axe) once the room is shown', async () => {
    const { section } = await mountSection();
    expect(await axeViolations(section)).to.deep.equal([]);
    expect(page.errors).to.deep.equal([]);
  });

  it('loads without errors, the plan linked to the viewer', async () => {
    const { viewer, plan } = await mountSection();
    expect(viewer.id).to.equal('shop-viewer');
    expect(plan.getAttribute('for')).to.equal('shop-viewer');
    await until(() => plan.linkedViewer === viewer, 5000, 'the plan linked to the viewer');
    expect(page.errors).to.deep.equal([]);
  });

  for (const drawnOn of THREADS)
    it(`shows the project’s showcase room on a plain clone, every piece in the catalogue, meshes for boxes (drawn on the ${drawnOn} thread)`, async () => {
      // the meshes counted in the scene on the page's thread, by the render worker's own count there
      configure({ apiBase: ROOM_STYLING, viewerRenderer: drawnOn });
      const { viewer, model, section } = await mountSection().finally(() => {
        resetConfig();
        configure({ apiBase: ROOM_STYLING });
      });
      expect(viewer.renderThread).to.equal(drawnOn);
      expect(viewer.getAttribute('room-id')).to.equal('6346900');
      const furniture = model.components.filter((c) => c.kind === 'furniture');
      expect(furniture.length).to.equal(25);
      expect(furniture.every((c) => CATALOGUE.has(c.componentId!))).to.equal(true);
      expect(section.querySelector('.log')!.textContent).to.contain('25 of them in the shop’s catalogue');
      // the products' meshes replace the boxes (furniture-base)
      const counts = async () => viewer.view?.room.furniture() ?? (await renderWorkerInfo())!.furniture;
      await until(async () => (await counts()).boxes === 0, 30000, 'every box replaced by its mesh');
      expect((await counts()).meshes).to.equal(25);
    });

  it('shows the product card of a picked piece, its price and link from the catalogue', async () => {
    const { section, viewer, plan, model } = await mountSection();
    const [componentId, product] = [...CATALOGUE].find(([, p]) => p.hotspot)!;
    const piece = model.components.find((c) => c.componentId === componentId)!;
    expect(viewer.selectComponent(piece.id)).to.equal(true);
    const card = section.querySelector('.shop-card')!;
    await until(() => card.querySelector('h3')?.textContent === product.name, 5000, 'the product card');
    expect(card.getAttribute('aria-live')).to.equal('polite');
    const link = card.querySelector('a')!;
    expect(link.href).to.equal(product.url);
    expect(card.textContent).to.contain(componentId);
    // the plan shows the same selection (B's sync)
    await until(() => plan.selected.includes(piece.id), 5000, 'the plan selecting the same piece');
    expect(page.errors).to.deep.equal([]);
  });

  it('shows the card for a piece picked with the keyboard through the viewer’s description', async () => {
    const { section, viewer, model } = await mountSection();
    const [componentId, product] = [...CATALOGUE].find(([, p]) => p.hotspot)!;
    const piece = model.components.find((c) => c.componentId === componentId)!;
    const active = () => viewer.shadowRoot!.activeElement as HTMLElement | null;
    viewer.focus();
    // Tab goes past the page's pins and the viewer's own buttons to the description's one stop
    for (let i = 0; i < 12 && !active()?.closest('[part~="description"]'); i++)
      await sendKeys({ press: 'Tab' });
    expect(!!active()?.closest('[part~="description"]'), 'focus in the description').to.equal(true);
    for (let i = 0; i < 120 && active()?.dataset.componentId !== piece.id; i++)
      await sendKeys({ press: 'ArrowDown' });
    expect(active()?.dataset.componentId).to.equal(piece.id);
    await sendKeys({ press: 'Enter' });
    const card = section.querySelector('.shop-card')!;
    await until(() => card.querySelector('h3')?.textContent === product.name, 5000, 'the product card');
    expect(section.querySelector('.log')!.textContent).to.contain('component-select (keyboard)');
    expect(page.errors).to.deep.equal([]);
  });

  it('puts the page’s own pins on the catalogue’s hotspot products', async () => {
    const { viewer, model } = await mountSection();
    const pins = [...viewer.querySelectorAll<HTMLButtonElement>('[slot="hotspot"]')];
    // the pins of the products in this room (the catalogue also holds the real sample's)
    const wanted = [...CATALOGUE]
      .filter(([id, p]) => p.hotspot && model.components.some((c) => c.componentId === id))
      .map(([, p]) => p.name);
    expect(wanted.length).to.be.above(2);
    expect(pins.map((p) => p.textContent)).to.deep.equal(wanted);
    for (const pin of pins) {
      expect(pin.localName).to.equal('button');
      expect(model.components.some((c) => c.id === pin.dataset.componentId)).to.equal(true);
    }
  });

  it('writes a picked piece that is not in the catalogue as text, with no link', async () => {
    const { section, viewer, model } = await mountSection();
    const unknown = model.components
      .filter((c) => c.kind === 'furniture')
      .find((c) => !c.componentId || !CATALOGUE.has(c.componentId));
    if (!unknown) return;
    viewer.selectComponent(unknown.id);
    const card = section.querySelector('.shop-card')!;
    await until(() => card.querySelector('h3'), 5000, 'the card');
    expect(card.querySelector('h3')!.textContent).to.equal('Not in this shop’s catalogue');
    // no product link: the only link is the room opened on that piece (compare text, not elements: a
    // failed comparison of DOM nodes makes the runner serialise them, and it never reports)
    const links = [...card.querySelectorAll('a')].map((link) => link.textContent);
    expect(links).to.deep.equal(['Link to it in the room']);
  });

  it('keeps the view link in step with the camera attributes', async () => {
    const { section, viewer } = await mountSection();
    const link = section.querySelector<HTMLAnchorElement>('.shop-view-link')!;
    // the showcase room opens with a flight to a dollhouse view; its end is written into the attributes
    await until(() => new URL(link.href).searchParams.has('camera-orbit'), 10000, 'the opening flight');
    viewer.setAttribute('camera-orbit', '30deg 55deg 9m');
    viewer.setAttribute('camera-target', '4m 0m -1.5m');
    await until(
      () => new URL(link.href).searchParams.get('camera-orbit') === '30deg 55deg 9m',
      5000,
      'the link',
    );
    const url = new URL(link.href);
    expect(url.searchParams.get('camera-target')).to.equal('4m 0m -1.5m');
    expect(url.hash).to.equal('#shop-the-look');
  });
  it('sells the whole look: the basket, furnished or empty, side by side, quantities, analytics', async function () {
    const { section, viewer, plan } = await mountSection();
    const basket = section.querySelector('.shop-basket')!;
    const look = viewer.shadowRoot!.querySelector<HTMLElement>('[part~="add-look"]')!;
    look.scrollIntoView({ block: 'center' });
    const rect = look.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)],
    });
    await until(() => basket.querySelectorAll('li').length > 0, 5000, 'the basket filled');
    // every catalogue product of the room, as many as stand in it
    const inRoom = viewer.products.filter((p) => p.componentId && CATALOGUE.has(p.componentId));
    expect(basket.querySelectorAll('li').length).to.equal(inRoom.length);
    expect(basket.textContent).to.match(/Total: /);
    expect(section.querySelector('.log')!.textContent).to.contain('room-analytics room-viewer: add-to-cart');
    // empty room: both elements
    const empty = section.querySelector<HTMLInputElement>('.shop-empty input')!;
    empty.click();
    expect(viewer.getAttribute('furniture')).to.equal('hidden');
    expect(plan.getAttribute('furniture')).to.equal('hidden');
    empty.click();
    expect(viewer.getAttribute('furniture')).to.equal('shown');
    // side by side: the empty room on the same camera
    section.querySelector<HTMLInputElement>('.shop-side-by-side input')!.click();
    const twin = section.querySelector<RoomViewer>('.shop-twin room-viewer')!;
    expect(twin.getAttribute('sync-camera')).to.equal('shop-viewer');
    expect(twin.getAttribute('furniture')).to.equal('hidden');
    await modelLoaded(twin, 30000);
    await until(() => twin.syncedViewer === viewer, 5000, 'the twin linked');
    // quantities under the plan
    section.querySelector<HTMLInputElement>('.shop-quantities input')!.click();
    await plan.updateComplete;
    const table = plan.shadowRoot!.querySelector('[part~="quantities"]')!;
    expect(table.querySelectorAll('tbody tr').length).to.equal(plan.quantities!.areas.length);
    expect(await axeViolations(section)).to.deep.equal([]);
    expect(page.errors).to.deep.equal([]);
  });
});
