/**
 * The CDN build's byte budgets (scripts/cdn/budgets.json), on the built files (`npm run build`
 * first; npm test runs the node tests after the build):
 * - the loader, which every page with the script tag pays, elements or not, gzip level 9;
 * - the first cards of the first-cards element (the gallery) alone on a CDN page: the JS Chromium
 *   requests before they are painted, gzip as transferred, counted by the bench's own code
 *   (bench/page-bytes.ts, the `page-bytes` scenario); and none of the chunks loaded after a first
 *   result (the analytics tracker) among them;
 * - the same through npm: the page a site builds with Vite from `import 'room-elements/<tag>.js'`
 *   (bench/page-bytes.ts's npmPage, as the scenario builds it), counted the same way;
 * - the page's side of a bare viewer's first frame, both ways (`viewerPage`, issue 33): the render
 *   worker's files left out, and none of the parts that load after the first frame among them.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'puppeteer-core';
import { launchBrowser, startBenchServer } from '../../bench/harness.ts';
import { cdnPage, ELEMENTS, measurePage, npmPage } from '../../bench/page-bytes.ts';
import { budgets } from '../../scripts/cdn/folders.ts';

const { loader, firstCards, firstCardsNpm, viewerPage, planPage } = budgets();
/** Chunks a page asks for only after an element's first result (by name, before the hash). */
const LATER_CHUNKS = ['analytics-tracker', 'http-failure'];
const LOADER = `dist/cdn/${loader.file}`;

/** The bench's gzip server and a Chromium for the suite it is called in, closed after it. */
function benchPage(): { browser: Browser; server: Awaited<ReturnType<typeof startBenchServer>> } {
  const bench = {} as { browser: Browser; server: Awaited<ReturnType<typeof startBenchServer>> };
  before(async () => {
    bench.server = await startBenchServer({ gzip: true });
    bench.browser = await launchBrowser();
  });
  after(async () => {
    await bench.browser?.close();
    bench.server?.close();
  });
  return bench;
}

/**
 * The source files a CDN file was built from (its hidden source map in dist/cdn/, paths from the
 * repository's root: `src/…`, `node_modules/…`); none for a file without a map.
 */
function cdnModules(name: string): string[] {
  const map = [`dist/cdn/chunks/${name}.map`, `dist/cdn/${name}.map`].find((path) => existsSync(path));
  if (!map) return [];
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  return sources.map((source) => source.replace(/^(\.\.\/)+/, ''));
}

