/**
 * The page's side of a `<room-viewer>` drawn in the render worker (the default): the drawing interface
 * (src/three/drawing.ts) by message to the worker (src/three/worker/render-worker.ts), which builds and
 * draws the room there with the same ViewDriver as the page's thread, on a canvas of its own laid over
 * the element's canvas and transferred to the worker (transferControlToOffscreen). The element's own
 * canvas stays below as the labelled image and the target of the visitor's pointer, wheel and keys,
 * which are forwarded to the worker's OrbitControls. Nothing here imports three.js: a page whose viewers
 * all draw in the worker never evaluates it on its own thread.
 *
 * Every question to the worker is answered or rejected: an answer names its request, the worker
 * answers one about a view it does not hold with an error, and a worker that stops answering (the
 * heartbeat's deadline) or fails is given up, rejecting what waits and handing every view back to the
 * page's thread.
 */
import type { ModelComponent } from '../../model/types.js';
import type { CameraMode } from '../../three/camera.js';
import type {
  AnchorSet,
  CameraPose,
  CameraRequest,
  DrawingOptions,
  RoomDrawing,
  SurfacePaint,
  WalkSetup,
} from '../../three/drawing.js';
import type { MeasurePoint } from '../../three/measure.js';
import type { LookExportRequest } from '../../three/export/request.js';
import type { FurnitureLimits } from '../../three/furniture-meshes.js';
import type { ViewInspection } from '../../three/inspect.js';
import type { Vec3 } from '../../model/types.js';
import { meshDecoderPort } from '../../three/mesh-decode/connect.js';
// `new Worker(new URL(…, import.meta.url))` as bundlers know it, started where the page can run it
import { PackageWorker as Worker, stageUrls } from '../../internal/worker-start.js';
// the worker's later stages, which the page's bundler copies as it copies the worker (issue 33)
import { RENDER_STAGES } from '../../three/worker/stage-urls.js';
import type {
  Call,
  ForwardedEvent,
  FromRenderWorker,
  RenderWorkerInfo,
  StartMessage,
  ToRenderWorker,
} from '../../three/worker/protocol.js';

/** What a view drawn in the worker is made with (the same as on the page's thread). */
export type WorkerViewOptions = DrawingOptions;

/** Keys the viewer's controls answer (OrbitControls' arrows, the viewer's own + and −). */
const CONTROL_KEYS = /^(Arrow(Up|Down|Left|Right)|\+|=|-|_)$/;
/** Walk mode's letter keys (walk/walk-controls.ts), forwarded only while walking. */
const WALK_KEYS = /^[wasdqeWASDQE]$/;

let worker: Worker | undefined;
/** Set once the render worker failed to start: every later viewer draws on the page's thread. */
let broken = false;
let nextId = 1;
const live = new Map<number, WorkerView>();
/** The views by the canvas they draw on (tests and tools reach a viewer's view through it). */
const byLayer = new WeakMap<HTMLCanvasElement, WorkerView>();
/** Questions asked of the worker and not answered yet. */
let nextRequest = 1;
type Answer = Extract<FromRenderWorker, { type: 'answer' }>;
const asked = new Map<number, { resolve(answer: Answer): void; reject(error: unknown): void }>();

/**
 * The heartbeat: while a view is drawn in the worker, a ping every `every` ms; a ping not answered
 * within `deadline` ms means the worker stopped (a crash without an error, a hang): it is given up and
 * its views are drawn on the page's thread. Generous: the worker answers between slices of every build,
 * and a ping's clock starts when it is sent, so a page's timers slowed in a background tab never count.
 * Writable for tests.
 */
export const heartbeat = { every: 1000, deadline: 10_000 };
let beat: ReturnType<typeof setInterval> | undefined;
/** When the ping still unanswered was sent (undefined: none waits). */
let pingSince: number | undefined;

function startHeartbeat(): void {
  if (beat) return;
  beat = setInterval(() => {
    if (!worker || !live.size) {
      clearInterval(beat);
      beat = undefined;
      pingSince = undefined;
      return;
    }
    if (pingSince !== undefined) {
      if (performance.now() - pingSince > heartbeat.deadline)
        failAll(`the render worker stopped answering (no answer within ${heartbeat.deadline} ms)`);
      return;
    }
    pingSince = performance.now();
    ask((request) => ({ type: 'ping', request })).then(
      () => (pingSince = undefined),
      () => undefined,
    );
  }, heartbeat.every);
}

