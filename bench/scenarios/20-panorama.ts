/**
 * <room-panorama> against photo-sphere-viewer used directly (bench/pages/panorama-raw-entry.ts), with
 * the same faces in the same run:
 * - time to the first drawn frame: cold (navigation start → first frame, code loading included) and
 *   warm (connected → panorama-ready with the code already loaded), medians, alternating the two;
 * - gzip bytes: the panorama path (the lazy chunks a panorama starts: PSV, adapter, three, glue) and
 *   the whole page with only <room-panorama>, against raw PSV + three built the same way;
 * - live WebGL contexts with 50 embeds on one page scrolled top to bottom.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'vite';
import type { Page } from 'puppeteer-core';
import type { BenchContext, Figures, Scenario } from '../harness.ts';
import { buildSite } from '../site-build.ts';

type Faces = Record<'r' | 'd' | 'l' | 'u' | 'b' | 'f', string>;
const RAW_DIR = 'bench/.tmp/panorama-raw';
const ELEMENT_DIR = 'bench/.tmp/panorama-element';
const BYTES_DIR = 'bench/.tmp/panorama-bytes';
const COLD_RUNS = 3;
const WARM_RUNS = Number(process.env.WARM_RUNS) || 11;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** Builds one entry as the CDN build does (code splitting, lazy chunks beside it). */
const buildEntry = (name: string, entry: string, outDir: string) =>
  buildSite(outDir, { [name]: entry }, './');

/** The faces both viewers show: the real 1080 px faces of room 6346838 when the emulator has them. */
async function benchFaces(origin: string): Promise<{ faces: Faces; which: string }> {
  const real = await fetch(`${origin}/room-styling/rooms/6346838/panorama`);
  if (real.ok) return { faces: (await real.json()).images, which: 'panorama 18755 (real faces)' };
  const list = await (await fetch(`${origin}/room-styling/rooms/panoramas?limit=1`)).json();
  const id = list.rooms[0].id;
  return {
    faces: (await (await fetch(`${origin}/room-styling/rooms/${id}/panorama`)).json()).images,
    which: `room ${id}`,
  };
}

/** `?src=` for the element pages: the CDN bundle, or the element built alone when dist/cdn is missing. */
let elementSrc = '';

async function elementCold(
  ctx: BenchContext,
  faces: Faces,
): Promise<{ cold: number; connected: number; page: Page }> {
  const page = await ctx.newPage();
  await page.goto(`${ctx.origin}/bench/pages/panorama-element.html${elementSrc}`, { waitUntil: 'load' });
  await page.waitForFunction(() => 'mountElement' in window && customElements.get('room-panorama'));
  const { cold, connected } = await page.evaluate(async (f) => {
    const ms = await (window as unknown as { mountElement(f: unknown): Promise<number> }).mountElement(f);
    return { cold: performance.now(), connected: ms };
  }, faces);
  return { cold, connected, page };
}

