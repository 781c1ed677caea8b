/**
 * Selectable furniture in <room-viewer> (issue 14): pick latency, pointer down → `component-select`
 * (a real mouse press and release through the DevTools protocol; the ray walks the room's instanced
 * furniture, src/three/picking.ts) on a generated room of 10 000 components, and the viewer's frame
 * cost while orbiting with and without a selection outlined (src/three/selection-outline.ts), on the
 * same room and on the real sample. Goal: a selection adds at most 10 % to the orbit figures; a pick
 * answers within one frame (16.7 ms).
 *
 * Our page is built as a site would build it with only <room-viewer> (Vite, into bench/.tmp/pick-app,
 * apart from 30-viewer's build). Headless Chromium draws with SwiftShader (software WebGL).
 * Page scripts are strings: tsx would wrap named functions in a helper the page does not have.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { round, type Figures, type Scenario } from '../harness.ts';
import { ORBIT_PROBE, type OrbitRun } from '../orbit-probe.ts';
import { buildSite } from '../site-build.ts';

const SAMPLE = 6346838;
const APP = 'bench/.tmp/pick-app';

async function buildApp(): Promise<void> {
  mkdirSync(`${APP}/src`, { recursive: true });
  writeFileSync(
    `${APP}/src/viewer.ts`,
    `import '../../../../src/elements/room-viewer/room-viewer.ts';
export { Vector3 } from 'three';
export { componentBox } from '../../../../src/three/fly.ts';\n`,
  );
  await buildSite(`${APP}/out`, { viewer: `${APP}/src/viewer.ts` });
}

/** Mounts a 320 × 240 viewer (as 30-viewer's orbit figures) and resolves when its room is drawn. */
const MOUNT = (source: string) => `(async () => {
  const { generatedRoom } = await import('/bench/pages/viewer-rooms.js');
  void generatedRoom;
  await import('/${APP}/out/viewer.js');
  document.body.style.margin = '0';
  const el = document.createElement('room-viewer');
  // on the page's thread (the default draws in the render worker): the figures read the scene here
  el.setAttribute('renderer', 'main');
  el.style.cssText = 'display: block; width: 320px; height: 240px';
  el.setAttribute('loading', 'eager');
  el.setAttribute('camera', 'orbit');
  ${source}
  const loaded = new Promise((resolve, reject) => {
    el.addEventListener('model-load', (e) => resolve(e.detail.model), { once: true });
    el.addEventListener('model-error', (e) => reject(e.detail.error), { once: true });
  });
  document.body.append(el);
  const model = await loaded;
  window.viewer = el;
  window.pieces = model.components.filter((c) => c.kind === 'furniture');
  return window.pieces.length;
})()`;

/** Screen points (CSS px) of the first `n` pieces whose box centre is in view. */
const POINTS = (n: number) => `(async () => {
  const { Vector3, componentBox } = await import('/${APP}/out/viewer.js');
  const camera = window.viewer.view.camera;
  const rect = window.viewer.getBoundingClientRect();
  const out = [];
  for (let i = 0; i < window.pieces.length && out.length < ${n}; i++) {
    const box = componentBox(window.pieces[i]);
    const p = box.getCenter(new Vector3());
    p.y = box.max.y;
    p.project(camera);
    if (Math.abs(p.x) > 0.9 || Math.abs(p.y) > 0.9 || p.z > 1) continue;
    out.push([rect.left + ((p.x + 1) / 2) * rect.width, rect.top + ((1 - p.y) / 2) * rect.height]);
  }
  // pointer down and up stamp the time; component-select reads both
  window.pickTimes = [];
  addEventListener('pointerdown', () => (window.downAt = performance.now()), { capture: true });
  addEventListener('pointerup', () => (window.upAt = performance.now()), { capture: true });
  window.viewer.addEventListener('component-select', () => {
    const now = performance.now();
    window.pickTimes.push([now - window.downAt, now - window.upAt]);
  });
  return out;
})()`;

const ROUNDS = 3;

/**
 * Orbits the viewer (bench/orbit-probe.ts) ROUNDS times without and with `select` applied (undone
 * by `clear`), alternating, and resolves with the medians of each.
 */