/** A question for the worker: its answer, or a rejection (an error answer, no worker, the worker given up). */
function ask(message: (request: number) => ToRenderWorker): Promise<Answer> {
  const target = worker;
  if (!target) return Promise.reject(noWorker());
  const request = nextRequest++;
  return new Promise((resolve, reject) => {
    asked.set(request, { resolve, reject });
    target.postMessage(message(request));
  });
}

const noWorker = () => new DOMException('no render worker runs', 'InvalidStateError');

/** The error an answer carries, as the page's own kind of error. */
function errorOf(error: { name: string; message: string }): Error {
  if (error.name === 'RangeError') return new RangeError(error.message);
  if (error.name === 'TypeError') return new TypeError(error.message);
  return new DOMException(error.message, error.name === 'Error' ? 'InvalidStateError' : error.name);
}

/** What the page's render worker holds now, or undefined when none runs (tests and benches). */
export async function renderWorkerInfo(): Promise<RenderWorkerInfo | undefined> {
  if (!worker) return undefined;
  return (await ask((request) => ({ type: 'info', request })).catch(() => undefined))?.value as
    RenderWorkerInfo | undefined;
}

/** The mesh cache limits the page set for the render worker (renderWorkerFurnitureCache()). */
let cacheLimits: Partial<FurnitureLimits> = {};

/**
 * The render worker's mesh cache set as a test or bench sets the page's (setFurnitureLimits(),
 * resetFurnitureCache()): `reset` frees what no view shows and restores the defaults first. Nothing when
 * no worker runs (it starts with the defaults).
 */
export function renderWorkerFurnitureCache(settings: {
  limits?: Partial<FurnitureLimits>;
  reset?: boolean;
}): void {
  // kept for a worker started later: it starts with the limits the page set, not the defaults
  cacheLimits = settings.reset ? { ...settings.limits } : { ...cacheLimits, ...settings.limits };
  worker?.postMessage({ type: 'furniture-cache', ...settings } satisfies ToRenderWorker);
}

/** Tests: the render worker's WebGL context lost, or restored (WEBGL_lose_context). */
export function loseRenderWorkerContext(restore = false): void {
  worker?.postMessage({ type: 'lose-context', restore } satisfies ToRenderWorker);
}

/** The view that draws on `layer` (the `canvas.worker-canvas` in a viewer's shadow root). */
export function workerViewOf(layer: Element | null | undefined): WorkerView | undefined {
  return layer instanceof HTMLCanvasElement ? byLayer.get(layer) : undefined;
}

/** The page's render worker, if one runs (tests: one that stops without an error is made by terminate()). */
export function renderWorker(): Worker | undefined {
  return worker;
}

function failAll(message: string): void {
  broken = true;
  worker?.terminate();
  worker = undefined;
  clearInterval(beat);
  beat = undefined;
  pingSince = undefined;
  for (const view of [...live.values()]) view.failed(message);
  for (const { reject } of asked.values()) reject(new DOMException(message, 'InvalidStateError'));
  asked.clear();
}

/** The Worker object itself (how its URL is resolved is this function's alone). */
function makeWorker(): Worker {
  // the .ts specifier: bundlers (Vite) and the test server turn it into the built worker's URL
  return new Worker(new URL('../../three/worker/render-worker.ts', import.meta.url), {
    type: 'module',
    name: 'room-render',
  });
}

function theWorker(): Worker | undefined {
  if (broken) return undefined;
  if (worker) return worker;
  try {
    worker = makeWorker();
  } catch {
    broken = true;
    return undefined;
  }
  // where the worker's later stages are, before anything asks for one (issue 33)
  worker.postMessage({ type: 'stages', urls: stageUrls(RENDER_STAGES) } satisfies ToRenderWorker);
  // the page decodes the furniture files the worker asks for (one decoding worker, in its own thread)
  // (its worker starts as the package's other workers do, mesh-decoder-start.ts: fetched with the
  // first furniture file, not before the first frame)
  const decoder = meshDecoderPort(() => import('./mesh-decoder-start.js'));
  worker.postMessage({ type: 'mesh-decoder', port: decoder } satisfies ToRenderWorker, [decoder]);
  if (Object.keys(cacheLimits).length)
    worker.postMessage({ type: 'furniture-cache', limits: cacheLimits } satisfies ToRenderWorker);
  worker.onmessage = ({ data }: MessageEvent<FromRenderWorker>) => {
    if (data.type === 'answer') {
      const waiting = asked.get(data.request);
      asked.delete(data.request);
      if (data.error) waiting?.reject(errorOf(data.error));
      else waiting?.resolve(data);
      return;
    }
    live.get(data.id)?.receive(data);
  };
  // a worker that cannot load (404, a CSP without worker-src for our origin) fires `error` here
  worker.onerror = (event) => {
    event.preventDefault();
    failAll('the render worker could not run');
  };
  worker.onmessageerror = () => failAll('the render worker answered something unreadable');
  return worker;
}

