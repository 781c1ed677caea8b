/**
 * `executeServerCommand('clear-browser-cache')` empties Chromium's HTTP cache (CDP
 * `Network.clearBrowserCache`): every test file's page shares one browser, so a picture another file showed
 * would come from the cache, and a test that times a download (room-viewer-poster-first.test.ts: three.js
 * waits for the poster) needs it to come over the wire. Registered in web-test-runner.config.mjs.
 */
export function cachePlugin() {
  return {
    name: 'cache-command',
    async executeCommand({ command, session }) {
      if (command !== 'clear-browser-cache') return undefined;
      if (session.browser.type !== 'puppeteer')
        throw new Error('clear-browser-cache: only the Chromium launcher (puppeteer)');
      const cdp = await session.browser.getPage(session.id).createCDPSession();
      try {
        await cdp.send('Network.clearBrowserCache');
      } finally {
        await cdp.detach();
      }
      return true;
    },
  };
}
