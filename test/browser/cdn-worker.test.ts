/**
 * The render worker from the CDN, on the BUILT files (`npm run build` first), as docs/cdn.md shows the
 * page: from another origin (the documented unpkg URL is one; a worker's script must be same-origin, so
 * before, every viewer silently drew on the page's thread) and on a pinned page (the import map's
 * integrity, which does not apply inside a worker: a changed worker file ran and could send the user's
 * token away). Each case serves dist/cdn under fresh URLs (`/__cdn/<run>/`, web-test-runner.config.mjs),
 * on this origin or on the other name of the same server (localhost / 127.0.0.1: another origin); a
 * changed file (`/__tamper`) reports to `/__tamper-ran` when its code runs.
 */
import { expect } from '@esm-bundle/chai';
import { until } from './helpers/wait.ts';
import { nestedRingsModel } from '../shared/fixtures.ts';

interface Seen {
  type: string;
  thread?: string;
  message?: string;
}
type FrameWindow = Window & typeof globalThis & { __seen: Seen[] };
const frames: HTMLIFrameElement[] = [];

/** The same test server under its other name: another origin, as a CDN is. */
const otherOrigin = () =>
  location.origin.replace(/\/\/(localhost|127\.0\.0\.1)/, (_, host: string) =>
    host === 'localhost' ? '//127.0.0.1' : '//localhost',
  );
const freshBase = (origin: string) =>
  `${origin}/__cdn/${Date.now()}${Math.random().toString(36).slice(2, 6)}/`;

async function roomId(): Promise<number> {
  return (await (await fetch('/room-styling/rooms?limit=1')).json()).rooms[0].id;
}

const VIEWER = async () =>
  `<room-viewer room-id="${await roomId()}" loading="eager" style="display: block; inline-size: 320px; block-size: 240px"></room-viewer>`;

/** A page with one viewer (or `markup`) loading from `base`, pinned by an import map when `pin`; what happens recorded. */
async function viewerPage(
  base: string,
  pin: boolean,
  markup?: string,
  unpinned = /^$/,
): Promise<FrameWindow> {
  const all: Record<string, string> = await (await fetch('/dist/cdn/integrity.json')).json();
  // (`unpinned`: files the page's map leaves out, as an old or hand-made map would)
  const files = Object.fromEntries(Object.entries(all).filter(([file]) => !unpinned.test(file)));
  const map = {
    integrity: Object.fromEntries(Object.entries(files).map(([file, hash]) => [base + file, hash])),
  };
  const iframe = document.createElement('iframe');
  iframe.style.cssText = 'inline-size: 400px; block-size: 300px; border: 0';
  const loaded = new Promise((resolve) => (iframe.onload = resolve));
  iframe.srcdoc = `<!doctype html><html lang="en"><head>
    ${pin ? `<script type="importmap">${JSON.stringify(map)}</script>` : ''}
    <script>
      window.__seen = [];
      const warn = console.warn;
      console.warn = (...args) => { __seen.push({ type: 'warn', message: args.join(' ') }); warn(...args); };
      addEventListener('model-load', (e) => __seen.push({ type: 'model-load', thread: e.target.renderThread }), true);
      addEventListener('model-error', (e) => __seen.push({ type: 'model-error', message: String(e.detail.error.message) }), true);
    </script>
    </head><body>
    ${markup ?? (await VIEWER())}
    <script type="module">
      import { configure } from '${base}room-elements.js';
      configure({ apiBase: '${location.origin}/room-styling' });
    </script>
    <script type="module" src="${base}room-elements.js"${pin ? ` integrity="${files['room-elements.js']}"` : ''} crossorigin></script>
    </body></html>`;
  document.body.append(iframe);
  frames.push(iframe);
  await loaded;
  return iframe.contentWindow as FrameWindow;
}

async function drawnOn(win: FrameWindow): Promise<string | undefined> {
  await until(
    () => win.__seen.some((e) => e.type === 'model-load' || e.type === 'model-error'),
    30000,
    'a viewer loaded',
  );
  const loaded = win.__seen.find((e) => e.type === 'model-load');
  expect(loaded, JSON.stringify(win.__seen)).not.to.equal(undefined);
  return loaded!.thread;
}

