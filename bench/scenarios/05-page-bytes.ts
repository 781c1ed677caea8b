/**
 * Page bytes: for each element alone on a page, the JS the browser requests before the element's
 * first painted result, gzip as transferred (counted by bench/page-bytes.ts, which the budget test
 * test/node/cdn-budgets.test.ts shares), through two paths:
 * - CDN: the page has the element's markup and the one script tag, dist/cdn/room-elements.js, which
 *   loads the element's chunk when it finds the tag (the goal, scripts/cdn/budgets.json: ≤ 20 KB
 *   for <room-gallery>);
 * - npm: the page a site builds with Vite from `import 'room-elements/<tag>.js'` (the package's dist/
 *   files, lit, three... from node_modules; Vite's app defaults, minified, modulePreload off as in the
 *   bytes scenario). Vite wraps each import() in its preload helper there, as it would on the site.
 * Both pages call `configure({ apiBase })` for the emulator and load in a fresh browser context.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { startBenchServer, type Figures, type Scenario } from '../harness.ts';
import {
  cdnPage,
  DIR,
  ELEMENTS,
  GALLERY_GOAL,
  measurePage,
  page,
  type Measured,
  type PageElement,
} from '../page-bytes.ts';

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
async function npmPage(element: PageElement, markup: string): Promise<string> {
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

const scenario: Scenario = {
  name: 'page-bytes',
  async run({ browser }) {
    const server = await startBenchServer({ gzip: true });
    try {
      const list = await (await fetch(`${server.origin}/room-styling/rooms/panoramas?limit=1`)).json();
      const panoramaRoom = String((list as { rooms: { id: number }[] }).rooms[0]!.id);

      const figures: Figures = {};
      const rows: string[][] = [['element', 'result', 'CDN', 'npm (Vite app)', 'goal']];
      for (const element of ELEMENTS) {
        const markup = element.markup.replace('{panorama}', panoramaRoom);
        const cdn = await measurePage(browser, server.origin, element, cdnPage(element, markup));
        const npm = await measurePage(browser, server.origin, element, await npmPage(element, markup));
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
