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
import { makeViewer } from './room-viewer-fixtures.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { paintedOf, pictureData, THREADS } from './helpers/threads.ts';
import { meanDifference } from './helpers/worker-pixels.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { SharedRenderer } from '../../src/three/shared-renderer.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); the scene itself is
// read only where it is on the page

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

for (const drawnOn of THREADS)
  describe(`<room-viewer> FML (drawn on the ${drawnOn} thread)`, function () {
    this.timeout(90000);
    before(() => configure({ viewerRenderer: drawnOn }));
    after(resetConfig);
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
        expect(el.renderThread, 'drawn where asked').to.equal(drawnOn);
        expect(await paintedOf(el), 'something drawn').to.be.greaterThan(1000);
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
      await until(() => el.renderThread && switcher(el)?.value === '1', 20000, 'the first floor shown');
    });

    it('stacks every floor at its level with floor="all", and offers "All floors" in the switcher', async function () {
      const doc = await needsReal(this, 186997360);
      const one = await mount({}, doc);
      // the scene's height where it is on the page; the picture on either thread
      const heightOf = (el: RoomViewer) =>
        el.view && new Box3().setFromObject(el.view.scene).getSize(el.view.camera.position.clone()).y;
      const oneHeight = heightOf(one);
      const onePicture = await pictureData(one);
      cleanup();
      const el = await mount({ floor: 'all' }, doc);
      expect(el.renderThread).to.equal(drawnOn);
      const stackHeight = heightOf(el);
      // world units are metres: two storeys stand more than one storey high
      if (stackHeight !== undefined)
        expect(stackHeight, 'the stack is taller').to.be.greaterThan(oneHeight! * 1.5);
      const stackPicture = await pictureData(el);
      expect(
        meanDifference(stackPicture.data, onePicture.data),
        'the stack draws another picture',
      ).to.be.greaterThan(2);
      const select = switcher(el)!;
      expect(select.value).to.equal('-1');
      expect(select.selectedOptions[0]!.textContent).to.equal('All floors');
      expect(await paintedOf(el), 'something drawn').to.be.greaterThan(1000);
      // back to one floor through the switcher
      const next = waitForEvent<ModelLoadDetail>(el, 'model-load', 30000);
      select.value = '1';
      select.dispatchEvent(new Event('change'));
      await next;
      expect(el.floor).to.equal('1');
      if (stackHeight !== undefined) expect(heightOf(el)!).to.be.lessThan(stackHeight);
      expect(
        meanDifference((await pictureData(el)).data, stackPicture.data),
        'one floor again',
      ).to.be.greaterThan(2);
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

    // Issue 33's leftover: one texture stays once an FML viewer left. It is three.js's DFG lookup table,
    // made once per renderer when a physically based material first draws and kept for every later
    // one (three's own, like its programs), not a texture of the room: the count must not grow.
    it('leaves no texture, geometry or view of its own behind when FML viewers leave the page', async function () {
      const doc = await needsReal(this, 186997360);
      const memory = async () => {
        if (drawnOn === 'worker') return renderWorkerInfo();
        const shared = SharedRenderer.peek();
        return shared && { views: shared.views.size, ...shared.renderer.info.memory };
      };
      const left: number[] = [];
      for (const floor of ['0', 'all', '0']) {
        const el = await mount({ floor }, doc);
        expect(el.renderThread).to.equal(drawnOn);
        el.remove();
        // an element that leaves is taken down a moment later (it may only be moving)
        await until(() => !el.renderThread, 5000, 'the viewer taken down');
        const now = await until(
          async () => {
            const info = await memory();
            return info && info.views === 0 && info.geometries === 0 && info.textures <= 1 ? info : undefined;
          },
          5000,
          'nothing of the room left',
        ).catch(async () => memory());
        expect(now, 'what stays allocated').to.deep.include({ views: 0, geometries: 0 });
        left.push(now!.textures);
      }
      expect(left, 'textures left after each viewer').to.deep.equal([left[0], left[0], left[0]]);
      expect(left[0]).to.be.at.most(1);
    });

    it('keeps a hostile FML inert and bounded: markup as text, NaN, a zero-length wall, 100 000 items', async () => {
      const el = await framesKeepComing(() => mount({}, hostileFml()));
      expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
      expect(el.shadowRoot!.querySelector('img, script')).to.equal(null);
      expect(switcher(el)!.options[0]!.textContent).to.contain('<img');
      expect(page.errors).to.deep.equal([]);
    });
  });
