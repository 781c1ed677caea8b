// <room-viewer> showing the planning service's floor plans (FML, issue 13): every real project the
// emulator serves (project-id + planner-base + the partner's token endpoint), the floor switcher by
// keyboard, section-height, and a hostile FML document that stays inert and bounded.
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { Box3 } from 'three';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { FloorChangeDetail, ModelLoadDetail } from '../../src/events/index.ts';
import { needsReal, projectAttributes, REAL_PROJECTS } from './helpers/fml-projects.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { cleanup, framesKeepComing, mountLoaded, until, waitForEvent } from './helpers/wait.ts';
import { hostileFml } from '../shared/fml-documents.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { makeViewer, paintedPixels } from './room-viewer-fixtures.ts';
import { configure } from '../../src/config.ts';

// these tests read the scene on the page's thread (viewer.view, its canvas); the render worker, the
// default where the browser allows it, has its own (room-viewer-worker*.test.ts)
configure({ viewerRenderer: 'main' });

async function mount(attributes: Record<string, string>, fml?: unknown): Promise<RoomViewer> {
  const el = makeViewer({ loading: 'eager', ...attributes }, [320, 240]);
  if (fml !== undefined) el.fml = fml;
  return mountLoaded(el, 30000);
}

/** The next model-load after `change`. */
function waitForModel(el: RoomViewer, change: () => void) {
  const next = waitForEvent<ModelLoadDetail>(el, 'model-load', 30000);
  change();
  return next;
}

const switcher = (el: RoomViewer) =>
  el.shadowRoot!.querySelector<HTMLSelectElement>('[part="floor-switcher"]');

describe('<room-viewer> FML', function () {
  this.timeout(90000);
  const page = pageErrorsOfEachTest();
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  for (const id of REAL_PROJECTS) {
    it(`shows real project ${id} through project-id, planner-base and token-endpoint`, async function () {
      const doc = await needsReal(this, id);
      const el = await mount(projectAttributes(id));
      const floors = (doc.floors as unknown[]).length;
      expect(el.view, 'a view').not.to.equal(undefined);
      expect(paintedPixels(el), 'something drawn').to.be.greaterThan(1000);
      // one option per floor and "All floors"
      if (floors > 1) expect(switcher(el)!.options.length).to.equal(floors + 1);
      else expect(switcher(el)).to.equal(null);
      expect(page.errors).to.deep.equal([]);
    });
  }

  it('switches floors with the keyboard and fires floor-change', async function () {
    const doc = await needsReal(this, 186997360);
    const el = await mount({}, doc);
    const select = switcher(el)!;
    select.focus();
    const changed = waitForEvent<FloorChangeDetail>(el, 'floor-change', 30000);
    await sendKeys({ press: 'ArrowDown' });
    expect((await changed).detail).to.include({ index: 1, name: 'Eerste verdieping' });
    await until(() => el.view && switcher(el)?.value === '1', 20000, 'the first floor shown');
  });

  it('stacks every floor at its level with floor="all", and offers "All floors" in the switcher', async function () {
    const doc = await needsReal(this, 186997360);
    const one = await mount({}, doc);
    const oneHeight = new Box3().setFromObject(one.view!.scene).getSize(one.view!.camera.position.clone()).y;
    cleanup();
    const el = await mount({ floor: 'all' }, doc);
    const size = new Box3().setFromObject(el.view!.scene).getSize(el.view!.camera.position.clone());
    // world units are metres: two storeys stand more than one storey high
    expect(size.y, 'the stack is taller than one floor').to.be.greaterThan(oneHeight * 1.5);
    const select = switcher(el)!;
    expect(select.value).to.equal('-1');
    expect(select.selectedOptions[0]!.textContent).to.equal('All floors');
    expect(paintedPixels(el), 'something drawn').to.be.greaterThan(1000);
    // back to one floor through the switcher
    const next = waitForEvent<ModelLoadDetail>(el, 'model-load', 30000);
    select.value = '1';
    select.dispatchEvent(new Event('change'));
    await next;
    expect(el.floor).to.equal('1');
    const single = new Box3().setFromObject(el.view!.scene).getSize(el.view!.camera.position.clone()).y;
    expect(single).to.be.lessThan(size.y);
    expect(page.errors).to.deep.equal([]);
  });

  it('names "All floors" in Dutch', async function () {
    const doc = await needsReal(this, 186997360);
    const el = await mount({ floor: 'all', lang: 'nl' }, doc);
    // Dutch words are downloaded when an element first speaks Dutch
    await until(() => switcher(el)!.selectedOptions[0]!.textContent === 'Alle verdiepingen', 5000, 'Dutch');
  });

  it('cuts walls, doors and windows at section-height', async function () {
    const doc = await needsReal(this, 186997360);
    const el = await mount({ 'section-height': '120' }, doc);
    const shown = (await waitForModel(el, () => (el.sectionHeight = 100))).detail.model;
    expect(shown.walls.length).to.be.greaterThan(0);
    for (const wall of shown.walls) expect(wall.height).to.be.at.most(100);
    for (const c of shown.components)
      if (c.aperture) expect(c.position[2] + c.aperture.height / 2).to.be.at.most(100.001);
  });

  it('keeps a hostile FML inert and bounded: markup as text, NaN, a zero-length wall, 100 000 items', async () => {
    const el = await framesKeepComing(() => mount({}, hostileFml()));
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(el.shadowRoot!.querySelector('img, script')).to.equal(null);
    expect(switcher(el)!.options[0]!.textContent).to.contain('<img');
    expect(page.errors).to.deep.equal([]);
  });
});
