/**
 * The one shared WebGL context: many viewers, many mount / unmount cycles, and a lost context.
 * Runs in its own page (wtr gives each test file one), so the renderer starts here from nothing.
 * Views, sizes and memory on both threads (a loop over the two): the render worker's one renderer (the
 * default: the page itself makes no WebGL context) and the page's, also a context lost and restored.
 * Handing the WebGL canvas to the page and a context lost for good are the page renderer's own
 * (renderer="main", the fallback).
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { boxRoom, canvasOf, makeViewer, paintedPixels } from './room-viewer-fixtures.ts';
import { requireWebGL } from './helpers/webgl.ts';
import type { ElementError } from '../../src/internal/element-error.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { loseRenderWorkerContext, renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { framesOf, paintedOf, pixelAt, THREADS, type Thread } from './helpers/threads.ts';

// count WebGL contexts made on this page, before anything has made one
const webglContexts = new Set<HTMLCanvasElement>();
const getContext = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function (
  this: HTMLCanvasElement,
  kind: string,
  ...rest: unknown[]
) {
  const context = (getContext as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
  if (context && /webgl/.test(kind)) webglContexts.add(this);
  return context;
} as typeof getContext;

async function three() {
  return import('../../src/three/index.ts');
}

/** Painted pixels of the viewer's own canvas (not the picture read through the renderer). */
function ownPainted(viewer: RoomViewer): number {
  const canvas = canvasOf(viewer);
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
  return n;
}

/** What the renderer of `thread` holds: views, and geometries and textures on its GPU. */
async function rendererOf(thread: Thread) {
  if (thread === 'main') return (await three()).rendererInfo();
  return renderWorkerInfo();
}

/** The extension that lost the page's context (a lost context has none to ask for). */
let lostWith: WEBGL_lose_context | undefined;

/** The shared renderer's WebGL context on `thread` lost (WEBGL_lose_context), once it is. */
async function loseContext(thread: Thread): Promise<void> {
  if (thread === 'worker') {
    loseRenderWorkerContext();
    await until(async () => (await renderWorkerInfo())!.contextLost, 5000, 'the context lost');
    return;
  }
  const shared = (await three()).SharedRenderer.peek()!;
  const lost = waitForEvent(shared.canvas, 'webglcontextlost');
  lostWith = shared.renderer.getContext().getExtension('WEBGL_lose_context')!;
  lostWith.loseContext();
  await lost;
  expect(shared.contextLost).to.equal(true);
}

/** The context lost by loseContext() restored, once it is. */
async function restoreContext(thread: Thread): Promise<void> {
  if (thread === 'worker') {
    loseRenderWorkerContext(true);
    await until(async () => !(await renderWorkerInfo())!.contextLost, 5000, 'the context restored');
    return;
  }
  const shared = (await three()).SharedRenderer.peek()!;
  const restored = waitForEvent(shared.canvas, 'webglcontextrestored');
  lostWith!.restoreContext();
  await restored;
}

/** The size in pixels of the shared renderer's own canvas on `thread`. */
async function sharedCanvasOf(thread: Thread): Promise<[number, number]> {
  if (thread === 'worker') return (await renderWorkerInfo())!.canvas;
  const canvas = (await three()).SharedRenderer.peek()!.canvas;
  return [canvas.width, canvas.height];
}

async function mountAll(viewers: RoomViewer[]): Promise<void> {
  const container = fixtureContainer();
  container.style.display = 'flex';
  container.style.flexWrap = 'wrap';
  const loads = viewers.map((v) => waitForEvent(v, 'model-load', 30000));
  container.append(...viewers);
  await Promise.all(loads);
}

