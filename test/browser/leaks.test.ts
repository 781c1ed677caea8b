/**
 * Elements leave no trace (issue 22): a single-page shop puts rooms on the page and takes them off all
 * day. Each element is added, left to load and removed WARM_UP times, the page's DOM nodes, event
 * listeners, JS heap (after a forced garbage collection, through CDP: helpers/memory-plugin.mjs) and
 * live WebGL contexts are counted, then ROUNDS more rounds run and the counts must not have grown by more
 * than a little noise. The tolerances are generous, but a leak of one node or listener per round, or of
 * the element's shadow tree, fails: `<room-plan>` once kept ~1 770 nodes and 86 listeners per round
 * (its wall mask in Blink's style cache), `<room-panorama>` 21 nodes and 2 listeners (a matchMedia
 * listener removed from the wrong MediaQueryList).
 */
import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-panorama/room-panorama.ts';
import '../../src/elements/room-gallery/room-gallery.ts';
import '../../src/elements/project-export-button/project-export-button.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { CALLBACK, connectPartner, TOKEN_ENDPOINT } from './helpers/partner.ts';
import { cleanup, fixtureContainer, rafPasses } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { publicRoomId } from './room-viewer-fixtures.ts';
import { PROJECT_ID } from './project-export-button.helpers.ts';
import { GUARD_MS } from '../../src/features/poster/poster-gate.ts';

const WARM_UP = 5;
const ROUNDS = 20;
/**
 * What the counts may grow by over ROUNDS rounds: a removed element costs none of this; caches that
 * settle (a style sheet, a pooled texture, the JIT) stay well under it. One node or one listener kept
 * per round would already pass 20; a kept element is hundreds of nodes and tens of listeners.
 */
const TOLERANCE = { nodes: 150, listeners: 15, heap: 3 * 1024 * 1024, contexts: 0 };

interface Counts {
  nodes: number;
  listeners: number;
  documents: number;
  heap: number;
  contexts: number;
}

/**
 * The WebGL contexts the page made, held weakly (a strong reference here would itself be the leak):
 * live ones are those still reachable after the GC and not lost.
 */
function watchContexts(): { live(): number; restore(): void } {
  const original = HTMLCanvasElement.prototype.getContext;
  const contexts: WeakRef<WebGLRenderingContext>[] = [];
  HTMLCanvasElement.prototype.getContext = function (
    this: HTMLCanvasElement,
    type: string,
    ...rest: unknown[]
  ) {
    const ctx = (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    if (ctx && (type === 'webgl' || type === 'webgl2'))
      contexts.push(new WeakRef(ctx as WebGLRenderingContext));
    return ctx;
  } as typeof original;
  return {
    live: () => contexts.filter((ref) => ref.deref() && !ref.deref()!.isContextLost()).length,
    restore: () => {
      HTMLCanvasElement.prototype.getContext = original;
    },
  };
}

let contexts: ReturnType<typeof watchContexts>;
/** When the page's first panorama started (PSV's touch decision holds viewers for 10 s from then). */
let firstPanorama: number | undefined;

async function counts(): Promise<Counts> {
  // a few frames and a macrotask first: work an element scheduled as it left runs and lets go
  await rafPasses(3);
  await new Promise((r) => setTimeout(r, 50));
  const memory = (await executeServerCommand('memory')) as Omit<Counts, 'contexts'>;
  return { ...memory, contexts: contexts.live() };
}

/** One round: the element made by `make`, put on the page until `loaded`, then removed. */
type Round = () => Promise<void>;

/** Runs WARM_UP rounds, counts, runs ROUNDS rounds, counts again; returns both and the growth per round. */
async function measure(name: string, round: Round, settle?: () => Promise<void>) {
  for (let i = 0; i < WARM_UP; i++) await round();
  await settle?.();
  const before = await counts();
  for (let i = 0; i < ROUNDS; i++) await round();
  const after = await counts();
  const grown = {
    nodes: after.nodes - before.nodes,
    listeners: after.listeners - before.listeners,
    heap: after.heap - before.heap,
    contexts: after.contexts - before.contexts,
  };
  const perRound = {
    nodes: +(grown.nodes / ROUNDS).toFixed(1),
    listeners: +(grown.listeners / ROUNDS).toFixed(2),
    heapKB: Math.round(grown.heap / ROUNDS / 1024),
  };
  // the figures for the closing note and bench/results.json
  console.log(`leaks ${name}: ${JSON.stringify({ before, after, perRound })}`);
  return { before, after, grown };
}

function expectFlat(name: string, grown: Omit<Counts, 'documents'>): void {
  expect(grown.nodes, `${name}: DOM nodes grown over ${ROUNDS} rounds`).to.be.at.most(TOLERANCE.nodes);
  expect(grown.listeners, `${name}: event listeners grown over ${ROUNDS} rounds`).to.be.at.most(
    TOLERANCE.listeners,
  );
  expect(grown.heap, `${name}: JS heap grown over ${ROUNDS} rounds (bytes)`).to.be.at.most(TOLERANCE.heap);
  expect(grown.contexts, `${name}: live WebGL contexts grown`).to.be.at.most(TOLERANCE.contexts);
}

/**
 * Every element of the rounds (held weakly) unreachable at the last count (after its GC): one that an
 * element's own timer or callback still holds after it was removed would be counted by a count taken
 * then (the pair's 566 nodes on a busy machine: the viewer's lazy parts' 1.5 s fallback timer held it).
 */
function expectGone(name: string, kept: WeakRef<HTMLElement>[]): void {
  const live = kept.filter((ref) => ref.deref()).map((ref) => ref.deref()!.localName);
  expect(live, `${name}: removed elements still reachable after GC`).to.deep.equal([]);
}

/**
 * The first of `event` or `errorEvent` from `el` (rejects on the error, or after 20 s), leaving no
 * listener or timer behind: the test must not keep the elements it counts.
 */
function outcome(el: HTMLElement, event: string, errorEvent: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      el.removeEventListener(event, onDone);
      el.removeEventListener(errorEvent, onError);
      if (error) reject(error);
      else resolve();
    };
    const onDone = () => finish();
    const onError = (e: Event) =>
      finish(new Error(`${el.localName}: ${(e as CustomEvent<{ error?: Error }>).detail?.error?.message}`));
    const timer = setTimeout(() => finish(new Error(`${el.localName}: no ${event} within 20 s`)), 20000);
    el.addEventListener(event, onDone);
    el.addEventListener(errorEvent, onError);
  });
}

