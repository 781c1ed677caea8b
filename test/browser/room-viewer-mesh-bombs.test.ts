/**
 * Issue 34's mesh bombs and mesh URLs against the built-in furniture loader (`furniture-base`,
 * src/three/furniture-meshes.ts and src/three/mesh-decode/): every bomb (made in the page by
 * mesh-bombs.fixtures.ts) is refused from what it declares, soon after its bytes arrive, with its box
 * kept and a problem reported, while the page (and the render worker) keep answering and the memory
 * comes back; a decode over its deadline stops its worker; the resources a file names stay in its own
 * folder and go without cookies; absolute `model` URLs only reach the allowed origins. The viewers'
 * cases run on both threads (the render worker, the default, and the page's).
 */
import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import type { ModelErrorDetail } from '../../src/events/index.ts';
import { configure, resetConfig } from '../../src/config.ts';
import type { ModelComponent } from '../../src/model/types.ts';
import {
  DEFAULT_LIMITS,
  furnitureCacheStats,
  loadFurnitureMesh,
  meshDecoderStats,
  resetFurnitureCache,
  setFurnitureLimits,
} from '../../src/three/furniture-meshes.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { furnitureCache, inspectOf, THREADS } from './helpers/threads.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import {
  basisKtx2Glb,
  externalBufferGlb,
  meshBombs,
  pngTexturedGlb,
  putFile,
  triangleBin,
  triangleGlb,
  type BombName,
} from './mesh-bombs.fixtures.ts';
import { boxRoom, makeViewer } from './room-viewer-fixtures.ts';

const FILES = `${location.origin}/__files/`;

interface LoggedFileRequest {
  method: string;
  path: string;
  cookie: string | null;
}

const pageLog = async (): Promise<LoggedFileRequest[]> => (await fetch('/__files-log')).json();
const secondLog = async (): Promise<LoggedFileRequest[]> => (await fetch('/__second-origin/requests')).json();
const secondOrigin = async (): Promise<string> =>
  ((await (await fetch('/__second-origin')).json()) as { origin: string }).origin;

const heap = async () => ((await executeServerCommand('memory')) as { heap: number }).heap;

/** The longest the page's thread went without running a timer, while `work` runs. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stall: number }> {
  let stall = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
    if (running) setTimeout(tick, 5);
  };
  setTimeout(tick, 5);
  try {
    const result = await work();
    return { result, stall };
  } finally {
    running = false;
  }
}

const piece = (url: string) => ({ modelPath: url }) as ModelComponent;

/** A room of `urls.length` pieces of distinct products, each with its `model` URL. */
function roomWith(urls: string[]): Record<string, unknown> {
  const room = boxRoom({ components: urls.length, kinds: urls.length }) as {
    components: Record<string, unknown>[];
  };
  const pieces = room.components.filter((c) => c.type === 'Component');
  pieces.forEach((p, i) => (p.model = urls[i]));
  return room;
}

/** The viewer's furniture as drawn, on either thread (src/three/inspect.ts). */
const furnitureOf = async (viewer: RoomViewer) => (await inspectOf(viewer)).furniture;

function problemsOf(viewer: RoomViewer): ModelErrorDetail[] {
  const seen: ModelErrorDetail[] = [];
  viewer.addEventListener('model-error', (e) => seen.push(e.detail));
  return seen;
}

