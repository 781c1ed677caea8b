/**
 * Page bytes: for each element alone on a page, the JS the browser requests before the element's
 * first painted result, gzip as transferred (Resource Timing's `encodedBodySize` from a server that
 * gzips at level 9 and forbids caching: bench/harness.ts), through two paths:
 * - CDN: the page has the element's markup and the one script tag, dist/cdn/room-elements.js, which
 *   loads the element's chunk when it finds the tag (the goal: ≤ 20 KB for <room-gallery>);
 * - npm: the page a site builds with Vite from `import 'room-elements/<tag>.js'` (the package's dist/
 *   files, lit, three... from node_modules; Vite's app defaults, minified, modulePreload off as in the
 *   bytes scenario). Vite wraps each import() in its preload helper there, as it would on the site.
 * Both pages call `configure({ apiBase })` for the emulator and load in a fresh browser context.
 * "First painted result": gallery, its first cards on screen; plan, `model-load` (drawn); viewer,
 * `model-load` (first frame); panorama, `panorama-ready`; export button, its button rendered; each
 * then one more frame. Only requests that started by then count.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { startBenchServer, type Figures, type Scenario } from '../harness.ts';

const DIR = 'bench/.tmp/page-bytes';
/** 20 KB: what a page with only a gallery may request before its first cards (issue 9). */
const GALLERY_GOAL = 20 * 1024;
const SAMPLE_ROOM = '6346838';

interface Element {
  tag: string;
  /** What "painted" means for it (figure names). */
  result: string;
  /** The element's markup; `{panorama}` becomes a room with a panorama. */
  markup: string;
  /** Page expression that is true once the result is on screen; throws on the element's error. */
  painted: string;
}

const ELEMENTS: Element[] = [
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
    painted: `(() => {
      if (window.__marks['model-error']) throw new Error('model-error');
      return window.__marks['model-load'] !== undefined;
    })()`,
  },
  {
    tag: 'room-viewer',
    result: 'first frame',
    markup: `<room-viewer room-id="${SAMPLE_ROOM}"></room-viewer>`,
    painted: `(() => {
      if (window.__marks['model-error']) throw new Error('model-error');
      return window.__marks['model-load'] !== undefined;
    })()`,
  },
  {
    tag: 'room-panorama',
    result: 'panorama-ready',
    markup: '<room-panorama room-id="{panorama}"></room-panorama>',
    painted: `(() => {
      if (window.__marks['panorama-error']) throw new Error('panorama-error');
      return window.__marks['panorama-ready'] !== undefined;
    })()`,
  },
  {
    tag: 'project-export-button',
    result: 'rendered',
    markup: '<project-export-button project-id="1"></project-export-button>',
    painted: `!!document.querySelector('project-export-button').shadowRoot?.querySelector('[part~="button"]')`,
  },
];

/** Runs before any script of the page: remembers when each element event first fired. */
const PROBE = `
  window.__marks = {};
  performance.setResourceTimingBufferSize(1000);
  for (const name of ['rooms-load', 'rooms-error', 'model-load', 'model-error', 'panorama-ready', 'panorama-error']) {
    window.addEventListener(name, () => (window.__marks[name] ??= performance.now()), true);
  }`;

const STYLE = `<style>
  body { margin: 0 auto; max-width: 1200px; font-family: system-ui, sans-serif; }
  room-plan, room-viewer, room-panorama { display: block; inline-size: 640px; block-size: 400px; }
</style>`;

const page = (title: string, markup: string, scripts: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>${title}</title>${STYLE}</head>
  <body>
    ${markup}
    ${scripts}
  </body>
</html>
`;

/** The CDN page: markup, then the one script tag (its module also configures the service). */
function cdnPage(element: Element, markup: string): string {
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
async function npmPage(element: Element, markup: string): Promise<string> {
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

interface Measured {
  bytes: number;
  files: string[];
  ms: number;
}

const scenario: Scenario = {
  name: 'page-bytes',
  async run({ browser }) {
    const server = await startBenchServer({ gzip: true });
    try {
      mkdirSync(`${DIR}/cdn`, { recursive: true });
      const list = await (await fetch(`${server.origin}/room-styling/rooms/panoramas?limit=1`)).json();
      const panoramaRoom = String((list as { rooms: { id: number }[] }).rooms[0]!.id);

      /** Loads `path` in a fresh context; JS requested until the element's result was painted. */
      async function measure(element: Element, path: string): Promise<Measured> {
        const context = await browser.createBrowserContext();
        try {
          const tab = await context.newPage();
          await tab.setViewport({ width: 1280, height: 800 });
          await tab.evaluateOnNewDocument(PROBE);
          await tab.goto(`${server.origin}${path}`);
          await tab.waitForFunction(element.painted, { polling: 'raf', timeout: 60_000 });
          return (await tab.evaluate(`(async () => {
            // the frame that shows the result
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
            const paintedAt = performance.now();
            const js = performance.getEntriesByType('resource').filter(
              (e) => /\\.js$/.test(new URL(e.name).pathname) && e.startTime <= paintedAt,
            );
            return {
              bytes: js.reduce((sum, e) => sum + e.encodedBodySize, 0),
              files: js.map((e) => new URL(e.name).pathname.split('/').pop() + ' ' + e.encodedBodySize),
              ms: paintedAt,
            };
          })()`)) as Measured;
        } finally {
          await context.close();
        }
      }

      const figures: Figures = {};
      const rows: string[][] = [['element', 'result', 'CDN', 'npm (Vite app)', 'goal']];
      for (const element of ELEMENTS) {
        const markup = element.markup.replace('{panorama}', panoramaRoom);
        const cdn = await measure(element, cdnPage(element, markup));
        const npm = await measure(element, await npmPage(element, markup));
        const gallery = element.tag === 'room-gallery';
        const goal = gallery ? `≤ ${GALLERY_GOAL}` : '';
        figures[`<${element.tag}> CDN: JS before ${element.result}, gzip`] = {
          value: cdn.bytes,
          unit: 'B',
          note: `${cdn.files.length} files${gallery ? `; goal ≤ ${GALLERY_GOAL}` : ''}`,
        };
        figures[`<${element.tag}> npm (Vite app): JS before ${element.result}, gzip`] = {
          value: npm.bytes,
          unit: 'B',
          note: `${npm.files.length} files`,
        };
        const cell = (m: Measured) => `${m.bytes} B in ${m.files.length} files`;
        rows.push([`<${element.tag}>`, element.result, cell(cdn), cell(npm), goal]);
        if (gallery || process.env.PAGE_BYTES_FILES) {
          console.log(`\n<${element.tag}> CDN files (gzip B): ${cdn.files.join(', ')}`);
          console.log(`<${element.tag}> npm files (gzip B): ${npm.files.join(', ')}`);
        }
      }
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
      console.log('\nJS requested before the first painted result (gzip, as transferred):');
      for (const row of rows)
        console.log(
          row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        );
      return figures;
    } finally {
      server.close();
    }
  },
};
export default scenario;
