/**
 * `<room-viewer>`'s core (the element itself, with its documentation and feature mixins, is
 * room-viewer.ts).
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type {
  ModelComponent,
  ModelProblem,
  PlanGeometry,
  RoomModel,
  RoomModelJson,
} from '../../model/types.js';
import { FmlInputs } from '../../features/model-source/fml-inputs.js';
import { floorSwitcher } from '../../features/model-source/fml-floors.js';
import { ModelSourceController, SOURCE_STATES } from '../../features/model-source/source-controller.js';
import type { RoomProduct } from '../../model/products.js';
import { warmNumberFormats } from '../../model/units.js';
import { productsOf } from '../../features/products/products-of.js';
import { ProductsHost } from '../../features/products/products-host.js';
import { onUnlessFalse } from '../../internal/converters.js';
import { ElementError, type FailureKind } from '../../internal/element-error.js';
import { renderErrorPanel } from '../../features/error-panel/error-panel.js';
import { syncAutoRotate } from '../../features/motion/auto-rotate-alias.js';
import { ReducedMotionController } from '../../features/motion/reduced-motion.js';
import { TrailingThrottle } from '../../features/throttle/trailing-throttle.js';
import { LanguageController } from '../../internal/language.js';
import { DisconnectController } from '../../internal/moved.js';
import { ViewportController } from '../../internal/viewport.js';
import { yieldToPage } from '../../platform/yield.js';
import { hasModelSource } from '../../api/model-source.js';
import type { ProgressDetail } from '../../events/progress.js';
import { ViewerPoster } from './features/poster.js';
import { ViewerProgress } from './features/progress.js';
import { lazyModule } from '../../internal/lazy-module.js';
import { workerRenderingSupported } from './worker-support.js';
// types only: the page's side of the render worker is a lazy chunk, loaded by a viewer that draws there
import type { WorkerView } from './worker-view.js';

/** The page's side of the render worker (renderer="worker"), fetched once per page. */
const loadWorkerView = lazyModule(() => import('./worker-view.js'));
// types only: three.js itself loads with loadThree() (a lazy chunk) when a viewer starts
import type { CameraChange, CameraMode, ComponentLoader, RoomView } from '../../three/index.js';
import { getConfig } from '../../config.js';
import {
  furnitureLoader,
  loadFeatures,
  prepareRoom,
  startThree,
  type ThreeModule,
  type ViewerContext,
} from './load.js';
import { VIEWER_REASON_WORDS, VIEWER_STRINGS, type ViewerStringKey } from './room-viewer.strings.js';

export type { FeaturesModule, ThreeModule, ViewerContext } from './load.js';

/** The source's states, and `poster`: the poster shown, the room not asked for yet (reveal). */
const STATES = [...SOURCE_STATES, 'poster'] as const;
/** When the room replaces the poster (model-viewer's `reveal`). */
export type RevealStrategy = 'auto' | 'interaction' | 'manual';

/**
 * The viewer's core: loading, the shared-renderer view, state, errors and the floor switcher. Features
 * (selection, camera, hotspots, measure, snapshots) are mixins over this class, as model-viewer builds
 * its element, and hook in through `viewReady`, `viewGone` and `renderFeatures`.
 */
export class RoomViewerBase extends FmlInputs(ProductsHost) {
  /** Room to fetch (GET /rooms/:id) with its model. */
  @property({ attribute: 'room-id' }) roomId?: string;

  /** URL of a model JSON document (or of a whole room document with a `model` member), instead of `room-id`. */
  @property() src?: string;

  /** A model object, instead of `room-id` or `src` (read leniently, as the service sends it). */
  @property({ attribute: false }) model?: RoomModelJson;

  /** Start view: `model` (the model's own camera, default), `orbit` (the whole room at an angle) or `top`. */
  @property() camera: CameraMode = 'model';

  /** Orbit / zoom / pan with mouse, touch and keyboard. On by default; `controls="false"` turns it off. */
  @property({ converter: onUnlessFalse }) controls = true;

  /**
   * Turns the room slowly around its centre; still under `prefers-reduced-motion` (followed live, as
   * the panorama's).
   */
  @property({ type: Boolean, attribute: 'auto-rotate' }) autoRotate = false;

