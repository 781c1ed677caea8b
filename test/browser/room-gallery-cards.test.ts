/**
 * <room-gallery> cards and controls: hostile data stays inert (and URLs resolve against the service),
 * room-select can keep a link from navigating, links to other browsing contexts carry no opener, the filter controls write the attributes and the
 * requests, the URL keeps the search (history), Dutch strings, a page's own cards.
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { cspRun } from './helpers/csp.ts';
import { armFault, receivedRequests, resetEmulator } from './helpers/emulator.ts';
import { cleanup, until, waitForEvent } from './helpers/wait.ts';
import {
  cardNames,
  cards,
  makeGallery,
  nextRoomSelect,
  part,
  shadow,
  untilState,
} from './room-gallery.helpers.ts';
import { clearSearchMetaCache } from '../../src/elements/room-gallery/features/filters.ts';
import type { Room } from '../../src/api/room-styling/index.ts';
import type { CardContext } from '../../src/elements/room-gallery/room-gallery.ts';

const SR = '/room-styling/rooms';

/**
 * Replaces window.fetch for one test so the answer for `path` (on any origin) is `body` (the emulator
 * only serves sane data); everything else goes to the real fetch. This mocks the network, not our code.
 */
function serveBody(path: string, body: unknown): () => void {
  const realFetch = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (new URL(url).pathname === path) {
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    }
    return realFetch(input, init);
  };
  return () => {
    window.fetch = realFetch;
  };
}

/** serveBody() for the room list. */
const serveListBody = (body: unknown) => serveBody(SR, body);

const HOSTILE_ROOMS = [
  {
    id: 1,
    name: '<img src=x onerror="window.__pwned=1">Kitchen<script>window.__pwned=2</script>',
    category: '<b>bold</b>',
    url: 'javascript:window.__pwned=3',
    image_url: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    hq_image_url: 'javascript:alert(1)',
    has_panorama: 'true',
  },
  { id: '2', name: null, category: null, url: null, image_url: null, hq_image_url: null, has_panorama: null },
  {
    id: 3,
    name: 'L'.repeat(5000),
    url: 'data:text/html,<script>alert(1)</script>',
    image_url: 'about:blank',
  },
  { id: 4, name: 'Fine room', url: 'https://example.com/rooms/4', image_url: 'REAL' },
  { name: 'No id at all', image_url: 'ftp://example.com/x.png', url: 'vbscript:msgbox(1)' },
  'not a room',
  null,
  42,
];

