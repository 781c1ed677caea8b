/**
 * <room-gallery>: time from connected to the first cards painted (12 and 50 rooms from the
 * emulator), and what scrolling through 1 000 rooms loaded by infinite scroll costs: the DOM node
 * count in the gallery (virtualised: bounded) and the frame times while scrolling. The page scripts
 * are strings: tsx would wrap named functions in a helper (__name) that does not exist in the page.
 */
import { round, type Figures, type Scenario } from '../harness.ts';

/** Median over 7 galleries of connected → rooms-load → rendered → next frame painted; and → images decoded. */
const FIRST_CARDS = (limit: number) => `(async () => {
  const nextPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const painted = [];
  const pictures = [];
  const requests = [];
  for (let i = 0; i < 8; i++) {
    const el = document.createElement('room-gallery');
    el.setAttribute('limit', '${limit}');
    el.setAttribute('paging', 'none');
    // a different page each run, so no picture comes from the cache
    el.setAttribute('page', String(i + 1));
    const loaded = new Promise((resolve, reject) => {
      el.addEventListener('rooms-load', resolve, { once: true });
      el.addEventListener('rooms-error', (e) => reject(e.detail.error), { once: true });
    });
    const started = performance.now();
    document.body.append(el);
    await loaded;
    await el.updateComplete;
    await nextPaint();
    const cards = el.shadowRoot.querySelectorAll('[part~="card"]').length;
    if (cards !== ${limit}) throw new Error('expected ${limit} cards, got ' + cards);
    // the first run pays for module evaluation and the emulator's image cache: leave it out
    if (i > 0) painted.push(performance.now() - started);
    const request = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/room-styling/rooms?'))
      .pop();
    if (i > 0 && request) requests.push(request.responseEnd - request.startTime);
    const visible = [...el.shadowRoot.querySelectorAll('img')].filter((img) => {
      const r = img.getBoundingClientRect();
      return r.top < innerHeight && r.bottom > 0;
    });
    await Promise.all(visible.map((img) => img.decode().catch(() => undefined)));
    if (i > 0) pictures.push(performance.now() - started);
    el.remove();
  }
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  return { painted: median(painted), pictures: median(pictures), request: median(requests) };
})()`;

/**
 * Loads every room (infinite scroll, or the load-more button for the unvirtualised comparison), then
 * scrolls the whole list top to bottom, one step a frame.
 */
const SCROLL_THOUSAND = (paging: 'infinite' | 'more') => `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const el = document.createElement('room-gallery');
  el.setAttribute('limit', '50');
  el.setAttribute('paging', '${paging}');
  const first = new Promise((resolve) => el.addEventListener('rooms-load', resolve, { once: true }));
  document.body.append(el);
  const total = (await first).detail.total;
  const want = Math.min(total, 1000);
  const loadStarted = performance.now();
  while (el.rooms.length < want) {
    if ('${paging}' === 'more') {
      const more = el.shadowRoot.querySelector('[part~="more"]');
      const loaded = new Promise((resolve) => el.addEventListener('rooms-load', resolve, { once: true }));
      more.click();
      await loaded;
      await el.updateComplete;
    } else {
      scrollTo(0, document.documentElement.scrollHeight);
    }
    await frame();
    if (performance.now() - loadStarted > 120000) throw new Error('infinite scroll stalled at ' + el.rooms.length);
  }
  const loadMs = performance.now() - loadStarted;
  await new Promise((r) => setTimeout(r, 300));
  const nodesIn = (root) => root.querySelectorAll('*').length;
  const nodesAfterLoad = nodesIn(el.shadowRoot);
  const cardsInDom = el.shadowRoot.querySelectorAll('[part~="card"]').length;

  scrollTo(0, 0);
  await frame();
  const height = document.documentElement.scrollHeight - innerHeight;
  const step = 120;
  const frames = [];
  let maxNodes = 0;
  let last = await frame();
  for (let y = 0; y <= height; y += step) {
    scrollTo(0, y);
    const now = await frame();
    frames.push(now - last);
    last = now;
    maxNodes = Math.max(maxNodes, nodesIn(el.shadowRoot));
  }
  frames.sort((a, b) => a - b);
  const pick = (q) => frames[Math.min(frames.length - 1, Math.floor(frames.length * q))];
  return {
    rooms: el.rooms.length,
    loadMs,
    nodesAfterLoad,
    cardsInDom,
    maxNodes,
    frames: frames.length,
    median: pick(0.5),
    p95: pick(0.95),
    worst: frames[frames.length - 1],
    // a frame that took a second vsync or more; robust to the 0.1 ms coarsening of rAF timestamps,
    // which alone puts some one-frame intervals at 16.8 ms
    dropped: frames.filter((f) => f > 25).length,
    documentNodes: document.querySelectorAll('*').length,
  };
})()`;

