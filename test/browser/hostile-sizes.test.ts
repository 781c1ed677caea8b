// Elements against answers of hostile size (issue 12), in real Chromium: a 30 000-wall + 30 000-door
// room model for <room-plan> and <room-viewer>, 5 000 rooms answering limit=10 for <room-gallery>, and
// an endless (50 MB and more) chunked answer for the gallery and the viewer. The page must stay
// responsive meanwhile: the longest gap between requestAnimationFrame callbacks is measured, bounded,
// and printed (the figures go into the report). The hostile answers come from
// test/browser/helpers/test-origins.mjs on the test server's own origin.
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-gallery/room-gallery.ts';
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { ModelProblem } from '../../src/model/index.ts';
import { ElementError } from '../../src/internal/element-error.ts';
import { readPlanOffThread } from '../../src/features/model-worker/model-off-thread.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { MODEL_LIMITS } from '../../src/model/read/reader.ts';
import { cards, makeGallery, untilState } from './room-gallery.helpers.ts';
import { cleanup, fixtureContainer, frameWatch, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { nestedRingsModel } from '../shared/fixtures.ts';

/** A street grid of `n` walls (each 300 cm) with a door or window in every wall (as test/node/model-hostile-size). */
function gridModel(n: number, doors = n) {
  const side = Math.ceil(Math.sqrt(n / 2)) + 1;
  const points: [number, number][] = [];
  for (let y = 0; y <= side; y++) for (let x = 0; x <= side; x++) points.push([x * 300, y * 300]);
  const at = (x: number, y: number) => y * (side + 1) + x;
  const walls: Record<string, unknown> = {};
  const components: unknown[] = [];
  let count = 0;
  const opening = (id: number, category: string, position: number[]) => ({
    id: `d${id}`,
    type: 'ArchitecturalComponent',
    category,
    position,
    bounding_box: [
      [-40, -5, -100],
      [40, 5, 100],
    ],
  });
  for (let y = 0; y <= side && count < n; y++) {
    for (let x = 0; x < side && count < n; x++, count++) {
      walls[`wall${count}`] = { indices: [at(x, y), at(x + 1, y)], thickness: 10 };
      if (count < doors) components.push(opening(count, 'doors', [x * 300 + 150, y * 300, 100]));
    }
  }
  for (let x = 0; x <= side && count < n; x++) {
    for (let y = 0; y < side && count < n; y++, count++) {
      walls[`wall${count}`] = { indices: [at(x, y), at(x, y + 1)], thickness: 10 };
      if (count < doors) components.push(opening(count, 'doors', [x * 300, y * 300 + 150, 100]));
    }
  }
  return { plan: { height: 250, points, walls, areas: {} }, components };
}

/** Resolves with the first of the events named, with its name. */
function firstOf(
  el: HTMLElement,
  names: string[],
  timeout: number,
): Promise<{ name: string; event: CustomEvent }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`none of ${names.join(', ')} within ${timeout} ms`)),
      timeout,
    );
    for (const name of names)
      el.addEventListener(name, (event) => {
        clearTimeout(timer);
        resolve({ name, event: event as CustomEvent });
      });
  });
}

/**
 * Starts an element on an answer that never ends (`start`), and expects its `event` with an
 * ElementError within 10 s while animation frames kept coming; prints the figures.
 */
async function failsWithinSeconds<T extends HTMLElement>(what: string, event: string, start: () => T) {
  const watch = frameWatch();
  const started = performance.now();
  const el = start();
  const { error } = (await waitForEvent<{ error: unknown }>(el, event, 10_000)).detail;
  const ms = Math.round(performance.now() - started);
  const { longest, frames } = watch.stop();
  console.log(
    `[hostile] ${what}: ${event} after ${ms} ms; longest frame gap ${longest} ms (${frames} frames)`,
  );
  expect(error).to.be.instanceOf(ElementError);
  expect(ms).to.be.below(10_000);
  expect(frames).to.be.above(0, 'animation frames kept coming');
  expectNoFreeze(longest);
  return el;
}

/**
 * Sets `el` loading (`load`) and waits for its model-load or model-error, watching animation frames
 * meanwhile: which event, how long it took, the longest frame gap, and what the event said. A load
 * must leave out walls with a problem saying so; an error must be an ElementError.
 */