describe('<room-gallery>: hostile data', () => {
  let restore: () => void = () => undefined;
  afterEach(() => {
    restore();
    cleanup();
  });

  it('markup in names is text; only http(s) URLs become links or images; nulls and odd entries are read leniently', async () => {
    // one real picture from the emulator, so the safe room's image really loads
    const real = await (await fetch(`${SR}?limit=1`)).json();
    const rooms = HOSTILE_ROOMS.map((r) =>
      r && typeof r === 'object' && r.image_url === 'REAL' ? { ...r, image_url: real.rooms[0].image_url } : r,
    );
    restore = serveListBody({ total: '5', rooms });
    const { el, ready } = makeGallery({});
    const event = (await ready) as CustomEvent<{ rooms: Room[] }>;
    await el.updateComplete;
    await new Promise((r) => setTimeout(r, 100));
    const root = shadow(el);
    expect(event.detail.rooms).to.have.length(5);
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(root.querySelector('script, b, img[src="x"]')).to.equal(null);
    const names = cardNames(el);
    expect(names[0]).to.equal((HOSTILE_ROOMS[0] as { name: string }).name);
    expect(names[1]).to.equal('Untitled room');
    expect(names[2]).to.have.length(5000);
    for (const img of root.querySelectorAll('img')) expect(img.src).to.match(/^https?:/);
    for (const a of root.querySelectorAll('a')) expect(a.href).to.match(/^https?:/);
    // the one safe room is a link with its picture; the others are buttons with a CSS placeholder
    const all = cards(el);
    expect(all.map((c) => c.tagName)).to.deep.equal(['BUTTON', 'BUTTON', 'BUTTON', 'A', 'BUTTON']);
    expect(all[3]!.getAttribute('href')).to.equal('https://example.com/rooms/4');
    expect(root.querySelectorAll('[part~="image"].placeholder')).to.have.length(4);
    // "true" as a string still is a panorama; the category markup is text
    expect(all[0]!.querySelector('[part~="badge"]')!.textContent).to.equal('360°');
    expect(all[0]!.querySelector('[part~="meta"]')!.textContent).to.equal('<b>bold</b>');
    // a very long name does not widen its card beyond the grid
    const grid = part(el, 'grid')!.getBoundingClientRect();
    expect(all[2]!.getBoundingClientRect().width).to.be.at.most(grid.width + 1);
  });

  it('a body that is not the envelope is an error, not a crash', async () => {
    restore = serveListBody({ rooms: 'nope' });
    const { el } = makeGallery({});
    const failed = await waitForEvent(el, 'rooms-error');
    expect((failed.detail as { error: { kind: string } }).error.kind).to.equal('invalid');
    await untilState(el, 'error');
  });

  it('a page never holds more than limit rooms, whatever the service sends', async () => {
    const rooms = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `Room ${i + 1}` }));
    restore = serveListBody({ total: 5000, rooms });
    const { el, ready } = makeGallery({ limit: '10' });
    const event = (await ready) as CustomEvent<{ rooms: Room[] }>;
    await el.updateComplete;
    expect(event.detail.rooms).to.have.length(10);
    expect(el.rooms).to.have.length(10);
    expect(cards(el)).to.have.length(10);
    expect(part(el, 'pager')!.textContent).to.contain('Page 1 of 500');
  });

  it('relative URLs from the service resolve against the service root; a relative api-base against the page', async () => {
    // a picture the emulator really has, written relative to its root
    const real = (await (await fetch(`${SR}?limit=1`)).json()).rooms[0];
    const picture = new URL(real.image_url).pathname.replace('/room-styling/', '');
    const relative = {
      total: 2,
      rooms: [
        { id: 4, name: 'Four', url: 'pages/rooms/4', image_url: picture },
        { id: 5, name: 'Five', url: '/elsewhere/5', image_url: '//cdn.example/5.png' },
      ],
    };
    restore = serveListBody(relative);
    // a service on another host: what a retailer's page embeds
    const foreign = makeGallery({ 'api-base': 'https://rooms.example/room-styling', limit: '2' });
    const seen: CardContext[] = [];
    foreign.el.renderCard = (room, context) => {
      seen.push(context);
      return room.name;
    };
    await foreign.ready;
    await foreign.el.updateComplete;
    expect(seen.at(-2)).to.deep.include({
      href: 'https://rooms.example/room-styling/pages/rooms/4',
      image: `https://rooms.example/room-styling/${picture}`,
    });
    expect(seen.at(-1)).to.deep.include({
      href: 'https://rooms.example/elsewhere/5',
      image: 'https://cdn.example/5.png',
    });

    // a relative api-base is the page's: the emulator then serves the picture, which really loads
    const { el, ready } = makeGallery({ 'api-base': 'room-styling', limit: '2' });
    await ready;
    await el.updateComplete;
    const serviceRoot = new URL('room-styling/', location.href).href;
    const card = cards(el)[0] as HTMLAnchorElement;
    expect(card.href).to.equal(`${serviceRoot}pages/rooms/4`);
    const img = card.querySelector('img')!;
    expect(img.src).to.equal(`${serviceRoot}${picture}`);
    await img.decode();
    expect(img.naturalWidth).to.be.above(0);
  });

  it('an image that fails to load gives way to the CSS placeholder', async () => {
    restore = serveListBody({
      total: 1,
      rooms: [{ id: 9, name: 'Broken', image_url: `${location.origin}/no-such-image-404.png` }],
    });
    const { el, ready } = makeGallery({});
    await ready;
    await until(() => shadow(el).querySelector('[part~="image"].placeholder'), 5000, 'placeholder');
    expect(shadow(el).querySelector('img')).to.equal(null);
  });
});

