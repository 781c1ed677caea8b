/**
 * The products' meshes in `<room-viewer>` (`furniture-base`, src/three/furniture-meshes.ts) on the
 * project's showcase room, which the emulator serves on a plain clone with a GLB for every product:
 * the meshes replace the boxes (counted through the view's inspection API, and in the pixels), in the
 * boxes' place and size, one decoded mesh per product shared by every viewer, repeats instanced; a
 * failed, oversized or over-budget mesh keeps its box and says so; a product without a mesh keeps its
 * box quietly; a page's own componentLoader wins. On both threads (a loop over the two): the render
 * worker, the default, has its own mesh cache and uses the page's one decoding worker.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { ModelErrorDetail } from '../../src/events/index.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { meshDecoderStats } from '../../src/three/furniture-meshes.ts';
import { rendererInfo } from '../../src/three/index.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import type { GroupInspection } from '../../src/three/inspect.ts';
import { armFault, receivedRequests, ROOM_STYLING } from './helpers/emulator.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import {
  furnitureCache,
  meshSuiteOn,
  inspectOf,
  meshCacheOf,
  pictureData,
  THREADS,
  type Thread,
} from './helpers/threads.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import {
  boxRoom,
  colourDistance,
  makeViewer,
  sampleModel,
  SAMPLE_ROOM_ID,
  SKIP_SAMPLE,
} from './room-viewer-fixtures.ts';

const SHOWCASE = '6346900';
/** The showcase room's distinct products (17) and pieces of furniture (25). */
const PRODUCTS = 17;
const PIECES = 25;
const SOFA = 'a5310489438ad4269f151da748c62d441bdebbf5';