/** A plan on the page given a room large enough for the model worker (issue 22's nested areas). */
async function largePlan(win: FrameWindow): Promise<void> {
  await until(() => !!win.customElements.get('room-plan'), 15000, '<room-plan> defined');
  (win.document.querySelector('room-plan') as HTMLElement & { model: unknown }).model = nestedRingsModel(
    8,
    2000,
  );
  await until(
    () => win.__seen.some((e) => e.type === 'model-load' || e.type === 'model-error'),
    30000,
    'the plan loaded',
  );
  expect(win.__seen.filter((e) => e.type === 'model-error')).to.deep.equal([]);
}
const PLAN = '<room-plan style="display: block; inline-size: 320px; block-size: 240px"></room-plan>';
const tamper = (base: string, part: string) =>
  fetch(`/__tamper?path=${encodeURIComponent(new URL(base).pathname + part)}`, { method: 'POST' });

const ranChanged = async (base: string): Promise<string[]> =>
  ((await (await fetch('/__tamper-ran')).json()) as string[]).filter((path) =>
    path.startsWith(new URL(base).pathname),
  );

describe('CDN: the render worker from another origin and on a pinned page', function () {
  this.timeout(60000);
  afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

  it('from another origin (a CDN), the viewer draws in the render worker', async () => {
    const base = freshBase(otherOrigin());
    expect(new URL(base).origin).not.to.equal(location.origin);
    const win = await viewerPage(base, false);
    expect(await drawnOn(win)).to.equal('worker');
  });

  it('from another origin on a pinned page, the checked worker runs: the viewer draws in it', async () => {
    const win = await viewerPage(freshBase(otherOrigin()), true);
    expect(await drawnOn(win)).to.equal('worker');
    expect(win.__seen.filter((e) => e.type === 'warn' && /worker/.test(e.message ?? ''))).to.deep.equal([]);
  });

  it('(the check can fail) an unpinned page runs a changed worker file', async () => {
    const base = freshBase(location.origin);
    await fetch(`/__tamper?path=${encodeURIComponent(new URL(base).pathname + 'assets/render-worker-')}`, {
      method: 'POST',
    });
    const win = await viewerPage(base, false);
    expect(await drawnOn(win)).to.equal('worker');
    await until(async () => (await ranChanged(base)).length > 0, 10000, 'the changed worker reported');
  });

  for (const [where, origin] of [
    ['on its own origin', () => location.origin],
    ['from another origin', otherOrigin],
  ] as const) {
    it(`a pinned page ${where} runs no changed worker: the viewer draws on the page's thread and says why once`, async () => {
      const base = freshBase(origin());
      await fetch(`/__tamper?path=${encodeURIComponent(new URL(base).pathname + 'assets/render-worker-')}`, {
        method: 'POST',
      });
      const win = await viewerPage(base, true);
      expect(await drawnOn(win)).to.equal('main');
      // what a changed worker would do first (here: report; a hostile one: send the token) never happens
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await ranChanged(base)).to.deep.equal([]);
      const warnings = win.__seen.filter((e) => e.type === 'warn' && /render worker/.test(e.message ?? ''));
      expect(warnings, JSON.stringify(win.__seen)).to.have.length(1);
      expect(warnings[0]!.message).to.contain("draws on the page's thread");
    });
  }

  it('the model worker starts from another origin (its changed copy, on an unpinned page, reports that it ran)', async () => {
    const base = freshBase(otherOrigin());
    await tamper(base, 'assets/model-worker-');
    const win = await viewerPage(base, false, PLAN);
    await largePlan(win);
    await until(async () => (await ranChanged(base)).length > 0, 10000, 'the model worker ran');
  });

  it('a pinned page from another origin runs no changed model worker: the plan is read on the page', async () => {
    const base = freshBase(otherOrigin());
    await tamper(base, 'assets/model-worker-');
    const win = await viewerPage(base, true, PLAN);
    await largePlan(win);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await ranChanged(base)).to.deep.equal([]);
    expect(
      win.__seen.filter((e) => e.type === 'warn' && /model worker/.test(e.message ?? '')),
    ).to.have.length(1);
  });

  // the page's mesh-decoding worker (issue 34) starts as the other two do: checked on a pinned page
  const MESHES = `<room-viewer room-id="6346900" furniture-base="${location.origin}/room-styling" loading="eager" camera="top" style="display: block; inline-size: 320px; block-size: 240px"></room-viewer>`;

  it('(the check can fail) an unpinned page runs a changed mesh-decoding worker file', async () => {
    const base = freshBase(location.origin);
    await tamper(base, 'assets/decode-worker-');
    const win = await viewerPage(base, false, MESHES);
    expect(await drawnOn(win)).to.equal('worker');
    await until(
      async () => (await ranChanged(base)).length > 0,
      20000,
      'the changed decoding worker reported',
    );
  });

  for (const [where, origin] of [
    ['on its own origin', () => location.origin],
    ['from another origin', otherOrigin],
  ] as const) {
    it(`a pinned page ${where} runs no changed mesh-decoding worker: furniture is decoded on the page and it says why once`, async () => {
      const base = freshBase(origin());
      await tamper(base, 'assets/decode-worker-');
      const win = await viewerPage(base, true, MESHES);
      expect(await drawnOn(win)).to.equal('worker');
      const said = () =>
        win.__seen.filter((e) => e.type === 'warn' && /mesh-decoding worker/.test(e.message ?? ''));
      await until(() => said().length > 0, 20000, `the page said why (${JSON.stringify(win.__seen)})`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await ranChanged(base)).to.deep.equal([]);
      expect(said(), JSON.stringify(win.__seen)).to.have.length(1);
      expect(said()[0]!.message).to.contain("decoded on the page's thread");
    });
  }

  // the render worker in stages (issue 33): what the first frame does not need is a later stage, a file
  // of its own that the worker loads when first used, checked as the worker is on a pinned page
  const viewerOf = (win: FrameWindow) =>
    win.document.querySelector('room-viewer') as HTMLElement & {
      exportLook(): Promise<Blob>;
      toBlob(options?: { width?: number; height?: number }): Promise<Blob>;
      renderThread?: string;
    };

  it("a later stage loads when used: exportLook() from another origin's pinned worker", async () => {
    const win = await viewerPage(freshBase(otherOrigin()), true);
    expect(await drawnOn(win)).to.equal('worker');
    const blob = await viewerOf(win).exportLook();
    expect(blob.type).to.equal('model/gltf-binary');
    expect(new TextDecoder().decode(await blob.slice(0, 4).arrayBuffer())).to.equal('glTF');
  });

  it('(the check can fail) an unpinned page runs a changed later stage when it is used', async () => {
    const base = freshBase(location.origin);
    await tamper(base, 'assets/look-export-');
    const win = await viewerPage(base, false);
    expect(await drawnOn(win)).to.equal('worker');
    expect(await ranChanged(base)).to.deep.equal([]);
    await viewerOf(win).exportLook();
    await until(async () => (await ranChanged(base)).length > 0, 10000, 'the changed stage reported');
  });

  for (const [where, origin] of [
    ['on its own origin', () => location.origin],
    ['from another origin', otherOrigin],
  ] as const) {
    it(`a pinned page ${where} runs no changed later stage: only what needs it fails, with the reason`, async () => {
      const base = freshBase(origin());
      await tamper(base, 'assets/look-export-');
      const win = await viewerPage(base, true);
      expect(await drawnOn(win)).to.equal('worker');
      const viewer = viewerOf(win);
      let error: Error | undefined;
      try {
        await viewer.exportLook();
      } catch (e) {
        error = e as Error;
      }
      expect(error, 'exportLook() rejects').to.be.instanceOf(win.Error);
      expect(error!.message).to.match(/render worker could not load its stage .*look-export-/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await ranChanged(base)).to.deep.equal([]);
      // the view is untouched, and another stage (toBlob()'s) still loads and runs
      expect(viewer.getAttribute('state')).to.equal('loaded');
      expect(viewer.renderThread).to.equal('worker');
      const picture = await viewer.toBlob({ width: 64, height: 48 });
      expect(picture.size).to.be.greaterThan(0);
    });
  }

  it('a pinned page whose import map does not pin the render worker starts none: it says so once', async () => {
    const win = await viewerPage(freshBase(location.origin), true, undefined, /^assets\/render-worker-/);
    expect(await drawnOn(win)).to.equal('main');
    const warnings = win.__seen.filter((e) => e.type === 'warn' && /render worker/.test(e.message ?? ''));
    expect(warnings, JSON.stringify(win.__seen)).to.have.length(1);
    expect(warnings[0]!.message).to.match(/pins its files .* but not .*render-worker-/);
  });
});