describe('<room-gallery>: pictures', () => {
  afterEach(cleanup);

  const shownPictures = (el: HTMLElement) =>
    cards(el).map((card) => card.querySelector('img')?.getAttribute('src') ?? null);

  it('wide cards show hq_image_url where a room has one, narrow cards the thumbnail; sizes are set', async () => {
    const container = document.createElement('div');
    container.className = 'test-fixture';
    container.style.width = '900px';
    document.body.append(container);
    const wide = makeGallery({ limit: '12' }, container);
    wide.el.style.setProperty('--room-gallery-columns', '1');
    await wide.ready;
    await until(() => wide.el.shadowRoot!.querySelector('img'), 5000, 'pictures');
    await until(
      () => wide.el.rooms.some((r, i) => r.hq_image_url && shownPictures(wide.el)[i] === r.hq_image_url),
      5000,
      'high-quality pictures',
    );
    expect(wide.el.rooms.some((r) => r.hq_image_url)).to.equal(true);
    expect(shownPictures(wide.el)).to.deep.equal(wide.el.rooms.map((r) => r.hq_image_url ?? r.image_url));
    const images = [...wide.el.shadowRoot!.querySelectorAll('img')];
    const img = images[0]!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).to.deep.equal(['400', '300']);
    // the first screen's pictures at once and first (the page's largest paint may be one), the rest lazily
    expect(
      images.map((i) => `${i.getAttribute('loading')} ${i.getAttribute('fetchpriority')}`),
    ).to.deep.equal(images.map((_, i) => (i < 4 ? 'eager high' : 'lazy auto')));
    expect(images.length).to.be.greaterThan(4);

    const narrow = makeGallery({ limit: '12' }, container);
    narrow.el.style.setProperty('--room-gallery-columns', '4');
    await narrow.ready;
    const expected = JSON.stringify(narrow.el.rooms.map((r) => r.image_url));
    await until(
      () => JSON.stringify(shownPictures(narrow.el)) === expected,
      3000,
      'the pictures of 4 columns',
    );
  });

  it('the photoreal list shows the photoreal render and a badge', async () => {
    const { el, ready } = makeGallery({ source: 'photoreal', limit: '4' });
    await ready;
    await el.updateComplete;
    expect(shownPictures(el)).to.deep.equal(el.rooms.map((r) => r.photoreal_image_url));
    for (const card of cards(el)) {
      expect(card.querySelector('[part~="badge-photoreal"]')!.textContent).to.equal('Photo');
    }
  });
});

describe('<room-gallery>: strict Content-Security-Policy', () => {
  afterEach(cleanup);

  it('renders cards and CSS placeholders without one CSP violation (no inline styles, no data: images)', async () => {
    const result = await cspRun<{ cards: number; placeholders: number }>('room-gallery');
    expect(result.state).to.equal('loaded');
    expect(result.cards).to.equal(6);
    expect(result.placeholders).to.be.at.least(1);
    expect(result.violations).to.deep.equal([]);
  });
});

