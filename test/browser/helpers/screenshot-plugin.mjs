/**
 * `executeServerCommand('screenshot-clip', { x, y, width, height })`: the page's pixels in that CSS-pixel
 * box as Chromium painted them (CDP Page.captureScreenshot, PNG as base64), for tests that compare what
 * two ways of drawing show (test/browser/ssr-content.test.ts: the plan with JavaScript off and hydrated).
 * Registered in web-test-runner.config.mjs.
 */
export function screenshotPlugin() {
  return {
    name: 'screenshot-command',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot-clip') return undefined;
      if (session.browser.type !== 'puppeteer')
        throw new Error('screenshot-clip: only the Chromium launcher (puppeteer)');
      const cdp = await session.browser.getPage(session.id).createCDPSession();
      try {
        const { x, y, width, height } = payload;
        const shot = await cdp.send('Page.captureScreenshot', {
          format: 'png',
          clip: { x, y, width, height, scale: 1 },
          captureBeyondViewport: false,
        });
        return shot.data;
      } finally {
        await cdp.detach();
      }
    },
  };
}
