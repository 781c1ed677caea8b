/**
 * `<room-viewer>`'s core (the element itself, with its documentation and feature mixins, is
 * room-viewer.ts).
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { ModelProblem, RoomModel, RoomModelJson } from '../../model/types.js';
import type { FmlPlan } from '../../model/fml/types.js';
import { FmlInputs } from '../../features/model-source/fml-inputs.js';
import { floorSwitcher } from '../../features/model-source/fml-floors.js';
import { ModelSourceController, SOURCE_STATES } from '../../features/model-source/source-controller.js';
import type { RoomProduct } from '../../model/products.js';
import { warmNumberFormats } from '../../model/units.js';
import { productsOf } from '../../features/products/products-of.js';
import { onUnlessFalse } from '../../internal/converters.js';
import { ElementError, type FailureKind } from '../../internal/element-error.js';
import { renderErrorPanel } from '../../features/error-panel/error-panel.js';
import { syncAutoRotate } from '../../features/motion/auto-rotate-alias.js';
import { ReducedMotionController } from '../../features/motion/reduced-motion.js';
import { TrailingThrottle } from '../../features/throttle/trailing-throttle.js';
import { LanguageController } from '../../internal/language.js';
import { DisconnectController } from '../../internal/moved.js';
import { ProductsHost } from '../../features/products/products-host.js';
import { ViewportController } from '../../internal/viewport.js';
import { yieldToPage } from '../../platform/yield.js';
import { hasModelSource } from '../../api/model-source.js';
import type { ProgressDetail } from '../../events/progress.js';
import { ViewerPoster } from './features/poster.js';
import { ViewerProgress } from './features/progress.js';
import { lazyModule } from '../../internal/lazy-module.js';
import { workerRenderingSupported } from './worker-support.js';
import { renderThreadFor } from './thread.js';
import { CameraFeed, provideCameraFeed } from '../../features/motion/camera-feed.js';
// types only: three.js itself loads with loadThree() (a lazy chunk) when a viewer draws on the page's
// thread; the page's side of the render worker is a lazy chunk too
import type { CameraChange, CameraMode, ComponentLoader, RoomView } from '../../three/index.js';
import type { ComponentFailure, DrawingEvents, DrawnFrame, RoomDrawing } from '../../three/drawing.js';
import { getConfig } from '../../config.js';
import {
  furnitureLoader,
  loadFeatures,
  prepareRoom,
  startThree,
  type LoadedRoom,
  type ThreeModule,
  type ViewerContext,
} from './load.js';

/** The page's side of the render worker, fetched once per page by the first viewer that draws there. */
const loadWorkerView = lazyModule(() => import('./worker-view.js'));
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

  /**
   * Start view: `model` (the model's own camera, default), `orbit` (the whole room at an angle), `top`, or
   * `walk`: first person at eye height (160 cm) from the floor's first walkthrough camera (else the largest
   * area's centre), walls holding; ↑/W and ↓/S walk, ←/A and →/D turn, Shift+←/→ or Q/E step aside, a drag
   * looks around, a tap on the floor walks there; stairs lead to the floor they join (docs/walk.md).
   */
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
   * A function runs on the thread that made it: a viewer with one draws on the page's thread (`furniture-base`
   * serves the products' meshes in the render worker).
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
   * on an OffscreenCanvas, so the page's thread evaluates no three.js and does no WebGL work; every feature
   * works there (selection, hotspots, measuring, `cutaway`, `flyTo()` and the camera attributes,
   * `sync-camera`, a `<room-plan for>`, `floor="all"`, `furniture-base`, `toBlob()`), and every event is the
   * same. `main`: on the page's thread. A viewer also draws there with a page `componentLoader` (a function
   * runs where it was made), in a browser without OffscreenCanvas, or where the worker cannot start, has no
   * WebGL or stops answering (`renderThread` says where the room is drawn).
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

  /** The room drawn, on either thread (src/three/drawing.ts); undefined until drawn and after teardown. */
  #drawing?: RoomDrawing;
  /** The room on screen and its drawing, as the features see it. */
  #context?: ViewerContext;
  /** The render worker failed on this page or could not draw this room: later loads draw on the page. */
  #workerFailed = false;
  /** This viewer's camera, frame by frame, for another viewer's `sync-camera` and a `<room-plan for>`. */
  #feed = new CameraFeed((position, target) => {
    this.#drawing?.moveCamera({ view: { position, target } }, false).catch(() => undefined);
  });
  #started = false;
  #resize?: ResizeObserver;
  #language = new LanguageController(this);
  // camera-change follows the panorama's view-change rule: at most every 100 ms, the last always out
  #cameraChange = new TrailingThrottle<CameraChange>((change) => this.emit('camera-change', change));
  // reduced motion stops auto-rotation at once when the page's setting changes, and lets it turn again
  #motion = new ReducedMotionController(this, () => this.#drawing?.setAutoRotate(this.#autoRotating()));
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
    provideCameraFeed(this, this.#feed);
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
    return (this.#drawing as { view?: RoomView } | undefined)?.view;
  }

  /** Where the room on screen is drawn: `main`, `worker` (see `renderer`), or undefined before it is. Read-only. */
  get renderThread(): 'main' | 'worker' | undefined {
    return this.#drawing?.thread;
  }

  /**
   * The room's products: its furniture grouped by `componentId`, each with `count`, `category`, `size`
   * (cm) and the `areas` it stands in, and its pieces' `ids`; the counts add up to the furniture. Empty
   * until a room is shown. Read-only.
   */
  override get products(): readonly RoomProduct[] {
    return productsOf(this.#context?.model);
  }

  /** A hotspot on a piece (`data-component-id="model-10"`) is counted for its product. */
  protected override productOfComponent(id: string): string | undefined {
    return this.products.find((p) => p.ids.includes(id))?.componentId;
  }

  /** The room on screen and what features need of it; undefined until loaded and after teardown. */
  protected get viewContext(): ViewerContext | undefined {
    return this.#context;
  }

  /** The room on screen, drawn on either thread (same as `viewContext`: what features offer beside it). */
  protected override get roomShown(): ViewerContext | undefined {
    return this.#context;
  }

  /** Walk mode (features/walk.ts): the FML plan shown and the index of its floor drawn, when the source is FML. */
  protected get fmlShown(): { plan: FmlPlan; floorIndex: number } | undefined {
    const fml = this.#source.fml;
    return fml && { plan: fml.plan, floorIndex: this.#source.floorIndex };
  }

  /** The element's words follow its language (features look their own words up through it). */
  protected override get language(): LanguageController {
    return this.#language;
  }

  /**
   * A feature's hook: a room is drawn now, on either thread (called before its first frame: what a feature
   * asks of `context.drawing` now is in that frame; call super).
   */
  protected viewReady(_context: ViewerContext): void {}

  /** A feature's hook: the view is about to be disposed (a reload, an error, the element left; call super). */
  protected viewGone(): void {}

  /** A feature's hook: a frame was drawn, with its camera and the anchors it follows (call super). */
  protected drawnFrame(_frame: DrawnFrame): void {}

  /**
   * A feature's hook: true when the opening view needs the features' three.js side, which then loads
   * before the first frame on the page's thread (the render worker has it with its own code; call super).
   */
  protected featuresAtStart(): boolean {
    return false;
  }

  /** A feature's hook (the wheel guard): whether this wheel turn zooms the room, on either thread. */
  protected wheelZooms(_event: WheelEvent): boolean {
    return true;
  }

  /** A feature's hook (cooperative gestures): whether one finger scrolls the page instead of orbiting. */
  protected oneFingerScrolls(): boolean {
    return false;
  }

  /** Shows or hides the furniture of the room on screen, on either thread (`furniture="hidden"`). */
  protected override showFurniture(visible: boolean): void {
    this.#drawing?.setFurnitureVisible(visible);
  }

  /** Features call this when `oneFingerScrolls()` may have changed: the drawing hears it. */
  protected gesturesChanged(): void {
    this.#drawing?.setTouchScrolls(this.oneFingerScrolls());
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
    const view = this.#drawing;
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
  }

  /** Loads the room again (after an error, or to pick up a changed model object). */
  reload(): void {
    if (this.#started) this.#reload();
    else this.#begin();
  }

  #cameraMode(): CameraMode {
    return this.camera === 'orbit' || this.camera === 'top' || this.camera === 'walk' ? this.camera : 'model';
  }

  #onNear(near: boolean): void {
    this.#drawing?.setVisible(near);
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

  /** Where this viewer's room is drawn now (thread.ts holds the rule). */
  #thread(): 'main' | 'worker' {
    return renderThreadFor({
      renderer: this.renderer,
      configured: getConfig().viewerRenderer,
      pageLoader: !!this.componentLoader,
      supported: workerRenderingSupported(),
      workerFailed: this.#workerFailed,
    });
  }

  async #load(floorOnly: boolean): Promise<void> {
    const offThread = this.#thread() === 'worker';
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
    current = run.current;
    await this.updateComplete;
    if (!run.current()) return;
    const drawing = offThread ? await this.#inWorker(run) : await this.#onPage(run);
    if (!drawing || !run.current() || drawing !== this.#drawing) {
      if (drawing !== this.#drawing) drawing?.dispose();
      return;
    }
    const { model, plan } = run.value;
    const context: ViewerContext = { drawing, model, plan };
    this.#context = context;
    // before the first frame: what the features ask of the drawing now is in it
    this.viewReady(context);
    // `furniture="hidden"` (features/products/furniture-feature.ts) as the drawing starts with it
    drawing.setFurnitureVisible(!this.furnitureHidden());
    // the first frame is drawn either way; later frames only while near the viewport
    drawing.setVisible(this.#viewport.near);
    this.requestUpdate();
  }

  /** What a drawing starts with, on either thread. */
  #settings(run: { value: LoadedRoom; shown: { fml?: unknown } }) {
    const { width, height } = this.#size();
    const config = getConfig();
    const { model, plan, above } = run.value;
    return {
      model,
      plan,
      above,
      // FML cameras are not the room model's: an FML plan starts from above at an angle
      camera: run.shown.fml && this.camera === 'model' ? ('orbit' as const) : this.#cameraMode(),
      controls: this.controls,
      autoRotate: this.#autoRotating(),
      furnitureVisible: !this.furnitureHidden(),
      touchScrolls: this.oneFingerScrolls(),
      mediaBase: this.mediaBase,
      // the page's own loader wins; the products' meshes come through the built-in one
      furnitureBase: this.componentLoader ? undefined : (this.furnitureBase ?? config.furnitureBase),
      basisTranscoderPath: config.basisTranscoderPath,
      furnitureOrigins: config.furnitureOrigins && [...config.furnitureOrigins],
      width,
      height,
      // the device's ratio; the view's policy caps it by its size (src/three/render-scale.ts)
      pixelRatio: globalThis.devicePixelRatio || 1,
      wheelZooms: (event: WheelEvent) => this.wheelZooms(event),
    };
  }

  /** The one set of events, the same from either thread. */
  #events(
    run: { value: LoadedRoom; current(): boolean },
    drawn: () => RoomDrawing | undefined,
  ): DrawingEvents {
    const { model, problems } = run.value;
    const mine = () => run.current() && !!drawn() && drawn() === this.#drawing;
    return {
      onBuilt: () => {
        if (mine()) this.#progress.arrived('code');
      },
      onFrame: (frame) => {
        if (!mine()) return;
        if (frame.frames === 1) this.#loaded(model, problems);
        this.#progress.drawn(frame.total, frame.pending);
        this.#feed.publish(frame.pose);
        this.drawnFrame(frame);
      },
      onCameraChange: (change) => this.#cameraChange.push(change),
      onRenderScale: (detail) => this.emit('render-scale', detail),
      onTextureError: (url, total, pending) => {
        if (!run.current()) return;
        if ((drawn()?.frames ?? 0) > 0) this.#progress.drawn(total, pending);
        this.#partialFailure(
          new ElementError(`texture failed: ${url}`, { kind: 'network', reason: 'texture', cause: url }),
        );
      },
      onComponentError: (failure) => {
        if (run.current()) this.#componentFailed(failure);
      },
      onContextGone: () => this.#contextGone(run),
      onFailed: () => {
        if (!mine()) return;
        // the render worker could not draw it, or stopped: drawn again on the page's thread
        this.#workerFailed = true;
        this.#reload();
      },
    };
  }

  /** The room drawn on the page's thread (three.js loaded here). */
  async #onPage(run: {
    value: LoadedRoom;
    shown: { fml?: unknown };
    current(): boolean;
  }): Promise<RoomDrawing | undefined> {
    const three = run.value.three ?? (await startThree());
    if (!run.current()) return;
    // three.js was just evaluated and the room read: the page's WebGL context (made once per page) and
    // the scene are each made in a task of their own
    await yieldToPage();
    if (!run.current()) return;
    try {
      three.SharedRenderer.get();
    } catch {
      // no WebGL: the drawing below fails the same way and says so
    }
    await yieldToPage();
    if (!run.current()) return;
    // the walls, the floors and ceilings, then the furniture in slices, each in tasks of their own; the
    // scene below makes the materials and puts it together
    const { model, plan } = run.value;
    const prepared = await three.prepareRoomGeometry(plan, yieldToPage, model);
    if (!run.current()) return;
    const settings = this.#settings(run);
    let drawing: RoomDrawing | undefined;
    try {
      drawing = new three.MainDrawing({
        ...settings,
        ...this.#events(run, () => drawing),
        canvas: this._canvas,
        keyTarget: this,
        prepared,
        componentLoader: this.componentLoader,
        meshLoader: settings.furnitureBase ? furnitureLoader(settings.furnitureBase) : undefined,
        yieldToPage,
        loadFeatures,
      });
    } catch (error) {
      this.#fail(new ElementError(String(error), { kind: 'invalid', reason: 'no-webgl', cause: error }));
      return;
    }
    this.#drawing = drawing;
    return drawing;
  }

  /**
   * The room drawn in the render worker. What the worker cannot do (its code could not be had, no WebGL
   * there, the worker stopped) loads the room again, drawn on the page's thread.
   */
  async #inWorker(run: {
    value: LoadedRoom;
    shown: { fml?: unknown };
    current(): boolean;
  }): Promise<RoomDrawing | undefined> {
    let WorkerView: typeof import('./worker-view.js').WorkerView;
    try {
      ({ WorkerView } = await loadWorkerView());
      if (!WorkerView.supported()) throw new Error('the render worker did not start on this page');
    } catch {
      if (run.current()) {
        this.#workerFailed = true;
        this.#reload();
      }
      return;
    }
    if (!run.current()) return;
    let drawing: RoomDrawing | undefined = undefined;
    drawing = new WorkerView({
      ...this.#settings(run),
      ...this.#events(run, () => drawing),
      canvas: this._canvas,
      keyTarget: this,
    });
    // held at once: a worker that fails in the next microtask hands the room back to the page's thread
    this.#drawing = drawing;
    return drawing;
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
    // WebGL was there: the words say it was lost, not that the browser has none
    this._message = 'contextLost';
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

  /** A piece's page-supplied object or product mesh failed (classified once: src/three/view-driver.ts): it keeps its box. */
  #componentFailed(failure: ComponentFailure): void {
    this.#partialFailure(
      new ElementError(
        failure.mesh ? `the mesh of ${failure.componentId} failed: ${failure.message}` : failure.message,
        { kind: failure.kind, reason: 'component', cause: failure },
      ),
    );
  }

  #size(): { width: number; height: number } {
    const rect = this.getBoundingClientRect();
    return { width: rect.width || 300, height: rect.height || 150 };
  }

  #applySize(): void {
    const view = this.#drawing;
    if (!view) return;
    const { width, height } = this.#size();
    view.setSize(width, height, globalThis.devicePixelRatio || 1);
  }

  #teardown(): void {
    this.#cameraChange.cancel();
    this.#source.abort();
    if (this.#context) this.viewGone();
    this.#context = undefined;
    this.#drawing?.dispose();
    this.#drawing = undefined;
    this.#feed.publish(undefined);
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
      <canvas
        part="canvas"
        role="img"
        aria-label=${t(this.controls ? (this.camera === 'walk' ? 'labelWalk' : 'label') : 'labelStatic')}
      ></canvas>
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
