/**
 * How the bench counts a page's bytes (bench/scenarios/05-page-bytes.ts, and the budget test
 * test/node/cdn-budgets.test.ts through the same code): each element alone on a page, the JS the
 * browser requests before the element's first painted result, gzip as transferred (Resource
 * Timing's `encodedBodySize` from a server that gzips at level 9 and forbids caching:
 * bench/harness.ts). "First painted result": gallery, its first cards on screen; plan, `model-load`
 * (drawn); viewer, `first-frame` (the room on screen, the poster fading; its API comes after it, issue
 * 33), and in a second row `model-load` (the API ready: the features' chunk after the frame); panorama, `panorama-ready`; export button, its button
 * rendered; each then one more frame. Only requests that started by then count, the page's and its
 * workers' (a module worker's imports are in the worker's own Resource Timing, not the page's).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { build, type Plugin } from 'vite';

export const DIR = 'bench/.tmp/page-bytes';
/**
 * The goal for a page with only the first-cards element (the gallery): 20 KB of JS before its first
 * cards (issues 9 and 35), on both paths. The budgets the tests hold the build to (scripts/cdn/budgets.json)
 * are what is reached; the scenario prints both.
 */
export const GALLERY_GOAL = 20 * 1024;
const SAMPLE_ROOM = '6346838';

export interface PageElement {
  tag: string;
  /** What "painted" means for it (figure names). */
  result: string;
  /** The element's markup; `{panorama}` becomes a room with a panorama. */
  markup: string;
  /** Page expression that is true once the result is on screen; throws on the element's error. */
  painted: string;
  /**
   * The event whose own moment counts (requests started before it), instead of a frame after `painted`
   * first held: the viewer's `first-frame`, which the element fires once the frame is on screen and
   * the poster rendered fading, and after which it asks for its features' chunk at the next frame.
   */
  at?: string;
}

/** The page's check that `mark` fired, and that `error` did not (it throws then). */
const fired = (mark: string, error: string): string => `(() => {
  if (window.__marks['${error}']) throw new Error('${error}');
  return window.__marks['${mark}'] !== undefined;
})()`;

export const ELEMENTS: PageElement[] = [
  {
    tag: 'room-gallery',
    result: 'first cards',
    markup: '<room-gallery></room-gallery>',
    painted: `(() => {
      if (window.__marks['rooms-error']) throw new Error('rooms-error');
      const cards = document.querySelector('room-gallery').shadowRoot?.querySelectorAll('[part~="card"]');
      return window.__marks['rooms-load'] !== undefined && cards && cards.length > 0;
    })()`,
  },
  {
    tag: 'room-plan',
    result: 'drawn plan',
    markup: `<room-plan room-id="${SAMPLE_ROOM}"></room-plan>`,
    painted: fired('model-load', 'model-error'),
  },
  // the first: the budget test (test/node/cdn-budgets.test.ts) takes the first row of a tag
  {
    tag: 'room-viewer',
    result: 'first frame',
    markup: `<room-viewer room-id="${SAMPLE_ROOM}"></room-viewer>`,
    painted: fired('first-frame', 'model-error'),
    at: 'first-frame',
  },
  {
    tag: 'room-viewer',
    result: 'model-load',
    markup: `<room-viewer room-id="${SAMPLE_ROOM}"></room-viewer>`,
    painted: fired('model-load', 'model-error'),
  },
  {
    tag: 'room-panorama',
    result: 'panorama-ready',
    markup: '<room-panorama room-id="{panorama}"></room-panorama>',
    painted: fired('panorama-ready', 'panorama-error'),
  },
  {
    tag: 'project-export-button',
    result: 'rendered',
    markup: '<project-export-button project-id="1"></project-export-button>',
    painted: `!!document.querySelector('project-export-button').shadowRoot?.querySelector('[part~="button"]')`,
  },
];

/** Runs before any script of the page: remembers when each element event first fired. */
export const PROBE = `
  window.__marks = {};
  performance.setResourceTimingBufferSize(1000);
  for (const name of ['rooms-load', 'rooms-error', 'first-frame', 'model-load', 'model-error', 'panorama-ready', 'panorama-error']) {
    window.addEventListener(name, () => (window.__marks[name] ??= performance.now()), true);
  }`;

/**
 * Runs before any script of the page, beside PROBE: checks `element.painted` at every frame from the
 * document's start and takes the moment (`window.__paintedAt`) in the frame after it first held, all
 * in the page. Taken after round trips to this process (puppeteer injecting its poller, then asking
 * for the time), the moment moved with the machine's load: a busy machine counted a chunk an element
 * asks for a second after its first result (issue 35).
 */
function paintWatch(element: PageElement): string {
  return `
  (() => {
    const check = () => {
      // the element is in the document once its HTML is parsed
      if (document.readyState === 'loading') return requestAnimationFrame(check);
      let painted = false;
      try {
        painted = ${element.painted};
      } catch (error) {
        window.__paintError = String(error);
        return;
      }
      if (!painted) return requestAnimationFrame(check);
      ${
        element.at
          ? `window.__paintedAt = window.__marks[${JSON.stringify(element.at)}];`
          : 'requestAnimationFrame(() => setTimeout(() => (window.__paintedAt = performance.now()), 0));'
      }
    };
    requestAnimationFrame(check);
  })();`;
}

