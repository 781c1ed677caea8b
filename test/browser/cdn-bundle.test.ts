/**
 * The CDN build as a page gets it (the BUILT files in dist/cdn: run `npm run build` first). Each case
 * runs in a fresh iframe, so it has its own custom-element registry and module map, as a page has.
 * - `room-elements.js` defines an element when its tag first appears: in the page, added later, or
 *   inside a shadow root; a chunk that failed to load is tried again when its tag next appears.
 * - `room-elements.all.js` defines every element up front.
 */
import { expect } from '@esm-bundle/chai';
import { armFault, resetEmulator } from './helpers/emulator.ts';
import { until, waitForEvent } from './helpers/wait.ts';
import { ELEMENT_TAGS } from '../shared/element-tags.ts';

const TAGS = ELEMENT_TAGS;
const LAZY = '/dist/cdn/room-elements.js';
const EAGER = '/dist/cdn/room-elements.all.js';
const SERVICE = `${location.origin}/room-styling`;

type FrameWindow = Window & typeof globalThis;
interface CdnModule {
  configure(patch: { apiBase?: string; whitelabel?: string }): void;
  getConfig(): { apiBase: string; whitelabel?: string };
  resetConfig(): void;
  discover(root: Element | ShadowRoot | Document): void;
}

/** A fresh document in an iframe; `body` is its markup, parsed before any script of the test runs. */
async function freshFrame(body = ''): Promise<{ win: FrameWindow; doc: Document }> {
  const iframe = document.createElement('iframe');
  iframe.style.cssText = 'inline-size: 900px; block-size: 700px; border: 0';
  const loaded = new Promise((resolve) => (iframe.onload = resolve));
  iframe.srcdoc = `<!doctype html><html lang="en"><body>${body}</body></html>`;
  document.body.append(iframe);
  await loaded;
  frames.push(iframe);
  return { win: iframe.contentWindow as FrameWindow, doc: iframe.contentDocument! };
}
const frames: HTMLIFrameElement[] = [];

/** Imports `url` in the frame's own module map (as its module script would). */
function importIn<T>(win: FrameWindow, url: string): Promise<T> {
  return new win.Function('url', 'return import(url)')(url) as Promise<T>;
}

/** The JS files under dist/cdn the frame has requested (by `until`, a time of its clock), by name without the hash. */
function cdnRequests(win: FrameWindow, until = Infinity): string[] {
  return win.performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/dist/cdn/') && entry.startTime <= until)
    .map((entry) =>
      new URL(entry.name).pathname.replace('/dist/cdn/', '').replace(/^(chunks\/.+)-[\w-]{8}\.js$/, '$1'),
    );
}

/** Resolves once `tag` is defined in the frame (rejects after `timeout` ms). */
function defined(win: FrameWindow, tag: string, timeout = 10000): Promise<unknown> {
  return Promise.race([
    win.customElements.whenDefined(tag),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`<${tag}> not defined`)), timeout)),
  ]);
}