async function timedLoad(el: HTMLElement, timeout: number, load: () => void) {
  const outcome = firstOf(el, ['model-load', 'model-error'], timeout);
  const watch = frameWatch();
  const started = performance.now();
  load();
  const { name, event } = await outcome;
  const ms = Math.round(performance.now() - started);
  const { longest, frames } = watch.stop();
  if (name === 'model-load') {
    const problems = (event.detail as { problems: readonly ModelProblem[] }).problems;
    expect(problems.some((p) => p.path === 'plan.walls')).to.equal(true, 'the walls left out are a problem');
  } else {
    expect((event.detail as { error: unknown }).error).to.be.instanceOf(ElementError);
  }
  return { name, ms, longest, frames };
}

/**
 * The longest frame gap allowed while an element loads something hostile (one long task of at most
 * this), on a quiet machine. A busy machine (a newcomer's laptop building something, CI neighbours:
 * at load 5-8 on 2 cores one gap was 1 567 ms) makes every task longer by the share of the CPU the page
 * gets: the bound grows by the pace measured in this run (calibrate()), and never goes below a
 * generous floor. What the guard is about, the work cut into short tasks instead of one freeze of
 * seconds (the 30 000-wall model read in one piece), stays caught either way.
 */
const QUIET_MAX_FRAME_GAP_MS = Number(
  (window as { HOSTILE_MAX_FRAME_GAP_MS?: number }).HOSTILE_MAX_FRAME_GAP_MS ?? 1500,
);
/** The floor of the bound: room for a machine at load 5-8 without a measurable slowdown in calibrate(). */
const FLOOR_MAX_FRAME_GAP_MS = Math.max(QUIET_MAX_FRAME_GAP_MS, 2500);
/**
 * calibrate()'s work (readModel + planGeometry of a 2 000-wall grid on the page's thread, the fastest
 * of three) on the project's build machine with nothing else running: the pace 1.
 */
const QUIET_CALIBRATION_MS = 60;
let MAX_FRAME_GAP_MS = FLOOR_MAX_FRAME_GAP_MS;

/**
 * The machine's pace now, in this run, beside whatever else runs: the same kind of work the guards
 * watch, timed on the page's thread; the bound is QUIET_MAX_FRAME_GAP_MS times that pace (at least
 * the floor). Taken before each test and again after its measurement, the larger of the two: the load
 * beside the page changes within seconds (a pace of 2.06 taken once at the start of the file, gaps of
 * 5x quiet minutes later, with two test runners and a build beside it), and the median of three runs,
 * not the fastest: a 60 ms run can fall in one lucky time slice that a task of seconds never gets.
 */
function calibrate(keepLarger = false): void {
  const model = gridModel(2000);
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const copy = structuredClone(model);
    const started = performance.now();
    planGeometry(readModel(copy).model);
    runs.push(performance.now() - started);
  }
  const median = runs.sort((a, b) => a - b)[1]!;
  const pace = median / QUIET_CALIBRATION_MS;
  const bound = Math.round(Math.max(FLOOR_MAX_FRAME_GAP_MS, QUIET_MAX_FRAME_GAP_MS * pace));
  MAX_FRAME_GAP_MS = keepLarger ? Math.max(MAX_FRAME_GAP_MS, bound) : bound;
  console.log(
    `[hostile] calibration ${Math.round(median)} ms (pace ${pace.toFixed(2)}): frame gaps up to ${MAX_FRAME_GAP_MS} ms`,
  );
}

/** The frame-gap guard: against the pace measured before this test and again now, after the measurement. */
function expectNoFreeze(longest: number, message = `the page froze for ${longest} ms`): void {
  if (longest >= MAX_FRAME_GAP_MS) calibrate(true);
  expect(longest).to.be.below(MAX_FRAME_GAP_MS, message);
}

const HUGE_MODEL = gridModel(30_000);

