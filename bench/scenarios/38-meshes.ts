/**
 * `<room-viewer furniture-base>`: the showcase room (emulator room 6346900, 25 pieces of 17 products)
 * with its products' meshes (src/three/furniture-meshes.ts, the emulator's GLB files) beside the same
 * room as boxes: connected → first frame (boxes in both: the meshes come after), connected → every mesh
 * drawn, the time between frames while orbiting (rounds alternate boxes and meshes, so a slower moment
 * of the machine falls on both), the triangles drawn, and 50 viewers of the room on one page sharing
 * one decoded mesh per product (the page's cache: decodes, and geometries on the GPU beside 50 viewers
 * of boxes).
 *
 * The page is built here as a site would build it with only <room-viewer> (bench/site-build.ts, into
 * bench/.tmp/meshes-app; GLTFLoader is one of its lazy chunks); the orbit is timed by
 * bench/orbit-probe.ts. Headless Chromium draws with SwiftShader (software WebGL): frame figures are
 * CPU-bound and far above what a GPU gives. Page scripts are strings (tsx would wrap named functions).
 */
import type { Page } from 'puppeteer-core';
import { round, type Figures, type Scenario } from '../harness.ts';
import { ORBIT_PROBE, type OrbitRun } from '../orbit-probe.ts';
import { buildViewerApp } from '../site-build.ts';

const SHOWCASE = 6346900;
const PIECES = 25;
const PRODUCTS = 17;
const APP = 'bench/.tmp/meshes-app';
const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const buildApp = () =>
  buildViewerApp(APP, 'meshes', 'body{margin:0}room-viewer{width:320px;height:240px;display:inline-block}');

/** In the page: a viewer of the showcase room, with meshes or not; the times from connected. */
const SHOW = `
const show = async (meshes, size = [320, 240], camera = 'orbit') => {
  const el = document.createElement('room-viewer');
  // on the page's thread (the default draws in the render worker): the figures read the scene here
  el.setAttribute('renderer', 'main');
  el.setAttribute('loading', 'eager');
  el.setAttribute('camera', camera);
  el.setAttribute('room-id', '${SHOWCASE}');
  if (meshes) el.setAttribute('furniture-base', location.origin + '/room-styling');
  el.style.width = size[0] + 'px';
  el.style.height = size[1] + 'px';
  const loaded = new Promise((resolve, reject) => {
    el.addEventListener('model-load', resolve, { once: true });
    el.addEventListener('model-error', (e) => { if (e.detail.fatal) reject(e.detail.error); else window.meshProblems = (window.meshProblems || 0) + 1; });
  });
  const started = performance.now();
  document.body.append(el);
  await loaded;
  const first = performance.now() - started;
  let all = first;
  if (meshes) {
    // every mesh in, then the frame that shows them
    while (el.view.room.furniture().boxes > 0 || el.view.room.furniture().pending > 0) await new Promise((r) => setTimeout(r, 5));
    // (drawn: the view is no longer due for a frame)
    while (el.view.dirty) await new Promise((r) => requestAnimationFrame(r));
    all = performance.now() - started;
  }
  return { el, first, all };
};
const cache = () => globalThis[Symbol.for('room-elements.furniture-cache')]?.stats();
`;

const FIRST = (meshes: boolean) => `(async () => {
  ${SHOW}
  const r = await show(${meshes});
  const counts = r.el.view.room.furniture();
  return { first: r.first, all: r.all, counts, problems: window.meshProblems || 0 };
})()`;

const ORBIT = `(async () => {
  ${ORBIT_PROBE}
  ${SHOW}
  const runs = { boxes: [], meshes: [] };
  const triangles = {};
  for (let i = 0; i < ${ROUNDS}; i++) {
    for (const kind of ['boxes', 'meshes']) {
      const { el } = await show(kind === 'meshes');
      await new Promise((r) => setTimeout(r, 200));
      const orbit = probe(el);
      runs[kind].push(await orbit());
      // the still frame after the orbit: every triangle of the room
      triangles[kind] = el.view.renderer.renderer.info.render.triangles;
      el.remove();
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { boxes: medians(runs.boxes), meshes: medians(runs.meshes), triangles };
})()`;

const FIFTY = (meshes: boolean) => `(async () => {
  ${SHOW}
  const started = performance.now();
  const shown = await Promise.all(Array.from({ length: 50 }, (_, i) => show(${meshes}, [120, 90], i % 2 ? 'orbit' : 'top')));
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 300));
  const view = shown[0].el.view;
  const meshed = shown.every((s) => s.el.view.room.furniture().meshes === ${PIECES});
  const geometry = shown[0].el.view.room.groups.map((g) => g.mesh.geometry);
  const shared = shown.every((s) => s.el.view.room.groups.every((g, i) => !g.meshed || g.mesh.geometry === geometry[i]));
  return { ms, meshed, shared, gpu: view.renderer.renderer.info.memory, cache: cache() || null };
})()`;

async function open(page: Page, origin: string): Promise<void> {
  await page.setCacheEnabled(false);
  await page.goto(`${origin}/${APP}/index.html`, { waitUntil: 'load' });
  await page.waitForFunction('window.benchReady === true', { timeout: 60000 });
}