  /** Alias of `auto-rotate` (the panorama's first name for it): either attribute turns it on. */
  @property({ type: Boolean }) autorotate = false;

  /** `lazy` (default): start when the element nears the viewport; `eager`: start at once. */
  @property() loading: 'lazy' | 'eager' = 'lazy';

  /** Root of the room-styling service; default: configure()'s apiBase. */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /**
   * Picture shown until the room is drawn, then cross-faded into it (an http(s) URL). Default: the room's
   * own render from its room-styling record (`room-id` only), else none; `poster=""`: none.
   */
  @property() poster?: string;

  /**
   * When the room replaces the poster, as model-viewer's `reveal`: `auto` (default) as soon as it is drawn;
   * `interaction`: only once the visitor asks (a click or tap on the poster, or its "View in 3D" button), and
   * nothing of the room or of three.js is fetched before; `manual`: only when the page calls `dismissPoster()`.
   */
  @property() reveal: RevealStrategy = 'auto';

  /**
   * Root that relative texture paths in the model (e.g. `floor_and_wall/original/oak.jpg`) resolve against.
   * Without it only absolute http(s) texture URLs are loaded; other surfaces show their colour.
   */
  @property({ attribute: 'media-base' }) mediaBase?: string;

  /**
   * How the page supplies real furniture: called once per distinct component, resolves to an Object3D in the
   * component's own frame (centimetres, z up), or null to keep the box. The viewer disposes what it returns.
   */
  @property({ attribute: false }) componentLoader?: ComponentLoader;

  /**
   * Root of the products' 3D models (glTF binary): each piece of furniture's `model` path, its extension
   * made `.glb`, is fetched under it (`models/ab/<id>_00.mi` → `{furniture-base}/models/ab/<id>_00.glb`)
   * and its box is swapped for the mesh, fitted into the piece's bounding box, once it arrives. One cache
   * for every viewer of the page; a product without a mesh (404) keeps its box; a failed or oversized
   * mesh keeps its box and fires a non-fatal `model-error`. Default: configure()'s `furnitureBase`
   * (unset: boxes). A `componentLoader` wins over it.
   */
  @property({ attribute: 'furniture-base' }) furnitureBase?: string;

  /** Walls cut at this height (cm), as the service's 3D export cuts them so the rooms show. */
  @property({ type: Number, attribute: 'section-height' }) sectionHeight?: number;

  /**
   * Where the room is built and drawn. `worker` (default, or `configure({ viewerRenderer })`'s): in a worker,
   * on an OffscreenCanvas, so the page's thread evaluates no three.js and does no WebGL work; orbit, zoom,
   * pan, keys, auto-rotate, `camera`, `furniture="hidden"`, selection (a click, the description's buttons,
   * `selected`, `highlight()`, `focus-component`), the poster, progress, `toBlob()` and every event work as
   * on the page. `main`: on the page's thread. The features that read the scene on the page's thread
   * (hotspots, measuring, `cutaway`, `flyTo()` and the camera attributes, `sync-camera`, a `<room-plan for>`,
   * `floor="all"`) draw there: a viewer with one at the start draws on the page's thread, one given one later
   * draws its room there again. So does a viewer with a page `componentLoader`, in a browser without
   * OffscreenCanvas, or where the worker cannot start or has no WebGL (`renderThread` says where the room is
   * drawn).
   */
  @property() renderer?: 'main' | 'worker';

  @state() private _message?: ViewerStringKey;
  @state() private _errorKind?: FailureKind;
  /** The error's panel offers a retry although its kind does not (a WebGL context lost for good). */
  @state() private _errorRetry = false;
  @state() private _warning?: ViewerStringKey;

  @state() private _progress = -1;
  /** The poster is shown and the room waits for the visitor or the page (reveal). */
  @state() private _waiting = false;

  @query('canvas') private _canvas!: HTMLCanvasElement;
  @query('[part="progress-bar"]') private _progressBar?: HTMLElement;

