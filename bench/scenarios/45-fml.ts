/**
 * FML (issue 13): parse + first paint, i.e. the `fml` property set → `model-load`, of the largest real
 * plan (benedendorpsweg, project 187026346, 4 floors, served by the emulator's FML JSON route when
 * ../shared/realdata exists, a generated plan otherwise: the note says which) in `<room-plan>` and
 * `<room-viewer>` (its first floor, and `floor="all"`: every floor stacked), and of a generated FML
 * JSON plan with 2 000 walls in both. The document is fetched before the clock starts; the text is
 * parsed by the element. Page scripts are strings, as in 40-room-plan.ts (tsx would add __name).
 */
import type { Figures, Scenario } from '../harness.ts';

const REAL_ID = 187026346;

/** The FML JSON of the real project as text, and how many floors and walls it has. */
const FETCH_REAL = `(async () => {
  const response = await fetch('/planning/api/v2/projects/${REAL_ID}/fml', {
    headers: { Authorization: 'Basic ' + btoa('demo-key:x') },
  });
  const text = await response.text();
  const doc = JSON.parse(text);
  const walls = doc.floors.reduce((n, f) => n + f.designs.reduce((m, d) => m + (d.walls || []).length, 0), 0);
  const items = doc.floors.reduce((n, f) => n + f.designs.reduce((m, d) => m + (d.items || []).length, 0), 0);
  window.__fml = text;
  return { floors: doc.floors.length, walls, items, bytes: text.length };
})()`;

/** A grid of rooms as FML JSON v3 (cm): 2 000 walls, 1 024 areas, every tenth wall with a door. */
const MAKE_GENERATED = `(() => {
  const N = 32;
  const walls = [];
  const wall = (ax, ay, bx, by, i) => ({
    a: { x: ax, y: ay }, b: { x: bx, y: by }, thickness: 10, balance: 0.5,
    az: { z: 0, h: 260 }, bz: { z: 0, h: 260 },
    openings: i % 10 === 0 ? [{ type: 'door', t: 0.5, width: 80, z: 0, z_height: 210 }] : [],
  });
  for (let i = 0; i <= N; i++)
    for (let j = 0; j < N; j++) {
      walls.push(wall(i * 300, j * 300, i * 300, (j + 1) * 300, walls.length));
      walls.push(wall(j * 300, i * 300, (j + 1) * 300, i * 300, walls.length));
    }
  const areas = [];
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++)
      areas.push({
        name: 'Room ' + areas.length,
        color: '#f0e6d2',
        poly: [
          { x: i * 300, y: j * 300 }, { x: (i + 1) * 300, y: j * 300 },
          { x: (i + 1) * 300, y: (j + 1) * 300 }, { x: i * 300, y: (j + 1) * 300 },
        ],
      });
  window.__fml = JSON.stringify({ floors: [{ name: 'Generated', level: 0, height: 260, designs: [{ walls: walls.slice(0, 2000), areas }] }] });
  return { walls: 2000, areas: areas.length };
})()`;

/** Median of `runs` times from `fml` set to model-load, for one element with the given attributes. */
const paint = (tag: string, attributes: Record<string, string>, runs: number) => `(async () => {
  const times = [];
  for (let i = 0; i < ${runs}; i++) {
    const el = document.createElement('${tag}');
    el.style.cssText = 'display:block;inline-size:1000px;block-size:600px';
    for (const [name, value] of Object.entries(${JSON.stringify(attributes)})) el.setAttribute(name, value);
    const loaded = new Promise((resolve, reject) => {
      el.addEventListener('model-load', resolve, { once: true });
      el.addEventListener('model-error', (e) => reject(new Error(String(e.detail.error))), { once: true });
    });
    const started = performance.now();
    el.fml = window.__fml;
    document.body.append(el);
    await loaded;
    times.push(performance.now() - started);
    el.remove();
    await new Promise((r) => setTimeout(r, 50));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
})()`;

const ms = (value: number) => Math.round(value * 10) / 10;

const scenario: Scenario = {
  name: 'fml',
  async run({ origin, newPage }) {
    const page = await newPage(1280, 800);
    await page.goto(`${origin}/bench/pages/room-plan.html`);
    await page.waitForFunction('window.benchReady === true');
    const figures: Figures = {};
    // on the page's thread (the default draws in the render worker), as the figures before it
    const eager = { loading: 'eager', renderer: 'main' };

    const real = (await page.evaluate(FETCH_REAL)) as {
      floors: number;
      walls: number;
      items: number;
      bytes: number;
    };
    const what =
      real.items > 0
        ? `real benedendorpsweg (${real.floors} floors, ${real.walls} walls, ${Math.round(real.bytes / 1024)} KB)`
        : `project ${REAL_ID} generated (no ../shared/realdata: ${real.floors} floors, ${real.walls} walls)`;
    const note = 'fml property set → model-load, median of 5; the document fetched before';
    figures[`${what}: <room-plan> parse + first paint`] = {
      value: ms((await page.evaluate(paint('room-plan', {}, 5))) as number),
      unit: 'ms',
      note,
    };
    figures[`${what}: <room-viewer> parse + first paint (first floor)`] = {
      value: ms((await page.evaluate(paint('room-viewer', eager, 5))) as number),
      unit: 'ms',
      note: `${note}; SwiftShader software WebGL`,
    };
    figures[`${what}: <room-viewer floor="all"> parse + first paint (every floor stacked)`] = {
      value: ms((await page.evaluate(paint('room-viewer', { ...eager, floor: 'all' }, 5))) as number),
      unit: 'ms',
      note: `${note}; SwiftShader software WebGL`,
    };

    await page.evaluate(MAKE_GENERATED);
    figures['generated FML, 2 000 walls, 1 024 areas: <room-plan> parse + first paint'] = {
      value: ms((await page.evaluate(paint('room-plan', {}, 3))) as number),
      unit: 'ms',
      note: 'median of 3',
    };
    figures['generated FML, 2 000 walls, 1 024 areas: <room-viewer> parse + first paint'] = {
      value: ms((await page.evaluate(paint('room-viewer', eager, 3))) as number),
      unit: 'ms',
      note: 'median of 3; SwiftShader software WebGL',
    };
    return figures;
  },
};

export default scenario;