export class WorkerView implements RoomDrawing {
  /** False once the render worker failed to start on this page (worker-support.ts checks the browser). */
  static supported(): boolean {
    return !broken;
  }

  /** Starts the worker (its code downloads while the room does). */
  static warm(): void {
    theWorker();
  }

  readonly thread = 'worker';
  readonly id = nextId++;
  /** Frames drawn so far (as the worker last said). */
  frames = 0;
  pose: CameraPose | undefined;
  readonly layer: HTMLCanvasElement;
  #options: WorkerViewOptions;
  #worker?: Worker;
  #controls: boolean;
  #pointers = new Set<number>();
  #disposed = false;
  #version = 0;

  constructor(options: WorkerViewOptions) {
    this.#options = options;
    this.#controls = options.controls;
    this.#walking = options.camera === 'walk';
    const layer = (this.layer = document.createElement('canvas'));
    // CSSOM, not a style attribute: allowed under a strict Content-Security-Policy
    Object.assign(layer.style, {
      position: 'absolute',
      inset: '0',
      width: '100%',
      height: '100%',
      pointerEvents: 'none',
    });
    layer.setAttribute('aria-hidden', 'true');
    layer.className = 'worker-canvas';
    options.canvas.after(layer);
    live.set(this.id, this);
    byLayer.set(layer, this);
    const target = theWorker();
    if (!target) {
      queueMicrotask(() => this.failed('no render worker'));
      return;
    }
    this.#worker = target;
    const offscreen = layer.transferControlToOffscreen();
    const start: StartMessage = {
      type: 'start',
      id: this.id,
      canvas: offscreen,
      settings: {
        model: options.model,
        plan: options.plan,
        above: options.above,
        camera: options.camera,
        controls: options.controls,
        autoRotate: options.autoRotate,
        furnitureVisible: options.furnitureVisible,
        touchScrolls: options.touchScrolls,
        mediaBase: absolute(options.mediaBase),
        furnitureBase: absolute(options.furnitureBase),
        basisTranscoderPath: absolute(options.basisTranscoderPath),
        furnitureOrigins: options.furnitureOrigins,
        width: options.width,
        height: options.height,
        pixelRatio: options.pixelRatio,
        // the opening camera: the worker's first frame is drawn with it
        ...(options.start ? { start: options.start } : {}),
      },
    };
    try {
      target.postMessage(start, [offscreen]);
    } catch (error) {
      // a model that cannot be copied to the worker: the page draws it
      queueMicrotask(() => this.failed(String(error)));
      return;
    }
    startHeartbeat();
    this.#listen(true);
    this.setControls(options.controls);
  }

  #send(message: ToRenderWorker): void {
    if (!this.#disposed) this.#worker?.postMessage(message);
  }

  /** A question about this view; rejects once it is disposed. */
  #call(call: Call): Promise<Answer> {
    if (this.#disposed)
      return Promise.reject(new DOMException('the room is no longer shown', 'InvalidStateError'));
    return ask((request) => ({ type: 'call', id: this.id, request, call }));
  }