/** Gives the loader time to react (a mutation record, then a chunk request) before asserting nothing happened. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('CDN entry (dist/cdn/room-elements.js): defines an element when its tag appears', () => {
  afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

  it('a page with only <room-gallery> gets the gallery working, and no other element', async () => {
    const { win, doc } = await freshFrame(`
      <room-gallery limit="6"></room-gallery>
      <script type="module" src="${LAZY}"></script>
      <script type="module">
        import { configure } from '${LAZY}';
        configure({ apiBase: '${SERVICE}' });
      </script>`);
    const gallery = doc.querySelector('room-gallery')!;
    let painted = 0;
    gallery.addEventListener('rooms-load', () => (painted = win.performance.now()), { once: true });
    await waitForEvent(gallery, 'rooms-load');
    await until(() => gallery.shadowRoot?.querySelectorAll('[part~="card"]').length === 6, 5000, 'six cards');
    // what the first cards cost (docs/cdn.md): the loader, the gallery's chunk and the chunk it
    // shares with the other elements; no configuration chunk, no runtime helper of the bundler, and
    // the list client only when the gallery asked before the loader's head start (its chunk came before
    // DOMContentLoaded, as on a fast local server); with the loader's answer it comes after the cards
    // (gallery-list.cdn.ts, tested below)
    const beforeCards = cdnRequests(win, painted).sort();
    // (the list client's chunk imports the other elements' `kit` and what only the elements other than the
    // viewer share, `later-others`, scripts/cdn/element-chunks.ts, and with them the bundler's runtime helper)
    const client = ['chunks/kit', 'chunks/after-cards', 'chunks/later-others', 'chunks/rolldown-runtime'];
    expect(beforeCards.filter((name) => !client.includes(name))).to.deep.equal([
      'chunks/room-gallery',
      'chunks/shared',
      'room-elements.js',
    ]);
    expect(win.customElements.get('room-gallery')).to.be.a('function');
    for (const tag of TAGS.slice(1)) expect(win.customElements.get(tag), tag).to.equal(undefined);
    const requested = cdnRequests(win);
    expect(requested).to.include('room-elements.js');
    // …nor the viewer's and panorama's poster head start (src/cdn/poster-start.ts)
    expect(requested.join(), 'no other element, no three.js or PSV, no poster head start').not.to.match(
      /panorama|viewer|room-plan|export|three|psv|poster|\.all\./,
    );
  });

  it('configure() through the entry reaches the elements it loads (one configuration per page)', async () => {
    const { win, doc } = await freshFrame();
    // the frame's own fetch, recorded (resource timing entries proved unreliable in long runs)
    const asked: string[] = [];
    const frameFetch = win.fetch.bind(win);
    win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return frameFetch(input, init);
    };
    const cdn = await importIn<CdnModule>(win, LAZY);
    cdn.configure({ apiBase: `${SERVICE}/` });
    const gallery = doc.createElement('room-gallery');
    gallery.setAttribute('limit', '2');
    const loaded = waitForEvent(gallery, 'rooms-load');
    doc.body.append(gallery);
    await loaded;
    const list = asked.find((url) => url.includes('/room-styling/rooms'));
    expect(list, 'the gallery asked the configured service').to.contain(`${location.origin}/room-styling/`);
  });

  it('a tag added later by a script is defined then, and only its chunk is fetched', async () => {
    const { win, doc } = await freshFrame();
    await importIn(win, LAZY);
    await settle();
    expect(cdnRequests(win).join()).not.to.match(/room-plan/);
    const plan = doc.createElement('div');
    plan.innerHTML = '<section><room-plan></room-plan></section>';
    doc.body.append(plan);
    await defined(win, 'room-plan');
    expect(plan.querySelector('room-plan')).to.be.instanceOf(win.customElements.get('room-plan')!);
    expect(win.customElements.get('room-viewer')).to.equal(undefined);
  });

  it('a property set before the element is defined is kept (plan drawn from a `model` set early)', async () => {
    const { win, doc } = await freshFrame();
    await importIn(win, LAZY);
    const plan = doc.createElement('room-plan') as HTMLElement & { model?: unknown };
    const points = [
      [0, 0],
      [400, 0],
      [400, 300],
      [0, 300],
    ];
    const walls = Object.fromEntries(
      [0, 1, 2, 3].map((i) => [`wall${i}`, { indices: [i, (i + 1) % 4], thickness: 10 }]),
    );
    plan.model = { plan: { height: 250, points, walls, areas: { area0: { indices: [0, 1, 2, 3] } } } };
    const drawn = waitForEvent(plan, 'model-load');
    doc.body.append(plan);
    await drawn;
    expect(plan).to.be.instanceOf(win.customElements.get('room-plan')!);
  });

  it('a tag inside shadow roots is defined: made by attachShadow, nested, open before the loader, declarative', async () => {
    const { win, doc } = await freshFrame('<div id="early"></div>');
    // an open root that exists before the loader runs: found by its first scan
    const early = doc.getElementById('early')!.attachShadow({ mode: 'open' });
    early.innerHTML = '<project-export-button></project-export-button>';
    await importIn(win, LAZY);
    await defined(win, 'project-export-button');

    // a component of the page that renders our element in its (closed) shadow root, one level down
    class ShopCard extends win.HTMLElement {
      constructor() {
        super();
        const outer = this.attachShadow({ mode: 'closed' });
        const inner = win.document.createElement('div');
        outer.append(inner);
        inner.attachShadow({ mode: 'open' }).innerHTML = '<p><room-plan></room-plan></p>';
      }
    }
    win.customElements.define('shop-card', ShopCard);
    doc.body.append(doc.createElement('shop-card'));
    await defined(win, 'room-plan');

    // declarative shadow DOM, parsed after the loader ran
    const host = doc.createElement('div');
    host.setHTMLUnsafe(
      '<div><template shadowrootmode="open"><room-panorama></room-panorama></template></div>',
    );
    doc.body.append(host);
    await defined(win, 'room-panorama');
  });

  it('discover() reaches a closed root the loader cannot see', async () => {
    const { win, doc } = await freshFrame('<div id="host"></div>');
    const closed = doc.getElementById('host')!.attachShadow({ mode: 'closed' });
    closed.innerHTML = '<room-plan></room-plan>';
    const cdn = await importIn<CdnModule>(win, LAZY);
    await settle();
    expect(win.customElements.get('room-plan')).to.equal(undefined);
    cdn.discover(closed);
    await defined(win, 'room-plan');
  });

  it('ignores unknown tags: nothing is fetched and nothing is defined', async () => {
    const { win, doc } = await freshFrame('<room-foo></room-foo><x-gallery></x-gallery>');
    await importIn(win, LAZY);
    doc.body.insertAdjacentHTML(
      'beforeend',
      '<room-gallery-item></room-gallery-item><my-room-plan></my-room-plan>',
    );
    await settle();
    expect(cdnRequests(win).filter((name) => name.startsWith('chunks/'))).to.deep.equal([]);
    for (const tag of ['room-foo', 'x-gallery', 'room-gallery-item', 'my-room-plan', ...TAGS]) {
      expect(win.customElements.get(tag), tag).to.equal(undefined);
    }
  });

  // (loads every chunk: keep it after the tests that need a chunk not loaded yet)
  it('stops watching once every element is defined, and gives attachShadow back', async () => {
    const { win } = await freshFrame();
    const native = win.Element.prototype.attachShadow;
    const lazy = await importIn<CdnModule>(win, LAZY);
    expect(win.Element.prototype.attachShadow).not.to.equal(native);
    lazy.configure({ apiBase: SERVICE });
    const eager = await importIn<CdnModule>(win, EAGER);
    // each entry has its own copy of the configuration code, over the one configuration the page
    // holds (src/config.ts): what one sets, the other reads, and a reset through one resets both
    expect(eager.getConfig().apiBase).to.equal(SERVICE);
    eager.configure({ whitelabel: 'acme' });
    expect(lazy.getConfig()).to.include({ apiBase: SERVICE, whitelabel: 'acme' });
    lazy.resetConfig();
    expect(eager.getConfig().apiBase).to.equal('https://roomstyler.com/api');
    lazy.configure({ apiBase: SERVICE });
    await until(() => win.Element.prototype.attachShadow === native, 5000, 'attachShadow restored');
  });
});

describe('CDN eager entry (dist/cdn/room-elements.all.js)', () => {
  afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

  it('defines every element up front from one module script tag, without loading three.js or PSV', async () => {
    const { win } = await freshFrame(`<script type="module" src="${EAGER}"></script>`);
    await Promise.all(TAGS.map((tag) => defined(win, tag)));
    const names = cdnRequests(win).join();
    expect(names).to.contain('room-elements.all.js');
    expect(names).not.to.match(/three|photo-sphere|psv/i);
  });

  it('exports what the package index exports (the element classes, configure)', async () => {
    const { win } = await freshFrame();
    const all = await importIn<Record<string, unknown>>(win, EAGER);
    for (const name of [
      'RoomGallery',
      'RoomPanorama',
      'RoomViewer',
      'RoomPlan',
      'ProjectExportButton',
      'configure',
    ]) {
      expect(all[name], name).to.be.a('function');
    }
    expect(all.RoomGallery).to.equal(win.customElements.get('room-gallery'));
  });

  it('a second registration of a tag warns instead of throwing', async () => {
    const { defineElement } = await import('../../src/internal/define.ts');
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      defineElement('room-gallery', class extends HTMLElement {});
      defineElement('room-gallery', class extends HTMLElement {});
    } finally {
      console.warn = original;
    }
    expect(String(warnings[0])).to.contain('<room-gallery> is already defined');
  });
});

describe('CDN entry: a failed chunk', () => {
  afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

  it('a chunk that failed to load is fetched again when its tag next appears', async () => {
    const { win, doc } = await freshFrame();
    // dist/cdn under URLs of its own, so the viewer's chunk is not in the browser's memory yet, and
    // the test server answers 503 to its first request (web-test-runner.config.mjs)
    const base = `/__cdn/${Date.now()}`;
    await importIn(win, `${base}/room-elements.js`);
    await fetch(`/__fail-once?path=${encodeURIComponent(`${base}/chunks/room-viewer-`)}`, { method: 'POST' });
    const warnings: string[] = [];
    const warn = win.console.warn;
    win.console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      doc.body.append(doc.createElement('room-viewer'));
      await until(() => warnings.length > 0, 5000, 'the failed import');
      expect(warnings[0]).to.contain('could not load <room-viewer>');
      expect(win.customElements.get('room-viewer')).to.equal(undefined);
      // the same element again, and another one: the chunk is requested again
      doc.body.append(doc.createElement('room-viewer'));
      await defined(win, 'room-viewer');
    } finally {
      win.console.warn = warn;
    }
    for (const el of doc.querySelectorAll('room-viewer')) {
      expect(el).to.be.instanceOf(win.customElements.get('room-viewer')!);
    }
  });
});

describe("CDN entry: the head start (an element's first request asked before its code arrives)", () => {
  afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

  /** A fresh frame with the loader and configure() run, its fetch recorded with whether `tag` was defined then. */
  async function loaderFrame(tag: string) {
    const { win, doc } = await freshFrame();
    const asked: { url: string; defined: boolean }[] = [];
    const frameFetch = win.fetch.bind(win);
    win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push({ url, defined: !!win.customElements.get(tag) });
      return frameFetch(input, init);
    };
    const cdn = await importIn<CdnModule>(win, LAZY);
    cdn.configure({ apiBase: SERVICE });
    return { win, doc, asked };
  }

  it('<room-panorama room-id>: the poster record is asked before the element is defined, once, and the poster preloaded', async () => {
    const { win, doc, asked } = await loaderFrame('room-panorama');
    const panorama = doc.createElement('room-panorama');
    panorama.setAttribute('room-id', '6346838');
    panorama.setAttribute('loading', 'eager');
    panorama.style.cssText = 'display: block; inline-size: 600px';
    doc.body.append(panorama);
    await defined(win, 'room-panorama');
    const poster = await until(
      () => panorama.shadowRoot?.querySelector<HTMLImageElement>('img[part="poster"]')?.complete || undefined,
      10000,
      'the poster',
    );
    expect(poster).to.equal(true);
    const records = asked.filter(({ url }) => url.includes('/rooms/6346838?skip_model=true'));
    expect(records.length, 'asked once: the element took the loader’s answer').to.equal(1);
    expect(records[0]!.defined, 'asked before the element’s code was there').to.equal(false);
    // by the poster head start's own chunk, which only a page with a viewer or a panorama fetches
    expect(cdnRequests(win)).to.include('chunks/poster-start');
    // the poster image, preloaded with the element's own srcset and sizes
    const link = doc.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(link, 'a preload of the poster').to.not.equal(null);
    const img = panorama.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')!;
    expect(link!.imageSrcset).to.equal(img.srcset);
    expect(link!.imageSizes).to.equal(img.sizes);
    const fetched = win.performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name === img.currentSrc);
    expect(fetched.length, 'the poster image is fetched once').to.be.at.most(1);
  });

  it('<room-gallery>: its first page is asked before the element is defined, once, and shown', async () => {
    const { win, doc, asked } = await loaderFrame('room-gallery');
    const gallery = doc.createElement('room-gallery');
    gallery.setAttribute('limit', '5');
    const loaded = waitForEvent(gallery, 'rooms-load');
    doc.body.append(gallery);
    await loaded;
    await until(
      () => gallery.shadowRoot?.querySelectorAll('[part~="card"]').length === 5,
      5000,
      'five cards',
    );
    const lists = asked.filter(({ url }) => url.includes('/room-styling/rooms?'));
    expect(lists.length, 'asked once').to.equal(1);
    expect(lists[0]!.url).to.contain('limit=5');
    expect(lists[0]!.defined).to.equal(false);
    expect(win.customElements.get('room-gallery')).to.be.a('function');
  });

  it('<room-gallery>: the first cards come from the loader’s answer without the list client and the pager, which come after them in their held box and page on', async () => {
    const { win, doc, asked } = await loaderFrame('room-gallery');
    const gallery = doc.createElement('room-gallery');
    gallery.setAttribute('limit', '3');
    const loaded = waitForEvent(gallery, 'rooms-load');
    doc.body.append(gallery);
    await loaded;
    const firstCards = win.performance.now();
    // the client and its fetch wrapper (src/elements/room-gallery/gallery-list.cdn.ts) are not on the path,
    // nor the previous / next controls (after-cards.ts)…
    expect(cdnRequests(win, firstCards), 'no list client before the first cards').not.to.include(
      'chunks/after-cards',
    );
    await (gallery as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const root = gallery.shadowRoot!;
    const pager = () => root.querySelector('[part~="pager"]');
    const height = gallery.getBoundingClientRect().height;
    expect(pager(), 'no pager with the first cards').to.equal(null);
    expect(root.querySelector('.pager-slot'), 'the pager’s box is held').to.not.equal(null);
    // …but come when the page is idle, into the box held for them (nothing moves), and page on as before:
    // the next page asked by the client, once
    await until(
      () => cdnRequests(win).includes('chunks/after-cards') || undefined,
      10000,
      'the client after the cards',
    );
    await until(() => pager(), 10000, 'the pager after the cards');
    expect(pager()!.textContent).to.contain('Next');
    // with its styles (they come with it, after-cards.ts, and are adopted before it renders)
    expect(getComputedStyle(pager()!).display, 'the pager styled as it came').to.equal('flex');
    expect(root.querySelector('.pager-slot'), 'no box held beside the pager').to.equal(null);
    expect(gallery.getBoundingClientRect().height, 'the gallery’s height when the pager came').to.equal(
      height,
    );
    const next = waitForEvent<{ page: number }>(gallery, 'rooms-load');
    (gallery as HTMLElement & { page: number }).page = 2;
    expect((await next).detail.page).to.equal(2);
    const lists = asked.filter(({ url }) => url.includes('/room-styling/rooms?'));
    expect(lists.map(({ url }) => new URL(url).searchParams.get('offset'))).to.deep.equal([null, '3']);
  });

  it('<room-gallery> the loader did not start (a panorama list): the client is imported at once, one request', async () => {
    const { win, doc, asked } = await loaderFrame('room-gallery');
    const gallery = doc.createElement('room-gallery');
    gallery.setAttribute('source', 'panoramas');
    gallery.setAttribute('limit', '2');
    const loaded = waitForEvent(gallery, 'rooms-load');
    doc.body.append(gallery);
    await loaded;
    expect(cdnRequests(win, win.performance.now())).to.include('chunks/after-cards');
    const lists = asked.filter(({ url }) => url.includes('/room-styling/rooms/panoramas?'));
    expect(lists.length, 'asked once').to.equal(1);
    expect(lists[0]!.defined, 'by the element').to.equal(true);
  });

  it('<room-gallery>: a loader’s answer that is no room list is reported in the client’s words (its reader after the cards), without asking again', async () => {
    await resetEmulator();
    // 200, JSON, but `rooms` is no list: the first page's reader (list-of.ts) hands it to the client's
    // chunk (after-cards.ts), whose reader says what is wrong, as valibot would
    await armFault({ match: '/room-styling/rooms', body: 'wrong-shape' });
    const { doc, asked } = await loaderFrame('room-gallery');
    const gallery = doc.createElement('room-gallery');
    gallery.setAttribute('limit', '4');
    const failed = waitForEvent<{ error: { kind: string; message: string } }>(gallery, 'rooms-error');
    doc.body.append(gallery);
    const { detail } = await failed;
    expect(detail.error.kind).to.equal('invalid');
    expect(detail.error.message).to.contain('rooms: Invalid type: Expected Array but received "not a list"');
    const lists = asked.filter(({ url }) => url.includes('/room-styling/rooms?'));
    expect(lists.length, 'the loader’s answer was the one reported').to.equal(1);
    expect(lists[0]!.defined).to.equal(false);
    await resetEmulator();
  });

  it('<room-gallery>: an error answer to the loader is reported by the client without asking again', async () => {
    const { doc, asked } = await loaderFrame('room-gallery');
    const gallery = doc.createElement('room-gallery');
    gallery.setAttribute('api-base', `${SERVICE}/no-such-service`);
    const failed = waitForEvent<{ error: { status?: number } }>(gallery, 'rooms-error');
    doc.body.append(gallery);
    const { detail } = await failed;
    expect(detail.error.status).to.equal(404);
    const lists = asked.filter(({ url }) => url.includes('/no-such-service/rooms?'));
    expect(lists.length, 'the loader’s answer was the one reported').to.equal(1);
    expect(lists[0]!.defined).to.equal(false);
  });

  it('a lazy viewer far below the fold is not asked for until it nears the viewport', async () => {
    const { win, doc, asked } = await loaderFrame('room-viewer');
    const spacer = doc.createElement('div');
    spacer.style.blockSize = '6000px';
    const viewer = doc.createElement('room-viewer');
    viewer.setAttribute('room-id', '6346838');
    doc.body.append(spacer, viewer);
    await defined(win, 'room-viewer');
    await settle();
    expect(asked.filter(({ url }) => url.includes('/rooms/6346838')).length, 'nothing asked yet').to.equal(0);
    viewer.scrollIntoView();
    await until(() => asked.some(({ url }) => url.includes('/rooms/6346838')), 5000, 'asked once near');
  });
});
