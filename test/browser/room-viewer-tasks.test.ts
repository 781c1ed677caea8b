// <room-viewer>'s start in tasks of its own (issue 33: the shop-the-look page's Total Blocking Time). On
// a phone (4× CPU) the drawing's start, every feature's `viewReady` and the features' render were one
// task of about 100 ms, and the element's definition, upgrade and first render another. Here a probe
// feature makes each step a long task of its own on purpose (BURN ms of work, whatever the machine's
// speed), and the page's own long-task entries (PerformanceObserver `longtask`) must show them apart:
// no entry spans two steps. Before the change one entry spanned both, at least twice BURN long. (What
// each step costs itself on a phone is measured by bench/long-tasks.ts: CONTRIBUTING.md, performance.)
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { ViewerContext } from '../../src/elements/room-viewer/base.ts';
import type { ModelLoadDetail } from '../../src/events/index.ts';
import { cleanup, fixtureContainer, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { THREADS } from './helpers/threads.ts';
import { boxRoom } from './room-viewer-fixtures.ts';
import type { ViewerParts } from '../../src/elements/room-viewer/hooks.ts';

/** Each step's own work: a long task by itself, on any machine. */
const BURN = 80;

/** Busy for `ms`: the interval (page clock) the step ran in. */
function burn(ms: number): [number, number] {
  const start = performance.now();
  while (performance.now() - start < ms);
  return [start, performance.now()];
}

/** What the probe records, per element. */
interface Steps {
  connected?: [number, number];
  firstRender?: [number, number];
  viewReady?: [number, number];
  featuresRender?: [number, number];
  partsIn?: [number, number];
  partsRender?: [number, number];
  /** The room description (re)written into the shadow root, the last time. */
  description?: [number, number];
  order: string[];
}

const steps = new WeakMap<HTMLElement, Steps>();
const stepsOf = (el: HTMLElement): Steps => {
  if (!steps.has(el)) steps.set(el, { order: [] });
  return steps.get(el)!;
};

/** A viewer with one more feature, as a mixin over the element would be: it burns in each step. */
class ProbeViewer extends RoomViewer {
  /** A drawing taken up by viewReady and not rendered by the features yet. */
  #toRender = false;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) return;
    stepsOf(this).connected = burn(BURN);
    // the room description written into the shadow root: a step in the task that wrote it
    let described = false;
    new MutationObserver(() => {
      const now = !!this.shadowRoot!.querySelector('[part~=description]');
      if (now && !described) {
        const s = stepsOf(this);
        s.description = burn(BURN);
        s.order.push('description');
      }
      described = now;
    }).observe(this.shadowRoot!, { childList: true, subtree: true });
  }

  protected override viewReady(context: ViewerContext): void {
    super.viewReady(context);
    const s = stepsOf(this);
    s.viewReady = burn(BURN);
    s.order.push('viewReady');
    this.#toRender = true;
  }

  protected override partsIn(parts: ViewerParts): void {
    super.partsIn(parts);
    const s = stepsOf(this);
    s.partsIn = burn(BURN);
    s.order.push('partsIn');
  }

  protected override renderFeatures(): unknown[] {
    const s = stepsOf(this);
    if (!s.firstRender) s.firstRender = burn(BURN);
    else if (this.viewContext && this.#toRender) {
      this.#toRender = false;
      s.featuresRender = burn(BURN);
      s.order.push('render');
    } else if (this.parts && s.partsIn && !s.partsRender) {
      s.partsRender = burn(BURN);
      s.order.push('parts render');
    }
    return super.renderFeatures();
  }
}
customElements.define('probe-tasks-viewer', ProbeViewer);

/** The page's long tasks from now on: `stop()` gives them as [start, end] (page clock). */
function longTasks(): { stop(): [number, number][] } {
  const tasks: [number, number][] = [];
  const take = (list: PerformanceEntryList) => {
    for (const e of list) tasks.push([e.startTime, e.startTime + e.duration]);
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ type: 'longtask' });
  return {
    stop() {
      take(observer.takeRecords());
      observer.disconnect();
      return tasks;
    },
  };
}

/** The long task `at` (a step's interval) ran in. */
const taskOf = (tasks: [number, number][], at: [number, number]) =>
  tasks.find(([start, end]) => start <= at[0] + 1 && end >= at[1] - 1);

function probe(thread: string): ProbeViewer {
  const el = document.createElement('probe-tasks-viewer') as ProbeViewer;
  el.style.cssText = 'display: block; width: 320px; height: 240px';
  el.setAttribute('loading', 'eager');
  el.setAttribute('renderer', thread);
  el.setAttribute('cart', '');
  el.model = boxRoom({ components: 4, kinds: 2 });
  for (const id of ['c1', 'c2']) {
    const spot = Object.assign(document.createElement('a'), { slot: 'hotspot', href: '#x', textContent: id });
    spot.dataset.componentId = id;
    el.append(spot);
  }
  return el;
}