/** Puts `el` on the page, waits for `event` (failing on `errorEvent`), removes it. */
async function mountAndRemove(el: HTMLElement, event: string, errorEvent: string): Promise<void> {
  const done = outcome(el, event, errorEvent);
  const container = fixtureContainer();
  container.append(el);
  await done;
  await rafPasses(2);
  container.remove();
}

describe('elements leave no trace (issue 22)', function () {
  // five elements × 25 rounds, each loading a room from the emulator
  this.timeout(240000);
  let roomId: string;
  let panoramaId: string;

  before(async function () {
    requireWebGL(this);
    contexts = watchContexts();
    configure({ apiBase: ROOM_STYLING });
    await resetEmulator();
    roomId = await publicRoomId();
    const panoramas = await (await fetch(`${ROOM_STYLING}/rooms/panoramas?limit=5`)).json();
    panoramaId = String((panoramas.rooms as { id: number }[]).find((r) => r.id !== 6346838)!.id);
  });
  after(() => {
    contexts.restore();
    resetConfig();
  });
  afterEach(cleanup);

  it('<room-plan>: nodes, listeners and heap stay flat over 20 add/remove rounds', async () => {
    const { grown } = await measure('room-plan', async () => {
      const el = document.createElement('room-plan');
      el.setAttribute('room-id', roomId);
      el.style.cssText = 'display:block;width:320px;height:240px';
      await mountAndRemove(el, 'model-load', 'model-error');
    });
    expectFlat('room-plan', grown);
  });

  it('<room-panorama>: nodes, listeners, heap and WebGL contexts stay flat', async () => {
    /**
     * photo-sphere-viewer decides once per page whether the device has touch: a promise settled by the
     * first mousedown / touchstart or after 10 s (SYSTEM.isTouchEnabled), and every viewer made before
     * then waits on it, so the viewers of a page's first 10 s stay reachable until then (measured: 8
     * removed panoramas freed between 7 and 17 s after). Bounded, once per page, in the library: the
     * baseline is counted after that window, so what is counted is what each round keeps.
     */
    const touchDecided = async () => {
      const left = 10_500 - (performance.now() - (firstPanorama ?? performance.now()));
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      // and until what the warm-up rounds left has gone (at most 20 s more)
      let last = await counts();
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const now = await counts();
        if (now.nodes >= last.nodes && now.listeners >= last.listeners) return;
        last = now;
      }
    };
    const { grown } = await measure(
      'room-panorama',
      async () => {
        firstPanorama ??= performance.now();
        const el = document.createElement('room-panorama');
        el.setAttribute('room-id', panoramaId);
        el.setAttribute('loading', 'eager');
        el.style.cssText = 'display:block;width:200px;height:150px';
        await mountAndRemove(el, 'panorama-ready', 'panorama-error');
      },
      touchDecided,
    );
    expectFlat('room-panorama', grown);
  });

  it('<room-panorama> removed while it loads (100, 400, 800 ms): no element, viewer or listener stays', async () => {
    // what PSV's once-per-page touch decision holds (see above) is over 10 s after the first viewer
    const touchWindow = async () => {
      const left = 10_500 - (performance.now() - (firstPanorama ?? performance.now()));
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    };
    /** The elements of the measured rounds, held weakly: those still reachable after the GC leaked. */
    let kept: WeakRef<HTMLElement>[] = [];
    let round = 0;
    const removedEarly = async () => {
      firstPanorama ??= performance.now();
      const el = document.createElement('room-panorama');
      el.setAttribute('room-id', panoramaId);
      el.setAttribute('loading', 'eager');
      el.style.cssText = 'display:block;width:200px;height:150px';
      kept.push(new WeakRef(el));
      const container = fixtureContainer();
      container.append(el);
      await new Promise((resolve) => setTimeout(resolve, [100, 400, 800][round++ % 3]));
      container.remove();
    };
    const { before } = await measure('room-panorama removed while loading', removedEarly, async () => {
      await touchWindow();
      // the warm-up's elements are not what is measured, nor what the poster gate's guard still holds
      await new Promise((resolve) => setTimeout(resolve, GUARD_MS + 1000));
      kept = [];
    });
    // An element removed before its poster came holds on until the poster gate's guard (GUARD_MS, a
    // bounded wait: poster-gate.ts) lets go; what is still there after it is kept for good.
    await new Promise((resolve) => setTimeout(resolve, GUARD_MS + 1000));
    const after = await counts();
    const grown = {
      nodes: after.nodes - before.nodes,
      listeners: after.listeners - before.listeners,
      heap: after.heap - before.heap,
      contexts: after.contexts - before.contexts,
    };
    console.log(`leaks room-panorama removed while loading, after the guard: ${JSON.stringify(after)}`);
    const live = kept.filter((ref) => ref.deref()).length;
    console.log(`leaks room-panorama removed while loading: ${live} of ${kept.length} elements reachable`);
    expect(live, 'panoramas removed while loading still reachable after GC').to.equal(0);
    expectFlat('room-panorama removed while loading', grown);
  });

  it('<room-viewer>: nodes, listeners, heap and WebGL contexts stay flat', async () => {
    const kept: WeakRef<HTMLElement>[] = [];
    const { grown } = await measure('room-viewer', async () => {
      const el = document.createElement('room-viewer');
      kept.push(new WeakRef(el));
      el.setAttribute('room-id', roomId);
      el.setAttribute('loading', 'eager');
      el.style.cssText = 'display:block;width:200px;height:150px';
      await mountAndRemove(el, 'model-load', 'model-error');
    });
    expectFlat('room-viewer', grown);
    expectGone('room-viewer', kept);
  });

  it('<room-plan for> a <room-viewer>: the pair (sync registry, view cone, shared renderer) stays flat', async () => {
    let n = 0;
    const kept: WeakRef<HTMLElement>[] = [];
    const { grown } = await measure('room-plan for room-viewer', async () => {
      const id = `leak-viewer-${++n}`;
      const viewer = document.createElement('room-viewer');
      viewer.id = id;
      viewer.setAttribute('room-id', roomId);
      viewer.setAttribute('loading', 'eager');
      viewer.style.cssText = 'display:block;width:200px;height:150px';
      const plan = document.createElement('room-plan');
      plan.setAttribute('for', id);
      plan.setAttribute('room-id', roomId);
      plan.style.cssText = 'display:block;width:200px;height:150px';
      kept.push(new WeakRef(viewer), new WeakRef(plan));
      const loaded = Promise.all([
        outcome(viewer, 'model-load', 'model-error'),
        outcome(plan, 'model-load', 'model-error'),
      ]);
      const container = fixtureContainer();
      container.append(viewer, plan);
      await loaded;
      await rafPasses(2);
      container.remove();
    });
    expectFlat('room-plan for room-viewer', grown);
    expectGone('room-plan for room-viewer', kept);
  });

  it('<room-gallery>: nodes, listeners and heap stay flat', async () => {
    const { grown } = await measure('room-gallery', async () => {
      const el = document.createElement('room-gallery');
      el.setAttribute('api-base', ROOM_STYLING);
      el.setAttribute('limit', '6');
      await mountAndRemove(el, 'rooms-load', 'rooms-error');
    });
    expectFlat('room-gallery', grown);
  });

  it('<project-export-button>: an export per round leaves nodes, listeners and heap flat', async () => {
    expect(await connectPartner(), 'signed in to the partner (OAuth through the emulator)').to.equal(true);
    const { grown } = await measure('project-export-button', async () => {
      const el = document.createElement('project-export-button');
      const attributes = {
        'project-id': String(PROJECT_ID),
        'token-endpoint': TOKEN_ENDPOINT,
        width: '200',
        height: '150',
        callback: CALLBACK,
      };
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      const container = fixtureContainer();
      container.append(el);
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      const done = outcome(el, 'export-done', 'export-error');
      el.shadowRoot!.querySelector('button')!.click();
      await done;
      await rafPasses(2);
      container.remove();
    });
    expectFlat('project-export-button', grown);
  });
});