describe('room-viewer: mesh bombs and mesh URLs (issue 34)', function () {
  this.timeout(90000);
  const page = pageErrorsOfEachTest();
  let bombs: Record<BombName, string>;
  const bytesOf = {} as Record<string, number>;
  before(async function () {
    requireWebGL(this);
    await fetch('/__files-reset', { method: 'POST' });
    const made = await meshBombs();
    bombs = {} as Record<BombName, string>;
    for (const [name, bytes] of Object.entries(made) as [BombName, Uint8Array][]) {
      bombs[name] = await putFile(`bombs/${name}.glb`, bytes);
      bytesOf[name] = bytes.byteLength;
    }
  });
  beforeEach(async () => {
    furnitureCache({ reset: true });
    await fetch('/__second-origin/reset', { method: 'POST' });
  });
  afterEach(async () => {
    cleanup();
    resetConfig();
    await rafPasses(2);
    furnitureCache({ reset: true });
    document.cookie = 'session=; max-age=0; path=/';
  });

  it('makes the bombs as the issue describes them (sizes)', async () => {
    const made = await meshBombs();
    expect(made['position-accessor'].byteLength).to.be.below(400);
    expect(made['index-accessor'].byteLength).to.be.below(600);
    expect(made.meshopt.byteLength).to.be.below(1000);
    expect(made.ktx2.byteLength).to.be.within(34_000, 35_000);
    expect(made.png.byteLength).to.be.within(30_000, 40_000);
  });

  it('refuses each bomb from what it declares, within 200 ms of its bytes, before any decoder runs', async () => {
    const before = await heap();
    for (const [name, url] of Object.entries(bombs)) {
      let refusedAt = 0;
      const asked = performance.now();
      const { result, stall } = await longestStall(() =>
        loadFurnitureMesh(piece(url), FILES).then(
          () => new Error('decoded'),
          (error: Error) => {
            refusedAt = performance.now();
            return error;
          },
        ),
      );
      expect(result.message, name).to.match(/declares \d+ (bytes decoded|vertices|indices)/);
      expect(result.message, name).to.contain('kept as a box');
      // its bytes came no earlier than this load asked for them: an earlier answer for the same URL
      // (the browser's memory cache serves this load without an entry of its own) is not this load's
      const entry = performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined;
      const arrived = { responseEnd: Math.max(entry?.responseEnd ?? asked, asked) };
      expect(refusedAt - arrived!.responseEnd, `${name}: ms from its bytes to the refusal`).to.be.below(200);
      // a generous guard: quiet, the longest stall is about 5 ms; beside the other test runners (load 10 on
      // 2 cores) one was 155 ms; a decoder run on a bomb's declared size would hold the page for seconds
      expect(stall, `${name}: the page's longest stall (ms)`).to.be.below(500);
      console.log(
        `mesh bomb ${name}: ${bytesOf[name]} B, refused ${(refusedAt - arrived!.responseEnd).toFixed(1)} ms after its bytes, longest stall ${stall.toFixed(1)} ms`,
      );
    }
    // no decoder was woken for any of them, and nothing was kept
    expect(meshDecoderStats().started).to.equal(0);
    expect(furnitureCacheStats().bytes).to.equal(0);
    const after = await heap();
    expect(after - before, 'heap after GC, bytes').to.be.below(50 * 1024 * 1024);
    console.log(`mesh bombs: heap after GC ${((after - before) / 1e6).toFixed(2)} MB more than before`);
  });

  for (const drawnOn of THREADS)
    it(`keeps each bomb’s box in a viewer drawn on ${drawnOn}, with a problem for each, the page answering meanwhile`, async () => {
      configure({ viewerRenderer: drawnOn });
      const before = await heap();
      const viewer = makeViewer({ loading: 'eager', camera: 'top', 'furniture-base': FILES }, [200, 150]);
      viewer.model = roomWith(Object.values(bombs));
      const problems = problemsOf(viewer);
      fixtureContainer().append(viewer);
      const { stall } = await longestStall(async () => {
        await mountLoaded(viewer, 30000);
        await until(async () => (await furnitureOf(viewer)).pending === 0, 30000, 'every piece settled');
      });
      expect(viewer.renderThread).to.equal(drawnOn);
      expect(await furnitureOf(viewer)).to.deep.equal({ boxes: 5, meshes: 0, pending: 0 });
      expect(problems.length).to.equal(5);
      for (const p of problems) {
        expect(p.fatal).to.equal(false);
        expect(p.error.reason).to.equal('component');
        expect(p.error.message).to.match(/declares/);
      }
      expect(viewer.getAttribute('state')).to.equal('loaded');
      // generous: the viewer's own start is in it; each bomb alone was a 10 to 41 s task before
      expect(stall, "the page's longest stall (ms)").to.be.below(1000);
      cleanup();
      await rafPasses(2);
      furnitureCache({ reset: true });
      expect((await heap()) - before, 'heap after GC, bytes').to.be.below(50 * 1024 * 1024);
      expect(page.errors).to.deep.equal([]);
    });

  it('keeps the bombs’ boxes in the render worker, which answers within 100 ms meanwhile', async function () {
    const viewer = makeViewer(
      { loading: 'eager', camera: 'top', poster: '', 'furniture-base': FILES },
      [200, 150],
    );
    viewer.model = roomWith(Object.values(bombs));
    const problems = problemsOf(viewer);
    // round trips to the render worker from the start: those after the room is drawn (the files are
    // fetched and refused then, boxes first) must each be answered within 100 ms
    const samples: { at: number; ms: number; late: number }[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const asked = performance.now();
        if (!(await renderWorkerInfo())) continue;
        const answered = performance.now();
        // the page's own lateness beside it (a 10 ms timer's delay past 10 ms): what a busy machine adds to
        // any answer whatever the worker does, the baseline the bound allows on top of its 100 ms
        await new Promise((r) => setTimeout(r, 10));
        samples.push({ at: asked, ms: answered - asked, late: performance.now() - answered - 10 });
      }
    })();
    let loadedAt = Infinity;
    viewer.addEventListener('model-load', () => (loadedAt = performance.now()), { once: true });
    fixtureContainer().append(viewer);
    try {
      await mountLoaded(viewer, 30000);
      if (viewer.renderThread !== 'worker') {
        console.warn('the render worker is not available in this browser: skipped');
        this.skip();
      }
      await until(() => problems.length === 5, 30000, 'the five refusals');
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      polling = false;
      await poll;
    }
    for (const p of problems) expect(p.error.message).to.match(/declares/);
    const meanwhile = samples.filter((s) => s.at >= loadedAt);
    expect(meanwhile.length, 'round trips measured after the room was drawn').to.be.above(5);
    const slowest = Math.max(...meanwhile.map((s) => s.ms));
    // 100 ms on a quiet machine; the page's own slowest lateness meanwhile on top (a whole run at load 30
    // measured 100.6 ms), and 400 ms for a worker thread not scheduled on a machine whose two cores run
    // the test shards and the node tests side by side (173 ms in such a CI run): a worker blocked by a
    // bomb's file is late by seconds, far beyond all three
    const pageLate = Math.max(0, ...meanwhile.map((s) => s.late));
    expect(
      slowest,
      `the render worker’s slowest answer meanwhile (ms; the page itself ${pageLate.toFixed(1)} ms late)`,
    ).to.be.below(500 + pageLate);
    console.log(
      `mesh bombs in the render worker: ${meanwhile.length} round trips after the room was drawn, the slowest ${slowest.toFixed(1)} ms`,
    );
  });

  it('stops a decode over its deadline (the worker terminated) and decodes the next file in a new worker', async () => {
    const url = await putFile('plain/triangle.glb', triangleGlb());
    setFurnitureLimits({ decodeMs: 1 });
    const overrun = await loadFurnitureMesh(piece(url), FILES).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(overrun?.message).to.match(/took longer than 1 ms to decode/);
    expect(meshDecoderStats().overruns).to.equal(1);
    setFurnitureLimits({ decodeMs: DEFAULT_LIMITS.decodeMs });
    const mesh = await loadFurnitureMesh(piece(url), FILES);
    expect(mesh?.geometry.getAttribute('position').count).to.equal(3);
    expect(mesh?.geometry.index?.array).to.be.instanceOf(Uint32Array);
    expect(meshDecoderStats().started).to.equal(2);
    expect(meshDecoderStats().ranIn).to.equal('worker');
    mesh?.release();
  });

  it('moves a file’s picture back from the decoding worker as an ImageBitmap on its material', async () => {
    const canvas = new OffscreenCanvas(8, 4);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c03020';
    context.fillRect(0, 0, 8, 4);
    const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    const url = await putFile('textured/red.glb', pngTexturedGlb(png));
    const mesh = await loadFurnitureMesh(piece(url), FILES);
    const map = (mesh?.materials[0] as { map?: { image?: unknown; colorSpace?: string } }).map;
    expect(map?.image).to.be.instanceOf(ImageBitmap);
    expect((map!.image as ImageBitmap).width).to.equal(8);
    expect(map!.colorSpace).to.equal('srgb');
    expect(mesh?.geometry.getAttribute('uv').count).to.equal(3);
    expect(meshDecoderStats().ranIn).to.equal('worker');
    mesh?.release();
  });

  it('loads one Basis transcoder for the page, by URL, from basisTranscoderPath', async () => {
    // the package's copy as a page would serve it (three's own files, put beside the test's)
    for (const name of ['basis_transcoder.js', 'basis_transcoder.wasm']) {
      const bytes = new Uint8Array(
        await (await fetch(`/node_modules/three/examples/jsm/libs/basis/${name}`)).arrayBuffer(),
      );
      await putFile(`basis/${name}`, bytes);
    }
    // three files, each with a KTX2 texture: one transcoder fetched (no-store: a second loader would ask again)
    const urls = await Promise.all(
      [1, 2, 3].map((seed) => putFile(`ktx2/basis-${seed}.glb`, basisKtx2Glb(seed))),
    );
    const meshes = await Promise.all(
      urls.map((url) => loadFurnitureMesh(piece(url), FILES, { basisTranscoderPath: `${FILES}basis/` })),
    );
    // their made-up blocks do not transcode: each keeps its geometry without the texture, as three does
    for (const mesh of meshes) {
      expect(mesh?.geometry.getAttribute('position').count).to.equal(3);
      mesh?.release();
    }
    expect(furnitureCacheStats().decoders).to.include('ktx2');
    const fetched = (await pageLog()).filter((r) => r.path.startsWith('/__files/basis/')).map((r) => r.path);
    expect(fetched.sort()).to.deep.equal([
      '/__files/basis/basis_transcoder.js',
      '/__files/basis/basis_transcoder.wasm',
    ]);
    expect(meshDecoderStats().started).to.equal(1);
  });

  it('refuses a file naming a resource outside its folder or origin, before fetching anything', async () => {
    const second = await secondOrigin();
    await putFile('secret.bin', triangleBin());
    const outside = [
      `${second}/files/steal.bin`,
      '../secret.bin',
      `${FILES}secret.bin`,
      '//evil.invalid/x.bin',
      'sub/%2e%2e%2f..%2fsecret.bin',
    ];
    for (const [i, uri] of outside.entries()) {
      const url = await putFile(`mesh/outside-${i}.glb`, externalBufferGlb(uri));
      const error = await loadFurnitureMesh(piece(url), FILES).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message, uri).to.contain('outside its own folder');
    }
    expect((await secondLog()).length, 'requests at the second origin').to.equal(0);
    expect((await pageLog()).filter((r) => r.path.endsWith('secret.bin'))).to.deep.equal([]);
  });

  it('fetches a file’s own resources without the page’s cookies, and under the one byte cap', async () => {
    document.cookie = 'session=secret-of-the-site; path=/';
    await putFile('mesh/parts.bin', triangleBin());
    const url = await putFile('mesh/with-parts.glb', externalBufferGlb('parts.bin'));
    const mesh = await loadFurnitureMesh(piece(url), FILES);
    expect(mesh?.geometry.getAttribute('position').count).to.equal(3);
    mesh?.release();
    const log = (await pageLog()).filter((r) => /with-parts\.glb|parts\.bin/.test(r.path));
    expect(log.map((r) => r.path)).to.deep.equal(['/__files/mesh/with-parts.glb', '/__files/mesh/parts.bin']);
    for (const request of log) expect(request.cookie, request.path).to.equal(null);
    // a resource that takes the file over the byte cap is refused as the file itself would be
    await putFile('mesh/big.bin', new Uint8Array(300_000));
    const big = await putFile('mesh/with-big.glb', externalBufferGlb('big.bin'));
    resetFurnitureCache();
    setFurnitureLimits({ maxFileBytes: 200_000 });
    const error = await loadFurnitureMesh(piece(big), FILES).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).to.match(/larger than 200000 bytes/);
  });

  for (const drawnOn of THREADS)
    it(`fetches an absolute model URL only on the furniture-base origin or configure({ furnitureOrigins }), drawn on ${drawnOn}`, async () => {
      configure({ viewerRenderer: drawnOn });
      document.cookie = 'session=secret-of-the-site; path=/';
      const second = await secondOrigin();
      await putFile('hostile.glb', triangleGlb());
      const hostile = `${second}/files/hostile.glb`;
      const viewer = makeViewer({ loading: 'eager', camera: 'top', 'furniture-base': FILES }, [200, 150]);
      viewer.model = roomWith([hostile]);
      const problems = problemsOf(viewer);
      fixtureContainer().append(viewer);
      await mountLoaded(viewer, 30000);
      await until(() => problems.length === 1, 15000, 'the refusal');
      expect(problems[0]!.error.message).to.contain('furnitureOrigins');
      expect(viewer.renderThread).to.equal(drawnOn);
      expect(await furnitureOf(viewer)).to.deep.equal({ boxes: 1, meshes: 0, pending: 0 });
      expect(await secondLog(), 'requests at the second origin').to.deep.equal([]);
      cleanup();
      await rafPasses(2);

      // allowed by the page: fetched, without cookies
      configure({ furnitureOrigins: [second] });
      const allowed = makeViewer({ loading: 'eager', camera: 'top', 'furniture-base': FILES }, [200, 150]);
      allowed.model = roomWith([hostile]);
      fixtureContainer().append(allowed);
      await mountLoaded(allowed, 30000);
      await until(async () => (await furnitureOf(allowed)).meshes === 1, 15000, 'the mesh');
      const log = await secondLog();
      expect(log.map((r) => r.path)).to.deep.equal(['/files/hostile.glb']);
      expect(log[0]!.cookie).to.equal(null);
      // and nothing anywhere else from the room's furniture
      expect((await pageLog()).filter((r) => !r.path.startsWith('/__files/'))).to.deep.equal([]);
    });
});
