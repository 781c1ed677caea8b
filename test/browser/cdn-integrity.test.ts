/**
 * A pinned CDN page (docs/cdn.md), on the BUILT files (`npm run build` first): the entry loaded with
 * `integrity`, and the generated import map's `integrity` for every chunk, rebased on this server
 * (dist/cdn/integrity.json). Each case serves dist/cdn under URLs of its own (`/__cdn/<run>/`, see
 * web-test-runner.config.mjs), so no module is in the browser's memory yet, and may have the server
 * change a file on the way (`/__tamper`).
 * - a changed chunk is refused: the element shows its error state and fires its error event, and
 *   the page goes on (another element on it still works);
 * - the loader preloads an element's whole chunk chain: every chunk of it is requested before the
 *   element's own chunk has arrived (one round trip, instead of one per level of imports).
 */
import { expect } from '@esm-bundle/chai';
import { until } from './helpers/wait.ts';

type FrameWindow = Window & typeof globalThis & { __events: { type: string; message: string }[] };
const frames: HTMLIFrameElement[] = [];

async function integrity(): Promise<Record<string, string>> {
  return (await fetch('/dist/cdn/integrity.json')).json();
}

/** A page as docs/cdn.md shows it: the import map, the markup, the entry with SRI; events recorded. */
async function pinnedPage(base: string, markup: string): Promise<FrameWindow> {
  const files = await integrity();
  const map = {
    integrity: Object.fromEntries(Object.entries(files).map(([file, hash]) => [base + file, hash])),
  };
  const iframe = document.createElement('iframe');
  iframe.style.cssText = 'inline-size: 900px; block-size: 700px; border: 0';
  const loaded = new Promise((resolve) => (iframe.onload = resolve));
  iframe.srcdoc = `<!doctype html><html lang="en"><head>
    <script type="importmap">${JSON.stringify(map)}</script>
    <script>
      window.__events = [];
      // when the loader adds each preload link (the page's clock): the request it starts may lag on a
      // busy machine, the loader's decision may not
      window.__preloadAdded = {};
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes)
          if (n.rel === 'modulepreload') __preloadAdded[n.href] ??= performance.now();
      }).observe(document.documentElement, { childList: true, subtree: true });
      for (const type of ['model-error', 'rooms-error', 'rooms-load', 'error', 'unhandledrejection'])
        addEventListener(type, (e) => {
          // (a refused preload link's own error event is no error of the page)
          if (type === 'error' && !(e instanceof ErrorEvent)) return;
          __events.push({ type, message: String(e.detail?.error?.message ?? e.message ?? e.reason) });
        }, true);
    </script>
    </head><body>${markup}
    <script type="module">
      import { configure } from '${base}room-elements.js';
      configure({ apiBase: '${location.origin}/room-styling' });
    </script>
    <script type="module" src="${base}room-elements.js" integrity="${files['room-elements.js']}" crossorigin></script>
    </body></html>`;
  document.body.append(iframe);
  frames.push(iframe);
  await loaded;
  return iframe.contentWindow as FrameWindow;
}

/** A fresh copy of dist/cdn on this server. */
const freshBase = () => `${location.origin}/__cdn/${Date.now()}${Math.random().toString(36).slice(2, 6)}/`;

describe('CDN: a pinned page (import map integrity, SRI on the entry)', () => {
  afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

  it('an untouched page works: the plan and the gallery are defined and load', async () => {
    const base = freshBase();
    const win = await pinnedPage(base, '<room-plan></room-plan><room-gallery limit="2"></room-gallery>');
    await until(() => win.__events.some((e) => e.type === 'rooms-load'), 10000, 'rooms-load');
    await until(() => !!win.customElements.get('room-plan'), 10000, '<room-plan> defined');
    expect(win.__events.filter((e) => /error|rejection/.test(e.type))).to.deep.equal([]);
  });

  for (const [what, part] of [
    ["the element's own chunk (imported by the loader)", 'chunks/room-plan-'],
    ['a chunk deeper in its chain (preloaded, imported by the element chunk)', 'chunks/room-plan-deps-'],
  ]) {
    it(`a changed chunk is refused: ${what}; the element shows an error, the page goes on`, async () => {
      const base = freshBase();
      await fetch(`/__tamper?path=${encodeURIComponent(new URL(base).pathname + part)}`, { method: 'POST' });
      const warn = console.warn;
      const win = await pinnedPage(base, '<room-plan></room-plan><room-gallery limit="2"></room-gallery>');
      const plan = win.document.querySelector('room-plan')!;
      await until(() => plan.getAttribute('state') === 'error', 10000, '<room-plan state="error">');
      expect(win.customElements.get('room-plan'), 'the changed code never ran').to.equal(undefined);
      const errors = win.__events.filter((e) => e.type === 'model-error');
      expect(errors, 'one model-error').to.have.length(1);
      expect(errors[0]!.message).to.contain('<room-plan> could not be loaded');
      // the page goes on: no uncaught error, and the gallery beside it still loads
      await until(() => win.__events.some((e) => e.type === 'rooms-load'), 10000, 'the gallery still loads');
      expect(win.__events.filter((e) => e.type === 'error' || e.type === 'unhandledrejection')).to.deep.equal(
        [],
      );
      console.warn = warn;
    });
  }

  it('preloads the whole chain of an element: every chunk requested before its own chunk arrived', async () => {
    const base = freshBase();
    const win = await pinnedPage(base, '<room-viewer></room-viewer>');
    await until(() => !!win.customElements.get('room-viewer'), 15000, '<room-viewer> defined');
    const links = [...win.document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.length, 'modulepreload links').to.be.greaterThan(2);
    for (const link of links)
      expect(link.integrity, `${link.href} preloaded with its integrity`).to.match(/^sha384-/);
    const entries = win.performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(`${base}chunks/`)) as PerformanceResourceTiming[];
    // the viewer's own chunk is preloaded with the rest of its chain (issue 33: an element's code may
    // wait for another's to have run, its chunks may not)
    const own = entries.find((e) => e.name.includes('/chunks/room-viewer-'));
    expect(own, "the viewer's chunk requested").not.to.equal(undefined);
    expect(
      links.some((link) => link.href === own!.name),
      "the viewer's chunk among the preloads",
    ).to.equal(true);
    // without the preload, each level of static imports starts only once the level above has
    // arrived: here every chunk of the chain is asked for (its preload added by the loader, in the task
    // that finds the tag) before the viewer's chunk has arrived, and then requested
    const added = (win as unknown as { __preloadAdded: Record<string, number> }).__preloadAdded;
    for (const link of links.filter((link) => link.href !== own!.name)) {
      const entry = entries.find((e) => e.name === link.href);
      expect(entry, `${link.href} requested`).not.to.equal(undefined);
      expect(added[link.href], `${link.href} asked for before the element chunk arrived`).to.be.below(
        own!.responseEnd,
      );
    }
  });
});
