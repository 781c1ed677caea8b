/**
 * The page's side of `<room-viewer renderer="worker">`: hands the room to the render worker
 * (src/three/worker/render-worker.ts), which builds and draws it there, on a canvas of its own laid over
 * the element's canvas and transferred to the worker (transferControlToOffscreen). The element's own
 * canvas stays below as the labelled image and the target of the visitor's pointer, wheel and keys,
 * which are forwarded to the worker's OrbitControls. Nothing here imports three.js: a page whose viewers
 * all draw in the worker never evaluates it on its own thread.
 */
import { meshDecoderPort } from '../../three/mesh-decode/connect.js';
import type { CameraChange, CameraMode } from '../../three/index.js';
import type { RenderScaleDetail } from '../../three/room-view.js';
import type {
  ForwardedEvent,
  FromRenderWorker,
  RenderWorkerInfo,
  StartMessage,
  ToRenderWorker,
  ViewSettings,
} from '../../three/worker/protocol.js';
// `new Worker(new URL(…, import.meta.url))` as bundlers know it, started where the page can run it
import { PackageWorker as Worker } from '../../internal/worker-start.js';

/** The worker's answer to a `picture` question. */
type Picture = Extract<FromRenderWorker, { type: 'picture' }>;

export interface WorkerViewOptions extends ViewSettings {
  /** The element's canvas: the worker's canvas is laid over it, and its input is forwarded. */
  canvas: HTMLCanvasElement;
  /** Where keyboard controls listen (the element). */
  keyTarget: HTMLElement;
  /** Whether this wheel turn zooms (false: the page scrolls; the wheel guard shows its hint). */
  wheelZooms(event: WheelEvent): boolean;
  /** The worker built the scene (its code is in). */
  onBuilt?(): void;
  onFrame(frames: number, total: number, pending: number): void;
  onCameraChange(change: CameraChange): void;
  onRenderScale(detail: RenderScaleDetail): void;
  onTextureError(url: string, total: number, pending: number): void;
  onComponentError(componentId: string, message: string, kind?: 'network' | 'server' | 'invalid'): void;
  onContextGone(): void;
  /** The worker could not make the view (no WebGL there, the worker did not start): draw it on the page. */
  onFailed(message: string): void;
}

/** Keys the viewer's controls answer (OrbitControls' arrows, the viewer's own + and −). */
const CONTROL_KEYS = /^(Arrow(Up|Down|Left|Right)|\+|=|-|_)$/;

let worker: Worker | undefined;
/** Set once the render worker failed to start: every later viewer draws on the page's thread. */
let broken = false;
let nextId = 1;
const live = new Map<number, WorkerView>();
/** The views by the canvas they draw on (tests and tools reach a viewer's view through it). */
const byLayer = new WeakMap<HTMLCanvasElement, WorkerView>();
/** Questions asked of the worker and not answered yet (picture(), renderWorkerInfo()). */
let nextRequest = 1;
const asked = new Map<number, (answer: unknown) => void>();

function ask<T>(message: (request: number) => ToRenderWorker): Promise<T | undefined> {
  const target = worker;
  if (!target) return Promise.resolve(undefined);
  const request = nextRequest++;
  return new Promise((resolve) => {
    asked.set(request, resolve as (answer: unknown) => void);
    target.postMessage(message(request));
  });
}

/** What the page's render worker holds now, or undefined when none runs (tests and benches). */
export function renderWorkerInfo(): Promise<RenderWorkerInfo | undefined> {
  return ask<RenderWorkerInfo>((request) => ({ type: 'info', request }));
}

/** The view that draws on `layer` (the `canvas.worker-canvas` in a viewer's shadow root). */
export function workerViewOf(layer: Element | null | undefined): WorkerView | undefined {
  return layer instanceof HTMLCanvasElement ? byLayer.get(layer) : undefined;
}

function failAll(message: string): void {
  broken = true;
  worker?.terminate();
  worker = undefined;
  for (const view of [...live.values()]) view.failed(message);
  for (const resolve of asked.values()) resolve(undefined);
  asked.clear();
}

