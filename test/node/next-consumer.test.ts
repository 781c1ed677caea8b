/**
 * A Next.js 16 App Router shop page (test/consumers/next/) on room-elements/react, from the packed
 * tarball, built for production with Turbopack (Next's default) and checked in Chromium after hydration.
 * React 19 does not set a custom element's properties or attach its `on<event>` handlers while it hydrates
 * (react/react#35446): before the wrappers, a card click navigated away, `<room-plan model>` said "No
 * room chosen" and `onModelLoad` never ran. And Turbopack gave the render worker a `file:` URL: the viewer
 * drew on the page's thread. `npm run build` first (dist/ is packed).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, startBenchServer } from '../../bench/harness.ts';
import { nextMissing, startNextApp, type NextApp } from './helpers/next-app.ts';

type Shop = { selected?: number; planLoaded?: number; viewerThread?: string };

describe(
  'Next.js 16 App Router (Turbopack, production build) on room-elements/react',
  { timeout: 170_000 },
  () => {
    const missing = nextMissing();
    let api: Awaited<ReturnType<typeof startBenchServer>>;
    let app: NextApp;
    let browser: Browser;
    let page: Page;
    const warnings: string[] = [];

    before(async () => {
      if (missing) return;
      assert.ok(existsSync('dist/react/index.js'), 'dist/ is missing: run `npm run build` first');
      api = await startBenchServer();
      app = await startNextApp('turbopack', `${api.origin}/room-styling`);
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

    const shop = () => page.evaluate(() => (window as unknown as { shop?: Shop }).shop ?? {});

    it('was built by Turbopack', (t) => {
      if (missing) return t.skip(missing);
      assert.match(app.buildOutput, /Turbopack/);
    });

    it('after hydration, `model` reaches <room-plan>: it draws the room and `onModelLoad` runs', async (t) => {
      if (missing) return t.skip(missing);
      await page.waitForFunction(
        () => (window as unknown as { shop?: Shop }).shop?.planLoaded !== undefined,
        {
          timeout: 40_000,
        },
      );
      const text = await page.evaluate(
        () => document.querySelector('room-plan')!.shadowRoot!.textContent ?? '',
      );
      assert.doesNotMatch(text, /No room chosen/);
      assert.ok(
        await page.evaluate(() => !!document.querySelector('room-plan')!.shadowRoot!.querySelector('svg')),
      );
    });

    it('a gallery card click runs `onRoomSelect`, which keeps the page', async (t) => {
      if (missing) return t.skip(missing);
      await page.waitForFunction(
        () => !!document.querySelector('room-gallery')?.shadowRoot?.querySelector('a[href]'),
        {
          timeout: 30_000,
        },
      );
      const before = page.url();
      await page.evaluate(() =>
        (document.querySelector('room-gallery')!.shadowRoot!.querySelector('a[href]') as HTMLElement).click(),
      );
      await page.waitForFunction(() => (window as unknown as { shop?: Shop }).shop?.selected !== undefined, {
        timeout: 10_000,
      });
      assert.equal(page.url(), before, 'the page stayed');
      assert.match(await page.$eval('#selected', (el) => el.textContent ?? ''), /^Selected: /);
    });

    it("<room-viewer> draws in the render worker (renderThread 'worker'), with no word of a fallback", async (t) => {
      if (missing) return t.skip(missing);
      await page.waitForFunction(
        () => (window as unknown as { shop?: Shop }).shop?.viewerThread !== undefined,
        {
          timeout: 40_000,
        },
      );
      assert.equal((await shop()).viewerThread, 'worker');
      assert.deepEqual(
        warnings.filter((w) => /worker/.test(w)),
        [],
      );
    });
  },
);
