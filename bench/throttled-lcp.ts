/**
 * A second opinion beside Lighthouse's simulation (docs/performance.md, fifth round): loads bench pages in
 * Chromium under DevTools throttling as Lighthouse's mobile run sets it (150 ms per request, 1.6 Mbps down,
 * 4× CPU), a few fresh loads each, and prints each load's largest contentful paints and when the records,
 * chunks and images were asked for and arrived. Lighthouse builds its network graph from an unthrottled
 * run and simulates the rest; this throttles the real load, so it shows the order a phone sees (it does
 * not model connection set-up).
 *
 *   BENCH=lighthouse npm run bench            # writes the pages to bench/.tmp/lighthouse/ first
 *   N=3 node --import tsx bench/throttled-lcp.ts /bench/.tmp/lighthouse/cdn-viewer.html
 */
import { launchBrowser, startBenchServer } from './harness.ts';
import { mobilePage } from './mobile-page.ts';

interface Paint {
  startTime: number;
  size: number;
  url?: string;
  element?: Element | null;
}

const server = await startBenchServer({ gzip: true });
const browser = await launchBrowser();
try {
  for (const path of process.argv.slice(2)) {
    for (let i = 0; i < Number(process.env.N ?? 3); i++) {
      const page = await mobilePage(browser, { network: true, cpu: 4 });
      await page.evaluateOnNewDocument(() => {
        const paints: string[] = [];
        Object.assign(window, { __paints: paints });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Paint[])
            paints.push(`${e.startTime.toFixed(0)} ms ${e.url ? e.url.slice(-40) : e.element?.localName}`);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const paints = (await page.evaluate('window.__paints')) as string[];
      const requests = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => /rooms|chunks|\.js/.test(e.name))
          .map(
            (e) =>
              `${e.startTime.toFixed(0)}–${e.responseEnd.toFixed(0)} ms ${e.name.replace(location.origin, '')}`,
          ),
      );
      console.log(
        `${path}, load ${i + 1}\n  LCP: ${paints.join(' | ')}\n  ${requests.slice(0, 16).join('\n  ')}`,
      );
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
