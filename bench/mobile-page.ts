/**
 * A fresh page as Lighthouse's mobile run throttles it with DevTools (docs/performance.md): its phone's
 * viewport, no cache, the CPU slowed `cpu` times and, with `network`, its link (150 ms per request,
 * 1.6 Mbps down, 750 kbps up). For the scripts that load bench pages the phone's way (long-tasks.ts,
 * throttled-lcp.ts).
 */
import type { Browser, Page } from 'puppeteer-core';

export async function mobilePage(
  browser: Browser,
  options: { network: boolean; cpu: number },
): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75 });
  await page.setCacheEnabled(false);
  const cdp = await page.createCDPSession();
  if (options.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 0.75e6 / 8,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
  return page;
}