const scenario: Scenario = {
  name: 'viewer-meshes',
  async run(ctx): Promise<Figures> {
    await buildApp();
    const figures: Figures = {};

    // first frames, three fresh pages each (nothing cached: three.js, the room, the meshes)
    const firsts: Record<'boxes' | 'meshes', { first: number; all: number }[]> = { boxes: [], meshes: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const kind of ['boxes', 'meshes'] as const) {
        const page = await ctx.newPage(800, 400);
        await open(page, ctx.origin);
        const r = (await page.evaluate(FIRST(kind === 'meshes'))) as {
          first: number;
          all: number;
          counts: { boxes: number; meshes: number };
          problems: number;
        };
        await page.close();
        if (kind === 'meshes' && (r.counts.meshes !== PIECES || r.problems))
          throw new Error(`meshes: ${JSON.stringify(r)}`);
        firsts[kind].push(r);
      }
    }
    figures['showcase room, boxes: connected → first frame'] = {
      value: round(median(firsts.boxes.map((r) => r.first))),
      unit: 'ms',
      note: `median of ${ROUNDS} fresh pages; 25 pieces, 320 × 240`,
    };
    figures['showcase room, furniture-base: connected → first frame (boxes)'] = {
      value: round(median(firsts.meshes.map((r) => r.first))),
      unit: 'ms',
      note: 'the first frame does not wait for the meshes',
    };
    figures['showcase room, furniture-base: connected → every mesh drawn'] = {
      value: round(median(firsts.meshes.map((r) => r.all))),
      unit: 'ms',
      note: `17 GLB files (885 KB) fetched, decoded and swapped in; median of ${ROUNDS} fresh pages`,
    };

    // orbiting, boxes and meshes in turn on one page
    const orbitPage = await ctx.newPage(800, 400);
    await open(orbitPage, ctx.origin);
    const orbit = (await orbitPage.evaluate(ORBIT)) as {
      boxes: OrbitRun;
      meshes: OrbitRun;
      triangles: { boxes: number; meshes: number };
    };
    await orbitPage.close();
    figures['orbiting the showcase room, boxes: time between frames'] = {
      value: round(orbit.boxes.interval),
      unit: 'ms',
      note: `medians of ${ROUNDS} rounds of 1.5 s, alternating with meshes`,
    };
    figures['orbiting the showcase room, meshes: time between frames'] = {
      value: round(orbit.meshes.interval),
      unit: 'ms',
    };
    figures['orbiting the showcase room, boxes: draw + copy, median'] = {
      value: round(orbit.boxes.draw, 2),
      unit: 'ms',
    };
    figures['orbiting the showcase room, meshes: draw + copy, median'] = {
      value: round(orbit.meshes.draw, 2),
      unit: 'ms',
    };
    figures['showcase room: triangles drawn, boxes'] = { value: orbit.triangles.boxes, unit: '' };
    figures['showcase room: triangles drawn, meshes'] = { value: orbit.triangles.meshes, unit: '' };

    // 50 viewers on one page
    const fifty: Record<
      'boxes' | 'meshes',
      {
        ms: number;
        meshed: boolean;
        shared: boolean;
        gpu: { geometries: number; textures: number };
        cache: { decoded: number; entries: number; bytes: number } | null;
      }
    > = {} as never;
    for (const kind of ['boxes', 'meshes'] as const) {
      const page = await ctx.newPage(1280, 800);
      await open(page, ctx.origin);
      fifty[kind] = (await page.evaluate(FIFTY(kind === 'meshes'))) as (typeof fifty)['boxes'];
      await page.close();
    }
    if (!fifty.meshes.meshed || !fifty.meshes.shared || !fifty.meshes.cache)
      throw new Error(`50 viewers: ${JSON.stringify(fifty.meshes)}`);
    figures['50 viewers of the showcase room, meshes: decoded meshes'] = {
      value: fifty.meshes.cache.decoded,
      unit: '',
      note: `${PRODUCTS} products: one decode each for the whole page; every viewer draws the same geometry objects`,
    };
    figures['50 viewers of the showcase room, meshes: decoded bytes kept'] = {
      value: fifty.meshes.cache.bytes,
      unit: 'B',
      note: 'geometry (and textures): the cache budget is 96 MiB',
    };
    figures['50 viewers of the showcase room: geometries on the GPU, boxes'] = {
      value: fifty.boxes.gpu.geometries,
      unit: '',
      note: 'renderer.info.memory: each viewer builds its own boxes',
    };
    figures['50 viewers of the showcase room: geometries on the GPU, meshes'] = {
      value: fifty.meshes.gpu.geometries,
      unit: '',
      note: `the boxes' contact shadows stay per viewer; the ${PRODUCTS} meshes once`,
    };
    figures['50 viewers of the showcase room, boxes: all drawn'] = {
      value: round(fifty.boxes.ms),
      unit: 'ms',
    };
    figures['50 viewers of the showcase room, meshes: every mesh of every viewer drawn'] = {
      value: round(fifty.meshes.ms),
      unit: 'ms',
      note: 'from the first viewer connected',
    };
    return figures;
  },
};

export default scenario;