  /** A message from the worker for this view. */
  receive(message: FromRenderWorker): void {
    if (this.#disposed) return;
    const options = this.#options;
    switch (message.type) {
      case 'built':
        options.onBuilt?.();
        break;
      case 'frame':
        this.frames = message.frame.frames;
        this.pose = message.frame.pose;
        options.onFrame(message.frame);
        break;
      case 'camera':
        options.onCameraChange(message.change);
        break;
      case 'render-scale':
        options.onRenderScale(message.detail);
        break;
      case 'texture-error':
        options.onTextureError(message.url, message.total, message.pending);
        break;
      case 'component-error':
        options.onComponentError(message.failure);
        break;
      case 'context-gone':
        options.onContextGone();
        break;
      case 'failed':
        this.failed(message.message);
        break;
    }
  }

  /** The view could not be drawn in the worker. */
  failed(message: string): void {
    if (this.#disposed) return;
    const { onFailed } = this.#options;
    this.dispose();
    onFailed(message);
  }

  /** The view's picture as drawn now, or undefined before its first frame (tests and tools). */
  async picture(): Promise<ImageBitmap | undefined> {
    return (await this.#call({ op: 'picture' }).catch(() => undefined))?.bitmap;
  }

  async snapshot(width: number, height: number): Promise<HTMLCanvasElement> {
    const { bitmap } = await this.#call({ op: 'snapshot', width, height });
    if (!bitmap) throw new DOMException('toBlob(): no room is shown', 'InvalidStateError');
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    return canvas;
  }

  async pick(x: number, y: number, only?: readonly string[]): Promise<string | undefined> {
    const answer = await this.#call({ op: 'pick', x, y, ...(only ? { only: [...only] } : {}) });
    return this.#disposed ? undefined : (answer.value as string | undefined);
  }

  async moveCamera(to: CameraRequest, fly: boolean): Promise<CameraPose> {
    const pose = (await this.#call({ op: 'move-camera', to, fly })).value as CameraPose;
    this.pose = pose;
    return pose;
  }

  async pickSurface(x: number, y: number, width: number, height: number): Promise<MeasurePoint | undefined> {
    return (await this.#call({ op: 'pick-surface', x, y, width, height })).value as MeasurePoint | undefined;
  }

  // swap a piece (replaceComponent(), src/three/swap.ts)
  async replaceComponent(piece: string, component: ModelComponent | null): Promise<void> {
    await this.#call({ op: 'replace-component', piece, component });
  }

  outline(selected: readonly string[], highlighted: readonly string[]): void {
    this.#send({ type: 'outline', id: this.id, selected: [...selected], highlighted: [...highlighted] });
  }

  setCutaway(height: number | undefined): void {
    this.#send({ type: 'cutaway', id: this.id, ...(height === undefined ? {} : { height }) });
  }

  setAnchors(key: string, set: AnchorSet | undefined): number {
    const version = ++this.#version;
    this.#send({ type: 'anchors', id: this.id, key, version, ...(set ? { set } : {}) });
    return version;
  }

  setSize(width: number, height: number, pixelRatio = 1): void {
    this.#send({ type: 'size', id: this.id, width, height, pixelRatio });
  }

  setVisible(visible: boolean): void {
    this.#send({ type: 'visible', id: this.id, visible });
  }

  setCameraMode(mode: CameraMode): void {
    this.#walking = mode === 'walk';
    this.#send({ type: 'camera-mode', id: this.id, mode });
  }

  // walk mode: its setup, and its letter keys forwarded while walking
  #walking = false;
  setWalk(setup: WalkSetup): void {
    this.#send({ type: 'walk', id: this.id, setup });
  }

  setControls(enabled: boolean): void {
    this.#controls = enabled;
    // as RoomView.setControls: OrbitControls blocks touch scrolling; without controls the page scrolls
    this.#options.canvas.style.touchAction = enabled ? 'none' : 'auto';
    this.#send({ type: 'controls', id: this.id, enabled });
  }

  setAutoRotate(on: boolean): void {
    this.#send({ type: 'auto-rotate', id: this.id, on });
  }

  setTouchScrolls(scrolls: boolean): void {
    this.#send({ type: 'touch-scrolls', id: this.id, scrolls });
  }

  setFurnitureVisible(visible: boolean): void {
    this.#send({ type: 'furniture', id: this.id, visible });
  }

  // surfaces (issue 37)
  async pickRoomSurface(x: number, y: number): Promise<string | undefined> {
    const answer = await this.#call({ op: 'pick-room-surface', x, y });
    return this.#disposed ? undefined : (answer.value as string | undefined);
  }

  async setSurface(surface: string, paint: SurfacePaint | null): Promise<void> {
    await this.#call({ op: 'set-surface', surface, paint });
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#send({ type: 'dispose', id: this.id });
    this.#disposed = true;
    live.delete(this.id);
    this.#listen(false);
    this.layer.remove();
  }

  // toPanorama (issue 38): the worker sends the six faces side by side in one bitmap
  async panorama(position: Vec3, size: number): Promise<HTMLCanvasElement[]> {
    const { bitmap } = await this.#call({ op: 'panorama', position, size });
    if (!bitmap) throw new DOMException('toPanorama(): no room is shown', 'InvalidStateError');
    const side = bitmap.height;
    const faces = Array.from({ length: Math.round(bitmap.width / side) }, (_, i) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = side;
      canvas.getContext('2d')!.drawImage(bitmap, i * side, 0, side, side, 0, 0, side, side);
      return canvas;
    });
    bitmap.close();
    return faces;
  }

  async setFieldOfView(fov: number | undefined): Promise<CameraPose> {
    const pose = (await this.#call({ op: 'field-of-view', ...(fov === undefined ? {} : { fov }) }))
      .value as CameraPose;
    this.pose = pose;
    return pose;
  }

  #listen(on: boolean): void {
    const { canvas, keyTarget } = this.#options;
    const pointer = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'] as const;
    if (on) {
      for (const type of pointer) canvas.addEventListener(type, this.#onPointer);
      canvas.addEventListener('wheel', this.#onWheel, { passive: false });
      canvas.addEventListener('contextmenu', this.#onContextMenu);
      keyTarget.addEventListener('keydown', this.#onKey);
    } else {
      for (const type of pointer) canvas.removeEventListener(type, this.#onPointer);
      canvas.removeEventListener('wheel', this.#onWheel);
      canvas.removeEventListener('contextmenu', this.#onContextMenu);
      keyTarget.removeEventListener('keydown', this.#onKey);
    }
  }

  #forward(source: Event, fields: Omit<ForwardedEvent, 'type'>): void {
    this.#send({ type: 'event', id: this.id, event: { type: source.type, ...fields } });
  }

  #position(event: MouseEvent): Pick<ForwardedEvent, 'clientX' | 'clientY' | 'pageX' | 'pageY'> {
    const box = this.#options.canvas.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    return { clientX: x, clientY: y, pageX: x, pageY: y };
  }

  #modifiers(event: MouseEvent | KeyboardEvent) {
    return { ctrlKey: event.ctrlKey, shiftKey: event.shiftKey, metaKey: event.metaKey, altKey: event.altKey };
  }

  #onPointer = (event: PointerEvent): void => {
    if (!this.#controls) return;
    const { pointerId } = event;
    if (event.type === 'pointerdown') {
      this.#pointers.add(pointerId);
      // moves outside the canvas still reach it while the button is down (OrbitControls' own way)
      try {
        this.#options.canvas.setPointerCapture(pointerId);
      } catch {
        // a pointer that is already gone
      }
    } else if (!this.#pointers.has(pointerId)) {
      return; // hovering: OrbitControls listens to moves only while a pointer is down
    } else if (event.type !== 'pointermove') {
      this.#pointers.delete(pointerId);
    }
    this.#forward(event, {
      ...this.#position(event),
      ...this.#modifiers(event),
      pointerId,
      pointerType: event.pointerType,
      button: event.button,
      buttons: event.buttons,
    });
  };

  #onWheel = (event: WheelEvent): void => {
    if (!this.#controls || event.defaultPrevented || !this.#options.wheelZooms(event)) return;
    // OrbitControls zooms on the wheel and keeps the page from scrolling (it cannot from a worker)
    event.preventDefault();
    this.#forward(event, {
      ...this.#position(event),
      ...this.#modifiers(event),
      deltaX: event.deltaX,
      deltaY: event.deltaY,
      deltaMode: event.deltaMode,
    });
  };

  #onContextMenu = (event: Event): void => {
    if (this.#controls) event.preventDefault();
  };

  #onKey = (event: KeyboardEvent): void => {
    const walkKey = this.#walking && WALK_KEYS.test(event.key);
    if (!this.#controls || event.defaultPrevented || !(CONTROL_KEYS.test(event.key) || walkKey)) return;
    event.preventDefault();
    this.#forward(event, { key: event.key, code: event.code, ...this.#modifiers(event) });
  };

  // tests follow the default (issue 33)
  /** What the view holds in the worker (src/three/inspect.ts), for tests and tools. */
  async inspect(): Promise<ViewInspection> {
    return (await this.#call({ op: 'inspect' })).value as ViewInspection;
  }

  // export the look (issue 36): the file's bytes, written in the worker
  async exportLook(request: LookExportRequest): Promise<ArrayBuffer> {
    const { value } = await this.#call({
      op: 'export-look',
      request: { ...request, pieces: [...request.pieces] },
    });
    if (!(value instanceof ArrayBuffer))
      throw new DOMException('exportLook(): the render worker wrote no file', 'InvalidStateError');
    return value;
  }
}

/** A URL the worker can use (it has no page to resolve a relative one against). */
function absolute(url: string | undefined): string | undefined {
  if (!url) return url;
  try {
    return new URL(url, document.baseURI).href;
  } catch {
    return url;
  }
}
