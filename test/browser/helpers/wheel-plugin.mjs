/**
 * A real wheel turn in the test browser, which @web/test-runner-commands does not offer:
 * `executeServerCommand('wheel', { x, y, deltaY, modifier })` moves the mouse to (x, y) (CSS pixels in
 * the page), holds `modifier` ('Control', 'Meta') if given, and turns the wheel; the browser then does
 * what a real wheel does (scrolls the page unless a listener cancels it). Registered in
 * web-test-runner.config.mjs (`plugins: [..., wheelPlugin()]`).
 */
export function wheelPlugin() {
  return {
    name: 'wheel-command',
    async executeCommand({ command, payload, session }) {
      if (command !== 'wheel') return undefined;
      if (session.browser.type !== 'puppeteer')
        throw new Error('wheel: only the Chromium launcher (puppeteer)');
      const page = session.browser.getPage(session.id);
      const { x, y, deltaY = 100, modifier } = payload ?? {};
      await page.mouse.move(x, y);
      if (modifier) await page.keyboard.down(modifier);
      try {
        await page.mouse.wheel({ deltaY });
      } finally {
        if (modifier) await page.keyboard.up(modifier);
      }
      return true;
    },
  };
}
