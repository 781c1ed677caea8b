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
import { startBenchServer, type Figures, type Scenario } from '../harness.ts';
import { cdnPage, ELEMENTS, GALLERY_GOAL, measurePage, npmPage, type Measured } from '../page-bytes.ts';
import { textTable } from '../text-table.ts';

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
      console.log('\nJS requested before the first painted result (gzip, as transferred):');
      console.log(textTable(rows));
      return figures;
    } finally {
      server.close();
    }
  },
};
export default scenario;