describe('elements against hostile sizes', function () {
  this.timeout(120_000);
  beforeEach(() => calibrate());
  afterEach(cleanup);

  it('<room-plan>: a 30 000-wall, 30 000-door model draws what it can and says what it left out', async function () {
    const el = document.createElement('room-plan') as RoomPlan;
    el.style.cssText = 'display:block;width:600px;height:400px';
    fixtureContainer().append(el);
    // the copy made before the watch: the test's own 30 000-wall clone is not the element's freeze
    const model = structuredClone(HUGE_MODEL);
    const { name, ms, longest, frames } = await timedLoad(el, 60_000, () => {
      el.model = model;
    });
    console.log(
      `[hostile] room-plan 30 000 walls: ${name} after ${ms} ms; longest frame gap ${longest} ms (${frames} frames)`,
    );
    const drawn = name === 'model-load' ? 'svg' : '[part~="error"]';
    expect(el.shadowRoot!.querySelector(drawn)).to.not.equal(null);
    expectNoFreeze(longest);
  });

  it('readModel + planGeometry of that model: the figure on the main thread, and off it in a module worker', async function () {
    // on the main thread: one long task
    let watch = frameWatch();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    let started = performance.now();
    const read = readModel(structuredClone(HUGE_MODEL));
    const plan = planGeometry(read.model);
    const mainMs = Math.round(performance.now() - started);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const main = watch.stop();
    // in the worker (model-off-thread.ts): the page keeps painting
    const copy = structuredClone(HUGE_MODEL);
    watch = frameWatch();
    started = performance.now();
    const off = await readPlanOffThread(copy);
    const offMs = Math.round(performance.now() - started);
    const worker = watch.stop();
    console.log(
      `[hostile] readModel + planGeometry, 30 000 walls + 30 000 doors: main thread ${mainMs} ms (longest frame gap ${main.longest} ms); ` +
        `in the worker ${offMs} ms, longest frame gap ${worker.longest} ms (${worker.frames} frames)`,
    );
    expect(off.ranIn).to.equal('worker');
    expect(off.plan!.walls.length).to.equal(plan.walls.length);
    expect(off.read.problems.map((p) => p.path)).to.deep.equal(read.problems.map((p) => p.path));
    expect(off.plan!.walls.reduce((n, w) => n + w.openings.length, 0)).to.equal(
      plan.walls.reduce((n, w) => n + w.openings.length, 0),
    );
    expectNoFreeze(worker.longest);
    expect(worker.frames).to.be.above(2, 'the frames kept coming while the worker read the model');
  });

  for (const tag of ['room-plan', 'room-viewer'] as const) {
    it(`<${tag}>: 8 nested areas of 2 000 vertices load without freezing the page (issue 22)`, async function () {
      if (tag === 'room-viewer') requireWebGL(this);
      const el = document.createElement(tag) as RoomPlan | RoomViewer;
      if (tag === 'room-viewer') (el as RoomViewer).loading = 'eager';
      el.style.cssText = 'display:block;width:400px;height:300px';
      fixtureContainer().append(el);
      const outcome = firstOf(el, ['model-load', 'model-error'], 60_000);
      const watch = frameWatch();
      const started = performance.now();
      el.model = nestedRingsModel(8, 2000);
      const { name, event } = await outcome;
      const ms = Math.round(performance.now() - started);
      const { longest, frames } = watch.stop();
      console.log(
        `[hostile] ${tag} 8 nested rings of 2 000 vertices: ${name} after ${ms} ms; longest frame gap ${longest} ms (${frames} frames)`,
      );
      expect(name, String((event.detail as { error?: Error }).error)).to.equal('model-load');
      expectNoFreeze(longest);
    });
  }

  it('readPlanOffThread: nested many-vertex areas count, and go to the worker', async function () {
    const off = await readPlanOffThread(nestedRingsModel(8, 2000));
    expect(off.ranIn).to.equal('worker');
    expect(off.plan!.areas.map((a) => a.depth)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('readPlanOffThread: a small model, or one that cannot be cloned, is read on the main thread', async function () {
    const small = await readPlanOffThread(gridModel(20));
    expect(small.ranIn).to.equal('main');
    expect(small.plan!.walls).to.have.length(20);
    const odd = { ...gridModel(3000, 0), hook: () => 1 };
    const fallback = await readPlanOffThread(odd);
    expect(fallback.ranIn).to.equal('main');
    expect(fallback.plan!.walls).to.have.length(MODEL_LIMITS.walls); // 3 000 given, the rest left out
    const aborted = new AbortController();
    aborted.abort(new Error('gone'));
    let thrown: unknown;
    await readPlanOffThread(HUGE_MODEL, { signal: aborted.signal }).catch(
      (error: unknown) => (thrown = error),
    );
    expect((thrown as Error).message).to.equal('gone');
  });

  it('<room-plan src>: the same model fetched by URL is read off the main thread too', async function () {
    await fetch('/__stash', { method: 'POST', body: JSON.stringify(HUGE_MODEL) });
    const el = document.createElement('room-plan') as RoomPlan;
    el.style.cssText = 'display:block;width:400px;height:300px';
    fixtureContainer().append(el);
    const { name, longest, frames } = await timedLoad(el, 90_000, () => {
      el.src = `${location.origin}/__stash`;
    });
    console.log(
      `[hostile] room-plan src, 30 000 walls: ${name}; longest frame gap ${longest} ms (${frames} frames)`,
    );
    expect(name).to.equal('model-load');
    expectNoFreeze(longest);
  });

  it('<room-viewer>: the same model: what it could draw plus its problems, or a clear error', async function () {
    requireWebGL(this);
    const el = document.createElement('room-viewer') as RoomViewer;
    el.loading = 'eager';
    el.style.cssText = 'display:block;width:400px;height:300px';
    fixtureContainer().append(el);
    // where the time goes: the long tasks (≥ 50 ms) on the main thread, and the scene build among them
    const longTasks: number[] = [];
    const t0 = performance.now();
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries)
        longTasks.push(Math.round(entry.startTime - t0), Math.round(entry.duration));
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'longtask' });
    const model = structuredClone(HUGE_MODEL);
    const { name, ms, longest, frames } = await timedLoad(el, 90_000, () => {
      el.model = model;
    });
    // the entries not yet delivered to the callback
    record(observer.takeRecords());
    observer.disconnect();
    const tasks = [];
    for (let i = 0; i < longTasks.length; i += 2) tasks.push(`${longTasks[i + 1]} ms at ${longTasks[i]}`);
    console.log(
      `[hostile] room-viewer 30 000 walls: ${name} after ${ms} ms; longest frame gap ${longest} ms (${frames} frames); ` +
        `scene build ${Math.round(el.view?.buildTime ?? 0)} ms; long tasks: ${tasks.join(', ') || 'none'}`,
    );
    expectNoFreeze(longest);
  });

  it('<room-gallery>: 5 000 rooms answering limit=10 show 10 cards', async function () {
    const watch = frameWatch();
    const { el, ready } = makeGallery({ 'api-base': `${location.origin}/__many-rooms`, limit: '10' });
    const detail = (await ready).detail as { rooms: unknown[] };
    await el.updateComplete;
    const { longest } = watch.stop();
    console.log(
      `[hostile] room-gallery 5 000 rooms for limit=10: ${cards(el).length} cards; longest frame gap ${longest} ms`,
    );
    expect(detail.rooms).to.have.length(10);
    expect(cards(el)).to.have.length(10);
    expectNoFreeze(longest);
  });

  it('<room-gallery>: an endless (50 MB and more) answer is a visible error within seconds, not a hang', async function () {
    const el = await failsWithinSeconds('room-gallery endless answer', 'rooms-error', () => {
      return makeGallery({ 'api-base': `${location.origin}/__endless/huge` }).el;
    });
    await untilState(el, 'error');
    expect(el.shadowRoot!.querySelector('[part~="error"]')).to.not.equal(null);
  });

  it('<room-viewer>: an endless (50 MB and more) model answer is a visible error within seconds, not a hang', async function () {
    requireWebGL(this);
    const el = await failsWithinSeconds('room-viewer endless answer', 'model-error', () => {
      const viewer = document.createElement('room-viewer') as RoomViewer;
      viewer.loading = 'eager';
      viewer.style.cssText = 'display:block;width:400px;height:300px';
      viewer.src = `${location.origin}/__endless/model.json`;
      fixtureContainer().append(viewer);
      return viewer;
    });
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('error');
  });
});