const scenario: Scenario = {
  name: 'gallery',
  async run({ origin, newPage }) {
    const figures: Figures = {};
    const page = await newPage(1280, 800);
    await page.goto(`${origin}/bench/pages/gallery.html`);
    await page.waitForFunction('window.benchReady === true');
    for (const limit of [12, 50]) {
      const { painted, pictures, request } = (await page.evaluate(FIRST_CARDS(limit))) as {
        painted: number;
        pictures: number;
        request: number;
      };
      figures[`${limit} rooms: connected → first cards painted (median of 7)`] = {
        value: round(painted),
        unit: 'ms',
        note: `of which GET /rooms from the emulator: ${round(request)} ms`,
      };
      figures[`${limit} rooms: connected → pictures in view decoded (median of 7)`] = {
        value: round(pictures),
        unit: 'ms',
        note: 'uncached: the emulator draws each thumbnail on first request',
      };
    }

    const measure = async (paging: 'infinite' | 'more') => {
      const scrollPage = await newPage(1280, 800);
      await scrollPage.goto(`${origin}/bench/pages/gallery.html`);
      await scrollPage.waitForFunction('window.benchReady === true');
      const result = (await scrollPage.evaluate(SCROLL_THOUSAND(paging))) as Record<string, number>;
      await scrollPage.close();
      return result;
    };
    const s = await measure('infinite');
    figures['infinite scroll: rooms loaded'] = {
      value: s.rooms!,
      unit: 'rooms',
      note: "50 a page; every room the emulator's 1 000-room set lists",
    };
    figures['infinite scroll: time to load them all by scrolling'] = {
      value: Math.round(s.loadMs!),
      unit: 'ms',
    };
    figures['infinite scroll: gallery DOM nodes after loading all'] = {
      value: s.nodesAfterLoad!,
      unit: 'nodes',
      note: `virtualised: ${s.cardsInDom} cards in the DOM for ${s.rooms} rooms`,
    };
    figures['infinite scroll: most gallery DOM nodes while scrolling'] = {
      value: s.maxNodes!,
      unit: 'nodes',
    };
    figures['scrolling all rooms: frame time median'] = {
      value: round(s.median!),
      unit: 'ms',
      note: `${s.frames} frames, 120 px a frame`,
    };
    figures['scrolling all rooms: frame time p95'] = {
      value: round(s.p95!),
      unit: 'ms',
      note: 'goal ≤ 16.7',
    };
    figures['scrolling all rooms: worst frame'] = { value: round(s.worst!), unit: 'ms' };
    figures['scrolling all rooms: frames longer than one frame (> 25 ms)'] = {
      value: s.dropped!,
      unit: 'frames',
      note: `of ${s.frames}; 5 % is ${Math.floor(s.frames! * 0.05)}`,
    };

    // the same rooms without virtualisation (paging="more" keeps every card): what the virtualiser saves
    const plain = await measure('more');
    figures['unvirtualised (paging=more), same rooms: gallery DOM nodes'] = {
      value: plain.nodesAfterLoad!,
      unit: 'nodes',
      note: `${plain.cardsInDom} cards in the DOM`,
    };
    figures['unvirtualised (paging=more), same rooms: scrolling frame time p95'] = {
      value: round(plain.p95!),
      unit: 'ms',
      note: `median ${round(plain.median!)}, worst ${round(plain.worst!)}, ${plain.dropped} of ${plain.frames} frames > 25 ms`,
    };
    return figures;
  },
};

export default scenario;