for (const drawnOn of THREADS)
  describe(`<room-viewer> shared renderer, drawn on ${drawnOn}`, () => {
    before(function () {
      requireWebGL(this);
      configure({ viewerRenderer: drawnOn });
    });
    after(resetConfig);
    afterEach(cleanup);

    it('20 viewers on a page draw through ONE WebGL context', async () => {
      const viewers = Array.from({ length: 20 }, (_, i) => {
        const v = makeViewer({ loading: 'eager', camera: i % 2 ? 'orbit' : 'top' }, [120, 90]);
        v.model = boxRoom({ components: i % 2 ? i : 0, floor: [i / 20, 0.5, 0.5] });
        return v;
      });
      await mountAll(viewers);
      for (const viewer of viewers) expect(viewer.renderThread).to.equal(drawnOn);
      // one context for them all: the page's, or none on the page (the render worker's own)
      expect(webglContexts.size).to.equal(drawnOn === 'main' ? 1 : 0);
      for (const viewer of viewers) expect(await paintedOf(viewer)).to.be.greaterThan(120 * 90 * 0.2);
      // each view shows its own room: the floor colours differ from viewer to viewer
      const centres = await Promise.all(
        viewers.filter((_, i) => i % 2 === 0).map(async (v) => (await pixelAt(v, 60, 45)).join()),
      );
      expect(new Set(centres).size).to.equal(centres.length);
      expect((await rendererOf(drawnOn))!.views).to.equal(20);
      if (drawnOn === 'main') expect((await three()).rendererInfo()!.contextLost).to.equal(false);
    });

    it('the off-screen canvas follows the live views: it shrinks when a big viewer leaves', async () => {
      const big = makeViewer({ loading: 'eager', camera: 'top' }, [640, 480]);
      big.model = boxRoom();
      await mountAll([big]);
      const ratio = Math.min(2, devicePixelRatio || 1);
      expect((await sharedCanvasOf(drawnOn))[0]).to.be.at.least(640 * ratio);
      cleanup();
      const small = makeViewer({ loading: 'eager', camera: 'top' }, [100, 80]);
      small.model = boxRoom({ floor: [0.9, 0.2, 0.2] });
      await mountAll([small]);
      const want = [Math.round(100 * ratio), Math.round(80 * ratio)].join();
      await until(async () => (await sharedCanvasOf(drawnOn)).join() === want, 5000, 'the canvas shrunk');
      expect(await paintedOf(small)).to.be.greaterThan(100 * 80 * 0.2);
    });

    it('100 mount / unmount cycles bring renderer.info.memory back to where it started', async function () {
      this.timeout(120000);
      const rendererInfo = async () => (await rendererOf(drawnOn))!;
      const model = boxRoom({
        components: 30,
        kinds: 5,
        floorTexture: 'floor_and_wall/original/Oak_natural.jpg',
      });
      const mediaBase = `${ROOM_STYLING}/media`;
      const settle = async () => {
        await new Promise((r) => setTimeout(r, 10));
        await rafPasses(2);
      };
      await settle();
      const start = { ...(await rendererInfo()) };
      expect(start.views).to.equal(0);
      let peakGeometries = 0;
      let peakTextures = 0;
      for (let i = 0; i < 100; i++) {
        const viewer = makeViewer({ loading: 'eager', 'media-base': mediaBase }, [64, 48]);
        viewer.model = model;
        const load = waitForEvent(viewer, 'model-load');
        fixtureContainer().append(viewer);
        await load;
        if (i % 10 === 0) {
          // let the texture arrive and reach the GPU in some cycles
          await until(
            async () => (await rendererInfo()).textures > start.textures,
            5000,
            'the texture on the GPU',
          );
        }
        const now = await rendererInfo();
        peakGeometries = Math.max(peakGeometries, now.geometries);
        peakTextures = Math.max(peakTextures, now.textures);
        cleanup();
      }
      await until(
        async () => {
          const now = await rendererInfo();
          return now.geometries === start.geometries && now.textures === start.textures && now.views === 0;
        },
        5000,
        'memory back to the start',
      ).catch(async () => {
        throw new Error(
          `memory did not come back: ${JSON.stringify(await rendererInfo())} vs ${JSON.stringify(start)}`,
        );
      });
      expect(peakGeometries).to.be.greaterThan(start.geometries + 3);
      expect(peakTextures).to.be.greaterThan(start.textures);
      expect(webglContexts.size).to.equal(drawnOn === 'main' ? 1 : 0);
    });

    it('a lost context is restored and every viewer draws again (also one mounted while it was lost)', async () => {
      const viewers = Array.from({ length: 3 }, (_, i) => {
        const v = makeViewer({ loading: 'eager', camera: 'top' }, [120, 90]);
        v.model = boxRoom({ components: 4 * i });
        return v;
      });
      await mountAll(viewers);
      await loseContext(drawnOn);
      const drawn = viewers.map((v) => framesOf(v));
      // on the page, wipe what they show, so only a new frame can bring the pictures back
      if (drawnOn === 'main')
        for (const v of viewers) canvasOf(v).getContext('2d')!.clearRect(0, 0, 999, 999);
      const late = makeViewer({ loading: 'eager', camera: 'orbit' }, [120, 90]);
      late.model = boxRoom({ components: 2 });
      let lateLoaded = false;
      const lateLoad = waitForEvent(late, 'model-load', 20000).then(() => (lateLoaded = true));
      fixtureContainer().append(late);
      await rafPasses(3);
      if (drawnOn === 'main') for (const v of viewers) expect(paintedPixels(v)).to.equal(0);
      expect(lateLoaded, 'nothing drawn while the context is lost').to.equal(false);
      await restoreContext(drawnOn);
      await lateLoad;
      for (const [i, v] of viewers.entries())
        await until(() => framesOf(v) > drawn[i]!, 5000, 'a viewer drawing again');
      for (const v of [...viewers, late])
        await until(async () => (await paintedOf(v)) > 120 * 90 * 0.2, 5000, 'a viewer painted again');
      expect((await rendererOf(drawnOn))!.contextLost).to.equal(false);
      expect(webglContexts.size).to.equal(drawnOn === 'main' ? 1 : 0);
    });
  });

