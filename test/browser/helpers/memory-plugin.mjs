/**
 * The test page's memory as Chromium counts it, which no page API tells:
 * `executeServerCommand('memory')` collects garbage (CDP `HeapProfiler.collectGarbage`, twice, so what
 * a finalizer let go is gone too) and answers `{ nodes, listeners, documents, heap }` from
 * `Memory.getDOMCounters` (DOM nodes, JS event listeners, documents of the page's renderer) and
 * `Runtime.getHeapUsage` (used JS heap, bytes). For the leak test (test/browser/leaks.test.ts).
 * Registered in web-test-runner.config.mjs beside the wheel plugin.
 */
export function memoryPlugin() {
  /** One CDP session per test page, made on first use. */
  const sessions = new WeakMap();
  return {
    name: 'memory-command',
    async executeCommand({ command, session }) {
      if (command !== 'memory') return undefined;
      if (session.browser.type !== 'puppeteer')
        throw new Error('memory: only the Chromium launcher (puppeteer)');
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.createCDPSession();
        sessions.set(page, cdp);
      }
      for (let i = 0; i < 2; i++) await cdp.send('HeapProfiler.collectGarbage');
      const dom = await cdp.send('Memory.getDOMCounters');
      const heap = await cdp.send('Runtime.getHeapUsage');
      return {
        nodes: dom.nodes,
        listeners: dom.jsEventListeners,
        documents: dom.documents,
        heap: heap.usedSize,
      };
    },
  };
}