function showcaseViewer(attributes: Record<string, string> = {}, size = [320, 220]): RoomViewer {
  return makeViewer(
    { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', camera: 'top', ...attributes },
    size,
  );
}

/** The viewer's furniture as drawn, on either thread: boxes, meshes, meshes on their way. */
const furniture = async (viewer: RoomViewer) => (await inspectOf(viewer)).furniture;

/** Every mesh in: no box left, nothing on its way. */
async function meshesIn(viewer: RoomViewer, boxes = 0): Promise<void> {
  await until(
    async () => {
      const now = await furniture(viewer);
      return now.pending === 0 && now.boxes === boxes;
    },
    30000,
    'the meshes in',
  );
  await rafPasses(3);
}

/** Non-fatal model-errors from now on. */
function problemsOf(viewer: RoomViewer): ModelErrorDetail[] {
  const seen: ModelErrorDetail[] = [];
  viewer.addEventListener('model-error', (e) => seen.push(e.detail));
  return seen;
}

/** A viewer of `room` with `furniture-base`, mounted; resolves once every piece's mesh has settled. */
async function settledRoom(room: RoomViewer['model']) {
  const viewer = makeViewer({ loading: 'eager', camera: 'top', 'furniture-base': ROOM_STYLING }, [200, 150]);
  viewer.model = room;
  const problems = problemsOf(viewer);
  fixtureContainer().append(viewer);
  await mountLoaded(viewer);
  await until(async () => (await furniture(viewer)).pending === 0, 15000, 'every piece settled');
  return { viewer, problems };
}

/** The group drawing a product's pieces. */
async function groupOf(viewer: RoomViewer, componentId: string): Promise<GroupInspection> {
  return (await inspectOf(viewer)).groups.find((g) => g.componentId === componentId)!;
}

/** The geometries on the GPU of the renderer the viewers of `thread` draw with. */
async function geometriesOn(thread: Thread): Promise<number> {
  return (thread === 'main' ? rendererInfo() : await renderWorkerInfo())?.geometries ?? 0;
}

// on both threads: the render worker (the default; its own mesh cache, the page's one decoding worker)
// and the page's (renderer="main"); the scene is read through the view's inspection (src/three/inspect.ts)
for (const drawnOn of THREADS)
  describe(`room-viewer: products’ meshes (furniture-base), drawn on ${drawnOn}`, function () {
    this.timeout(90000);
    const page = pageErrorsOfEachTest();
    meshSuiteOn(drawnOn);
    afterEach(async () => {
      cleanup();
      resetConfig();
      configure({ viewerRenderer: drawnOn });
      await rafPasses(2);
      furnitureCache({ reset: true });
    });

    it('swaps every box of the showcase room for its product’s mesh, in the box’s place and size, and the picture changes', async () => {
      const boxes = showcaseViewer();
      const meshes = showcaseViewer({ 'furniture-base': ROOM_STYLING });
      const problems = problemsOf(meshes);
      fixtureContainer().append(boxes, meshes);
      await Promise.all([mountLoaded(boxes, 30000), mountLoaded(meshes, 30000)]);
      await meshesIn(meshes);
      expect(meshes.renderThread).to.equal(drawnOn);
      expect(await furniture(meshes)).to.deep.equal({ boxes: 0, meshes: PIECES, pending: 0 });
      expect(await furniture(boxes)).to.deep.equal({ boxes: PIECES, meshes: 0, pending: 0 });
      expect(problems).to.deep.equal([]);
      // the six chairs: one instanced mesh over the product's one geometry
      const chairs = await groupOf(meshes, 'c989e57fbd0a6ca042c445953c7aefee7d9d4083');
      expect(chairs.meshed).to.equal(true);
      expect(chairs.count).to.equal(6);
      // no jump: each mesh fills the world box its boxes filled (within 1 cm = 0.01 world units)
      const boxGroups = (await inspectOf(boxes)).groups;
      for (const group of (await inspectOf(meshes)).groups.filter((g) => g.meshed)) {
        const before = boxGroups.find((g) => g.componentId === group.componentId)!.boxes;
        for (const [i, key] of (['min', 'max'] as const).entries()) {
          const distance = Math.hypot(...group.drawn[i]!.map((v, axis) => v - before[i]![axis]!));
          expect(distance, `${group.key} ${key}`).to.be.below(0.011);
        }
      }
      // pixels: the same room seen the same way, boxes against meshes
      const a = (await pictureData(boxes)).data;
      const b = (await pictureData(meshes)).data;
      let differing = 0;
      for (let i = 0; i < a.length; i += 4) {
        if (colourDistance([a[i]!, a[i + 1]!, a[i + 2]!], [b[i]!, b[i + 1]!, b[i + 2]!]) > 40) differing++;
      }
      expect(differing, 'pixels that differ').to.be.above(0.05 * 320 * 220);
      // and the meshes' files were asked for once each
      const requests = await receivedRequests('/room-styling/models/');
      expect(requests.length).to.equal(PRODUCTS);
      expect(page.errors).to.deep.equal([]);
    });

    it('decodes each product once for every viewer of the page (one cache, one geometry on the GPU)', async () => {
      const viewers = [0, 1, 2].map(() => showcaseViewer({ 'furniture-base': ROOM_STYLING }, [160, 110]));
      fixtureContainer().append(...viewers);
      await Promise.all(viewers.map((v) => mountLoaded(v, 30000)));
      await Promise.all(viewers.map((v) => meshesIn(v)));
      const stats = await meshCacheOf(drawnOn);
      expect(stats.decoded).to.equal(PRODUCTS);
      expect(stats.entries).to.equal(PRODUCTS);
      expect(stats.inUse).to.equal(PRODUCTS);
      expect(stats.decoders, 'no decoder was needed').to.deep.equal([]);
      const sofas = await Promise.all(viewers.map(async (v) => (await groupOf(v, SOFA)).geometry));
      expect(sofas[1]).to.equal(sofas[0]);
      expect(sofas[2]).to.equal(sofas[0]);
      // the viewers gone, the meshes stay cached (for the next viewer) but nobody holds them
      cleanup();
      await until(async () => (await meshCacheOf(drawnOn)).inUse === 0, 5000, 'the meshes let go');
      expect((await meshCacheOf(drawnOn)).entries).to.equal(PRODUCTS);
    });

    it('decodes each file in the page’s one decoding worker, and the meshes reach the GPU', async () => {
      const boxes = showcaseViewer({ poster: '' });
      fixtureContainer().append(boxes);
      await mountLoaded(boxes, 30000);
      expect(boxes.renderThread).to.equal(drawnOn);
      const boxesOnly = await geometriesOn(drawnOn);
      cleanup();
      await rafPasses(2);
      const viewer = showcaseViewer({ poster: '', 'furniture-base': ROOM_STYLING });
      const problems = problemsOf(viewer);
      fixtureContainer().append(viewer);
      await mountLoaded(viewer, 30000);
      expect(viewer.renderThread).to.equal(drawnOn);
      // each file is checked where the room is drawn and decoded in the page's one decoding worker
      await until(() => meshDecoderStats().decoded === PRODUCTS, 30000, '17 files decoded');
      expect(meshDecoderStats().started).to.equal(1);
      expect(problems).to.deep.equal([]);
      // and the renderer holds the meshes' geometries beside the room's
      await until(
        async () => (await geometriesOn(drawnOn)) >= boxesOnly + PRODUCTS,
        15000,
        'the meshes on the GPU',
      );
      expect(page.errors).to.deep.equal([]);
    });

    it('takes configure({ furnitureBase }) when the element has no furniture-base', async () => {
      configure({ apiBase: ROOM_STYLING, furnitureBase: ROOM_STYLING });
      const viewer = showcaseViewer();
      fixtureContainer().append(viewer);
      await mountLoaded(viewer, 30000);
      await meshesIn(viewer);
      expect((await furniture(viewer)).meshes).to.equal(PIECES);
    });

    it('keeps the box of a product whose mesh fails, with a non-fatal model-error and the warning', async () => {
      await armFault({ match: `/room-styling/models/${SOFA.slice(0, 2)}/${SOFA}`, status: 503, times: 1 });
      const viewer = showcaseViewer({ 'furniture-base': ROOM_STYLING });
      const problems = problemsOf(viewer);
      fixtureContainer().append(viewer);
      await mountLoaded(viewer, 30000);
      await meshesIn(viewer, 1);
      expect(await furniture(viewer)).to.deep.equal({ boxes: 1, meshes: PIECES - 1, pending: 0 });
      expect((await groupOf(viewer, SOFA)).meshed).to.equal(false);
      expect(problems.length).to.equal(1);
      expect(problems[0]!.fatal).to.equal(false);
      expect(problems[0]!.error.reason).to.equal('component');
      expect(problems[0]!.error.kind).to.equal('server');
      expect(problems[0]!.error.message).to.contain(SOFA).and.contain('503');
      await until(() => viewer.matches(':state(warning)'), 5000, 'the warning state');
      expect(viewer.getAttribute('state')).to.equal('loaded');
      // the failure is not kept: the next viewer gets the sofa
      const again = showcaseViewer({ 'furniture-base': ROOM_STYLING });
      fixtureContainer().append(again);
      await mountLoaded(again, 30000);
      await meshesIn(again);
      expect((await groupOf(again, SOFA)).meshed).to.equal(true);
    });

    it('refuses a response over the size cap and a mesh over the memory budget: boxes, each said', async () => {
      // the showcase's files are 3 to 144 KB: those over 60 KB stay boxes
      furnitureCache({ limits: { maxFileBytes: 60_000 } });
      const viewer = showcaseViewer({ 'furniture-base': ROOM_STYLING });
      const problems = problemsOf(viewer);
      fixtureContainer().append(viewer);
      await mountLoaded(viewer, 30000);
      await until(async () => (await furniture(viewer)).pending === 0, 30000, 'every mesh settled');
      const { boxes, meshes } = await furniture(viewer);
      expect(boxes).to.be.above(0);
      expect(meshes).to.be.above(0);
      expect(problems.length).to.be.above(0);
      for (const p of problems) expect(p.error.message).to.match(/larger than 60000 bytes/);
      cleanup();
      await rafPasses(2);

      // a budget of 400 KB: what does not fit beside what is shown is refused; kept bytes stay under it
      furnitureCache({ reset: true, limits: { budgetBytes: 400_000 } });
      const small = showcaseViewer({ 'furniture-base': ROOM_STYLING });
      const refused = problemsOf(small);
      fixtureContainer().append(small);
      await mountLoaded(small, 30000);
      await until(async () => (await furniture(small)).pending === 0, 30000, 'every mesh settled');
      expect((await meshCacheOf(drawnOn)).bytes).to.be.at.most(400_000);
      expect((await furniture(small)).boxes).to.be.above(0);
      expect(refused.some((p) => /memory budget/.test(p.error.message))).to.equal(true);
      // the viewer gone, the next room's meshes push the least recently used unshown ones out
      cleanup();
      await rafPasses(2);
      const next = showcaseViewer({ 'furniture-base': ROOM_STYLING, 'room-id': await generatedRoom() });
      fixtureContainer().append(next);
      await mountLoaded(next, 30000);
      await until(async () => (await furniture(next)).pending === 0, 30000, 'every mesh settled');
      expect((await meshCacheOf(drawnOn)).evicted).to.be.above(0);
      expect((await meshCacheOf(drawnOn)).bytes).to.be.at.most(400_000);
    });

    it('keeps the boxes of products the server has no mesh for, quietly (the real sample’s case)', async () => {
      const room = boxRoom({ components: 4, kinds: 2 }) as { components: Record<string, unknown>[] };
      for (const c of room.components) {
        if (c.type === 'Component')
          c.model = `models/00/${'0'.repeat(38)}${String(c.component_id).slice(-2)}_00.mi`;
      }
      const { viewer, problems } = await settledRoom(room);
      expect(await furniture(viewer)).to.deep.equal({ boxes: 4, meshes: 0, pending: 0 });
      expect(problems).to.deep.equal([]);
      expect(viewer.matches(':state(warning)')).to.equal(false);
      expect((await receivedRequests('/room-styling/models/')).map((r) => r.path).length).to.equal(2);
    });

    it('keeps the real sample’s boxes: its products have no mesh here', async function () {
      if (!(await sampleModel())) {
        console.warn(SKIP_SAMPLE);
        this.skip();
      }
      const viewer = makeViewer(
        {
          'room-id': String(SAMPLE_ROOM_ID),
          'api-base': ROOM_STYLING,
          loading: 'eager',
          'furniture-base': ROOM_STYLING,
        },
        [240, 160],
      );
      const problems = problemsOf(viewer);
      fixtureContainer().append(viewer);
      await mountLoaded(viewer, 30000);
      await until(async () => (await furniture(viewer)).pending === 0, 30000, 'the answers');
      expect((await furniture(viewer)).meshes).to.equal(0);
      expect((await furniture(viewer)).boxes).to.equal(56);
      expect(problems).to.deep.equal([]);
    });

    it('loads a decoder only for a file that names its extension; a KTX2 file without a transcoder keeps its box', async () => {
      // test/browser/fixtures/tagged-glb.ts made them: a side table naming EXT_meshopt_compression (used),
      // and one requiring KHR_texture_basisu; an absolute http(s) `model` is taken as it is
      const fixtures = `${location.origin}/test/browser/fixtures`;
      const room = boxRoom({ components: 2, kinds: 2 }) as { components: Record<string, unknown>[] };
      const pieces = room.components.filter((c) => c.type === 'Component');
      pieces[0]!.model = `${fixtures}/meshopt-listed.glb`;
      pieces[1]!.model = `${fixtures}/ktx2-required.glb`;
      const { viewer, problems } = await settledRoom(room);
      expect(await furniture(viewer)).to.deep.equal({ boxes: 1, meshes: 1, pending: 0 });
      expect((await meshCacheOf(drawnOn)).decoders).to.deep.equal(['meshopt']);
      expect(problems.length).to.equal(1);
      expect(problems[0]!.error.message).to.contain('ktx2-required.glb').and.contain('basisTranscoderPath');
    });

    it('lets a page’s own componentLoader win over furniture-base (drawn on the page’s thread, where it runs)', async () => {
      const THREE = await import('three');
      const asked: string[] = [];
      const viewer = showcaseViewer({ 'furniture-base': ROOM_STYLING });
      viewer.componentLoader = async (component) => {
        asked.push(component.componentId ?? '');
        return new THREE.Mesh(new THREE.BoxGeometry(20, 20, 20), new THREE.MeshBasicMaterial());
      };
      fixtureContainer().append(viewer);
      await mountLoaded(viewer, 30000);
      // a function runs on the thread that made it: the documented rule (inputs.ts, docs/room-viewer.md)
      expect(viewer.renderThread).to.equal('main');
      await until(() => asked.length === PRODUCTS, 10000, 'the page’s loader asked for every product');
      await rafPasses(3);
      expect((await receivedRequests('/room-styling/models/')).length).to.equal(0);
      expect((await meshCacheOf('main')).decoded).to.equal(0);
      expect((await inspectOf(viewer)).groups.some((g) => g.meshed)).to.equal(false);
    });
  });

/** A public generated room (its products have meshes too). */
async function generatedRoom(): Promise<string> {
  const list = (await (await fetch(`${ROOM_STYLING}/rooms?limit=5`)).json()) as { rooms: { id: number }[] };
  return String(list.rooms[0]!.id);
}
