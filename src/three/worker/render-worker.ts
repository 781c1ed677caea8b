/**
 * The render worker behind `<room-viewer>` (the default, `renderer="worker"`): builds each viewer's room
 * and draws it with one shared WebGL renderer on an OffscreenCanvas, so the page's own thread evaluates
 * no three.js and does no WebGL work at all (no shader compile, no shadow pass, no frame). Each view
 * draws into its own canvas, transferred from the page; the page forwards input (worker-view.ts) and
 * hears frames (with the camera and the anchors it follows), camera moves, the render scale and
 * failures back. The same ViewDriver (../view-driver.ts) does the work here as on the page's thread:
 * this file only carries messages to it.
 */
import { prepareRoomGeometry, type MeshLoader } from '../build-room.js';
import { touchScrolls } from '../still-controls.js';
import type { DrawingSettings } from '../drawing.js';
import type { FurnitureCacheStats } from '../furniture-meshes.js';
import { nextTask } from '../../platform/yield.js';
import { SharedRenderer } from '../shared-renderer.js';
import { ViewDriver } from '../view-driver.js';
import { ElementProxy } from './element-proxy.js';
// what the first frame does not need (the features' scene side, exportLook, the furniture mesh loader)
// comes by import(): later stages of the worker, loaded when first used (./stages.ts)
import { setStageUrls } from './stages.js';
import type { Call, FromRenderWorker, StartMessage, ToRenderWorker } from './protocol.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToRenderWorker>) => void) | null;
  postMessage(message: FromRenderWorker, transfer?: Transferable[]): void;
};

interface Entry {
  driver?: ViewDriver;
  proxy: ElementProxy;
  /** What the view starts with; the page's changes while it is built are written here. */
  settings: DrawingSettings;
  visible: boolean;
  /** Disposed before its build finished. */
  gone?: boolean;
  /** What the page asked of the view before it was built: done, in order, once it is. */
  waiting: ViewMessage[];
}

/** A message about one view (not `start`, which makes it, nor the worker's own `info` and `ping`). */
type ViewMessage = Exclude<
  ToRenderWorker,
  | StartMessage
  | { type: 'info' | 'ping' | 'mesh-decoder' | 'furniture-cache' | 'lose-context' }
  | { type: 'stages' }
>;

const views = new Map<number, Entry>();

/**
 * Between two slices of the build and the first draw: lets the page's messages (input, a resize, a
 * dispose) in. A plain timer: this thread has no page to keep painting, only messages to answer.
 */
const yieldToPage = nextTask;
const post = (message: FromRenderWorker) => scope.postMessage(message);

/** The page's mesh decoder (the `mesh-decoder` message), connected when the mesh loader first loads. */
let decoderPort: MessagePort | undefined;
let meshes: Promise<typeof import('./mesh-stage.js')> | undefined;

/** The mesh loader's stage, with the page's decoder connected to it (once). */
function meshStage(): Promise<typeof import('./mesh-stage.js')> {
  meshes ??= import('./mesh-stage.js').then(
    (stage) => {
      if (decoderPort) stage.meshDecoder.connect(decoderPort);
      meshesIn = stage;
      return stage;
    },
    (error: unknown) => {
      meshes = undefined;
      throw error;
    },
  );
  return meshes;
}

/** The mesh stage once it is in (renderWorkerInfo() reports its cache; none before the first mesh). */
let meshesIn: Awaited<ReturnType<typeof meshStage>> | undefined;
const NO_MESHES: FurnitureCacheStats = {
  entries: 0,
  inUse: 0,
  decoded: 0,
  evicted: 0,
  bytes: 0,
  decoders: [],
};

/** The products' meshes through the built-in loader (one cache for the worker's viewers; a later stage). */
function meshLoader(base: string, settings: StartMessage['settings']): MeshLoader {
  const { basisTranscoderPath, furnitureOrigins } = settings;
  return async (component) =>
    (await meshStage()).loadFurnitureMesh(component, base, {
      basisTranscoderPath,
      furnitureOrigins,
    });
}

/** The features' scene side (picking, outline, flights, hotspots, cutaway, measuring, snapshots): a later stage. */
const features = () => import('../features.js');

