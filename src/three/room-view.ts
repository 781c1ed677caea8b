/**
 * One viewer's view: its scene, camera and controls, registered with the page's shared renderer.
 * The element owns one RoomView per loaded model and calls dispose() when it leaves the page.
 */
import { PerspectiveCamera, Sphere } from 'three';
import type { ModelComponent, PlanGeometry, RoomModel, Vec3 } from '../model/types.js';
import { toModel } from './axes.js';
import { RoomScene, type ComponentLoader, type MeshLoader, type PreparedGeometry } from './build-room.js';
import { FIELD_OF_VIEW, fieldOfView, fitClipping, placement, type CameraMode } from './camera.js';
import type * as Controls from './controls.js';
import { dolly, stillControls, takeOver, type ViewControls } from './still-controls.js';
import { EXPOSURE } from './look-shader.js';
import { applyRendererSettings } from './renderer-settings.js';
import { SharedRenderer, type RenderView } from './shared-renderer.js';
import { motionDetail } from './motion-lod.js';
import { pixelRatioPolicy, RenderScale } from './render-scale.js';

/** Longest wait for shaders compiled in parallel before the first frame is drawn anyway. */
const COMPILE_WAIT_MS = 3000;

/** The most events of one drag kept while the controls are on their way (a long drag's moves: a bound). */
const MAX_GESTURE_EVENTS = 256;

/**
 * The render worker's controls' stage is asked for this long after the first frame (or at the first
 * input, sooner): after the page has shown that frame, not among the files fetched before it (issue 33).
 */
const CONTROLS_AFTER_MS = 1000;

export interface CameraChange {
  /** Camera position and the point it looks at, in model space (centimetres, z up). */
  position: Vec3;
  target: Vec3;
}

/** What `render-scale` says (the element's event, src/events/render-scale.ts, documents each field). */
export interface RenderScaleDetail {
  reportedDpr: number;
  renderedDpr: number;
  minimumDpr: number;
  pixelWidth: number;
  pixelHeight: number;
  reason: '' | 'frame-time' | 'pixel-ratio-cap';
}

export interface RoomViewOptions {
  /** The element's own canvas: the view's pixels are copied here. */
  canvas: HTMLCanvasElement;
  /** Where keyboard controls listen (the element, which is focusable). */
  keyTarget: HTMLElement;
  model: RoomModel;
  /** The plan's walls, floors and ceilings built ahead in tasks of their own (prepareRoomGeometry). */
  prepared?: PreparedGeometry;
  plan: PlanGeometry;
  camera?: CameraMode;
  controls?: boolean;
  autoRotate?: boolean;
  mediaBase?: string;
  componentLoader?: ComponentLoader;
  /** The products' meshes (`furniture-base`); `componentLoader` wins. */
  meshLoader?: MeshLoader;
  /** CSS size of the canvas and the device pixel ratio. */
  width: number;
  height: number;
  pixelRatio?: number;
  /** After each frame is copied into the canvas (the first call means pixels are on screen). */
  onFrame?(frames: number): void;
  /** The user moved the camera. */
  onCameraChange?(change: CameraChange): void;
  /** The resolution drawn at changed (render-scale.ts): the element's `render-scale` event. */
  onRenderScale?(detail: RenderScaleDetail): void;
  /**
   * Resolves in a later task (the element's src/platform/yield.ts): the first draw waits for it, so the
   * scene's build and its first draw are two tasks, not one long one. Default: a microtask.
   */
  yieldToPage?(): Promise<void>;
  onTextureError?(url: string, materialId: string): void;
  onComponentError?(error: unknown, component: ModelComponent): void;
  /** The WebGL context was lost for good (SharedRenderer.restoreWait): the view draws no more. */
  onContextGone?(): void;
  /**
   * The camera's controls (controls.ts): the module, made at once (the page's thread), or how to load
   * it (the render worker's later stage, issue 33: loaded once the first frame is drawn, the view held
   * by still-controls.ts's stand-in until then). Default: loaded so.
   */
  orbit?: typeof Controls | (() => Promise<typeof Controls>);
  // the opening camera (issue 33's follow-up)
  /** What the first draw waits for besides a task (the walker placed where the walk starts); its failure does not hold it. */
  firstDraw?: Promise<unknown>;
}