describe('CDN byte budgets (scripts/cdn/budgets.json)', () => {
  before(() => {
    assert.ok(existsSync(LOADER), `${LOADER} is missing: run \`npm run build\` first`);
  });

  it(`the loader stays within ${loader.bytes} B gzip`, () => {
    const bytes = gzipSync(readFileSync(LOADER), { level: 9 }).length;
    assert.ok(bytes <= loader.bytes, `${LOADER} is ${bytes} B gzip, over its ${loader.bytes} B budget`);
  });

  describe(`<${firstCards.tag}> alone on a CDN page`, () => {
    const bench = benchPage();

    it(`requests at most ${firstCards.bytes} B gzip of JS before its first cards`, async () => {
      const element = ELEMENTS.find((e) => e.tag === firstCards.tag);
      assert.ok(element, `bench/page-bytes.ts has no page for <${firstCards.tag}>`);
      const measured = await measurePage(
        bench.browser,
        bench.server.origin,
        element,
        cdnPage(element, element.markup),
      );
      const files = measured.files.join(', ');
      assert.ok(measured.files.length > 0, 'no JS was counted: the page did not load through the CDN loader');
      assert.ok(
        measured.bytes <= firstCards.bytes,
        `${measured.bytes} B gzip before the first cards, over the ${firstCards.bytes} B budget (${files})`,
      );
      // what the first cards do not need comes after them (src/internal/analytics/analytics-controller.ts),
      // or only with a failure (src/api/http-failure.ts)
      for (const later of LATER_CHUNKS)
        assert.ok(
          !measured.files.some((file) => file.startsWith(`${later}-`)),
          `${later} was requested before the first cards (${files})`,
        );
    });

    it(`through npm (a Vite app importing room-elements/${firstCards.tag}.js), at most ${firstCardsNpm.bytes} B gzip of JS before its first cards`, async () => {
      const element = ELEMENTS.find((e) => e.tag === firstCards.tag)!;
      const measured = await measurePage(
        bench.browser,
        bench.server.origin,
        element,
        await npmPage(element, element.markup),
      );
      const files = measured.files.join(', ');
      assert.ok(measured.files.length > 0, 'no JS was counted: the Vite page did not load');
      assert.ok(
        measured.bytes <= firstCardsNpm.bytes,
        `${measured.bytes} B gzip before the first cards, over the ${firstCardsNpm.bytes} B budget (${files})`,
      );
    });
  });

  describe("<room-viewer> alone: the page's side of its first frame", () => {
    const bench = benchPage();

    /** The page's own files of a measured page: the render worker's (its chunk, what it imports) left out. */
    const pageSide = (files: string[]) =>
      files.filter((file) => !file.startsWith('render-worker-') && !file.endsWith('(worker)'));
    const bytesOf = (files: string[]) => files.reduce((sum, file) => sum + Number(file.split(' ')[1]), 0);

    for (const path of ['CDN', 'npm'] as const)
      it(`${path}: the page requests at most ${path === 'CDN' ? viewerPage?.bytes : viewerPage?.npmBytes} B gzip before the first frame, none of the parts that come after it`, async () => {
        assert.ok(viewerPage, 'budgets.json has no viewerPage');
        const element = ELEMENTS.find((e) => e.tag === 'room-viewer');
        assert.ok(element, 'bench/page-bytes.ts has no page for <room-viewer>');
        const page =
          path === 'CDN' ? cdnPage(element, element.markup) : await npmPage(element, element.markup);
        const measured = await measurePage(bench.browser, bench.server.origin, element, page);
        const files = pageSide(measured.files);
        const bytes = bytesOf(files);
        const budget = path === 'CDN' ? viewerPage.bytes : viewerPage.npmBytes;
        assert.ok(files.length > 0, 'no JS was counted: the page did not load');
        assert.ok(
          bytes <= budget,
          `${bytes} B gzip before the first frame, over the ${budget} B budget (${files.join(', ')})`,
        );
        for (const part of viewerPage.after)
          assert.ok(
            !files.some((file) => file.startsWith(`${part}-`)),
            `${part} was requested before the first frame (${files.join(', ')})`,
          );
        // …nor, on the CDN, any of the modules that moved off it, whichever chunk they are in: read
        // from each file's source map (a module merged back into a chunk the frame loads fails here)
        if (path === 'CDN')
          for (const file of files) {
            const modules = cdnModules(file.split(' ')[0]!);
            for (const moved of viewerPage.afterModules)
              assert.ok(
                !modules.some((module) => module.includes(moved)),
                `${file.split(' ')[0]} holds ${modules.filter((m) => m.includes(moved)).join(', ')}, requested before the first frame`,
              );
          }
      });

    // (issue 33, the fifteenth round) its parts after the frame are its own: a viewer-only page fetches none of
    // the other elements' chunks before `model-load` (scripts/cdn/viewer-later-copies.ts)
    it("CDN: none of the other elements' chunks before model-load", async () => {
      const element = ELEMENTS.find((e) => e.tag === 'room-viewer' && e.result === 'model-load');
      assert.ok(element, 'bench/page-bytes.ts has no model-load page for <room-viewer>');
      const measured = await measurePage(
        bench.browser,
        bench.server.origin,
        element,
        cdnPage(element, element.markup),
      );
      const others = measured.files.filter((file) =>
        /^(room-plan|room-tour|room-panorama|room-gallery|project-export-button|kit-others|later-others)[-.]/.test(
          file,
        ),
      );
      assert.ok(
        measured.files.some((file) => file.startsWith('after-frame-')),
        'the parts were not counted',
      );
      assert.deepEqual(others, [], `other elements' chunks before model-load (${measured.files.join(', ')})`);
    });
  });
  // (issue 33, the sixteenth round) a bare plan paints with its first-paint code; its parts come before model-load
  describe('<room-plan> alone: JS before its drawn plan (model-load)', () => {
    const bench = benchPage();
    for (const path of ['CDN', 'npm'] as const)
      it(`${path}: at most ${path === 'CDN' ? planPage?.bytes : planPage?.npmBytes} B gzip, none of the chunks it needs only with for or on use`, async () => {
        assert.ok(planPage, 'budgets.json has no planPage');
        const element = ELEMENTS.find((e) => e.tag === planPage.tag);
        assert.ok(element, `bench/page-bytes.ts has no page for <${planPage.tag}>`);
        const page =
          path === 'CDN' ? cdnPage(element, element.markup) : await npmPage(element, element.markup);
        const measured = await measurePage(bench.browser, bench.server.origin, element, page);
        const files = measured.files.join(', ');
        const budget = path === 'CDN' ? planPage.bytes : planPage.npmBytes;
        assert.ok(measured.files.length > 0, 'no JS was counted: the page did not load');
        assert.ok(
          measured.bytes <= budget,
          `${measured.bytes} B gzip before model-load, over the ${budget} B budget (${files})`,
        );
        assert.ok(
          measured.files.some((file) => file.startsWith('after-paint-')),
          `the parts were not counted (${files})`,
        );
        for (const part of planPage.after)
          assert.ok(
            !measured.files.some((file) => file.startsWith(`${part}-`)),
            `${part} was requested (${files})`,
          );
      });
  });
});
