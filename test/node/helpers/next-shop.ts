/**
 * The checks of the Next.js shop page (test/consumers/next/) after hydration, for one bundler: a production
 * build from the packed tarball (helpers/next-app.ts) in Chromium. React 19 does not set a custom element's
 * properties or attach its `on<event>` handlers while it hydrates (react/react#35446): before the wrappers,
 * a card click navigated away, `<room-plan model>` said "No room chosen" and `onModelLoad` never ran. And
 * Turbopack gave the render worker a `file:` URL: the viewer drew on the page's thread.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, startBenchServer } from '../../../bench/harness.ts';
import { nextMissing, startNextApp, type NextApp } from './next-app.ts';

/** What the page's handlers noted (test/consumers/next/app/shop.tsx), as an expression run in the page. */
const SHOP = '(window.shop ?? {})';

export function describeNextShop(bundler: 'turbopack' | 'webpack', optOut?: string): void {
  const title = `Next.js 16 App Router (${bundler}, production build) on room-elements/react`;
  describe(title, { timeout: 300_000 }, () => {
    const missing = nextMissing() ?? optOut;
    let api: Awaited<ReturnType<typeof startBenchServer>>;
    let app: NextApp;
    let browser: Browser;
    let page: Page;
    const warnings: string[] = [];

    before(async () => {
      if (missing) return;
      assert.ok(existsSync('dist/react/index.js'), 'dist/ is missing: run `npm run build` first');
      api = await startBenchServer();
      app = await startNextApp(bundler, `${api.origin}/room-styling`);
      browser = await launchBrowser();
      page = await browser.newPage();
      page.on('console', (message) => {
        if (message.type() === 'warn' || message.type() === 'error') warnings.push(message.text());
      });
      await page.goto(`${app.origin}/`);
    });

    after(async () => {
      await browser?.close();
      app?.close();
      api?.close();
    });

    it(`was built by ${bundler}`, (t) => {
      if (missing) return t.skip(missing);
      assert.match(app.buildOutput, bundler === 'turbopack' ? /Turbopack/ : /webpack/);
    });

    it('after hydration, `model` reaches <room-plan>: it draws the room and `onModelLoad` runs', async (t) => {
      if (missing) return t.skip(missing);
      await page.waitForFunction(`${SHOP}.planLoaded !== undefined`, { timeout: 40_000 });
      const plan = await page.evaluate(() => {
        const root = document.querySelector('room-plan')!.shadowRoot!;
        return { text: root.textContent ?? '', svg: !!root.querySelector('svg') };
      });
      assert.doesNotMatch(plan.text, /No room chosen/);
      assert.ok(plan.svg, 'the plan is drawn');
    });

    it('a gallery card click runs `onRoomSelect`, which keeps the page', async (t) => {
      if (missing) return t.skip(missing);
      const card = () => document.querySelector('room-gallery')?.shadowRoot?.querySelector('a[href]');
      await page.waitForFunction(`!!(${card.toString()})()`, { timeout: 30_000 });
      const start = page.url();
      await page.evaluate(`(${card.toString()})().click()`);
      await page.waitForFunction(`${SHOP}.selected !== undefined`, { timeout: 10_000 });
      assert.equal(page.url(), start, 'the page stayed');
      assert.match(await page.$eval('#selected', (el) => el.textContent ?? ''), /^Selected: /);
    });

    it("<room-viewer> draws in the render worker (renderThread 'worker'), no word of a fallback", async (t) => {
      if (missing) return t.skip(missing);
      await page.waitForFunction(`${SHOP}.viewerThread !== undefined`, { timeout: 40_000 });
      assert.equal(await page.evaluate(`${SHOP}.viewerThread`), 'worker');
      assert.deepEqual(
        warnings.filter((w) => /worker/.test(w)),
        [],
      );
    });

    // the render worker in stages (issue 33): exportLook()'s stage is a file of its own, which the page
    // names with `new URL(…, import.meta.url)` and the bundler copied as it copied the worker
    it('a later stage of the render worker loads in this build: exportLook() gives a glTF file', async (t) => {
      if (missing) return t.skip(missing);
      await page.waitForFunction(`${SHOP}.viewerThread !== undefined`, { timeout: 40_000 });
      const magic = await page.evaluate(async () => {
        const viewer = document.querySelector('room-viewer') as HTMLElement & { exportLook(): Promise<Blob> };
        return new TextDecoder().decode(await (await viewer.exportLook()).slice(0, 4).arrayBuffer());
      });
      assert.equal(magic, 'glTF');
    });
  });
}