// the page renderer's own: its WebGL canvas handed to the page, its context lost (renderer="main", the fallback)
describe('<room-viewer> shared renderer on the page’s thread (renderer="main", the fallback)', () => {
  before(function () {
    requireWebGL(this);
    configure({ viewerRenderer: 'main' });
  });
  after(resetConfig);
  afterEach(cleanup);

  it("'auto' hand-over: under software WebGL a lone viewer is drawn by copy, the WebGL canvas stays off the page", async () => {
    const { SharedRenderer } = await three();
    const first = makeViewer({ loading: 'eager', camera: 'top' }, [160, 120]);
    first.model = boxRoom({ floor: [0.2, 0.6, 0.3] });
    await mountAll([first]);
    await rafPasses(2);
    const shared = SharedRenderer.peek()!;
    expect(SharedRenderer.handOverCanvas).to.equal('auto');
    // headless Chromium here draws with SwiftShader: the policy must see a software rasteriser
    expect(shared.softwareRendering, 'SwiftShader is recognised as software').to.equal(true);
    expect(shared.handsOver).to.equal(false);
    expect(shared.canvas.isConnected, 'the WebGL canvas is not in the page').to.equal(false);
    expect(paintedPixels(first)).to.be.greaterThan(160 * 120 * 0.2);
  });

  it('hand-over on: the only viewer on screen gets the WebGL canvas itself, a second one on screen takes it back', async () => {
    const { SharedRenderer } = await three();
    SharedRenderer.handOverCanvas = true;
    try {
      const first = makeViewer({ loading: 'eager', camera: 'top' }, [160, 120]);
      first.model = boxRoom({ floor: [0.2, 0.6, 0.3] });
      await mountAll([first]);
      const shared = SharedRenderer.peek()!;
      await until(() => shared.solo === first.view, 10000, 'the lone viewer gets the canvas');
      // laid over the element's own canvas, in its shadow root, at its size, hidden from assistive technology
      expect(shared.canvas.getRootNode() === first.shadowRoot, "in the viewer's shadow root").to.equal(true);
      expect(shared.canvas.previousElementSibling === canvasOf(first), 'right after its canvas').to.equal(
        true,
      );
      expect(shared.canvas.getAttribute('aria-hidden')).to.equal('true');
      expect(getComputedStyle(shared.canvas).pointerEvents).to.equal('none');
      const ratio = Math.min(2, devicePixelRatio || 1);
      expect([shared.canvas.width, shared.canvas.height]).to.deep.equal([
        Math.round(160 * ratio),
        Math.round(120 * ratio),
      ]);
      // its picture is what the renderer draws for it: read through snapshot(), the floor's green
      const centre = shared
        .snapshot(first.view!)
        .getContext('2d')!
        .getImageData(80 * ratio, 60 * ratio, 1, 1).data;
      expect(centre[1]!, 'green floor').to.be.greaterThan(centre[0]! + 20);
      // a second viewer on screen: the canvas leaves the page, both are copied into their own canvases
      const second = makeViewer({ loading: 'eager', camera: 'top' }, [160, 120]);
      second.model = boxRoom({ floor: [0.8, 0.2, 0.2] });
      await mountAll([second]);
      await until(
        () => shared.solo === undefined && !shared.canvas.isConnected,
        10000,
        'the canvas is taken back',
      );
      await rafPasses(2);
      expect(ownPainted(first), 'the first viewer is copied again').to.be.greaterThan(160 * 120 * 0.2);
      expect(ownPainted(second)).to.be.greaterThan(160 * 120 * 0.2);
      // the second leaves: the first is alone again and gets the canvas back
      second.remove();
      await until(() => shared.solo === first.view, 10000, 'the remaining viewer gets the canvas again');
      expect(shared.canvas.getRootNode() === first.shadowRoot, "in the viewer's shadow root").to.equal(true);
      // the last leaves: once its view is given back, no view has the canvas and it is off the page
      first.remove();
      await until(() => shared.views.size === 0, 10000, 'the view given back');
      expect(shared.solo === undefined, 'no view has the canvas').to.equal(true);
      expect(shared.canvas.isConnected, 'no viewer, no canvas on the page').to.equal(false);
    } finally {
      SharedRenderer.handOverCanvas = 'auto';
    }
  });

  it('a context lost for good: every viewer shows a no-webgl error with a retry, which makes a new renderer', async () => {
    // issue 22 finding 7: lost and never restored, the viewers stayed frozen and a new one "loading"
    const { SharedRenderer } = await three();
    const wait = SharedRenderer.restoreWait;
    SharedRenderer.restoreWait = 1000;
    try {
      const viewers = Array.from({ length: 3 }, (_, i) => {
        const v = makeViewer({ loading: 'eager', camera: 'top' }, [120, 90]);
        v.model = boxRoom({ components: 4 * i });
        return v;
      });
      await mountAll(viewers);
      const shared = SharedRenderer.peek()!;
      const lost = waitForEvent(shared.canvas, 'webglcontextlost');
      shared.renderer.getContext().getExtension('WEBGL_lose_context')!.loseContext();
      await lost;
      // one mounted while the context is lost waits with the others, and fails with them
      const late = makeViewer({ loading: 'eager', camera: 'orbit' }, [120, 90]);
      late.model = boxRoom({ components: 2 });
      const all = [...viewers, late];
      const errors = all.map((v) =>
        waitForEvent<{ error: ElementError; fatal: boolean }>(v, 'model-error', 10000),
      );
      fixtureContainer().append(late);
      for (const event of await Promise.all(errors)) {
        expect(event.detail.error.reason).to.equal('no-webgl');
        expect(event.detail.fatal).to.equal(true);
      }
      for (const v of all) {
        await v.updateComplete;
        expect(v.getAttribute('state')).to.equal('error');
        expect(v.shadowRoot!.querySelector('[part="retry"]')).to.not.equal(null);
      }
      // WebGL was there: the words say it was lost, not that the browser has none
      for (const v of viewers) {
        const words = v.shadowRoot!.querySelector('[part="error-message"]')?.textContent ?? '';
        expect(words).to.contain('lost');
        expect(words).to.not.contain('not available');
      }
      expect(SharedRenderer.peek(), 'the lost renderer is dropped').to.not.equal(shared);

      // a retry makes a new renderer (a new context) and draws again
      const reloaded = waitForEvent(viewers[0]!, 'model-load', 20000);
      viewers[0]!.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
      await reloaded;
      await until(() => paintedPixels(viewers[0]!) > 120 * 90 * 0.2, 5000, 'the retried viewer drawing');
      expect(SharedRenderer.peek()).to.not.equal(shared);
      expect(SharedRenderer.peek()!.contextLost).to.equal(false);
    } finally {
      SharedRenderer.restoreWait = wait;
    }
  });

  it('a new viewer whose context is lost as it is made errors at once (no-webgl), not "loading" forever', async () => {
    const { SharedRenderer } = await three();
    // drop the page's renderer the way a context lost for good does, then make every new context lost
    const shared = SharedRenderer.peek();
    if (shared) {
      const wait = SharedRenderer.restoreWait;
      SharedRenderer.restoreWait = 0;
      const lost = waitForEvent(shared.canvas, 'webglcontextlost');
      shared.renderer.getContext().getExtension('WEBGL_lose_context')!.loseContext();
      await lost;
      await until(() => SharedRenderer.peek() !== shared, 5000, 'the renderer dropped');
      SharedRenderer.restoreWait = wait;
    }
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      const context = (original as (...a: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
      if (context && /webgl/.test(kind))
        (context as WebGL2RenderingContext).getExtension('WEBGL_lose_context')?.loseContext();
      return context;
    } as typeof original;
    try {
      const v = makeViewer({ loading: 'eager' }, [120, 90]);
      v.model = boxRoom();
      const failed = waitForEvent<{ error: ElementError }>(v, 'model-error', 3000);
      fixtureContainer().append(v);
      expect((await failed).detail.error.reason).to.equal('no-webgl');
    } finally {
      HTMLCanvasElement.prototype.getContext = original;
    }
  });
});