async function startView({ id, canvas, settings }: StartMessage): Promise<void> {
  const proxy = new ElementProxy(canvas);
  proxy.setSize(settings.width, settings.height);
  const entry: Entry = { proxy, settings, visible: true, waiting: [] };
  views.set(id, entry);
  try {
    // the same slices as on the page: the worker's own messages (input, a resize) get through between them
    const prepared = await prepareRoomGeometry(settings.plan, yieldToPage, settings.model);
    if (entry.gone) return;
    const driver = new ViewDriver({
      canvas: proxy as unknown as HTMLCanvasElement,
      keyTarget: proxy as unknown as HTMLElement,
      settings,
      prepared,
      meshLoader: settings.furnitureBase ? meshLoader(settings.furnitureBase, settings) : undefined,
      yieldToPage,
      features,
      // OrbitControls: a later stage too, loaded once the first frame is drawn (still-controls.ts)
      orbit: () => import('../controls.js'),
      // (exportLook()'s side: ViewDriver's own import(), a later stage here too)
      events: {
        onFrame: (frame) => post({ type: 'frame', id, frame }),
        onCameraChange: (change) => post({ type: 'camera', id, change }),
        onRenderScale: (detail) => post({ type: 'render-scale', id, detail }),
        onTextureError: (url, total, pending) => post({ type: 'texture-error', id, url, total, pending }),
        onComponentError: (failure) => post({ type: 'component-error', id, failure }),
        onContextGone: () => post({ type: 'context-gone', id }),
        onFailed: (message) => post({ type: 'failed', id, message }),
      },
    });
    entry.driver = driver;
    driver.view.setVisible(entry.visible);
    touchScrolls(driver.view.controls, settings.touchScrolls);
    // what the page asked for while the room was built, before its first frame
    for (const message of entry.waiting.splice(0)) handle(message, entry);
    post({ type: 'built', id });
  } catch (error) {
    views.delete(id);
    entry.driver?.dispose();
    post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
}

function answer(request: number, value?: unknown, bitmap?: ImageBitmap): void {
  scope.postMessage({ type: 'answer', request, value, bitmap }, bitmap ? [bitmap] : []);
}

function refuse(request: number, error: unknown): void {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  post({ type: 'answer', request, error: { name, message } });
}

/** Answers a question about a view; every one is answered, a failure as an error. */
async function call(request: number, question: Call, driver: ViewDriver): Promise<void> {
  try {
    switch (question.op) {
      case 'pick':
        return answer(request, await driver.pick(question.x, question.y, question.only));
      case 'move-camera':
        return answer(request, await driver.moveCamera(question.to, question.fly));
      case 'pick-surface': {
        const { x, y, width, height } = question;
        return answer(request, await driver.pickSurface(x, y, width, height));
      }
      case 'snapshot': {
        const canvas = await driver.snapshot(question.width, question.height);
        return answer(request, undefined, await createImageBitmap(canvas as unknown as OffscreenCanvas));
      }
      case 'picture': {
        const { view } = driver;
        if (view.frames === 0) throw new DOMException('no room is drawn yet', 'InvalidStateError');
        // what the page sent before asking (a deselection's outline) is drawn first, and smooth: the view
        // draws on the worker's next animation frames, which on a busy machine came after two answers of
        // the old picture (a view that keeps moving is read as it is after half a second)
        await driver.featuresLoaded();
        const shared = SharedRenderer.peek();
        for (let i = 0; (view.dirty || shared?.drawnMoving(view)) && view.visible && i < 30; i++)
          await new Promise((drawn) => requestAnimationFrame(drawn));
        const canvas = driver.view.target.canvas as unknown as OffscreenCanvas;
        return answer(request, undefined, await createImageBitmap(canvas));
      }
      // export the look (issue 36): the file's bytes, transferred
      case 'export-look': {
        const bytes = await driver.exportLook(question.request);
        return scope.postMessage({ type: 'answer', request, value: bytes }, [bytes]);
      }
      // surfaces (issue 37)
      case 'pick-room-surface':
        return answer(request, await driver.pickRoomSurface(question.x, question.y));
      case 'set-surface':
        return answer(request, await driver.setSurface(question.surface, question.paint));
      // swap a piece (replaceComponent(), src/three/swap.ts)
      case 'replace-component':
        return answer(request, await driver.replaceComponent(question.piece, question.component));
      // toPanorama (issue 38)
      case 'panorama': {
        const faces = (await driver.panorama(
          question.position,
          question.size,
        )) as unknown as OffscreenCanvas[];
        // one picture, the faces side by side: one bitmap crosses to the page
        const { size } = question;
        const strip = new OffscreenCanvas(size * faces.length, size);
        const paint = strip.getContext('2d')!;
        faces.forEach((face, i) => paint.drawImage(face, i * size, 0));
        return answer(request, undefined, strip.transferToImageBitmap());
      }
      case 'field-of-view':
        return answer(request, driver.setFieldOfView(question.fov));
      // tests follow the default (issue 33)
      case 'inspect':
        return answer(request, await driver.inspect());
    }
  } catch (error) {
    refuse(request, error);
  }
}

function info(request: number): void {
  const shared = SharedRenderer.peek();
  const memory = shared?.renderer.info.memory;
  let gpu = '';
  try {
    const gl = shared?.renderer.getContext();
    const ext = gl?.getExtension('WEBGL_debug_renderer_info');
    gpu = String(gl?.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  } catch {
    // a lost context answers nothing: no name
  }
  answer(request, {
    views: shared?.views.size ?? 0,
    geometries: memory?.geometries ?? 0,
    textures: memory?.textures ?? 0,
    gpu,
    // issue 33: what the tests of the page's thread count in the scene, for the worker's views
    furniture: furnitureOfViews(),
    meshCache: meshesIn?.furnitureCacheStats() ?? NO_MESHES,
    canvas: [shared?.canvas.width ?? 0, shared?.canvas.height ?? 0],
    contextLost: shared?.contextLost ?? false,
  });
}

/** The furniture of every view built, boxes and meshes (RoomScene.furniture()). */
function furnitureOfViews(): { boxes: number; meshes: number; pending: number } {
  const sum = { boxes: 0, meshes: 0, pending: 0 };
  for (const { driver } of views.values()) {
    const counts = driver?.view?.room.furniture();
    if (!counts) continue;
    sum.boxes += counts.boxes;
    sum.meshes += counts.meshes;
    sum.pending += counts.pending;
  }
  return sum;
}

/** One message for a view, built or not (before, settings are written into what it starts with). */
function handle(data: ViewMessage, entry: Entry): void {
  const { driver, settings } = entry;
  const view = driver?.view;
  switch (data.type) {
    case 'event':
      entry.proxy.forward(data.event);
      break;
    case 'size':
      entry.proxy.setSize(data.width, data.height);
      Object.assign(settings, { width: data.width, height: data.height, pixelRatio: data.pixelRatio });
      driver?.setSize(data.width, data.height, data.pixelRatio);
      break;
    case 'visible':
      entry.visible = data.visible;
      view?.setVisible(data.visible);
      break;
    case 'camera-mode':
      settings.camera = data.mode;
      driver?.setCameraMode(data.mode);
      break;
    case 'controls':
      settings.controls = data.enabled;
      view?.setControls(data.enabled);
      break;
    case 'auto-rotate':
      settings.autoRotate = data.on;
      view?.setAutoRotate(data.on);
      break;
    case 'touch-scrolls':
      settings.touchScrolls = data.scrolls;
      if (view) touchScrolls(view.controls, data.scrolls);
      break;
    case 'furniture':
      settings.furnitureVisible = data.visible;
      view?.setFurnitureVisible(data.visible);
      break;
    case 'dispose':
      entry.gone = true;
      views.delete(data.id);
      driver?.dispose();
      for (const waiting of entry.waiting.splice(0))
        if (waiting.type === 'call') refuse(waiting.request, gone());
      break;
    // what needs the scene waits for it
    case 'outline':
      if (!driver) entry.waiting.push(data);
      else driver.outline(data.selected, data.highlighted);
      break;
    case 'cutaway':
      if (!driver) entry.waiting.push(data);
      else driver.setCutaway(data.height);
      break;
    case 'anchors':
      if (!driver) entry.waiting.push(data);
      else driver.setAnchors(data.key, data.version, data.set);
      break;
    case 'call':
      if (!driver) entry.waiting.push(data);
      else void call(data.request, data.call, driver);
      break;
    // walk mode
    case 'walk':
      if (!driver) entry.waiting.push(data);
      else driver.setWalk(data.setup);
      break;
  }
}

/** Tests: the extension that lost the shared renderer's context ('lose-context'), to restore it. */
let lostWith: WEBGL_lose_context | undefined;

const gone = () => new DOMException('no such room view in the render worker', 'InvalidStateError');

scope.onmessage = ({ data }) => {
  if (data.type === 'start') return void startView(data);
  if (data.type === 'info') return info(data.request);
  if (data.type === 'ping') return answer(data.request, true);
  // kept until the mesh loader's stage loads (furniture meshes are not part of the first frame)
  if (data.type === 'mesh-decoder') return void (decoderPort = data.port);
  // the worker in stages (issue 33): where the page found the later ones
  if (data.type === 'stages') return setStageUrls(data.urls);
  if (data.type === 'furniture-cache') {
    // the cache lives in the mesh loader's stage: set once it is in, before any mesh it then loads
    const { reset, limits } = data;
    return void meshStage().then((stage) => {
      if (reset) stage.resetFurnitureCache();
      stage.setFurnitureLimits(limits ?? {});
    });
  }
  if (data.type === 'lose-context') {
    // a lost context has no extensions: the one that lost it restores it
    if (data.restore) return lostWith?.restoreContext();
    lostWith = SharedRenderer.peek()?.renderer.getContext().getExtension('WEBGL_lose_context') ?? undefined;
    return lostWith?.loseContext();
  }
  const entry = views.get(data.id);
  // a view the worker does not hold (disposed, never started): a question is still answered
  if (!entry) return data.type === 'call' ? refuse(data.request, gone()) : undefined;
  handle(data, entry);
};
