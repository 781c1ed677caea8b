/**
 * <room-plan>: connected → model-load (the plan painted) for the real sample through the emulator and
 * for a large synthetic plan (a 20 × 20 grid: 840 walls, 400 areas) given as a property, and the time
 * from a zoom key to the next painted frame on that large plan. The page scripts are strings: tsx
 * would wrap named functions in a helper (__name) that does not exist in the page.
 *
 * Two kinds of step (room-plan/navigation.ts): a key held down (keydown after keydown, no keyup: the steps
 * after the first are a gesture, drawn as a compositor transform, the viewBox set when it settles), and
 * single presses (keydown then keyup: each sets the viewBox, so the browser paints the plan again).
 */
import type { Figures, Scenario } from '../harness.ts';

const SAMPLE = `(async () => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const el = document.createElement('room-plan');
    el.setAttribute('room-id', '6346838');
    const started = performance.now();
    const loaded = new Promise((resolve, reject) => {
      el.addEventListener('model-load', resolve, { once: true });
      el.addEventListener('model-error', (e) => reject(e.detail.error), { once: true });
    });
    document.body.append(el);
    await loaded;
    times.push(performance.now() - started);
    el.remove();
  }
  times.sort((a, b) => a - b);
  return times[2];
})()`;

const LARGE = `(async () => {
  const N = 20;
  const points = [];
  const id = (i, j) => i * (N + 1) + j;
  for (let i = 0; i <= N; i++) for (let j = 0; j <= N; j++) points.push([i * 300, j * 300]);
  const walls = {};
  const areas = {};
  let w = 0;
  for (let i = 0; i <= N; i++) {
    for (let j = 0; j <= N; j++) {
      if (i < N) walls['wall' + w++] = { indices: [id(i, j), id(i + 1, j)], thickness: 10 };
      if (j < N) walls['wall' + w++] = { indices: [id(i, j), id(i, j + 1)], thickness: 10 };
    }
  }
  let a = 0;
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      areas['area' + a++] = { indices: [id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)] };
    }
  }
  const el = document.createElement('room-plan');
  el.model = { plan: { height: 250, points, walls, areas } };
  const started = performance.now();
  const loaded = new Promise((resolve) => el.addEventListener('model-load', resolve, { once: true }));
  document.body.append(el);
  await loaded;
  const connected = performance.now() - started;
  const viewport = el.shadowRoot.querySelector('[part="viewport"]');
  const frames = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    viewport.dispatchEvent(new KeyboardEvent('keydown', { key: i % 2 ? '-' : '+', bubbles: true }));
    await el.updateComplete;
    await new Promise((r) => requestAnimationFrame(() => r()));
    frames.push(performance.now() - t);
  }
  frames.sort((x, y) => x - y);
  viewport.dispatchEvent(new KeyboardEvent('keyup', { key: '+', bubbles: true, composed: true }));
  await new Promise((r) => setTimeout(r, 300));
  const singles = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const key = i % 2 ? '-' : '+';
    viewport.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    viewport.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true }));
    await el.updateComplete;
    await new Promise((r) => requestAnimationFrame(() => r()));
    singles.push(performance.now() - t);
  }
  singles.sort((x, y) => x - y);
  return { connected, zoom: frames[10], single: singles[10], walls: el.plan.walls.length, areas: el.plan.areas.length };
})()`;

const scenario: Scenario = {
  name: 'room-plan',
  async run({ origin, newPage }) {
    const page = await newPage(1280, 800);
    await page.goto(`${origin}/bench/pages/room-plan.html`);
    await page.waitForFunction('window.benchReady === true');
    const figures: Figures = {};

    const sample = (await page.evaluate(SAMPLE)) as number;
    figures['real sample: connected → painted (median of 5)'] = {
      value: Math.round(sample * 10) / 10,
      unit: 'ms',
      note: 'includes GET /rooms/6346838 from the emulator',
    };

    const large = (await page.evaluate(LARGE)) as {
      connected: number;
      zoom: number;
      single: number;
      walls: number;
      areas: number;
    };
    figures[`large plan (${large.walls} walls, ${large.areas} areas): connected → painted`] = {
      value: Math.round(large.connected),
      unit: 'ms',
    };
    figures['large plan: zoom key → next frame (median of 20)'] = {
      value: Math.round(large.zoom * 10) / 10,
      unit: 'ms',
      note: 'goal ≤ 16.7 (one frame at 60 Hz); a key held down: a gesture',
    };
    figures['large plan: single zoom key press → next frame (median of 20)'] = {
      value: Math.round(large.single * 10) / 10,
      unit: 'ms',
      note: 'key down and up each step: the viewBox is set and the plan painted again; no goal',
    };
    return figures;
  },
};

export default scenario;