async function rawCold(ctx: BenchContext, faces: Faces): Promise<{ cold: number; page: Page }> {
  const page = await ctx.newPage();
  await page.goto(`${ctx.origin}/bench/pages/panorama-raw.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => 'mountRaw' in window);
  const cold = await page.evaluate(async (f) => {
    const box = document.createElement('div');
    box.className = 'box';
    document.body.append(box);
    const w = window as unknown as { last?: unknown; mountRaw(c: HTMLElement, f: unknown): Promise<unknown> };
    w.last = await w.mountRaw(box, f); // the warm runs destroy it first, as the element's remove() does
    return performance.now();
  }, faces);
  return { cold, page };
}

/** connected → panorama-ready, the code already loaded; the previous panorama removed first. */
async function elementWarm(page: Page, faces: Faces): Promise<number> {
  await page.bringToFront(); // a background tab gets no animation frames, so nothing would be drawn
  return page.evaluate(async (f) => {
    document.querySelectorAll('room-panorama').forEach((el) => el.remove());
    await new Promise((r) => requestAnimationFrame(r));
    return (window as unknown as { mountElement(f: unknown): Promise<number> }).mountElement(f);
  }, faces);
}

/** new Viewer → first frame, the previous viewer destroyed and its context released first. */
async function rawWarm(page: Page, faces: Faces): Promise<number> {
  await page.bringToFront();
  return page.evaluate(async (f) => {
    type Raw = { destroy(): void; renderer: { renderer: { getContext(): WebGLRenderingContext } } };
    const w = window as unknown as { last?: Raw; mountRaw(c: HTMLElement, f: unknown): Promise<Raw> };
    if (w.last) {
      const gl = w.last.renderer.renderer.getContext();
      w.last.destroy();
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
    document.querySelectorAll('.box').forEach((el) => el.remove());
    await new Promise((r) => requestAnimationFrame(r));
    const box = document.createElement('div');
    box.className = 'box';
    document.body.append(box);
    const start = performance.now();
    w.last = await w.mountRaw(box, f);
    return performance.now() - start;
  }, faces);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  lazy: boolean,
  seen = new Set<string>(),
) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of [
    ...(manifest[key]!.imports ?? []),
    ...(lazy ? (manifest[key]!.dynamicImports ?? []) : []),
  ]) {
    if (manifest[next]) closure(manifest, next, lazy, seen);
  }
  return seen;
}

async function bytes(figures: Figures): Promise<void> {
  mkdirSync(`${BYTES_DIR}/src`, { recursive: true });
  const elementEntry = `${BYTES_DIR}/src/room-panorama.ts`;
  writeFileSync(elementEntry, `import '../../../../src/elements/room-panorama/room-panorama.ts';\n`);
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      target: 'es2022',
      outDir: `${BYTES_DIR}/out`,
      emptyOutDir: true,
      manifest: true,
      modulePreload: false,
      rolldownOptions: {
        input: { element: elementEntry, raw: 'bench/pages/panorama-raw-entry.ts' },
        preserveEntrySignatures: false,
      },
    },
  });
  const manifest = JSON.parse(readFileSync(`${BYTES_DIR}/out/.vite/manifest.json`, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = (suffix: string) =>
    Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith(suffix))!;
  const size = (keys: Iterable<string>) =>
    [...keys].reduce((sum, k) => sum + gz(`${BYTES_DIR}/out/${manifest[k]!.file}`), 0);
  const element = entry('room-panorama.ts');
  const eager = closure(manifest, element, false);
  const all = closure(manifest, element, true);
  const path = [...all].filter((k) => !eager.has(k));
  const raw = size(closure(manifest, entry('panorama-raw-entry.ts'), true));
  const pathBytes = size(path);
  const allBytes = size(all);
  figures['raw PSV + adapter + three, gzip'] = { value: raw, unit: 'B' };
  figures['panorama path (lazy chunks a panorama starts), gzip'] = {
    value: pathBytes,
    unit: 'B',
    note: `${round(pathBytes / raw, 3)}× raw (goal ≤ 1.05×)`,
  };
  figures['page with only <room-panorama>: all JS, gzip'] = {
    value: allBytes,
    unit: 'B',
    note: `${round(allBytes / raw, 3)}× raw; at load only ${size(eager)} B (lit, element, api client)`,
  };
}

async function manyEmbeds(ctx: BenchContext, figures: Figures): Promise<void> {
  const page = await ctx.newPage(1000, 700);
  // count every WebGL context the page makes and whether it is still alive
  await page.evaluateOnNewDocument(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    const contexts: WebGLRenderingContext[] = [];
    (window as unknown as { liveContexts(): number }).liveContexts = () =>
      contexts.filter((gl) => !gl.isContextLost()).length;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      type: string,
      ...rest: unknown[]
    ) {
      const gl = (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      if (gl && (type === 'webgl' || type === 'webgl2') && !contexts.includes(gl as WebGLRenderingContext)) {
        contexts.push(gl as WebGLRenderingContext);
      }
      return gl;
    } as typeof original;
  });
  await page.goto(`${ctx.origin}/bench/pages/panorama-many.html${elementSrc}`, { waitUntil: 'load' });
  const count = await page.evaluate(async (origin) => {
    const list = await (await fetch(`${origin}/room-styling/rooms/panoramas?limit=50`)).json();
    for (const room of (list.rooms as { id: number }[]).slice(0, 50)) {
      const el = document.createElement('room-panorama');
      el.setAttribute('room-id', String(room.id));
      el.setAttribute('api-base', `${origin}/room-styling`);
      el.setAttribute('navbar', 'false');
      document.body.append(el);
    }
    return document.querySelectorAll('room-panorama').length;
  }, ctx.origin);
  let maxLive = 0;
  let broken = 0;
  const started = Date.now();
  // one element per evaluate: the emulator draws each room's faces on demand, which takes a while
  for (let i = 0; i < count; i++) {
    const step = await page.evaluate(async (index) => {
      const el = document.querySelectorAll('room-panorama')[index]!;
      el.scrollIntoView({ block: 'center' });
      const end = performance.now() + 20000;
      while (el.getAttribute('state') !== 'ready' && performance.now() < end) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const canvas = el.shadowRoot!.querySelector('canvas');
      const gl =
        canvas && ((canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext);
      const ok = el.getAttribute('state') === 'ready' && !!gl && !gl.isContextLost();
      return { ok, live: (window as unknown as { liveContexts(): number }).liveContexts() };
    }, i);
    if (!step.ok) broken++;
    maxLive = Math.max(maxLive, step.live);
  }
  const result = { count, maxLive, broken, ms: Date.now() - started };
  figures['50 embeds: panoramas on the page'] = { value: result.count, unit: '' };
  figures['50 embeds: most live WebGL contexts while scrolling'] = {
    value: result.maxLive,
    unit: '',
    note: 'goal ≤ 4 viewers + 1 (PSV’s one-time capability probe); Chrome keeps 16',
  };
  figures['50 embeds: shown broken when scrolled into view'] = {
    value: result.broken,
    unit: '',
    note: 'goal 0',
  };
  figures['50 embeds: scroll through all, each until ready'] = { value: round(result.ms), unit: 'ms' };
}

const scenario: Scenario = {
  name: 'panorama',
  async run(ctx) {
    await buildEntry('panorama-raw', 'bench/pages/panorama-raw-entry.ts', RAW_DIR);
    let built = 'dist/cdn/room-elements.all.js';
    elementSrc = '';
    if (!existsSync('dist/cdn/room-elements.all.js')) {
      await buildEntry('room-panorama', 'src/elements/room-panorama/room-panorama.ts', ELEMENT_DIR);
      elementSrc = `?src=/${ELEMENT_DIR}/room-panorama.js`;
      built = `${ELEMENT_DIR}/room-panorama.js (dist/cdn was missing)`;
    }
    const figures: Figures = {};
    const { faces, which } = await benchFaces(ctx.origin);

    const cold = { element: [] as number[], raw: [] as number[], connected: [] as number[] };
    const warm = { element: [] as number[], raw: [] as number[] };
    let elementPage: Page | undefined;
    let rawPage: Page | undefined;
    for (let i = 0; i < COLD_RUNS; i++) {
      const e = await elementCold(ctx, faces);
      cold.element.push(e.cold);
      cold.connected.push(e.connected);
      const r = await rawCold(ctx, faces);
      cold.raw.push(r.cold);
      if (i < COLD_RUNS - 1) {
        await e.page.close();
        await r.page.close();
      } else {
        elementPage = e.page;
        rawPage = r.page;
      }
    }
    for (let i = 0; i < WARM_RUNS; i++) {
      warm.element.push(await elementWarm(elementPage!, faces));
      warm.raw.push(await rawWarm(rawPage!, faces));
    }
    if (process.env.BENCH_VERBOSE)
      console.log(
        '\nwarm element',
        warm.element.map((v) => round(v)),
        'raw',
        warm.raw.map((v) => round(v)),
      );
    const ratio = (a: number[], b: number[]) => round(median(a) / median(b), 2);
    figures['first frame, warm: <room-panorama> connected → panorama-ready (median)'] = {
      value: round(median(warm.element)),
      unit: 'ms',
      note: `${ratio(warm.element, warm.raw)}× raw (goal ≤ 1.1×); faces: ${which}, 640×360; ${built}`,
    };
    figures['first frame, warm: raw PSV new Viewer → first frame (median)'] = {
      value: round(median(warm.raw)),
      unit: 'ms',
    };
    figures['first frame, cold: <room-panorama> page start → panorama-ready (median)'] = {
      value: round(median(cold.element)),
      unit: 'ms',
      note: `${ratio(cold.element, cold.raw)}× raw (code loading included: the element imports PSV + three lazily)`,
    };
    figures['first frame, cold: <room-panorama> connected → panorama-ready (median)'] = {
      value: round(median(cold.connected)),
      unit: 'ms',
      note: 'the first panorama of a page: includes importing PSV + three',
    };
    figures['first frame, cold: raw PSV page start → first frame (median)'] = {
      value: round(median(cold.raw)),
      unit: 'ms',
    };
    await elementPage!.close();
    await rawPage!.close();

    await bytes(figures);
    if (!process.env.PANORAMA_SKIP_MANY) await manyEmbeds(ctx, figures);
    return figures;
  },
};
export default scenario;
