/**
 * `<room-tour>` (issue 38): what a stop's panorama costs when the kit renders it from the model
 * (`<room-viewer>`'s toPanorama(): six 1024² faces, JPEG, in the render worker — the default), and
 * the frames of a move (a flight through the 3D view from one stop to the next, then the cross-fade).
 *
 * One page (bench/pages/room-plan.html: the CDN build's every-element entry) shows the made-up
 * four-camera home of the tests (test/fixtures/tour-home.ts) in a 640 × 360 tour. Figures: toPanorama()
 * per stop (each of its five stops rendered once more, median and slowest), and the time between
 * animation frames during a move (median and slowest) with how many frames it took.
 * Headless Chromium draws with SwiftShader (software WebGL): the figures are CPU-bound.
 * And walk mode's step (src/model/walk, the same code on either thread): a key's 15 cm step on the
 * emulator's demo home's ground floor with its walls and furniture, timed in node (mean of 10 000 seeded
 * steps, and the same steps with the walls alone). And the tap path search's worst case on a very large
 * plan (30 × 30 rooms, test/fixtures/large-walk-plan.ts: a tap in a closed room, "no way"): its work
 * at once, and the longest slice walkPathSliced() runs before it gives the thread back.
 */
import { round, type Figures, type Scenario } from '../harness.ts';
import { tourHome } from '../../test/fixtures/tour-home.ts';
import { DEMO_HOME_ID, seedProjects } from '../../server/emulator/planning/domain/seed.ts';
import { projectFmlJson } from '../../server/emulator/planning/formats/fml-json.ts';
import { fmlDesignToRoomModel, planGeometry, readFml, type Vec2 } from '../../src/model/index.ts';
import {
  walk,
  walkFurniture,
  walkPath,
  walkPathSliced,
  walkStart,
  walkWorld,
  type WalkWorld,
} from '../../src/model/walk/index.ts';
import { largeWalkPlan } from '../../test/fixtures/large-walk-plan.ts';
import { nextMessage } from '../../src/platform/yield.ts';

/** The worst tap on a 30 × 30-room plan: the search at once and its longest slice (ms), median of 3. */
export async function tapPath(): Promise<{ atOnce: number; slice: number }> {
  const { plan, furniture, closed } = largeWalkPlan(30);
  const world = walkWorld(plan, [], furniture);
  const whole: number[] = [];
  const slices: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    walkPath(world, [150, 100], closed);
    whole.push(performance.now() - t0);
    let longest = 0;
    let started = performance.now();
    await walkPathSliced(world, [150, 100], closed, async () => {
      longest = Math.max(longest, performance.now() - started);
      await nextMessage();
      started = performance.now();
    });
    slices.push(Math.max(longest, performance.now() - started));
  }
  const median = (v: number[]) => v.sort((a, b) => a - b)[1]!;
  return { atOnce: median(whole), slice: median(slices) };
}

/** Microseconds per walk() of a 15 cm step in a seeded random walk on `world` (10 000 steps). */
function stepTime(world: WalkWorld, start: Vec2): number {
  let seed = 39;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let p = start;
  let heading = 0;
  const t0 = performance.now();
  for (let i = 0; i < 10_000; i++) {
    heading += (next() - 0.5) * 1.2;
    const to = walk(world, p, [Math.cos(heading) * 15, Math.sin(heading) * 15]);
    if (to === p) heading += Math.PI / 2;
    p = to;
  }
  return ((performance.now() - t0) / 10_000) * 1000;
}

/** The walk step's cost with and without the furniture (µs). */
export function walkSteps(): { furnished: number; bare: number } {
  const project = seedProjects(1, null).find((p) => p.id === DEMO_HOME_ID)!;
  const fml = readFml(projectFmlJson(project, null)).plan;
  const { model } = fmlDesignToRoomModel(fml, { floor: 0 });
  const plan = planGeometry(model);
  const furnished = walkWorld(plan, [], walkFurniture(model));
  const start = walkStart(furnished, plan, fml.floors[0]!.designs[0]!.cameras).position;
  return { furnished: stepTime(furnished, start), bare: stepTime(walkWorld(plan), start) };
}

const RUN = (doc: unknown) => `(async () => {
  document.head.insertAdjacentHTML('beforeend', '<style>body{margin:0}room-tour{display:block;width:640px;height:360px}</style>');
  const tour = document.createElement('room-tour');
  tour.fml = ${JSON.stringify(doc)};
  const ready = new Promise((resolve, reject) => {
    tour.addEventListener('tour-ready', resolve, { once: true });
    tour.addEventListener('tour-error', (e) => e.detail.fatal && reject(e.detail.error), { once: true });
  });
  document.body.append(tour);
  await ready;
  const viewer = tour.shadowRoot.querySelector('room-viewer');
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const renders = [];
  for (const stop of tour.tour.stops) {
    const t0 = performance.now();
    const faces = await viewer.toPanorama({ position: stop.position, size: 1024, type: 'image/jpeg', quality: 0.9 });
    renders.push(performance.now() - t0);
    faces.revoke();
  }
  // a move to a linked stop: every animation frame's interval until it arrived and faded in
  const from = tour.stop;
  const link = tour.tour.links.find((l) => l.from === from);
  const frames = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => { frames.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const t0 = performance.now();
  await tour.goTo(link.to);
  await new Promise((r) => setTimeout(r, 400));
  running = false;
  return {
    render: median(renders), renderMax: Math.max(...renders),
    frame: median(frames), frameMax: Math.max(...frames), frames: frames.length, move: performance.now() - t0,
  };
})()`;

const scenario: Scenario = {
  name: 'tour',
  async run(ctx): Promise<Figures> {
    const page = await ctx.newPage(800, 500);
    await page.goto(`${ctx.origin}/bench/pages/room-plan.html`, { waitUntil: 'load' });
    await page.waitForFunction('window.benchReady === true', { timeout: 60000 });
    const r = (await page.evaluate(RUN(tourHome()))) as Record<string, number>;
    const steps = walkSteps();
    const tap = await tapPath();
    return {
      'toPanorama(): one stop, six 1024² faces (JPEG), render worker, median of 5': {
        value: round(r.render!),
        unit: 'ms',
      },
      'toPanorama(): one stop, slowest of 5': { value: round(r.renderMax!), unit: 'ms' },
      'move to the next stop: time between frames, median': { value: round(r.frame!), unit: 'ms' },
      'move to the next stop: time between frames, slowest': { value: round(r.frameMax!), unit: 'ms' },
      'move to the next stop: frames drawn': { value: r.frames!, unit: 'frames' },
      'move to the next stop: from the click to the next panorama faded in (+400 ms)': {
        value: round(r.move!),
        unit: 'ms',
      },
      'walk mode: one 15 cm step, walls and furniture (demo home, node), mean of 10 000': {
        value: round(steps.furnished),
        unit: 'µs',
      },
      'walk mode: one 15 cm step, walls alone, mean of 10 000': { value: round(steps.bare), unit: 'µs' },
      'walk mode: worst tap path search, 30 × 30 rooms (node), at once, median of 3': {
        value: round(tap.atOnce),
        unit: 'ms',
      },
      'walk mode: worst tap path search, its longest slice before the thread is given back': {
        value: round(tap.slice),
        unit: 'ms',
      },
    };
  },
};

export default scenario;