  #poster = new ViewerPoster(this, () => this);
  #progress = new ViewerProgress((totalProgress) => {
    this._progress = totalProgress;
    // dispatched as emit() would: `progress` is the DOM's ProgressEvent in the typed map (events/progress.ts)
    const detail: ProgressDetail = { totalProgress };
    this.dispatchEvent(new CustomEvent('progress', { detail, bubbles: true, composed: true }));
  });
  /** The visitor or the page asked for the room (dismissPoster()); reveal="auto" never waits for it. */
  #asked = false;

  #view?: RoomView;
  /** The room drawn in the render worker (renderer="worker"), instead of #view. */
  #remote?: WorkerView;
  /**
   * The render worker could not draw here, or a feature that reads the scene was asked for: later loads
   * draw on the page's thread.
   */
  #onPage = false;
  /** The model on screen (also when drawn in the worker, where there is no #context). */
  #shownModel?: RoomModel;
  /** The room built in the render worker (there is no #context then). */
  #builtInWorker?: { model: RoomModel; plan: PlanGeometry };
  #context?: ViewerContext;
  /** Frees the floors stacked over the view's own (`floor="all"`). */
  #unstack?: () => void;
  #started = false;
  #resize?: ResizeObserver;
  #language = new LanguageController(this);
  // camera-change follows the panorama's view-change rule: at most every 100 ms, the last always out
  #cameraChange = new TrailingThrottle<CameraChange>((change) => this.emit('camera-change', change));
  // reduced motion stops auto-rotation at once when the page's setting changes, and lets it turn again
  #motion = new ReducedMotionController(this, () => this.#drawn()?.setAutoRotate(this.#autoRotating()));
  /**
   * Inputs to model, FML floor, state, latest request wins (shared with `<room-plan>`); besides the
   * model source, what changes the room drawn loads it again too.
   */
  #source = new ModelSourceController(this, {
    keys: ['mediaBase', 'componentLoader', 'furnitureBase', 'sectionHeight'],
    floorChanged: (detail) => this.emit('floor-change', detail),
  });
  #viewport = new ViewportController(this, { near: (near) => this.#onNear(near) });

  constructor() {
    super();
    // a viewer moved in the DOM keeps its view; one that left the page gives its WebGL view back
    new DisconnectController(this, {
      gone: () => {
        this.#teardown();
        this.#started = false;
        this.#source.reset();
      },
    });
  }

  /**
   * The view while a room is shown on the page's thread (for tests and tools: camera, scene, controls);
   * undefined while it is drawn in the render worker.
   */
  get view(): RoomView | undefined {
    return this.#view;
  }

  /** Where the room on screen is drawn: `main`, `worker` (see `renderer`), or undefined before it is. Read-only. */
  get renderThread(): 'main' | 'worker' | undefined {
    return this.#remote ? 'worker' : this.#view ? 'main' : undefined;
  }

  /** What the view on screen is drawn by, on either thread. */
  #drawn(): RoomView | WorkerView | undefined {
    return this.#view ?? this.#remote;
  }

  /**
   * The room's products: its furniture grouped by `componentId`, each with `count`, `category`, `size`
   * (cm) and the `areas` it stands in, and its pieces' `ids`; the counts add up to the furniture. Empty
   * until a room is shown. Read-only.
   */
  override get products(): readonly RoomProduct[] {
    return productsOf(this.#context?.model ?? this.#shownModel);
  }

  /** A hotspot on a piece (`data-component-id="model-10"`) is counted for its product. */
  protected override productOfComponent(id: string): string | undefined {
    return this.products.find((p) => p.ids.includes(id))?.componentId;
  }

  /** The room on screen and what features need of it; undefined until loaded and after teardown. */
  protected get viewContext(): ViewerContext | undefined {
    return this.#context;
  }

  /**
   * The room on screen, drawn on either thread: what features offer beside it (the description, the
   * measure and look buttons). Undefined until it is built and after teardown.
   */
  protected override get roomShown(): { model: RoomModel; plan: PlanGeometry } | undefined {
    return this.#context ?? this.#builtInWorker;
  }

  /** The element's words follow its language (features look their own words up through it). */
  protected override get language(): LanguageController {
    return this.#language;
  }

  /** A feature's hook: a room view now exists (called before its first frame; call super). */
  protected viewReady(_context: ViewerContext): void {}

  /** A feature's hook: the view is about to be disposed (a reload, an error, the element left; call super). */
  protected viewGone(): void {}

  /**
   * A feature's hook: the room is built in the render worker (its first frame follows). `viewGone()`
   * follows it as it follows `viewReady()` (call super).
   */
  protected workerReady(_view: WorkerView, _model: RoomModel): void {}

  /**
   * A feature's hook: true when the opening view needs the features' three.js side (call super, passing
   * `inWorker` on). `inWorker`: asked whether the room can be drawn in the render worker: only what needs
   * the scene on the page's thread counts (the worker draws selection itself).
   */
  protected featuresAtStart(_inWorker = false): boolean {
    return false;
  }

  /**
   * A feature's hook (the wheel guard): whether this wheel turn zooms the room drawn in the render worker
   * (on the page's thread the feature gates OrbitControls itself).
   */
  protected wheelZooms(_event: WheelEvent): boolean {
    return true;
  }

  /** A feature's hook (cooperative gestures): whether one finger scrolls the page instead of orbiting. */
  protected oneFingerScrolls(): boolean {
    return false;
  }

  /** Shows or hides the furniture of the room on screen, on either thread (`furniture="hidden"`). */
  protected override showFurniture(visible: boolean): void {
    this.#drawn()?.setFurnitureVisible(visible);
  }

  /** Features call this when `oneFingerScrolls()` may have changed: the render worker hears it. */
  protected gesturesChanged(): void {
    this.#remote?.setTouchScrolls(this.oneFingerScrolls());
  }

  /**
   * The room drawn in the render worker again at `width` × `height` (`toBlob()`), or undefined when it is
   * not drawn there.
   */
  protected workerSnapshot(width: number, height: number): Promise<HTMLCanvasElement> | undefined {
    return this.#remote?.snapshot(width, height);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    this.addEventListener('keydown', this.#onRevealKey);
    this.#resize ??= new ResizeObserver(() => this.#applySize());
    this.#resize.observe(this);
    if (this.loading === 'eager') this.#begin();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize?.disconnect();
  }

  /** Auto-rotation as asked, unless the page asks for reduced motion. */
  #autoRotating(): boolean {
    return this.autoRotate && !this.#motion.reduced;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    syncAutoRotate(this, changed);
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.setState(this.#shownState(), STATES);
    this.toggleState('warning', this.#warningShown());
    const view = this.#drawn();
    if (changed.has('camera') && view) view.setCameraMode(this.#cameraMode());
    if (changed.has('controls') && view) view.setControls(this.controls);
    if (changed.has('autoRotate') && view) view.setAutoRotate(this.#autoRotating());
    if (changed.has('loading') && this.loading === 'eager' && this.isConnected) this.#begin();
    if (changed.has('reveal') && this.reveal === 'auto' && this._waiting) this.#begin();
    if (changed.has('poster') && changed.get('poster') !== undefined && this.#source.state !== 'loaded') {
      this.#poster.reset();
      this.#poster.resolve();
    }
    // set through the CSSOM: a style attribute would be refused by a strict Content-Security-Policy
    this._progressBar?.style.setProperty('--progress', String(Math.max(0, this._progress)));
    const changes = this.#started ? this.#source.changes() : undefined;
    if (changes === 'source') this.#reload();
    else if (changes === 'floor') this.#reload(true);
    else if (this.#remote && this.featuresAtStart(true)) {
      // a feature that reads the scene (camera-orbit, selected, cutaway, measure...) set after the start:
      // the room is drawn again on the page's thread, where the features are
      this.#onPage = true;
      this.#reload(true);
    }
  }

  /** Loads the room again (after an error, or to pick up a changed model object). */
  reload(): void {
    if (this.#started) this.#reload();
    else this.#begin();
  }

  #cameraMode(): CameraMode {
    return this.camera === 'orbit' || this.camera === 'top' ? this.camera : 'model';
  }

  #onNear(near: boolean): void {
    this.#drawn()?.setVisible(near);
    if (near) this.#begin();
  }

  /** What the element shows: the source's state, or `poster` while the room waits to be asked for. */
  #shownState(): (typeof STATES)[number] {
    return this._waiting ? 'poster' : this.#source.state;
  }

  #begin(): void {
    if (this.#started || !this.isConnected) return;
    // the poster first, beside the room (auto) or alone until the visitor asks (interaction, manual)
    this.#poster.resolve();
    if (this.reveal !== 'auto' && !this.#asked && hasModelSource(this)) {
      this._waiting = true;
      return;
    }
    this._waiting = false;
    this.#started = true;
    this.#reload();
  }

  /**
   * Shows the room instead of the poster, as model-viewer's `dismissPoster()`: with `reveal="interaction"`
   * or `"manual"` this is what starts loading the room (and three.js); once the room is drawn, the poster
   * fades out. Does nothing more when the room is already shown.
   */
  dismissPoster(): void {
    this.#asked = true;
    if (this.#started) {
      if (this.#source.state === 'loaded' && !this.#poster.gone) {
        this.#poster.gone = true;
        this.requestUpdate();
      }
      return;
    }
    this.#begin();
    // asked before the viewer neared the viewport: start now, as the visitor is waiting
    if (!this.#started && this.isConnected) {
      this.#poster.resolve();
      this._waiting = false;
      this.#started = true;
      this.#reload();
    }
  }

  #onRevealClick = (event: Event): void => {
    event.stopPropagation();
    this.dismissPoster();
  };

  #onRevealKey = (event: KeyboardEvent): void => {
    if (!this._waiting || this.reveal !== 'interaction' || event.target !== this) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    this.dismissPoster();
  };

  /** `floorOnly`: only the floor or design changed; the FML already read is shown again. */
  #reload(floorOnly = false): void {
    if (!floorOnly) {
      // another room (or the same once more): its poster, shown again until its first frame
      this.#poster.gone = false;
      this.#poster.resolve();
    }
    this.#teardown();
    this._message = undefined;
    this._warning = undefined;
    void this.#load(floorOnly);
  }

  async #load(floorOnly: boolean): Promise<void> {
    // drawn in the render worker: no three.js on the page's thread (renderer="worker", the default)
    const offThread =
      (this.renderer ?? getConfig().viewerRenderer ?? 'worker') === 'worker' &&
      !this.#onPage &&
      !this.featuresAtStart(true) &&
      !this.componentLoader &&
      workerRenderingSupported();
    // on the page's thread, the features' three.js side before the first frame when the opening view needs it
    const withFeatures = !offThread && this.featuresAtStart();
    // three.js is fetched while the room is (once there is a room to load)
    let threeLoading: Promise<ThreeModule> | undefined;
    let workerStarted = false;
    let current = () => true;
    // Poster first: on a slow link three.js (140 KB) would share it with the poster, the page's largest
    // paint, so it is fetched once the poster shown loaded or failed, at once when there is none. With
    // reveal="auto" the room's document names the poster: three.js then waits for the room too.
    const loadThree = () => {
      if (offThread) {
        // the worker's code (three.js with it) after the poster, as three.js would be
        if (!workerStarted)
          void this.#poster
            .settled()
            .then(loadWorkerView)
            .then(
              (module) => module.WorkerView.warm(),
              () => {}, // seen when the room is drawn: it is then drawn on the page's thread
            );
        workerStarted = true;
        return undefined;
      }
      if (threeLoading) return threeLoading;
      threeLoading = this.#poster.settled().then(startThree);
      threeLoading.then(
        () => current() && this.#progress.arrived('code'),
        () => {}, // a failed room load wins; this failure is seen when the room is drawn
      );
      return threeLoading;
    };
    const run = await this.#source.load(
      (shown) => {
        // the room has arrived (progress; with reveal="auto" its document names the poster)
        this.#progress.arrived('room');
        this.#poster.fromRoom();
        return prepareRoom(shown, this, loadThree(), withFeatures);
      },
      floorOnly,
      () => {
        this.#progress.start();
        // the room's words need the number formats: made now, while the page waits for the network
        const lang = this.#language.lang;
        setTimeout(() => warmNumberFormats(lang), 0);
        // no poster to come from the room's document (the page's own, none, or another source):
        // three.js now, after the page's poster if there is one, beside the room (issue 15)
        if (!this.#poster.awaitsRoom()) void loadThree();
      },
    );
    if (!run) return;
    if (run.status === 'failed') return this.#fail(run.error);
    const { model, problems, plan, features, above, stacker } = run.value;
    const fml = run.shown.fml;
    current = run.current;
    await this.updateComplete;
    if (!run.current()) return;
    const camera = fml && this.camera === 'model' ? 'orbit' : this.#cameraMode();
    // floors stacked (floor="all") are put together on the page's thread: that viewer draws there
    if (offThread && !stacker) return this.#drawInWorker(run, model, problems, plan, camera);
    const three = run.value.three ?? (await startThree());
    if (!run.current()) return;
    // three.js was just evaluated and the room read: the page's WebGL context (made once per page) and
    // the scene are each made in a task of their own
    await yieldToPage();
    if (!run.current()) return;
    try {
      three.SharedRenderer.get();
    } catch {
      // no WebGL: RoomView below fails the same way and says so
    }
    await yieldToPage();
    if (!run.current()) return;
    // the walls, the floors and ceilings, then the furniture in slices, each in tasks of their own; the
    // scene below makes the materials and puts it together
    const prepared = await three.prepareRoomGeometry(plan, yieldToPage, model);
    if (!run.current()) return;
    const { width, height } = this.#size();
    const furnitureBase = this.furnitureBase ?? getConfig().furnitureBase;
    // the page's own loader wins; the products' meshes come through the built-in one
    const meshLoader = !this.componentLoader && furnitureBase ? furnitureLoader(furnitureBase) : undefined;
    try {
      this.#view = new three.RoomView({
        canvas: this._canvas,
        keyTarget: this,
        model,
        plan,
        prepared,
        // FML cameras are not the room model's: an FML plan starts from above at an angle
        camera,
        controls: this.controls,
        autoRotate: this.#autoRotating(),
        mediaBase: this.mediaBase,
        componentLoader: this.componentLoader,
        meshLoader,
        width,
        height,
        // the device's ratio; the view's policy caps it by its size (src/three/render-scale.ts)
        pixelRatio: globalThis.devicePixelRatio || 1,
        onRenderScale: (detail) => this.emit('render-scale', detail),
        onFrame: (frames) => {
          if (!run.current()) return;
          if (frames === 1) this.#loaded(model, problems);
          const { total, pending } = this.#view!.room.materials;
          this.#progress.drawn(total, pending);
        },
        yieldToPage,
        onCameraChange: (change) => this.#cameraChange.push(change),
        onContextGone: () => this.#contextGone(run),
        onTextureError: (url) => {
          if (this.#view && run.current() && this.#view.frames > 0) {
            const { total, pending } = this.#view.room.materials;
            this.#progress.drawn(total, pending);
          }
          this.#partialFailure(
            new ElementError(`texture failed: ${url}`, { kind: 'network', reason: 'texture', cause: url }),
          );
        },
        onComponentError: (error, component: ModelComponent) => this.#componentFailed(error, component),
      });
    } catch (error) {
      return this.#fail(
        new ElementError(String(error), { kind: 'invalid', reason: 'no-webgl', cause: error }),
      );
    }
    if (stacker && above.length)
      this.#unstack = stacker.stackFloors(this.#view, above, {
        mediaBase: this.mediaBase,
        componentLoader: this.componentLoader,
        meshLoader,
        onComponentError: (error, component) => this.#componentFailed(error, component),
      });
    const context: ViewerContext = {
      view: this.#view,
      model,
      plan,
      three,
      features,
      loadFeatures: () => loadFeatures().then((loaded) => (context.features = loaded)),
    };
    // what the features build on the view (the room's description in words, its first Intl formats,
    // hotspots, selection) in a task after the scene's own
    await yieldToPage();
    if (!run.current() || this.#view !== context.view) return;
    this.#context = context;
    this.viewReady(this.#context);
    // `furniture="hidden"` (features/products/furniture-feature.ts) as the worker's view starts with it
    this.#view.setFurnitureVisible(!this.furnitureHidden());
    // the first frame is drawn either way; later frames only while near the viewport
    this.#view.setVisible(this.#viewport.near);
  }

  /**
   * Draws the room in the render worker (renderer="worker"). What the worker cannot do (no WebGL there, the
   * worker did not start) loads the room again, drawn on the page's thread.
   */
  async #drawInWorker(
    run: { current(): boolean },
    model: RoomModel,
    problems: readonly ModelProblem[],
    plan: PlanGeometry,
    camera: CameraMode,
  ): Promise<void> {
    let WorkerView: typeof import('./worker-view.js').WorkerView;
    try {
      ({ WorkerView } = await loadWorkerView());
      if (!WorkerView.supported()) throw new Error('the render worker did not start on this page');
    } catch {
      // its chunk could not be had (twice), or the worker failed before: drawn on the page's thread
      if (!run.current()) return;
      this.#onPage = true;
      return this.#reload();
    }
    if (!run.current()) return;
    const { width, height } = this.#size();
    const config = getConfig();
    this.#shownModel = model;
    const view: WorkerView = new WorkerView({
      canvas: this._canvas,
      keyTarget: this,
      model,
      plan,
      camera,
      controls: this.controls,
      autoRotate: this.#autoRotating(),
      furnitureVisible: !this.furnitureHidden(),
      touchScrolls: this.oneFingerScrolls(),
      wheelZooms: (event) => this.wheelZooms(event),
      mediaBase: this.mediaBase,
      furnitureBase: this.furnitureBase ?? config.furnitureBase,
      basisTranscoderPath: config.basisTranscoderPath,
      width,
      height,
      pixelRatio: globalThis.devicePixelRatio || 1,
      onBuilt: () => {
        if (!run.current() || this.#remote !== view) return;
        this.#progress.arrived('code');
        this.#builtInWorker = { model, plan };
        this.workerReady(view, model);
        this.requestUpdate();
      },
      onFrame: (frames, total, pending) => {
        if (!run.current()) return;
        if (frames === 1) this.#loaded(model, problems);
        this.#progress.drawn(total, pending);
      },
      onCameraChange: (change) => this.#cameraChange.push(change),
      onRenderScale: (detail) => this.emit('render-scale', detail),
      onTextureError: (url, total, pending) => {
        if (!run.current()) return;
        if (view.frames > 0) this.#progress.drawn(total, pending);
        this.#partialFailure(
          new ElementError(`texture failed: ${url}`, { kind: 'network', reason: 'texture', cause: url }),
        );
      },
      onComponentError: (id, message, kind) => {
        if (!run.current()) return;
        this.#partialFailure(
          new ElementError(
            kind ? `the mesh of ${id} failed: ${message}` : `the piece ${id} failed: ${message}`,
            {
              kind: kind ?? 'invalid',
              reason: 'component',
            },
          ),
        );
      },
      onContextGone: () => this.#contextGone(run),
      onFailed: () => {
        if (!run.current() || this.#remote !== view) return;
        // the features let go of the worker's view (selection sends its outline there) before it goes
        this.viewGone();
        this.#remote = undefined;
        this.#builtInWorker = undefined;
        this.#onPage = true;
        this.#reload();
      },
    });
    this.#remote = view;
    view.setVisible(this.#viewport.near);
  }

  /**
   * The WebGL context was lost for good (too many contexts on the page, a GPU that did not come back): an
   * error with a retry, which makes a new renderer, instead of a picture frozen on its last frame.
   */
  #contextGone(run: { current(): boolean }): void {
    if (!run.current()) return;
    // kind `invalid` like every no-webgl, but here a retry helps: it makes a new renderer
    this.#fail(
      new ElementError('the WebGL context was lost and not restored', {
        kind: 'invalid',
        reason: 'no-webgl',
      }),
      true,
    );
  }

  /** `retry`: the panel offers a retry whatever the kind (see renderErrorPanel's `retry`). */
  #fail(error: ElementError, retry?: boolean): void {
    this.#teardown();
    this._errorRetry = retry ?? false;
    this.#source.fail(error);
    // the viewer's own reasons have words of their own; every other failure says its kind's shared words
    this._message = error.reason ? VIEWER_REASON_WORDS[error.reason] : undefined;
    this._errorKind = error.kind;
    this.emit('model-error', { error, fatal: true });
  }

  #loaded(model: RoomModel, problems: readonly ModelProblem[]): void {
    this.#source.loaded();
    // the first frame is under the poster: fade it out (a cross-fade, nothing moves)
    this.#poster.gone = true;
    // state first, synchronously, so listeners of model-load see it
    this.setState('loaded', STATES);
    this.toggleState('warning', this.#warningShown());
    this.emit('model-load', { model, problems, products: productsOf(model) });
  }

  /** The room is drawn but part of it is not as the model says. */
  #warningShown(): boolean {
    return this.#source.state === 'loaded' && this._warning !== undefined;
  }

  #partialFailure(error: ElementError): void {
    // textures first: a texture notice says more about what the page looks like than a box does
    if (error.reason === 'texture') this._warning = 'textures';
    else this._warning ??= 'components';
    this.emit('model-error', { error, fatal: false });
  }

  /** A piece's page-supplied object or product mesh failed: it keeps its box. */
  #componentFailed(error: unknown, component: ModelComponent): void {
    const mesh = (error as { name?: string } | null)?.name === 'FurnitureMeshError';
    const kind = mesh ? ((error as { kind?: ElementError['kind'] }).kind ?? 'invalid') : 'invalid';
    this.#partialFailure(
      new ElementError(
        mesh
          ? `the mesh of ${component.id} failed: ${(error as Error).message}`
          : `componentLoader failed for ${component.id}`,
        { kind, reason: 'component', cause: error },
      ),
    );
  }

  #size(): { width: number; height: number } {
    const rect = this.getBoundingClientRect();
    return { width: rect.width || 300, height: rect.height || 150 };
  }

  #applySize(): void {
    const view = this.#drawn();
    if (!view) return;
    const { width, height } = this.#size();
    view.setSize(width, height, globalThis.devicePixelRatio || 1);
  }

  #teardown(): void {
    this.#cameraChange.cancel();
    this.#source.abort();
    this.#unstack?.();
    this.#unstack = undefined;
    if (this.#context || this.#remote) this.viewGone();
    this.#context = undefined;
    this.#view?.dispose();
    this.#view = undefined;
    this.#remote?.dispose();
    this.#remote = undefined;
    this.#builtInWorker = undefined;
    this.#shownModel = undefined;
  }

  #retry = () => this.#reload();

  override render() {
    const t = (key: ViewerStringKey) => this.#language.t(VIEWER_STRINGS, key);
    return html`
      ${floorSwitcher({
        plan: this.#source.fml?.plan,
        selected: this.#source.floorIndex,
        label: t('floor'),
        all: t('allFloors'),
        fallback: (level) => this.#language.t(VIEWER_STRINGS, 'floorLevel', { level }),
        onChange: (index) => (this.floor = index < 0 ? 'all' : String(index)),
      })}
      <canvas part="canvas" role="img" aria-label=${t(this.controls ? 'label' : 'labelStatic')}></canvas>
      ${this.#poster.render({
        alt: t('poster'),
        waiting: this._waiting && this.reveal === 'interaction',
        button: t('reveal'),
        onReveal: this.#onRevealClick,
      })}
      ${this.renderFeatures()}
      ${
        this._progress >= 0 && this._progress < 1 && this.#source.state === 'loading'
          ? html`<div
              part="progress-bar"
              class="progress-bar"
              role="progressbar"
              aria-label=${t('loading')}
              aria-valuemin="0"
              aria-valuemax="100"
              aria-valuenow=${Math.round(this._progress * 100)}
            ></div>`
          : nothing
      }
      ${
        this.#source.state === 'loading' && !this.#poster.image
          ? html`<div part="status" class="status" role="status">
              <span class="spinner"></span>${t('loading')}
            </div>`
          : nothing
      }
      ${
        this.#source.state === 'error'
          ? html`<div class="error-layer">
              ${renderErrorPanel({
                kind: this._errorKind ?? 'invalid',
                lang: this.#language.lang,
                message: this._message ? t(this._message) : undefined,
                onRetry: this.#retry,
                retry: this._errorRetry || undefined,
              })}
            </div>`
          : nothing
      }
      ${
        this.#warningShown()
          ? html`<div part="warning" class="warning" role="status">${t(this._warning ?? 'textures')}</div>`
          : nothing
      }
    `;
  }
}