const ORBIT = (select: string, clear: string) => `(async () => {
  ${ORBIT_PROBE}
  const el = window.viewer;
  const orbit = probe(el);
  const runs = { without: [], with: [] };
  for (let i = 0; i < ${ROUNDS}; i++) {
    runs.without.push(await orbit());
    ${select};
    runs.with.push(await orbit());
    ${clear};
  }
  return { without: medians(runs.without), with: medians(runs.with) };
})()`;

type Orbits = { without: OrbitRun; with: OrbitRun };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? -1;

const scenario: Scenario = {
  name: 'pick',
  async run(ctx) {
    await buildApp();
    const figures: Figures = {};
    const page = await ctx.newPage(800, 600);
    await page.goto(`${ctx.origin}/bench/pages/viewer-rooms.js`);
    await page.setContent('<!doctype html><html lang="en"><body></body></html>');

    const count = (await page.evaluate(MOUNT(`el.model = generatedRoom(10000);`))) as number;
    // orbit with nothing selected, and with 50 pieces selected and 50 highlighted, in the same page
    const big = (await page.evaluate(
      ORBIT(
        `el.selected = window.pieces.slice(0, 50).map((c) => c.id); el.highlight(window.pieces.slice(50, 100).map((c) => c.id))`,
        `el.selected = []; el.highlight()`,
      ),
    )) as Orbits;
    figures['orbiting 10 000 components: time between frames, 50 selected + 50 highlighted'] = {
      value: round(big.with.interval),
      unit: 'ms',
      note: `nothing selected: ${round(big.without.interval)} ms, × ${round(big.with.interval / big.without.interval, 2)} (goal ≤ 1.10)`,
    };
    figures['orbiting 10 000 components: draw + copy median, 50 selected + 50 highlighted'] = {
      value: round(big.with.draw),
      unit: 'ms',
      note: `nothing selected: ${round(big.without.draw)} ms, × ${round(big.with.draw / big.without.draw, 2)} (goal ≤ 1.10)`,
    };

    // picks in a view framed on one piece (from the overview a piece is a pixel or two)
    await page.evaluate(`(async () => {
      window.viewer.focusComponent = window.pieces[5000].id;
      await new Promise((r) => setTimeout(r, 1500));
    })()`);
    const points = (await page.evaluate(POINTS(25))) as [number, number][];
    for (const [x, y] of points) {
      await page.mouse.click(x, y);
      await new Promise((r) => setTimeout(r, 120));
    }
    const times = (await page.evaluate('window.pickTimes')) as [number, number][];
    const fromUp = times.map((t) => t[1]).sort((a, b) => a - b);
    figures['10 000 components: pick latency (pointer up → component-select), median'] = {
      value: round(median(fromUp)),
      unit: 'ms',
      note: `goal ≤ 16.7 (one frame); ${times.length} of ${points.length} clicks picked (${count} pieces)`,
    };
    figures['10 000 components: pick latency (pointer up → component-select), slowest'] = {
      value: round(fromUp.at(-1) ?? -1),
      unit: 'ms',
    };
    figures[
      '10 000 components: pointer down → component-select (a press and release sent over CDP), median'
    ] = {
      value: round(median(times.map((t) => t[0]))),
      unit: 'ms',
    };

    // the real sample (served only with ../shared/realdata): one piece selected
    await page.setContent('<!doctype html><html lang="en"><body></body></html>');
    const real = (await page.evaluate(
      MOUNT(
        `el.setAttribute('api-base', '${ctx.origin}/room-styling'); el.setAttribute('room-id', '${SAMPLE}');`,
      ),
    )) as number;
    if (real === 56) {
      const sample = (await page.evaluate(
        ORBIT(`el.selected = [window.pieces[5].id]`, `el.selected = []`),
      )) as Orbits;
      figures['orbiting the real sample: draw + copy median, one piece selected'] = {
        value: round(sample.with.draw),
        unit: 'ms',
        note: `nothing selected: ${round(sample.without.draw)} ms, × ${round(sample.with.draw / sample.without.draw, 2)} (goal ≤ 1.10); between frames ${round(sample.with.interval)} vs ${round(sample.without.interval)} ms`,
      };
    }
    return figures;
  },
};

export default scenario;
