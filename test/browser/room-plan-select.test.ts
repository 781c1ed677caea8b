// <room-plan> selectable furniture (issue 14): every piece's footprint drawn and picked by click,
// by keyboard through the room description, the cancelable component-select, `selected` outlined on
// the plan, highlight(), and FML items.
import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { ComponentSelectDetail } from '../../src/events/index.ts';
import { axeViolations } from './helpers/axe.ts';
import { furniture, mountShowing, smallFml, type Shown } from './helpers/select-fixtures.ts';
import { cleanup, rafPasses, waitForEvent } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

async function mount(source: Shown) {
  const plan = document.createElement('room-plan');
  plan.style.width = '480px';
  plan.style.height = '360px';
  const { el, model } = await mountShowing(plan, source);
  return { plan: el, model };
}

const root = (plan: RoomPlan) => plan.shadowRoot!;
const footprint = (plan: RoomPlan, id: string) =>
  root(plan).querySelector<SVGPolygonElement>(`[part~=component-footprint][data-component-id="${id}"]`)!;
const buttonOf = (plan: RoomPlan, id: string) =>
  root(plan).querySelector<HTMLButtonElement>(`button[part~=component][data-component-id="${id}"]`)!;

/** Where (client CSS px) the middle of the piece's drawn footprint is on screen. */
function screenPoint(plan: RoomPlan, id: string): [number, number] {
  const polygon = footprint(plan, id);
  const points = [...polygon.points];
  const x = points.reduce((s, p) => s + p.x, 0) / points.length;
  const y = points.reduce((s, p) => s + p.y, 0) / points.length;
  const svg = polygon.ownerSVGElement!;
  const box = svg.viewBox.baseVal;
  const rect = svg.getBoundingClientRect();
  // preserveAspectRatio meet: one scale, the spare pixels split on both sides
  const k = Math.max(box.width / rect.width, box.height / rect.height);
  const left = rect.left + (rect.width - box.width / k) / 2;
  const top = rect.top + (rect.height - box.height / k) / 2;
  return [left + (x - box.x) / k, top + (y - box.y) / k];
}

async function pickAt(plan: RoomPlan, [x, y]: [number, number]) {
  const picked = waitForEvent<ComponentSelectDetail>(plan, 'component-select', 1500).catch(() => undefined);
  await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
  return picked;
}