function theWorker(): Worker | undefined {
  if (broken) return undefined;
  if (worker) return worker;
  try {
    // the .ts specifier: bundlers (Vite) and the test server turn it into the built worker's URL
    worker = new Worker(new URL('../../three/worker/render-worker.ts', import.meta.url), {
      type: 'module',
      name: 'room-render',
    });
  } catch {
    broken = true;
    return undefined;
  }
  // the page decodes the furniture files the worker asks for (one decoding worker, in its own thread)
  const decoder = meshDecoderPort();
  worker.postMessage({ type: 'mesh-decoder', port: decoder } satisfies ToRenderWorker, [decoder]);
  worker.onmessage = ({ data }: MessageEvent<FromRenderWorker>) => {
    if (data.type === 'info' || data.type === 'picture' || data.type === 'pick') {
      const resolve = asked.get(data.request);
      asked.delete(data.request);
      resolve?.(data.type === 'info' ? data.info : data);
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

export class WorkerView {
  /** False once the render worker failed to start on this page (worker-support.ts checks the browser). */
  static supported(): boolean {
    return !broken;
  }

  /** Starts the worker (its code downloads while the room does). */
  static warm(): void {
    theWorker();
  }

  readonly id = nextId++;
  /** Frames drawn so far (as the worker last said). */
  frames = 0;
  readonly layer: HTMLCanvasElement;
  #options: WorkerViewOptions;
  #worker?: Worker;
  #controls: boolean;
  #pointers = new Set<number>();
  #disposed = false;

  constructor(options: WorkerViewOptions) {
    this.#options = options;
    this.#controls = options.controls;
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
      model: options.model,
      plan: options.plan,
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
    };
    try {
      target.postMessage(start, [offscreen]);
    } catch (error) {
      // a model that cannot be copied to the worker: the page draws it
      queueMicrotask(() => this.failed(String(error)));
      return;
    }
    this.#listen(true);
    this.setControls(options.controls);
  }

  #send(message: ToRenderWorker): void {
    if (!this.#disposed) this.#worker?.postMessage(message);
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
        this.frames = message.frames;
        options.onFrame(message.frames, message.total, message.pending);
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
        options.onComponentError(message.componentId, message.message, message.kind);
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
    if (this.#disposed) return undefined;
    return (await ask<Picture>((request) => ({ type: 'picture', id: this.id, request })))?.bitmap;
  }

  /**
   * The view drawn again at `width` × `height` in the worker, as `toBlob()` draws it on the page's thread,
   * in a new canvas. Rejects as `toBlob()` does: a RangeError beyond the GPU's limit, an InvalidStateError
   * while no room is drawn (or the worker went).
   */
  async snapshot(width: number, height: number): Promise<HTMLCanvasElement> {
    const answer = this.#disposed
      ? undefined
      : await ask<Picture>((request) => ({ type: 'picture', id: this.id, request, width, height }));
    if (!answer?.bitmap) {
      const message = `toBlob(): ${answer?.error?.message ?? 'no room is shown'}`;
      throw answer?.error?.name === 'RangeError'
        ? new RangeError(message)
        : new DOMException(message, 'InvalidStateError');
    }
    const canvas = document.createElement('canvas');
    canvas.width = answer.bitmap.width;
    canvas.height = answer.bitmap.height;
    canvas.getContext('2d')!.drawImage(answer.bitmap, 0, 0);
    answer.bitmap.close();
    return canvas;
  }

  /**
   * The id of the component first met by a ray through (`x`, `y`) in normalised device coordinates
   * (-1..1, y up), as picking on the page's thread finds it; undefined for a wall, a floor or nothing.
   */
  async pick(x: number, y: number): Promise<string | undefined> {
    if (this.#disposed) return undefined;
    const answer = await ask<Extract<FromRenderWorker, { type: 'pick' }>>((request) => ({
      type: 'pick',
      id: this.id,
      request,
      x,
      y,
    }));
    return this.#disposed ? undefined : answer?.componentId;
  }

  /** Outlines the components `selected` and `highlighted` (ids), as the page's SelectionOutline does. */
  outline(selected: readonly string[], highlighted: readonly string[]): void {
    this.#send({ type: 'outline', id: this.id, selected: [...selected], highlighted: [...highlighted] });
  }

  /** Frames a component (`focus-component`): flies there, or jumps when `fly` is false. */
  frameComponent(componentId: string, fly: boolean): void {
    this.#send({ type: 'frame-component', id: this.id, componentId, fly });
  }

  setSize(width: number, height: number, pixelRatio = 1): void {
    this.#send({ type: 'size', id: this.id, width, height, pixelRatio });
  }

  setVisible(visible: boolean): void {
    this.#send({ type: 'visible', id: this.id, visible });
  }

  setCameraMode(mode: CameraMode): void {
    this.#send({ type: 'camera-mode', id: this.id, mode });
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

  dispose(): void {
    if (this.#disposed) return;
    this.#send({ type: 'dispose', id: this.id });
    this.#disposed = true;
    live.delete(this.id);
    this.#listen(false);
    this.layer.remove();
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
    if (!this.#controls || event.defaultPrevented || !CONTROL_KEYS.test(event.key)) return;
    event.preventDefault();
    this.#forward(event, { key: event.key, code: event.code, ...this.#modifiers(event) });
  };
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