type ControlsModule = typeof Controls;

export class RoomView implements RenderView {
  readonly room: RoomScene;
  readonly camera: PerspectiveCamera;
  /** OrbitControls, or their stand-in until they arrive (`controlsReady`). */
  controls: ViewControls;
  /** Resolves once the controls are three's OrbitControls (at once on the page's thread). */
  readonly controlsReady: Promise<void>;
  readonly target: CanvasRenderingContext2D;
  /** Milliseconds spent building the scene (geometry, materials, instancing). */
  readonly buildTime: number;
  dirty = true;
  visible = true;
  /**
   * Called after every frame drawn, camera moves included: element features that follow the view
   * (hotspots, a plan's view cone, the camera attributes) listen here instead of polling.
   */
  readonly frameListeners = new Set<(view: RoomView) => void>();
  frames = 0;
  pixelWidth = 1;
  pixelHeight = 1;
  #mode: CameraMode;
  #userMoving = false;
  #disposed = false;
  readonly #renderer: SharedRenderer;
  readonly #options: RoomViewOptions;

  /** The page's shared renderer this view is drawn by (tests and the bench read and set its policy). */
  get renderer(): SharedRenderer {
    return this.#renderer;
  }

  constructor(options: RoomViewOptions) {
    const started = performance.now();
    this.#options = options;
    const target = options.canvas.getContext('2d');
    if (!target) throw new Error('no 2D canvas context');
    this.target = target;
    this.#renderer = SharedRenderer.get();
    this.room = new RoomScene(options.model, options.plan, {
      prepared: options.prepared,
      mediaBase: options.mediaBase,
      componentLoader: options.componentLoader,
      meshLoader: options.meshLoader,
      onChange: () => this.requestRender(),
      onTextureError: (url, id) => options.onTextureError?.(url, id),
      onComponentError: (error, component) => options.onComponentError?.(error, component),
    });
    this.buildTime = performance.now() - started;
    this.camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.05, 1000);
    const radius = this.room.bounds.getBoundingSphere(new Sphere()).radius;
    // before OrbitControls' own keydown listener on the same target, so its move counts as the user's:
    // capture on the page's element, and added first for the render worker's stand-in (element-proxy.ts),
    // a plain EventTarget whose listeners run in the order added (OrbitControls' preventDefault() came
    // first there, and arrow keys fired no camera-change)
    options.keyTarget.addEventListener('keydown', this.#onKey, { capture: true });
    const source = options.orbit ?? (() => import('./controls.js'));
    const make = (module: ControlsModule) =>
      module.createControls(this.camera, options.canvas, options.keyTarget, radius);
    if (typeof source === 'function') {
      this.controls = stillControls(this.camera, radius);
      this.controlsReady = new Promise((resolve, reject) => {
        this.#loadControls = () => {
          this.#loadControls = undefined;
          source().then((module) => {
            if (!this.#disposed) this.#useControls(() => make(module));
            resolve();
          }, reject);
        };
      });
      // a view disposed before (or a stage that did not load): nothing waits for ever on it
      this.controlsReady.catch(() => undefined);
      // the first input asks for them at once
      options.canvas.addEventListener('pointerdown', this.#onInput, { capture: true });
      options.canvas.addEventListener('pointermove', this.#onInput, { capture: true });
      options.canvas.addEventListener('pointerup', this.#onInput, { capture: true });
      options.canvas.addEventListener('wheel', this.#onInput, { capture: true });
      options.keyTarget.addEventListener('keydown', this.#onInput, { capture: true });
    } else {
      this.controls = make(source);
      this.controlsReady = Promise.resolve();
    }
    this.#listen(this.controls);
    this.#mode = options.camera ?? 'model';
    this.setSize(options.width, options.height, options.pixelRatio ?? 1);
    this.setControls(options.controls ?? true);
    this.setAutoRotate(options.autoRotate ?? false);
    this.setCameraMode(this.#mode);
    // the first draw (programs compiled, the scene uploaded) in a task of its own, after the build's
    // (and after the opening camera's code, when the first frame needs it: view-driver.ts)
    const opened = options.firstDraw?.catch(() => undefined);
    Promise.all([options.yieldToPage?.(), opened]).then(() => this.#start());
  }

  /** Loads the controls' module (once), after the first frame: set while the stand-in is in. */
  #loadControls?: () => void;
  #controlsTimer?: ReturnType<typeof setTimeout>;
  /**
   * The drag made while the controls were on their way (its press, moves and, once let go, its release):
   * handed to them, so the drag is not lost, also when it ended before they came (a quick swipe as the
   * first input, the stage slow to load).
   */
  #gesture?: { events: Event[]; ended: boolean };
  /** …and the wheel turn that asked for them (`ctrl` + wheel, the cooperative gesture), to zoom with them. */
  #wheeled?: Event;

  #onInput = (event: Event) => {
    const gesture = this.#gesture;
    if (event.type === 'wheel') this.#wheeled ??= event;
    else if (event.type === 'pointerdown') this.#gesture = { events: [event], ended: false };
    else if (
      gesture &&
      !gesture.ended &&
      (event.type === 'pointerup' || gesture.events.length < MAX_GESTURE_EVENTS)
    ) {
      gesture.events.push(event);
      gesture.ended = event.type === 'pointerup';
    }
    if (event.type !== 'pointerup' && event.type !== 'pointermove') this.#loadControls?.();
  };

  #stopInput(): void {
    const { canvas, keyTarget } = this.#options;
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel'])
      canvas.removeEventListener(type, this.#onInput, { capture: true });
    keyTarget.removeEventListener('keydown', this.#onInput, { capture: true });
    clearTimeout(this.#controlsTimer);
  }

  #listen(controls: ViewControls): void {
    controls.addEventListener('change', this.#onControlsChange);
    controls.addEventListener('start', this.#onStart);
    controls.addEventListener('end', this.#onEnd);
  }

  /**
   * three's OrbitControls in place of the stand-in, with everything set on it meanwhile; the camera
   * stays exactly where it is (OrbitControls' constructor turns it towards their own first target).
   */
  #useControls(make: () => ViewControls): void {
    const still = this.controls;
    // a move not drawn yet (a walk's step) is the stand-in's to report, as its next frame would have
    still.update();
    // a pointer pressed meanwhile grabbed the camera (a flight under way stops, as with OrbitControls)
    if (this.#gesture && !this.#gesture.ended && still.enabled) still.dispatchEvent({ type: 'start' });
    const { position, quaternion } = this.camera;
    const at = { position: position.clone(), quaternion: quaternion.clone() };
    const controls = make();
    still.removeEventListener('change', this.#onControlsChange);
    still.removeEventListener('start', this.#onStart);
    still.removeEventListener('end', this.#onEnd);
    takeOver(still, controls);
    position.copy(at.position);
    quaternion.copy(at.quaternion);
    // their record of the last camera, so the first frame after this one sees no move
    controls.update();
    position.copy(at.position);
    quaternion.copy(at.quaternion);
    this.controls = controls;
    // OrbitControls take the canvas's touch-action when they connect: as the view's `controls` say
    this.setControls(controls.enabled);
    this.#listen(controls);
    // a drag that began before they came goes on with them, or is made by them when it already ended
    // (OrbitControls' own handlers, in the order the events came)
    const gesture = this.#gesture;
    this.#stopInput();
    this.#gesture = undefined;
    const own = controls as {
      _onPointerDown?: (event: Event) => void;
      _onPointerMove?: (event: Event) => void;
      _onPointerUp?: (event: Event) => void;
      _onMouseWheel?: (event: Event) => void;
    };
    const [pressed, ...after] = gesture?.events ?? [];
    if (pressed && controls.enabled && typeof own._onPointerDown === 'function') {
      own._onPointerDown.call(controls, pressed);
      for (const event of after) {
        const handle = event.type === 'pointerup' ? own._onPointerUp : own._onPointerMove;
        if (typeof handle === 'function') handle.call(controls, event);
      }
    }
    const wheeled = this.#wheeled;
    this.#wheeled = undefined;
    if (wheeled && typeof own._onMouseWheel === 'function') own._onMouseWheel.call(controls, wheeled);
  }

  /**
   * Joins the shared renderer's frames. Where the browser compiles shaders in parallel
   * (KHR_parallel_shader_compile), the scene's programs are compiled first without blocking the page,
   * and the view is drawn once they are ready; elsewhere the view is drawn once as a warm-up whose end
   * is awaited without blocking (SharedRenderer.warm), then joins.
   */
  #start(): void {
    if (this.#disposed) return;
    const renderer = this.#renderer.renderer;
    applyRendererSettings(renderer);
    let registered = false;
    const register = (drawn = false) => {
      if (registered || this.#disposed) return;
      registered = true;
      this.#renderer.register(this, drawn);
    };
    if (this.#renderer.contextLost) {
      register();
      return;
    }
    if (!renderer.extensions.has('KHR_parallel_shader_compile')) {
      // no parallel compile (SwiftShader): a warm-up draw the GPU finishes off the page's thread
      this.#renderer.warm(this).then(register, () => register());
      return;
    }
    try {
      // compiled, then the uniform tables and the sun's shadow map in tasks of their own (prepare), then
      // joined: the first frame then only draws
      renderer.compileAsync(this.scene, this.camera).then(
        () => this.#renderer.prepare(this).then(() => register()),
        () => register(),
      );
      // a compile that never reports ready (a context lost meanwhile) must not keep the room off screen
      setTimeout(() => register(), COMPILE_WAIT_MS);
    } catch {
      register();
    }
  }

  get scene() {
    return this.room.scene;
  }

  get cameraMode(): CameraMode {
    return this.#mode;
  }

  /** Marks the view for drawing on the next shared frame. */
  requestRender(): void {
    if (this.#disposed) return;
    this.dirty = true;
    this.#renderer.request();
  }

  /**
   * The view's CSS size and the device's pixel ratio (`devicePixelRatio`): it draws at the ratio the
   * policy gives (render-scale.ts), times the adaptive scale while it moves.
   */
  setSize(width: number, height: number, pixelRatio = 1): void {
    this.#css = { width, height, device: pixelRatio };
    this.#applyScale();
  }

  #css = { width: 1, height: 1, device: 1 };
  readonly #scale = new RenderScale();
  #reportedDpr = -1;

  #applyScale(): void {
    const { width, height, device } = this.#css;
    const ratio = pixelRatioPolicy(width, height, device) * this.#scale.scale;
    const w = Math.max(1, Math.round(width * ratio));
    const h = Math.max(1, Math.round(height * ratio));
    if (w === this.pixelWidth && h === this.pixelHeight) return;
    this.pixelWidth = w;
    this.pixelHeight = h;
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
    if (ratio !== this.#reportedDpr) {
      this.#reportedDpr = ratio;
      const capped = ratio < device - 1e-6;
      this.#options.onRenderScale?.({
        reportedDpr: device,
        renderedDpr: ratio,
        minimumDpr: pixelRatioPolicy(width, height, device) * this.#scale.minimum,
        pixelWidth: w,
        pixelHeight: h,
        reason: this.#scale.scale < 1 ? 'frame-time' : capped ? 'pixel-ratio-cap' : '',
      });
    }
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible && this.dirty) this.#renderer.request();
  }

  /** Moves the camera to a start view; `top` also hides the ceilings. */
  setCameraMode(mode: CameraMode): void {
    this.#mode = mode;
    this.camera.fov = fieldOfView(mode);
    this.camera.updateProjectionMatrix();
    const { position, target } = placement(mode, this.room, this.camera.aspect);
    this.camera.position.copy(position);
    this.controls.target.copy(target);
    this.camera.lookAt(target);
    fitClipping(this.camera, this.room);
    const ceilings = this.room.ceilings;
    if (ceilings) ceilings.visible = mode === 'model';
    this.controls.update();
    this.requestRender();
  }

  /**
   * Shows or hides every piece of furniture (this room's and the floors stacked over it); walls,
   * floors, doors and windows stay as they are. Hidden furniture casts no shadow and cannot be picked.
   */
  setFurnitureVisible(visible: boolean): void {
    let changed = false;
    this.scene.traverse((node) => {
      if (node.userData.furniture !== true || node.visible === visible) return;
      node.visible = visible;
      changed = true;
    });
    if (!changed) return;
    this.room.shadowsDirty = true;
    this.requestRender();
  }

  setControls(enabled: boolean): void {
    this.controls.enabled = enabled;
    // OrbitControls blocks touch scrolling on its canvas; without controls the page must scroll over it
    this.#options.canvas.style.touchAction = enabled ? 'none' : 'auto';
  }

  setAutoRotate(on: boolean): void {
    this.controls.autoRotate = on;
    this.requestRender();
  }

  beforeRender(delta: number): void {
    EXPOSURE.value = this.room.exposure;
    if (this.room.shadowsDirty) {
      // the sun's shadow is drawn only when the scene changed, never because the camera moved
      this.#renderer.renderer.shadowMap.needsUpdate = true;
      this.room.shadowsDirty = false;
    }
    const moved = this.controls.update(delta);
    fitClipping(this.camera, this.room);
    if (moved || this.controls.autoRotate) this.dirty = true;
    else if (!this.#userMoving) this.#userMoved = false;
    // while the camera moves, draw fewer of the many small instanced pieces (motion-lod.ts); when it
    // stops, one more frame at full detail
    const moving = moved || this.controls.autoRotate || this.#userMoving;
    // the render scale follows the frame time while moving, and is full again at rest
    if (this.#scale.frame(delta * 1000, moving)) this.#applyScale();
    if (moving !== this.#moving) {
      this.#moving = moving;
      if (!moving) this.dirty = true;
      // only when moving starts or stops: the counts stay as set in between
      motionDetail(this.room.root, moving);
    }
  }

  #moving = false;

  shadowsDrawn(): void {
    this.room.shadowsDirty = false;
  }

  afterRender(): void {
    this.#options.onFrame?.(this.frames);
    for (const listener of this.frameListeners) listener(this);
    // the room is on screen, the user can move the camera from now on: the controls' stage (the
    // render worker's), asked for once the page has shown the frame, or at the first input
    if (this.#loadControls && this.#controlsTimer === undefined)
      this.#controlsTimer = setTimeout(() => this.#loadControls?.(), CONTROLS_AFTER_MS);
  }

  contextRestored(): void {
    this.room.shadowsDirty = true;
    this.requestRender();
  }

  contextGone(): void {
    this.#options.onContextGone?.();
  }

  /** Camera position and target in model space. */
  cameraState(): CameraChange {
    return { position: toModel(this.camera.position), target: toModel(this.controls.target) };
  }

  #userMoved = false;

  #onStart = () => {
    this.#userMoving = true;
    this.#userMoved = true;
  };

  #onEnd = () => {
    this.#userMoving = false;
  };

  #onControlsChange = () => {
    this.requestRender();
    if (this.#userMoved) this.#options.onCameraChange?.(this.cameraState());
  };

  #onKey = (event: KeyboardEvent) => {
    // walking: the walk's keys (walk/walk-controls.ts), no zoom
    if (!this.controls.enabled || event.defaultPrevented || this.#mode === 'walk') return;
    if (event.key.startsWith('Arrow')) {
      // OrbitControls moves on arrows itself; this marks the move as the user's
      this.#userMoved = true;
      return;
    }
    const factor =
      event.key === '+' || event.key === '=' ? 0.85 : event.key === '-' || event.key === '_' ? 1 / 0.85 : 0;
    if (!factor) return;
    event.preventDefault();
    this.#userMoved = true;
    dolly(this.controls, factor);
  };

  /** dispose() was called: the renderer draws nothing more for this view (RenderView.disposed). */
  get disposed(): boolean {
    return this.#disposed;
  }

  /** Leaves the shared renderer and frees everything the view made. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#renderer.unregister(this);
    this.frameListeners.clear();
    this.#options.keyTarget.removeEventListener('keydown', this.#onKey, { capture: true });
    this.#stopInput();
    this.controls.removeEventListener('change', this.#onControlsChange);
    this.controls.dispose();
    this.room.dispose();
  }
}
