/**
 * `<room-plan>` paints with its first-paint code only (issue 33, the sixteenth round): its features' working
 * code (src/elements/room-plan/after-paint.ts) is asked for only once the plan's areas and walls are on
 * screen, and is in by `model-load`; a call made before it is held and made then, in order, before
 * `model-load`; a plan made once it is in the page takes it at once. The element is the only module of
 * src/ this file imports, so what the page requested is what the element asked for.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { ComponentSelectDetail } from '../../src/events/index.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

/** The parts' chunk and the link's (`for`), as the dev server serves them. */
const PARTS = '/src/elements/room-plan/after-paint.ts';
const LINK = '/src/elements/room-plan/features/sync-part.ts';

/** When the page asked for the module at `path` (ms since the page's origin), or undefined. */
function requestedAt(path: string): number | undefined {
  const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.endsWith(path));
  return entry?.startTime;
}

/** Resolves with the time `plan` first says `loaded` (its areas and walls are in the page). */
function loadedState(plan: HTMLElement): Promise<number> {
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (plan.getAttribute('state') !== 'loaded') return;
      watch.disconnect();
      resolve(performance.now());
    });
    watch.observe(plan, { attributes: true, attributeFilter: ['state'] });
  });
}

function makePlan(): RoomPlan {
  const plan = document.createElement('room-plan');
  plan.style.width = '480px';
  plan.style.height = '360px';
  plan.model = boxRoom({ components: 3 });
  return plan;
}

describe('<room-plan> parts after the first paint', () => {
  const page = pageErrorsOfEachTest();
  afterEach(() => expect(page.errors, 'no error reached the page').to.deep.equal([]));
  afterEach(cleanup);
  before(() => performance.setResourceTimingBufferSize(2000));

  it('paints before asking for its parts; calls made before are held and made before model-load, in order', async () => {
    const plan = makePlan();
    const order: string[] = [];
    plan.addEventListener('component-select', (event) => {
      const { component, source } = (event as CustomEvent<ComponentSelectDetail>).detail;
      order.push(`select ${component.id} ${source}`);
    });
    plan.addEventListener('model-load', () => order.push('model-load'));
    // before the plan is even in the page: held (false: not made yet), and nothing changed
    expect(plan.selectComponent('model-1')).to.equal(false);
    plan.highlight('model-2');
    const painted = firstStage(plan);
    const loaded = waitForEvent(plan, 'model-load');
    fixtureContainer().append(plan);

    const { at, partsAsked, footprints, selected, products } = await painted;
    expect(partsAsked, 'the parts asked for before the first paint').to.equal(undefined);
    expect(footprints, 'no feature layer in the first paint').to.equal(0);
    expect(selected, 'nothing selected yet').to.deep.equal([]);
    expect(products, 'products come with the parts').to.deep.equal([]);

    await loaded;
    expect(order, 'the held call made before model-load').to.deep.equal(['select model-1 api', 'model-load']);
    expect(plan.selected).to.deep.equal(['model-1']);
    const root = plan.shadowRoot!;
    expect(root.querySelectorAll('[part="component-footprint"]')).to.have.length(3);
    expect(root.querySelector('[part="highlighted"]')?.getAttribute('data-component-id')).to.equal('model-2');
    expect(root.querySelector('[part="description"]'), 'the description by model-load').to.not.equal(null);
    expect(plan.products.length, 'products by model-load').to.be.greaterThan(0);
    expect(plan.quantities?.totals, 'quantities by model-load').to.not.equal(undefined);
    const asked = requestedAt(PARTS);
    expect(asked, 'the parts were asked for').to.not.equal(undefined);
    expect(asked!, 'the parts asked for after the plan said loaded').to.be.at.least(at);
    // a plan without `for` never asks for the link's chunk
    expect(requestedAt(LINK)).to.equal(undefined);

    // after model-load a call is made at once
    expect(plan.selectComponent('model-0')).to.equal(true);
    expect(plan.selected).to.deep.equal(['model-0']);
  });

  it('a plan that cannot be drawn answers what was held as without a plan, not never', async () => {
    const plan = document.createElement('room-plan');
    plan.src = '/no-such-room.json';
    const refused = waitForEvent(plan, 'room-change-error');
    const painted = plan.setSurface('area:a:floor', { color: '#ff0000' });
    const failed = waitForEvent(plan, 'model-error');
    fixtureContainer().append(plan);
    await failed;
    expect(await painted, 'the held change refused').to.equal(false);
    await refused;
    expect(plan.changes).to.deep.equal([]);
  });

  it('a plan made once the parts are in the page has them with its first paint', async () => {
    const plan = makePlan();
    const painted = firstStage(plan);
    const loaded = waitForEvent(plan, 'model-load');
    fixtureContainer().append(plan);
    await painted;
    // the features' own controls (the measure toggle, rendered by the parts) are there at once
    expect(plan.shadowRoot!.querySelector('[part~="measure"]')).to.not.equal(null);
    await loaded;
    expect(plan.shadowRoot!.querySelectorAll('[part="component-footprint"]')).to.have.length(3);
  });
});

/** What the plan is the moment it first says `loaded` (its first stage in the page). */
async function firstStage(plan: RoomPlan) {
  const at = await loadedState(plan);
  return {
    at,
    partsAsked: requestedAt(PARTS),
    footprints: plan.shadowRoot!.querySelectorAll('[part="component-footprint"]').length,
    selected: [...plan.selected],
    products: [...plan.products],
  };
}