describe('<room-viewer>: its start in tasks of its own (issue 33)', function () {
  this.timeout(60000);
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  for (const thread of THREADS)
    it(`the drawing starts, the features take it up, then render it, each in a task of its own; model-load after them (${thread})`, async () => {
      const el = probe(thread);
      const watch = longTasks();
      const loaded = waitForEvent<ModelLoadDetail>(el, 'model-load', 30000);
      el.addEventListener('model-load', () => stepsOf(el).order.push('model-load'));
      fixtureContainer().append(el);
      await loaded;
      // the long-task entries come a little after their task
      await new Promise((resolve) => setTimeout(resolve, 100));
      const tasks = watch.stop();
      const s = stepsOf(el);
      expect(el.renderThread).to.equal(thread);
      expect(
        s.order.filter((step) => ['viewReady', 'render', 'model-load'].includes(step)),
        'model-load comes after the features took the drawing up and rendered it',
      ).to.deep.equal(['viewReady', 'render', 'model-load']);
      const ready = taskOf(tasks, s.viewReady!);
      const render = taskOf(tasks, s.featuresRender!);
      expect(ready, `a long task for viewReady's ${BURN} ms (${JSON.stringify(tasks)})`).not.to.equal(
        undefined,
      );
      expect(render, 'a long task for the render').not.to.equal(undefined);
      expect(ready, 'viewReady and the features’ render in one task').not.to.equal(render);
    });

  for (const thread of THREADS)
    it(`the features take the parts in and render them in tasks of their own, and the room description renders in one of its own (${thread})`, async () => {
      const el = probe(thread);
      el.addEventListener('model-load', () => stepsOf(el).order.push('model-load'));
      let watch = longTasks();
      let loaded = waitForEvent<ModelLoadDetail>(el, 'model-load', 30000);
      fixtureContainer().append(el);
      await loaded;
      await new Promise((resolve) => setTimeout(resolve, 100));
      let tasks = watch.stop();
      let s = stepsOf(el);
      expect(s.order.indexOf('partsIn'), 'the parts came after the first render').to.be.above(
        s.order.indexOf('render'),
      );
      const partsIn = taskOf(tasks, s.partsIn!);
      const partsRender = taskOf(tasks, s.partsRender!);
      expect(partsIn, `a long task for partsIn's ${BURN} ms (${JSON.stringify(tasks)})`).not.to.equal(
        undefined,
      );
      expect(partsRender, 'a long task for the render with the parts').not.to.equal(undefined);
      expect(partsIn, 'the parts taken in and rendered in one task').not.to.equal(partsRender);
      expect(s.order.indexOf('parts render'), 'model-load after the render with the parts').to.be.below(
        s.order.indexOf('model-load'),
      );
      // the description's code comes a moment after the first frame (features/lazy-part.ts): in, for the next room
      const root = el.shadowRoot!;
      await until(() => !!root.querySelector('[part~=description]'), 10000, 'the room description');

      // the next room, the description's code in: its render still a task of its own, before model-load
      s.order = [];
      watch = longTasks();
      loaded = waitForEvent<ModelLoadDetail>(el, 'model-load', 30000);
      el.model = boxRoom({ components: 5, kinds: 2 });
      await loaded;
      await new Promise((resolve) => setTimeout(resolve, 100));
      tasks = watch.stop();
      s = stepsOf(el);
      expect(s.order, 'the next room’s steps').to.deep.equal([
        'viewReady',
        'render',
        'description',
        'model-load',
      ]);
      const render = taskOf(tasks, s.featuresRender!);
      const description = taskOf(tasks, s.description!);
      expect(render, `a long task for the render (${JSON.stringify(tasks)})`).not.to.equal(undefined);
      expect(description, 'a long task for the description').not.to.equal(undefined);
      expect(render, 'the features’ render and the description in one task').not.to.equal(description);
    });

  it('the first render comes in a task after the one that connected the element', async () => {
    const el = probe('worker');
    const watch = longTasks();
    fixtureContainer().append(el);
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const tasks = watch.stop();
    const s = stepsOf(el);
    const connected = taskOf(tasks, s.connected!);
    const first = taskOf(tasks, s.firstRender!);
    expect(connected, `a long task for the connection (${JSON.stringify(tasks)})`).not.to.equal(undefined);
    expect(first, 'a long task for the first render').not.to.equal(undefined);
    expect(first, 'the upgrade and the first render in one task').not.to.equal(connected);
  });
});
