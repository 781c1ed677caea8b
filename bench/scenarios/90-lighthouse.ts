/**
 * Lighthouse 12's default mobile run (an emulated mid-range phone, 4× CPU slow-down, simulated slow 4G
 * of 150 ms RTT and 1.6 Mbps) over a retailer's page shape: a heading, two paragraphs and one element,
 * served gzip-compressed from 127.0.0.1 with the emulator on the same origin (issue 20). Every element
 * through the CDN loader and through an npm (Vite) build, and the two anchors the same two ways:
 * model-viewer 4.4 with a 1 m box, photo-sphere-viewer used raw with the same six faces as
 * <room-panorama>. Debian's Chromium (chrome-launcher, the flags of scripts/chromium.mjs), a fresh
 * browser per run; each page LH_RUNS times (default 5), every figure the median of its runs, the
 * long-task list from the run with the median performance score.
 *
 * Figures: `<path> <page> performance | lcp | tbt | cls | long tasks` with the goal and the anchor in
 * the note (goals: performance ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.02, never behind an anchor).
 * LH_PAGES=cdn:viewer,npm:panorama limits the pages; LH_SAVE=file also writes every run's figures;
 * LH_DUMP=dir writes each run's whole Lighthouse report (lhr JSON: the LCP element, the network
 * waterfall, the main-thread breakdown) to dir/<path>-<page>-<run>.json.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { launchBrowser, round, startBenchServer, type Figures, type Scenario } from '../harness.ts';
import { buildSite } from '../site-build.ts';
// @ts-expect-error plain JS module shared with the test runner
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { boxGlb } from '../box-glb.ts';

const DIR = 'bench/.tmp/lighthouse';
const RUNS = Number(process.env.LH_RUNS) || 5;
const SAMPLE = 6346838;
const PROJECT = 186997360;

type Path = 'cdn' | 'npm';
type ElementPage = 'gallery' | 'plan' | 'viewer' | 'viewer-main' | 'shop-the-look' | 'panorama' | 'export';
type PageName = ElementPage | 'model-viewer' | 'psv';
const ELEMENTS: ElementPage[] = [
  'gallery',
  'plan',
  'viewer',
  'viewer-main',
  'shop-the-look',
  'panorama',
  'export',
];
const ANCHORS: PageName[] = ['model-viewer', 'psv'];
/** Every page the scenario measures, in the order its table lists them (bench/lighthouse-table.ts). */
export const LIGHTHOUSE_PAGES: readonly PageName[] = [...ELEMENTS, ...ANCHORS];

/** Each element's markup as a page writes it, and the modules the npm page imports for it. */
const MARKUP: Record<ElementPage, { html: string; module: string | string[] }> = {
  gallery: { html: '<room-gallery limit="12"></room-gallery>', module: 'room-gallery/room-gallery.ts' },
  plan: { html: `<room-plan room-id="${SAMPLE}"></room-plan>`, module: 'room-plan/room-plan.ts' },
  // the default: drawn in the render worker (no three.js, no WebGL on the page's thread)
  viewer: { html: `<room-viewer room-id="${SAMPLE}"></room-viewer>`, module: 'room-viewer/room-viewer.ts' },
  // the same viewer drawn on the page's thread (renderer="main", the fallback)
  'viewer-main': {
    html: `<room-viewer room-id="${SAMPLE}" renderer="main"></room-viewer>`,
    module: 'room-viewer/room-viewer.ts',
  },
  // docs/shop-the-look.md as a retailer follows it: the viewer with the cart and two hotspots, and a plan
  // linked to it (`for`); every feature in the render worker (issue 33), so its TBT stays near the bare viewer's
  'shop-the-look': {
    html: `<room-viewer id="room" room-id="${SAMPLE}" cart>
      <a slot="hotspot" href="#sofa" data-component-id="model-1">Sofa</a>
      <a slot="hotspot" href="#lamp" data-component-id="model-6" data-add-to-cart>Lamp, add to cart</a>
    </room-viewer>
    <room-plan for="room" room-id="${SAMPLE}"></room-plan>`,
    module: ['room-viewer/room-viewer.ts', 'room-plan/room-plan.ts'],
  },
  panorama: {
    html: `<room-panorama room-id="${SAMPLE}"></room-panorama>`,
    module: 'room-panorama/room-panorama.ts',
  },
  export: {
    html: `<project-export-button project-id="${PROJECT}"></project-export-button>`,
    module: 'project-export-button/project-export-button.ts',
  },
};