describe('<room-plan> selection', function () {
  this.timeout(60000);
  afterEach(cleanup);

  it('is accessible (axe): loaded, with something selected and highlighted, with the description focused', async () => {
    const { plan } = await mount({ model: boxRoom({ components: 6, kinds: 3 }) });
    expect(await axeViolations(plan)).to.deep.equal([]);
    plan.selected = ['model-1'];
    plan.highlight('model-2 model-3');
    await plan.updateComplete;
    expect(await axeViolations(plan)).to.deep.equal([]);
    buttonOf(plan, 'model-1').focus();
    expect(await axeViolations(plan)).to.deep.equal([]);
  });

  it('draws every piece of a room model and picks each by click', async () => {
    const { plan, model } = await mount({ model: boxRoom({ components: 12, kinds: 3 }) });
    const pieces = furniture(model);
    expect(root(plan).querySelectorAll('[part~=component-footprint]').length).to.equal(pieces.length);
    for (const piece of pieces) {
      const event = await pickAt(plan, screenPoint(plan, piece.id));
      expect(event?.detail.component.id, piece.id).to.equal(piece.id);
      expect(event!.detail.source).to.equal('pointer');
      expect(event!.bubbles && event!.composed && event!.cancelable).to.equal(true);
      expect(plan.selected).to.deep.equal([piece.id]);
      const outline = root(plan).querySelectorAll('[part~=selected]');
      expect([...outline].map((o) => o.getAttribute('data-component-id'))).to.deep.equal([piece.id]);
    }
    // Shift adds to the selection
    await sendKeys({ down: 'Shift' });
    await pickAt(plan, screenPoint(plan, pieces[0]!.id));
    await sendKeys({ up: 'Shift' });
    expect(plan.selected).to.deep.equal([pieces.at(-1)!.id, pieces[0]!.id]);
    // a document listener hears it (composed, bubbles)
    const heard = waitForEvent<ComponentSelectDetail>(document, 'component-select', 1500);
    await pickAt(plan, screenPoint(plan, pieces[3]!.id));
    expect((await heard).detail.component.id).to.equal(pieces[3]!.id);
  });

  it('does not pick at the end of a drag (panning), nor outside every piece', async () => {
    const { plan, model } = await mount({ model: boxRoom({ components: 4, kinds: 2 }) });
    let fired = 0;
    plan.addEventListener('component-select', () => fired++);
    const [x, y] = screenPoint(plan, furniture(model)[0]!.id).map(Math.round) as [number, number];
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x + 30, y + 20] });
    await sendMouse({ type: 'up' });
    const rect = root(plan).querySelector('svg')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(rect.left + 3), Math.round(rect.top + 3)] });
    await rafPasses(2);
    expect(fired).to.equal(0);
  });

  it('picks each piece by keyboard: Tab to the description after the controls, arrows, Enter', async () => {
    const { plan, model } = await mount({ model: boxRoom({ components: 5, kinds: 2 }) });
    const after = document.createElement('button');
    after.textContent = 'after';
    plan.after(after);
    root(plan).querySelector<HTMLButtonElement>('[part~=fit]')!.focus();
    const active = () => root(plan).activeElement as HTMLElement | null;
    // past the other controls (features may add their own after the zoom buttons)
    for (let step = 0; step < 10 && !active()?.closest('[part~=description]'); step++)
      await sendKeys({ press: 'Tab' });
    const viewBox = root(plan).querySelector('svg')!.getAttribute('viewBox');
    expect(active()?.closest('[part~=description]')).to.not.equal(null);
    for (const piece of furniture(model)) {
      for (let step = 0; step < 20 && active()?.dataset.componentId !== piece.id; step++)
        await sendKeys({ press: 'ArrowDown' });
      const event = waitForEvent<ComponentSelectDetail>(plan, 'component-select', 1500);
      await sendKeys({ press: 'Enter' });
      const { detail } = await event;
      expect(detail).to.deep.include({ source: 'keyboard' });
      expect(detail.component.id).to.equal(piece.id);
      await plan.updateComplete;
      expect(buttonOf(plan, piece.id).getAttribute('aria-pressed')).to.equal('true');
    }
    // arrowing through the list did not pan the plan
    expect(root(plan).querySelector('svg')!.getAttribute('viewBox')).to.equal(viewBox);
    await sendKeys({ press: 'Tab' });
    expect(!!active()?.closest('[part~=description]')).to.equal(false);
    for (let step = 0; step < 10 && document.activeElement !== after; step++)
      await sendKeys({ press: 'Tab' });
    expect(document.activeElement === after).to.equal(true);
  });

  it('component-select is cancelable; `selected` round-trips and is outlined; highlight() in its own colour', async () => {
    const { plan, model } = await mount({ model: boxRoom({ components: 4, kinds: 2 }) });
    const cancel = (e: Event) => e.preventDefault();
    plan.addEventListener('component-select', cancel);
    const event = await pickAt(plan, screenPoint(plan, furniture(model)[1]!.id));
    expect(event?.defaultPrevented).to.equal(true);
    expect(plan.selected).to.deep.equal([]);
    expect(root(plan).querySelector('[part~=selected]')).to.equal(null);
    plan.removeEventListener('component-select', cancel);

    plan.setAttribute('selected', 'model-0 model-2');
    await plan.updateComplete;
    expect(plan.selected).to.deep.equal(['model-0', 'model-2']);
    const outlines = [...root(plan).querySelectorAll<SVGPolygonElement>('[part~=selected]')];
    expect(outlines.map((o) => o.dataset.componentId)).to.deep.equal(['model-0', 'model-2']);
    expect(getComputedStyle(outlines[0]!).stroke).to.equal('rgb(37, 99, 235)');
    plan.selected = ['model-3'];
    await plan.updateComplete;
    expect(plan.getAttribute('selected')).to.equal('model-3');
    plan.highlight(['model-1']);
    await plan.updateComplete;
    const lit = root(plan).querySelector<SVGPolygonElement>('[part~=highlighted]')!;
    expect(lit.dataset.componentId).to.equal('model-1');
    expect(getComputedStyle(lit).stroke).to.equal('rgb(245, 158, 11)');
    plan.highlight();
    await plan.updateComplete;
    expect(root(plan).querySelector('[part~=highlighted]')).to.equal(null);
  });

  it('picks FML items by click and keyboard, with their refid as componentId', async () => {
    const { plan, model } = await mount({ fml: smallFml() });
    const items = furniture(model);
    expect(items.length).to.equal(4);
    for (const item of items) {
      const event = await pickAt(plan, screenPoint(plan, item.id));
      expect(event?.detail.component).to.deep.include({ id: item.id, componentId: item.componentId });
    }
    buttonOf(plan, 'item-sofa').focus();
    const event = waitForEvent<ComponentSelectDetail>(plan, 'component-select', 1500);
    await sendKeys({ press: 'Enter' });
    expect((await event).detail.component.componentId).to.equal('product-sofa');
    expect(root(plan).querySelector('[part~=description]')!.textContent).to.contain('Living');
  });
});
