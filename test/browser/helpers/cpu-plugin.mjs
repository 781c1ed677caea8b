/**
 * `executeServerCommand('cpu-throttle', { rate })`: the test page's CPU slowed `rate` times (CDP
 * `Emulation.setCPUThrottlingRate`; 1 ends it), as Lighthouse's mobile run and DevTools slow it. A
 * layout shift that only a busy machine showed (issue 35: the export button's, at 44 ms under load)
 * then shows on every run: tasks take long enough for the browser to paint between them. Registered
 * in web-test-runner.config.mjs; Chromium (puppeteer) only. The CDP session stays open while a rate is
 * set (an emulation ends with its session); a test that sets a rate sets 1 again in its `after`.
 */
const sessions = new Map();

export function cpuPlugin() {
  return {
    name: 'cpu-throttle-command',
    async executeCommand({ command, payload, session }) {
      if (command !== 'cpu-throttle') return undefined;
      if (session.browser.type !== 'puppeteer')
        throw new Error('cpu-throttle: only the Chromium launcher (puppeteer)');
      const rate = Number(payload?.rate);
      if (!(rate >= 1 && rate <= 100)) throw new Error(`cpu-throttle: rate ${payload?.rate} is not 1 to 100`);
      let cdp = sessions.get(session.id);
      if (!cdp) {
        cdp = await session.browser.getPage(session.id).createCDPSession();
        sessions.set(session.id, cdp);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      if (rate === 1) {
        sessions.delete(session.id);
        await cdp.detach();
      }
      return true;
    },
  };
}