const TEXT = [
  'Our designers put this room together around a deep sofa, oak floors and a wall of books. Turn it around, look at it from above, and see how the pieces fit before you order.',
  'Every piece in the room is in stock. Prices include delivery to your door within two weeks; returns are free for thirty days, and our planners help you by phone or chat.',
];

function page(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { margin: 0 auto; max-width: 960px; padding: 0 16px; font: 16px/1.5 system-ui, sans-serif; color: #222; }
      .box { width: 100%; aspect-ratio: 16 / 9; }
    </style>
${head}
  </head>
  <body>
    <h1>${title}</h1>
    <p>${TEXT[0]}</p>
    ${body}
    <p>${TEXT[1]}</p>
  </body>
</html>
`;
}

const configureScript = (from: string) =>
  `    <script type="module">
      import { configure } from '${from}';
      configure({ apiBase: location.origin + '/room-styling', plannerBase: location.origin + '/planning/api/v2' });
    </script>`;

type Faces = Record<'r' | 'd' | 'l' | 'u' | 'b' | 'f', string>;

/** PSV raw over `faces` in a `.box`, the module of a page (CDN: import map; npm: bundled). */
const psvModule = (faces: Faces) => `import { Viewer } from '@photo-sphere-viewer/core';
import { CubemapAdapter } from '@photo-sphere-viewer/cubemap-adapter';
const faces = ${JSON.stringify(faces)};
new Viewer({
  container: document.querySelector('.box'),
  adapter: CubemapAdapter,
  panorama: {
    type: 'separate',
    paths: { left: faces.l, front: faces.f, right: faces.r, back: faces.b, top: faces.u, bottom: faces.d },
    flipTopBottom: true,
  },
  defaultZoomLvl: 0,
  navbar: ['zoom', 'fullscreen'],
});
`;

/** Writes every page (and builds the npm ones); returns page name → URL path per path. */
async function writePages(origin: string): Promise<Record<Path, Record<PageName, string>>> {
  mkdirSync(`${DIR}/src`, { recursive: true });
  writeFileSync(`${DIR}/box.glb`, boxGlb());
  const pano = await (await fetch(`${origin}/room-styling/rooms/${SAMPLE}/panorama`)).json();
  const faces = pano.images as Faces;
  // The emulator makes a picture on its first request (a PNG encode of a few hundred ms) and keeps it,
  // as a CDN serves it from its edge: made here, before any run, so no run's poster waits for it.
  const record = await (await fetch(`${origin}/room-styling/rooms/${SAMPLE}?skip_model=true`)).json();
  const pictures = [record.image_url, record.hq_image_url, ...Object.values(faces)].filter(
    (url): url is string => typeof url === 'string',
  );
  await Promise.all(pictures.map((url) => fetch(new URL(url, origin)).then((r) => r.arrayBuffer())));
  // the loader stylesheet as an npm site links it (room-elements/loader.css is dist/loader.css)
  const hasLoaderCss = existsSync('dist/loader.css');

  const input: Record<string, string> = {};
  for (const name of ELEMENTS) {
    // configure() in the entry itself: a module of its own would be dropped as free of side effects;
    // it runs before any element asks a service (their first update is a microtask later)
    writeFileSync(
      `${DIR}/src/${name}.ts`,
      `import { configure } from '../../../../src/config.ts';
${[MARKUP[name].module]
  .flat()
  .map((module) => `import '../../../../src/elements/${module}';`)
  .join('\n')}
configure({ apiBase: location.origin + '/room-styling', plannerBase: location.origin + '/planning/api/v2' });
`,
    );
    input[name] = `${DIR}/src/${name}.ts`;
  }
  writeFileSync(`${DIR}/src/model-viewer.ts`, `import '@google/model-viewer';\n`);
  input['model-viewer'] = `${DIR}/src/model-viewer.ts`;
  writeFileSync(`${DIR}/src/psv.ts`, `import '@photo-sphere-viewer/core/index.css';\n${psvModule(faces)}`);
  input.psv = `${DIR}/src/psv.ts`;
  // Each page is its own site build, with only its element (or anchor), as the other scenarios build
  // theirs (bench/site-build.ts): built together, the five elements' shared code went into shared
  // chunks, and rolldown (Vite 8) does not hoist a chunk's imports into its importer, so the page found
  // its code three requests deep (npm/gallery.js → lists → validate), which a page with one element
  // does not load. The anchors are built the same way, one each.
  rmSync(`${DIR}/npm`, { recursive: true, force: true });
  for (const [name, source] of Object.entries(input))
    await buildSite(`${DIR}/npm/${name}`, { [name]: source }, `/${DIR}/npm/${name}/`);

  const urls = { cdn: {}, npm: {} } as Record<Path, Record<PageName, string>>;
  for (const name of ELEMENTS) {
    // the loader stylesheet linked as docs/cdn.md and the npm guide ask (the CDN loader adopts it too,
    // but a module script runs after the first paint: only a stylesheet in the head holds the boxes then)
    const css = hasLoaderCss ? `    <link rel="stylesheet" href="/dist/loader.css" />\n` : '';
    const cdn = page(
      `Living room, ${name}`,
      css + configureScript('/dist/cdn/room-elements.js'),
      MARKUP[name].html,
    );
    writeFileSync(`${DIR}/cdn-${name}.html`, cdn);
    const npm = page(
      `Living room, ${name}`,
      `${css}    <script type="module" src="/${DIR}/npm/${name}/${name}.js"></script>`,
      MARKUP[name].html,
    );
    writeFileSync(`${DIR}/npm-${name}.html`, npm);
    urls.cdn[name] = `/${DIR}/cdn-${name}.html`;
    urls.npm[name] = `/${DIR}/npm-${name}.html`;
  }
  const mv = `<model-viewer src="/${DIR}/box.glb" camera-controls alt="A 1 m box"></model-viewer>`;
  writeFileSync(
    `${DIR}/cdn-model-viewer.html`,
    page(
      'Living room, model-viewer',
      `    <script type="module" src="/node_modules/@google/model-viewer/dist/model-viewer.min.js"></script>`,
      mv,
    ),
  );
  writeFileSync(
    `${DIR}/npm-model-viewer.html`,
    page(
      'Living room, model-viewer',
      `    <script type="module" src="/${DIR}/npm/model-viewer/model-viewer.js"></script>`,
      mv,
    ),
  );
  const importMap = {
    imports: {
      three: '/node_modules/three/build/three.module.js',
      '@photo-sphere-viewer/core': '/node_modules/@photo-sphere-viewer/core/index.module.js',
      '@photo-sphere-viewer/cubemap-adapter':
        '/node_modules/@photo-sphere-viewer/cubemap-adapter/index.module.js',
    },
  };
  writeFileSync(
    `${DIR}/cdn-psv.html`,
    page(
      'Living room, photo-sphere-viewer',
      `    <link rel="stylesheet" href="/node_modules/@photo-sphere-viewer/core/index.css" />
    <script type="importmap">${JSON.stringify(importMap)}</script>
    <script type="module">${psvModule(faces)}</script>`,
      '<div class="box"></div>',
    ),
  );
  writeFileSync(
    `${DIR}/npm-psv.html`,
    page(
      'Living room, photo-sphere-viewer',
      `    <link rel="stylesheet" href="/${DIR}/npm/psv/${await cssOf('psv')}" />
    <script type="module" src="/${DIR}/npm/psv/psv.js"></script>`,
      '<div class="box"></div>',
    ),
  );
  urls.cdn['model-viewer'] = `/${DIR}/cdn-model-viewer.html`;
  urls.npm['model-viewer'] = `/${DIR}/npm-model-viewer.html`;
  urls.cdn.psv = `/${DIR}/cdn-psv.html`;
  urls.npm.psv = `/${DIR}/npm-psv.html`;
  return urls;
}

/** The CSS file Vite emitted for an entry (assets/<name>-<hash>.css, in the entry's own build). */
async function cssOf(name: string): Promise<string> {
  const file = readdirSync(`${DIR}/npm/${name}/assets`).find(
    (f) => f.startsWith(`${name}-`) && f.endsWith('.css'),
  );
  if (!file) throw new Error(`no CSS emitted for ${name}`);
  return `assets/${file}`;
}

interface Run {
  performance: number;
  /** First contentful paint: an anchor's LCP is its text when the two are the same. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  longTasks: { url: string; duration: number; startTime: number }[];
}

async function lighthouseRun(url: string, dump?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result!.lhr;
    if (dump) writeFileSync(dump, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]!;
    const items = ((audit('long-tasks').details as { items?: Run['longTasks'] } | undefined)?.items ??
      []) as Run['longTasks'];
    return {
      performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      fcp: audit('first-contentful-paint').numericValue!,
      lcp: audit('largest-contentful-paint').numericValue!,
      tbt: audit('total-blocking-time').numericValue!,
      cls: audit('cumulative-layout-shift').numericValue!,
      longTasks: items.map((t) => ({
        url: t.url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, ''),
        duration: Math.round(t.duration),
        startTime: Math.round(t.startTime),
      })),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Where each `<room-viewer>` of a page drew (its `renderThread` at `model-load`), read in a plain
 * headless load of the same page after its Lighthouse runs (issue 33: every viewer of the shop-the-look
 * page must draw in the render worker, or its TBT is the page's thread's).
 */
async function renderThreads(url: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const tab = await browser.newPage();
    await tab.evaluateOnNewDocument(`
      window.__threads = [];
      addEventListener('model-load', (e) => e.target.localName === 'room-viewer' && window.__threads.push(e.target.renderThread), true);
      addEventListener('model-error', (e) => e.target.localName === 'room-viewer' && e.detail?.fatal !== false && window.__threads.push('error'), true);`);
    await tab.goto(url);
    await tab.waitForFunction(
      `document.querySelectorAll('room-viewer').length > 0 && window.__threads.length >= document.querySelectorAll('room-viewer').length`,
      { polling: 100, timeout: 60_000 },
    );
    return (await tab.evaluate('window.__threads')) as string[];
  } finally {
    await browser.close();
  }
}

const isElement = (name: PageName): name is ElementPage => (ELEMENTS as PageName[]).includes(name);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const GOALS = {
  performance: { goal: 95, better: 'higher' as const, unit: 'score' },
  lcp: { goal: 2500, better: 'lower' as const, unit: 'ms' },
  tbt: { goal: 200, better: 'lower' as const, unit: 'ms' },
  cls: { goal: 0.02, better: 'lower' as const, unit: '' },
};
type Metric = keyof typeof GOALS;

/** The anchors an element's page is set against: its own kind, or both for the others. */
const anchorsOf = (name: PageName): PageName[] =>
  name === 'viewer' || name === 'viewer-main' || name === 'shop-the-look'
    ? ['model-viewer']
    : name === 'panorama'
      ? ['psv']
      : ANCHORS;

const scenario: Scenario = {
  name: 'lighthouse',
  async run() {
    const server = await startBenchServer({ gzip: true });
    const figures: Figures = {};
    const all: Record<string, Run[]> = {};
    try {
      const urls = await writePages(server.origin);
      const wanted = process.env.LH_PAGES?.split(',').map((s) => s.trim());
      const medians: Record<string, Record<Metric, number>> = {};
      const fcps: Record<string, number> = {};
      const load: number[] = [];
      for (const path of ['cdn', 'npm'] as Path[]) {
        for (const name of [...ANCHORS, ...ELEMENTS]) {
          const key = `${path}:${name}`;
          if (wanted && !wanted.includes(key)) continue;
          const runs: Run[] = [];
          for (let i = 0; i < RUNS; i++) {
            load.push(loadavg()[0]!);
            const dump = process.env.LH_DUMP && `${process.env.LH_DUMP}/${path}-${name}-${i}.json`;
            if (dump) mkdirSync(process.env.LH_DUMP!, { recursive: true });
            runs.push(await lighthouseRun(server.origin + urls[path][name], dump || undefined));
            process.stdout.write('.');
          }
          all[key] = runs;
          const m = Object.fromEntries(
            (Object.keys(GOALS) as Metric[]).map((k) => [k, median(runs.map((r) => r[k]))]),
          ) as Record<Metric, number>;
          medians[key] = m;
          fcps[key] = median(runs.map((r) => r.fcp));
          const byScore = [...runs].sort((a, b) => a.performance - b.performance)[runs.length >> 1]!;
          const anchors = isElement(name) ? anchorsOf(name) : [];
          for (const metric of Object.keys(GOALS) as Metric[]) {
            const { goal, better, unit } = GOALS[metric];
            const value = m[metric];
            const ok = better === 'higher' ? value >= goal : value <= goal;
            // An anchor whose largest paint is its first (a heading or paragraph: its element paints
            // nothing the LCP counts, a canvas) says so: an element showing a picture there (a poster,
            // a gallery's cards) is then measured against the page's text, not against a picture.
            const beside = anchors
              .map((a) => [a, medians[`${path}:${a}`], fcps[`${path}:${a}`]] as const)
              .filter(([, m]) => m)
              .map(
                ([a, m, fcp]) =>
                  `${a} ${fmt(metric, m![metric])}` +
                  (metric === 'lcp' && fcp !== undefined && m!.lcp - fcp < 50
                    ? ' (its first paint: text)'
                    : ''),
              );
            const behind = anchors.some((a) => {
              const theirs = medians[`${path}:${a}`]?.[metric];
              return theirs !== undefined && (better === 'higher' ? value < theirs : value > theirs);
            });
            figures[`${path} ${name} ${metric}`] = {
              value: metric === 'cls' ? round(value, 3) : Math.round(value),
              unit,
              note: isElement(name)
                ? `goal ${better === 'higher' ? '≥' : '≤'} ${goal}${ok ? '' : ' MISSED'}` +
                  (beside.length ? `; ${beside.join(', ')}${behind ? ' BEHIND' : ''}` : '') +
                  `; runs ${runs.map((r) => fmt(metric, r[metric])).join(' ')}`
                : `anchor; runs ${runs.map((r) => fmt(metric, r[metric])).join(' ')}`,
            };
          }
          figures[`${path} ${name} fcp`] = {
            value: Math.round(fcps[key]!),
            unit: 'ms',
            note: `first contentful paint (no goal); runs ${runs.map((r) => fmt('lcp', r.fcp)).join(' ')}`,
          };
          if (name === 'viewer' || name === 'viewer-main' || name === 'shop-the-look') {
            const threads = await renderThreads(server.origin + urls[path][name]);
            const wantWorker = name !== 'viewer-main';
            const inWorker = threads.filter((t) => t === 'worker').length;
            figures[`${path} ${name} render thread`] = {
              value: inWorker,
              unit: 'viewers in the worker',
              note:
                `renderThread of each viewer: ${threads.join(', ')}` +
                (wantWorker && inWorker < threads.length ? ' MISSED (goal: every one "worker")' : ''),
            };
          }
          // the shop-the-look page against the bare viewer of the same run (goal: TBT at most twice its)
          const bare = medians[`${path}:viewer`];
          if (name === 'shop-the-look' && bare) {
            const ratio = bare.tbt > 0 ? round(m.tbt / bare.tbt, 2) : Infinity;
            figures[`${path} ${name} tbt vs bare viewer`] = {
              value: ratio,
              unit: '×',
              note: `${fmt('tbt', m.tbt)} against ${fmt('tbt', bare.tbt)}; goal ≤ 2${ratio <= 2 ? '' : ' MISSED'}`,
            };
          }
          figures[`${path} ${name} long tasks`] = {
            value: byScore.longTasks.length,
            unit: 'tasks',
            note: byScore.longTasks.map((t) => `${t.duration} ms @${t.startTime} ${t.url}`).join('; '),
          };
        }
      }
      figures['load average'] = {
        value: round(median(load), 2),
        unit: '',
        note: `1-minute load average before each run, median (min ${round(Math.min(...load), 2)}, max ${round(Math.max(...load), 2)}); 2 cores`,
      };
      console.log();
      if (process.env.LH_SAVE) writeFileSync(process.env.LH_SAVE, JSON.stringify(all, null, 2) + '\n');
    } finally {
      server.close();
    }
    return figures;
  },
};

function fmt(metric: Metric, value: number): string {
  if (metric === 'cls') return String(round(value, 3));
  if (metric === 'lcp') return `${round(value / 1000, 2)} s`;
  if (metric === 'tbt') return `${Math.round(value)} ms`;
  return String(value);
}

export default scenario;