describe('<room-gallery>: accessibility', () => {
  beforeEach(resetEmulator);
  afterEach(cleanup);

  it('room-select fires on activation and, cancelled, keeps the link from navigating', async () => {
    const { el, ready } = makeGallery({});
    await ready;
    await el.updateComplete;
    const before = location.href;
    let selected: Room | undefined;
    const onSelect = (e: CustomEvent<{ room: Room }>) => {
      selected = e.detail.room;
      e.preventDefault();
    };
    document.addEventListener('room-select', onSelect);
    // if the link navigated, the test page would unload: watch for that as well
    let unloaded = false;
    const onUnload = () => (unloaded = true);
    window.addEventListener('beforeunload', onUnload);
    try {
      const card = cards(el)[1]! as HTMLAnchorElement;
      expect(card.href).to.match(/\/pages\/rooms\/\d+$/);
      card.click();
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      document.removeEventListener('room-select', onSelect);
      window.removeEventListener('beforeunload', onUnload);
    }
    expect(selected).to.equal(el.rooms[1]);
    expect(unloaded).to.equal(false);
    expect(location.href).to.equal(before);
  });

  it('works by keyboard: Enter on a card selects it, Enter on the pager turns the page and focuses its first card', async () => {
    const { el, ready } = makeGallery({ limit: '3' });
    await ready;
    await el.updateComplete;
    const first = cards(el)[0]!;
    first.focus();
    await sendKeys({ press: 'Tab' });
    expect(shadow(el).activeElement).to.equal(cards(el)[1]);
    // the focus ring: the gallery's own (3 px, its focus colour, through the shared ring), never none
    const ring = getComputedStyle(cards(el)[1]!);
    expect([ring.outlineStyle, ring.outlineWidth, ring.outlineOffset]).to.deep.equal(['solid', '3px', '2px']);
    el.style.setProperty('--room-gallery-focus-color', 'rgb(1, 2, 3)');
    expect(getComputedStyle(cards(el)[1]!).outlineColor).to.equal('rgb(1, 2, 3)');
    el.style.removeProperty('--room-gallery-focus-color');
    const selected = nextRoomSelect(el);
    await sendKeys({ press: 'Enter' });
    expect(await selected).to.equal(el.rooms[1]);

    // Tab on past the cards reaches the pager: previous is aria-disabled but focusable, then next
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    const next = part(el, 'pager')!.querySelectorAll('button')[1]!;
    expect(shadow(el).activeElement).to.equal(next);
    const loaded = waitForEvent(el, 'rooms-load');
    await sendKeys({ press: 'Enter' });
    await loaded;
    await el.updateComplete;
    expect(el.page).to.equal(2);
    expect(shadow(el).activeElement).to.equal(cards(el)[0]);
  });

  it('themes: follows the page colour scheme, honours custom properties, mirrors for right-to-left', async () => {
    const container = document.createElement('div');
    container.className = 'test-fixture';
    container.style.width = '800px';
    document.body.append(container);
    const { el, ready } = makeGallery({ limit: '12' }, container);
    el.style.setProperty('--room-gallery-columns', '2');
    await ready;
    await el.updateComplete;
    const card = () => getComputedStyle(cards(el)[0]!).backgroundColor;
    expect(card()).to.equal('rgb(255, 255, 255)');
    container.style.colorScheme = 'dark';
    expect(card()).to.equal('rgb(35, 37, 43)');
    el.style.setProperty('--room-gallery-card-background', 'rgb(1, 2, 3)');
    expect(card()).to.equal('rgb(1, 2, 3)');
    // two columns as asked
    const [a, b, c] = cards(el).map((x) => x.getBoundingClientRect());
    expect(b!.top).to.equal(a!.top);
    expect(c!.top).to.be.above(a!.top);
    // right to left: the first card on the right, badges at the inline end (the left)
    container.dir = 'rtl';
    await new Promise((r) => requestAnimationFrame(r));
    const [ra, rb] = cards(el).map((x) => x.getBoundingClientRect());
    expect(ra!.left).to.be.above(rb!.left);
    const badged = cards(el).find((x) => x.querySelector('.badges'));
    expect(badged, 'a room with a panorama among the first twelve').to.not.equal(undefined);
    const image = badged!.querySelector('[part~="image"]')!.getBoundingClientRect();
    const badges = badged!.querySelector('.badges')!.getBoundingClientRect();
    expect(badges.left - image.left).to.be.below(image.right - badges.right);
  });

  it('links that open another browsing context get rel="noopener noreferrer"; links in the page none', async () => {
    for (const [target, rel] of [
      ['_blank', 'noopener noreferrer'],
      ['shop-window', 'noopener noreferrer'],
      ['_self', null],
    ] as const) {
      const { el, ready } = makeGallery({ limit: '3', 'link-target': target });
      await ready;
      await el.updateComplete;
      const links = cards(el).filter((c) => c.tagName === 'A');
      expect(links.length, target).to.be.above(0);
      for (const a of links) {
        expect(a.getAttribute('target'), target).to.equal(target);
        expect(a.getAttribute('rel'), target).to.equal(rel);
      }
      el.remove();
    }
  });

  it('follows a change of <html lang> after the rooms are shown', async () => {
    const before = document.documentElement.lang;
    try {
      const { el, ready } = makeGallery({ limit: '5' });
      await ready;
      expect(part(el, 'status')!.textContent).to.match(/Rooms 1 to 5 of/);
      document.documentElement.lang = 'nl';
      await until(
        () => /Kamers 1 tot 5 van \d+/.test(part(el, 'status')!.textContent ?? ''),
        5000,
        'Dutch status',
      );
      expect(part(el, 'pager')!.textContent).to.contain('Volgende');
      document.documentElement.lang = 'en';
      await until(() => /Rooms 1 to 5 of/.test(part(el, 'status')!.textContent ?? ''), 5000, 'English again');
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('follows lang: Dutch strings', async () => {
    const container = document.createElement('div');
    container.className = 'test-fixture';
    container.lang = 'nl';
    document.body.append(container);
    const { el, ready } = makeGallery({ limit: '5' }, container);
    await ready;
    await el.updateComplete;
    expect(part(el, 'status')!.textContent).to.match(/Kamers 1 tot 5 van \d+/);
    expect(part(el, 'pager')!.textContent).to.contain('Volgende');
  });

  it('follows a lang set on the element after the rooms are shown', async () => {
    const { el, ready } = makeGallery({ limit: '5' });
    await ready;
    expect(part(el, 'status')!.textContent).to.match(/Rooms 1 to 5 of/);
    el.setAttribute('lang', 'nl');
    await until(
      () => /Kamers 1 tot 5 van \d+/.test(part(el, 'status')!.textContent ?? ''),
      5000,
      'Dutch status',
    );
    expect(part(el, 'pager')!.textContent).to.contain('Volgende');
  });
});

describe('<room-gallery>: filters, history, custom cards', () => {
  beforeEach(async () => {
    await resetEmulator();
    clearSearchMetaCache();
  });
  afterEach(cleanup);

  it('filter controls come from search meta and write the attributes, which drive the request', async () => {
    const { el, ready } = makeGallery({ source: 'search', filters: true });
    await ready;
    const root = shadow(el);
    await until(() => root.querySelector('select[name="style"]'), 5000, 'style select');
    const meta = await (await fetch('/room-styling/rooms/search/meta')).json();
    const styleSelect = root.querySelector<HTMLSelectElement>('select[name="style"]')!;
    const styleKeys = [...styleSelect.options].map((o) => o.value);
    expect(styleKeys).to.deep.equal(['', ...meta.styles.map((s: { key: string }) => s.key).filter(Boolean)]);
    expect(root.querySelector('select[name="category"]')).to.not.equal(null);
    expect(root.querySelector('select[name="since"]')).to.not.equal(null);

    let loaded = waitForEvent(el, 'rooms-load');
    styleSelect.value = styleKeys[2]!;
    styleSelect.dispatchEvent(new Event('change'));
    await loaded;
    expect(el.getAttribute('room-style')).to.equal(styleKeys[2]);

    // typing waits for a pause (debounce): one request for the whole word
    const input = root.querySelector<HTMLInputElement>('input[type="search"]')!;
    loaded = waitForEvent(el, 'rooms-load');
    for (const text of ['s', 'so', 'sof', 'sofa']) {
      input.value = text;
      input.dispatchEvent(new Event('input'));
    }
    await loaded;
    expect(el.getAttribute('q')).to.equal('sofa');
    const searches = (await receivedRequests(`${SR}/search`)).filter((r) => r.path === `${SR}/search`);
    expect(searches.map((r) => [r.query.style ?? '', r.query.q ?? ''])).to.deep.equal([
      ['', ''],
      [styleKeys[2], ''],
      [styleKeys[2], 'sofa'],
    ]);

    // the page sets an attribute: the control follows
    el.setAttribute('q', 'chair');
    await el.updateComplete;
    expect(input.value).to.equal('chair');
  });

  it('when search meta fails the search box still works, the lists say so and can be asked again', async () => {
    await armFault({ match: `${SR}/search/meta`, status: 500, times: 3 });
    const { el, ready } = makeGallery({ source: 'search', filters: true });
    await ready;
    const root = shadow(el);
    await until(() => root.querySelector('.meta-failed'), 8000, 'the meta failure note');
    expect(root.querySelector('input[type="search"]')).to.not.equal(null);
    expect(root.querySelector('select')).to.equal(null);
    root.querySelector<HTMLButtonElement>('.meta-failed button')!.click();
    await until(() => root.querySelector('select[name="style"]'), 5000, 'the selects after retry');
    expect(root.querySelector('.meta-failed')).to.equal(null);
  });

  it('only the controls the source can send: rooms gets the category select alone', async () => {
    const { el, ready } = makeGallery({ filters: true });
    await ready;
    await until(() => shadow(el).querySelector('select'), 5000, 'select');
    expect(
      [...shadow(el).querySelectorAll('select, input')].map((c) => c.getAttribute('name')),
    ).to.deep.equal(['category']);
  });

  it('the style attribute is the style filter unless it holds inline CSS', async () => {
    const a = makeGallery({ source: 'search', style: 'Modern' });
    await a.ready;
    const b = makeGallery({ source: 'search', style: '--room-gallery-columns: 2' });
    await b.ready;
    const searches = (await receivedRequests(`${SR}/search`)).filter((r) => r.path === `${SR}/search`);
    expect(searches.map((r) => r.query.style)).to.deep.equal(['Modern', undefined]);
  });

  it('a style key from search meta that looks like CSS never reaches the style attribute', async () => {
    const meta = await (await fetch(`${SR}/search/meta`)).json();
    const hostile = 'x; background-image: url(/no-such-image-hostile.png)';
    meta.styles.push({ name: 'Hostile', key: hostile });
    const restore = serveBody(`${SR}/search/meta`, meta);
    try {
      // the contract's spelling: the style select keeps a `style="Modern"` in step
      const { el, ready } = makeGallery({ source: 'search', filters: true, style: 'Modern' });
      await ready;
      const select = await until(
        () => shadow(el).querySelector<HTMLSelectElement>('select[name="style"]'),
        5000,
        'style select',
      );
      expect([...select!.options].map((o) => o.value)).to.not.include(hostile);
      // choosing it (were it offered) must not write CSS into the element's style attribute
      select!.value = hostile;
      select!.dispatchEvent(new Event('change'));
      await el.updateComplete;
      expect(el.getAttribute('style') ?? '').to.not.contain('background');
      expect(getComputedStyle(el).backgroundImage).to.equal('none');
      // a plain key still follows
      const plain = [...select!.options].map((o) => o.value).find((k) => k && k !== 'Modern')!;
      select!.value = plain;
      select!.dispatchEvent(new Event('change'));
      await el.updateComplete;
      expect(el.getAttribute('room-style')).to.equal(plain);
    } finally {
      restore();
    }
  });

  it('history: the search and page go into the URL and a new gallery restores them', async () => {
    const original = location.href;
    try {
      const { el, ready } = makeGallery({ source: 'search', history: true, limit: '4' });
      await ready;
      let loaded = waitForEvent(el, 'rooms-load');
      el.setAttribute('q', 'room');
      await loaded;
      loaded = waitForEvent(el, 'rooms-load');
      part(el, 'pager')!.querySelectorAll('button')[1]!.click();
      await loaded;
      expect(new URL(location.href).searchParams.get('gallery-q')).to.equal('room');
      expect(new URL(location.href).searchParams.get('gallery-page')).to.equal('2');
      // the back button undoes the page change (the pager made a history entry)
      loaded = waitForEvent(el, 'rooms-load');
      history.back();
      expect(((await loaded) as CustomEvent<{ page: number }>).detail.page).to.equal(1);
      expect(el.getAttribute('q')).to.equal('room');
      history.forward();
      await waitForEvent(el, 'rooms-load');
      el.remove();

      const restored = makeGallery({ source: 'search', history: true, limit: '4' });
      const event = (await restored.ready) as CustomEvent<{ page: number }>;
      expect(restored.el.getAttribute('q')).to.equal('room');
      expect(event.detail.page).to.equal(2);
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('renderCard: a page renders its own card; room-select still fires from its link', async () => {
    const { el, ready } = makeGallery({ limit: '3' });
    el.renderCard = (room, { href }) => {
      const a = document.createElement('a');
      a.className = 'mine';
      a.textContent = `★ ${room.name}`;
      if (href) a.href = href;
      return a;
    };
    await ready;
    await el.updateComplete;
    const mine = [...shadow(el).querySelectorAll<HTMLAnchorElement>('a.mine')];
    expect(mine).to.have.length(3);
    expect(mine[0]!.textContent).to.equal(`★ ${el.rooms[0]!.name}`);
    const selected = nextRoomSelect(el);
    mine[2]!.click();
    expect(await selected).to.equal(el.rooms[2]);
  });

  it('renderCard that throws: the gallery still shows every room, that one with its own card', async () => {
    const { el, ready } = makeGallery({ limit: '3' });
    const quiet = console.error;
    const logged: unknown[] = [];
    console.error = (error: unknown) => logged.push(error);
    try {
      el.renderCard = (room, { index }) => {
        if (index === 1) throw new Error('broken card');
        return `mine: ${room.name}`;
      };
      await ready;
      await el.updateComplete;
      expect(el.getAttribute('state')).to.equal('loaded');
      const items = [...shadow(el).querySelectorAll('li.item')];
      expect(items).to.have.length(3);
      expect(items[0]!.textContent).to.contain('mine:');
      expect(items[1]!.querySelector('[part~="card"]'), 'our card for the broken one').to.not.equal(null);
      expect(logged.some((e) => e instanceof Error && e.message === 'broken card')).to.equal(true);
    } finally {
      console.error = quiet;
    }
  });
});