const STYLE = `<style>
  body { margin: 0 auto; max-width: 1200px; font-family: system-ui, sans-serif; }
  room-plan, room-viewer, room-panorama { display: block; inline-size: 640px; block-size: 400px; }
</style>`;

export const page = (title: string, markup: string, scripts: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>${title}</title>${STYLE}</head>
  <body>
    ${markup}
    ${scripts}
  </body>
</html>
`;

/** The CDN page: markup, then the one script tag (its module also configures the service). */
export function cdnPage(element: PageElement, markup: string): string {
  mkdirSync(`${DIR}/cdn`, { recursive: true });
  const path = `${DIR}/cdn/${element.tag}.html`;
  const script = `<script type="module">
      import { configure } from '/dist/cdn/room-elements.js';
      configure({ apiBase: \`\${location.origin}/room-styling\` });
    </script>`;
  writeFileSync(path, page(`CDN: &lt;${element.tag}&gt;`, markup, script));
  return `/${path}`;
}

/**
 * dist/<tag>.js only re-exports its element from dist/chunks/ (the index shares it), and package.json's
 * `sideEffects` lists dist/<tag>.js but not dist/chunks/*.js: a site's bundler then drops the chunk,
 * and with it the element's registration, from `import 'room-elements/<tag>.js'`. Until package.json
 * lists "./dist/chunks/*.js", this plugin says so for the bench's page, as that entry would.
 */
const chunksKeepSideEffects: Plugin = {
  name: 'bench:dist-chunks-side-effects',
  enforce: 'post',
  transform(_code, id) {
    return id.startsWith(resolve('dist/chunks')) ? { moduleSideEffects: true } : null;
  },
};

/** The npm page: a Vite app importing the element from the package, as a site builds it. */
export async function npmPage(element: PageElement, markup: string): Promise<string> {
  const root = `${DIR}/npm/${element.tag}`;
  mkdirSync(root, { recursive: true });
  // a package of its own: inside ours, package.json's `sideEffects` would let Vite drop these files
  writeFileSync(`${root}/package.json`, '{ "private": true, "type": "module", "sideEffects": true }\n');
  // configured before the element module runs (imports evaluate in order)
  writeFileSync(
    `${root}/setup.js`,
    "import { configure } from 'room-elements/config.js';\n" +
      'configure({ apiBase: `${location.origin}/room-styling` });\n',
  );
  writeFileSync(`${root}/main.js`, `import './setup.js';\nimport 'room-elements/${element.tag}.js';\n`);
  writeFileSync(
    `${root}/index.html`,
    page(`npm: &lt;${element.tag}&gt;`, markup, '<script type="module" src="./main.js"></script>'),
  );
  await build({
    configFile: false,
    root,
    base: `/${root}/dist/`,
    logLevel: 'warn',
    // the package's exports map: room-elements/<file>.js is dist/<file>.js
    resolve: { alias: [{ find: /^room-elements\/(.+)$/, replacement: `${resolve('dist')}/$1` }] },
    plugins: [chunksKeepSideEffects],
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      modulePreload: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
    },
  });
  return `/${root}/dist/index.html`;
}

export interface Measured {
  bytes: number;
  files: string[];
  ms: number;
}

/** Loads `path` from `origin` in a fresh context; the JS requested until the element's result was painted. */
export async function measurePage(
  browser: Browser,
  origin: string,
  element: PageElement,
  path: string,
): Promise<Measured> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 1280, height: 800 });
    await tab.evaluateOnNewDocument(PROBE + paintWatch(element));
    await tab.goto(`${origin}${path}`);
    await tab.waitForFunction(
      `(() => { if (window.__paintError) throw new Error(window.__paintError); return window.__paintedAt !== undefined; })()`,
      { polling: 100, timeout: 60_000 },
    );
    const measured = (await tab.evaluate(`(async () => {
      const paintedAt = window.__paintedAt;
      const js = performance.getEntriesByType('resource').filter(
        (e) => /\\.js$/.test(new URL(e.name).pathname) && e.startTime <= paintedAt,
      );
      return {
        bytes: js.reduce((sum, e) => sum + e.encodedBodySize, 0),
        files: js.map((e) => new URL(e.name).pathname.split('/').pop() + ' ' + e.encodedBodySize),
        ms: paintedAt,
        paintedAbs: performance.timeOrigin + paintedAt,
      };
    })()`)) as Measured & { paintedAbs: number };
    // What a worker imports is in its own timeline, not the page's (the render worker's chunks, issue
    // 33): counted too, by absolute time, with `(worker)` after the name.
    for (const worker of tab.workers()) {
      const seen = (await worker
        .evaluate(
          `({ origin: performance.timeOrigin, entries: performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, size: e.encodedBodySize })) })`,
        )
        .catch(() => ({ origin: 0, entries: [] }))) as {
        origin: number;
        entries: { name: string; startTime: number; size: number }[];
      };
      for (const entry of seen.entries) {
        if (
          !/\.js$/.test(new URL(entry.name).pathname) ||
          seen.origin + entry.startTime > measured.paintedAbs
        )
          continue;
        measured.bytes += entry.size;
        measured.files.push(`${new URL(entry.name).pathname.split('/').pop()} ${entry.size} (worker)`);
      }
    }
    const { paintedAbs: _, ...result } = measured;
    return result;
  } finally {
    await context.close();
  }
}
