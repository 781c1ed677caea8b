/**
 * `<room-viewer>`'s core (the element itself, with its documentation and feature mixins, is
 * room-viewer.ts).
 */
import { html, type PropertyValues } from 'lit';
import { RoomViewerHooks, type ViewerParts } from './hooks.js';
import type { FmlPlan } from '../../model/fml/types.js';
import { FloorSwitcherLater } from './floors/switcher-later.js';
import { ModelSourceController, SOURCE_STATES } from '../../features/model-source/source-controller.js';
import type { RoomProduct } from '../../model/products.js';
import { warmNumberFormats } from '../../model/warm-formats.js';
import { ElementError } from '../../internal/element-error.js';
import { componentError, contextLostError, textureError, ViewerErrors } from './errors.js';
import { LanguageController } from '../../internal/language.js';
import { DisconnectController } from '../../internal/moved.js';
import { ViewportController } from '../../internal/viewport.js';
import { drawInWorker, drawingCode, drawOnPage, drawSettings, threadFor, type DrawRun } from './draw.js';
// types only: three.js itself loads with loadThree() (a lazy chunk) when a viewer draws on the page's
// thread; the page's side of the render worker is a lazy chunk too
import type { RoomView } from '../../three/index.js';
import type { DrawingEvents, DrawnFrame, RoomDrawing } from '../../three/drawing.js';
import { yieldToPage } from '../../platform/yield.js';
import { ViewTakeUp } from './take-up.js';
import { prepareRoom, type LoadedRoom, type ViewerContext } from './load.js';
import { VIEWER_STRINGS, type ViewerStringKey } from './room-viewer.strings.js';
import { PartsQueue } from './parts-queue.js';
import { ViewerSize } from './size.js';
import { CameraRelay } from './camera-relay.js';
import { DrawingInputs } from './drawing-inputs.js';

export type { FeaturesModule, ThreeModule, ViewerContext } from './load.js';

/** The source's states, and `poster`: the poster shown, the room not asked for yet (reveal). */
const STATES = [...SOURCE_STATES, 'poster'] as const;
/**
 * The viewer's core: loading, the shared-renderer view, state, errors and the floor switcher. Features
 * (selection, camera, hotspots, measure, snapshots) are mixins over this class, as model-viewer builds
 * its element, and hook in through `viewReady`, `viewGone` and `renderFeatures`.
 */
export class RoomViewerBase extends RoomViewerHooks {
  #errors = new ViewerErrors(this, (detail) => this.emit('model-error', detail));
  /** The room drawn, on either thread (src/three/drawing.ts); undefined until drawn and after teardown. */
  #drawing?: RoomDrawing;
  /** The room on screen and its drawing, as the features see it. */
  #context?: ViewerContext;
  /** The render worker failed on this page or could not draw this room: later loads draw on the page. */
  #workerFailed = false;
  /** `camera-change`, and this viewer's camera frame by frame for those who follow it (camera-relay.ts). */
  #camera = new CameraRelay(
    this,
    () => this.#drawing,
    (change) => this.emit('camera-change', change),
  );
  /** What the drawing is told of `camera`, `controls`, `auto-rotate` and the rest (drawing-inputs.ts). */
  #inputs = new DrawingInputs(this, () => this.#drawing);
  #started = false;
  /** The features' working code and the calls held until it is in (parts-queue.ts); rendered a task later (take-up.ts). */
  #parts = new PartsQueue(this, {
    taken: (parts) => (this.#takeUp.renderLater(), this.partsIn(parts)),
    rendered: () => this.partsRendered(),
  });
  /** A new drawing's features, and the first render, in tasks of their own (take-up.ts). */
  #takeUp = new ViewTakeUp(this);
  #size = new ViewerSize(this, () => this.#drawing);
  #language = new LanguageController(this);
  #floors = new FloorSwitcherLater(this);
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
    // the analytics tracker's bytes after the first frame (or an error, or a poster held for reveal), never by timing before it
    this.analytics.settlesWhen((state) => state === 'loaded' || state === 'error' || state === 'poster');
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

  /** The features' working code (after-frame.ts), once in; undefined before. */
  protected get parts(): ViewerParts | undefined {
    return this.#parts.parts;
  }

  /**
   * Until the first `model-load` (the parts in and the room taken up by them), a call is held; the
   * held calls then run in the order they were made, right before `model-load`. Later calls run at once.
   */
  protected override whenPartsIn(call: () => void): boolean {
    return this.#parts.when(call);
  }

  /** Where the room on screen is drawn: `main`, `worker` (see `renderer`), or undefined before it is. Read-only. */
  get renderThread(): 'main' | 'worker' | undefined {
    return this.#drawing?.thread;
  }

  /**
   * The room's products: its furniture grouped by `componentId`, each with `count`, `category`, `size`
   * (cm) and the `areas` it stands in, and its pieces' `ids`; the counts add up to the furniture. Empty
   * until a room is shown (and its API is: `model-load`). Read-only.
   */
  override get products(): readonly RoomProduct[] {
    // worked out by the parts (after-frame.ts), which come after the first frame
    return this.parts?.productsOf(this.#context?.model) ?? [];
  }

  /** A hotspot on a piece (`data-component-id="model-10"`) is counted for its product. */
  protected override productOfComponent(id: string): string | undefined {
    return this.products.find((p) => p.ids.includes(id))?.componentId;
  }

  /** Walk mode (features/walk.ts): the FML plan shown and the index of its floor drawn, when the source is FML. */
  protected get fmlShown(): { plan: FmlPlan; floorIndex: number } | undefined {
    const fml = this.#source.fml;
    return fml && { plan: fml.plan, floorIndex: this.#source.floorIndex };
  }

  /** The room on screen and what features need of it; undefined until loaded and after teardown. */
  protected get viewContext(): ViewerContext | undefined {
    return this.#context;
  }

  /** The room on screen, drawn on either thread (same as `viewContext`: what features offer beside it). */
  protected override get roomShown(): ViewerContext | undefined {
    return this.#context;
  }

  /** The element's words follow its language (features look their own words up through it). */
  protected override get language(): LanguageController {
    return this.#language;
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
    if (this.loading === 'eager') this.#begin();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#inputs.willUpdate(changed);
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.setState(this.#shownState(), STATES);
    this.toggleState('warning', this.#errors.warns(this.#source.state));
    this.#inputs.updated(changed, this.#drawing);
    if (changed.has('loading') && this.loading === 'eager' && this.isConnected) this.#begin();
    const changes = this.#started ? this.#source.changes() : undefined;
    if (changes === 'source') this.#reload();
    else if (changes === 'floor') this.#reload(true);
  }

  /** Loads the room again (after an error, or to pick up a changed model object). */
  reload(): void {
    if (this.#started) this.#reload();
    else this.#begin();
  }

  #onNear(near: boolean): void {
    this.#drawing?.setVisible(near);
    if (near) this.#begin();
  }

  /** What the element shows: the source's state, or `poster` while the room waits to be asked for. */
  #shownState(): (typeof STATES)[number] {
    return this.roomHeld() ? 'poster' : this.#source.state;
  }

  #begin(): void {
    if (this.#started || !this.isConnected || this.holdRoom()) return;
    this.#started = true;
    this.#reload();
  }

  /** The room was asked for (loading it, shown, or failed); false while idle or held (reveal). */
  protected get roomStarted(): boolean {
    return this.#started;
  }

  /** The model source's state (`idle`, `loading`, `loaded`, `error`). */
  protected get sourceState(): (typeof SOURCE_STATES)[number] {
    return this.#source.state;
  }

  /**
   * The loading feature starts the room (reveal: the visitor or the page asked); `now`: even before
   * the viewer nears the viewport, as the visitor is waiting.
   */
  protected startRoom(now: boolean): void {
    this.#begin();
    if (now && !this.#started && this.isConnected) {
      this.#started = true;
      this.#reload();
    }
  }

  /** `floorOnly`: only the floor or design changed; the FML already read is shown again. */
  #reload(floorOnly = false): void {
    if (!floorOnly) this.loadStep({ step: 'reload' });
    this.#teardown();
    this.#errors.clear();
    void this.#load(floorOnly);
  }

  async #load(floorOnly: boolean): Promise<void> {
    const offThread = threadFor(this, this.#workerFailed) === 'worker';
    // on the page's thread, the features' three.js side before the first frame when the opening view needs it
    const withFeatures = !offThread && this.featuresAtStart();
    // what the page set changes the first frame (focus-component, selected, changes): the parts with the room
    const partsEarly = this.#parts.early(() => this.partsBeforeFrame());
    let current = () => true;
    // the drawing's code once there is a room to load, after the poster (draw.ts)
    const loadThree = drawingCode(
      offThread,
      () => this.posterFirst(),
      () => {
        if (current()) this.loadStep({ step: 'code' });
      },
    );
    const run = await this.#source.load(
      (shown) => {
        // the room has arrived (progress; with reveal="auto" its document names the poster)
        this.loadStep({ step: 'room' });
        return prepareRoom(shown, this, loadThree(), withFeatures);
      },
      floorOnly,
      () => {
        this.loadStep({ step: 'start' });
        // the room's words need the number formats: made now, while the page waits for the network
        const lang = this.#language.lang;
        setTimeout(() => warmNumberFormats(lang), 0);
        // no poster to come from the room's document (the page's own, none, or another source):
        // three.js now, after the page's poster if there is one, beside the room (issue 15)
        if (!this.posterFromRoom()) void loadThree();
      },
    );
    if (!run) return;
    if (run.status === 'failed') return this.#fail(run.error);
    current = run.current;
    await this.updateComplete;
    if (!run.current()) return;
    // the worker's code only after a poster shown too (poster first), as three.js on the page's thread
    const poster = offThread ? this.posterFirst() : undefined;
    if (poster) await poster;
    if (!run.current()) return;
    const drawing = await this.#draw(run, offThread);
    if (!drawing || !run.current() || drawing !== this.#drawing) {
      if (drawing !== this.#drawing) drawing?.dispose();
      return;
    }
    const shown = () => run.current() && drawing === this.#drawing;
    // the drawing has started (the render worker builds the room meanwhile): the features take it up
    // in the next task and render it in the one after (issue 33: together, one task of 100 ms on a phone)
    await yieldToPage();
    if (!shown()) return;
    const { model, plan } = run.value;
    const context: ViewerContext = { drawing, model, plan };
    if (partsEarly) {
      const parts = await partsEarly;
      if (!shown()) return;
      if (parts) this.#parts.take(parts);
    }
    this.#context = context;
    this.#takeUp.renderLater();
    // before the first frame: what the features ask of the drawing now is in it
    this.viewReady(context);
    // `furniture="hidden"` (features/products/furniture-feature.ts) as the drawing starts with it
    drawing.setFurnitureVisible(!this.furnitureHidden());
    // the first frame is drawn either way; later frames only while near the viewport
    drawing.setVisible(this.#viewport.near);
    await this.#takeUp.rendered(drawing, shown);
  }

  // Lit's documented way to wait before an update (as room-plan/base.ts does): see take-up.ts
  protected override scheduleUpdate(): void | Promise<unknown> {
    const after = this.#takeUp.takeRenderWait();
    return after ? after.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }

  /** The one set of events, the same from either thread. */
  #events(
    run: { value: LoadedRoom; current(): boolean },
    drawn: () => RoomDrawing | undefined,
  ): DrawingEvents {
    const mine = () => run.current() && !!drawn() && drawn() === this.#drawing;
    const onFrame = (frame: DrawnFrame): void => {
      // a frame before the features took the drawing up comes again once they have (take-up.ts)
      if (!mine() || this.#takeUp.hold(drawn(), () => onFrame(frame))) return;
      if (frame.frames === 1) void this.#firstFrame(run, drawn()!);
      this.loadStep({ step: 'frame', total: frame.total, pending: frame.pending });
      this.#camera.publish(frame.pose);
      this.drawnFrame(frame);
    };
    return {
      onBuilt: () => {
        if (mine()) this.loadStep({ step: 'code' });
      },
      onFrame,
      onCameraChange: (change) => this.#camera.moved(change),
      onRenderScale: (detail) => this.emit('render-scale', detail),
      onTextureError: (url, total, pending) => {
        if (!run.current()) return;
        if ((drawn()?.frames ?? 0) > 0) this.loadStep({ step: 'frame', total, pending });
        this.#errors.partial(textureError(url));
      },
      onComponentError: (failure) => {
        if (run.current()) this.#errors.partial(componentError(failure));
      },
      onContextGone: () => {
        // lost for good: an error with a retry, not a picture frozen on its last frame
        if (run.current()) this.#fail(contextLostError(), true, 'contextLost');
      },
      onFailed: () => {
        if (!mine()) return;
        // the render worker could not draw it, or stopped: drawn again on the page's thread
        this.#workerFailed = true;
        this.#reload();
      },
    };
  }

  /**
   * The room drawn in the render worker (where it cannot be, again on the page's thread) or on the
   * page's thread (no WebGL there fails the room), with what the element says it starts with (draw.ts).
   */
  async #draw(run: DrawRun, offThread: boolean): Promise<RoomDrawing | undefined> {
    // the camera the first frame is drawn with, as the features read it from the attributes
    const opening = await this.openingCamera(run.value);
    if (!run.current()) return;
    const start = {
      run,
      settings: drawSettings(run, {
        ...this.#size.now(),
        ...this.#inputs.start(),
        furnitureVisible: !this.furnitureHidden(),
        touchScrolls: this.oneFingerScrolls(),
        wheelZooms: (event: WheelEvent) => this.wheelZooms(event),
        start: opening,
      }),
      events: (drawn: () => RoomDrawing | undefined) => this.#events(run, drawn),
      // (a query, not lit's @query: its decorator helper was the first frame's only use of it, about 0.2 KB)
      canvas: this.renderRoot.querySelector('canvas')!,
      keyTarget: this,
      componentLoader: this.componentLoader,
      hold: (drawing: RoomDrawing) => (this.#drawing = drawing),
    };
    const drawing = offThread ? await drawInWorker(start) : await drawOnPage(start);
    if (drawing instanceof ElementError) return void this.#fail(drawing);
    if (drawing !== 'no-worker') return drawing;
    if (run.current()) {
      this.#workerFailed = true;
      this.#reload();
    }
  }

  /** The room cannot be shown (`retry`, `message`: see ViewerErrors.failed, which fires `model-error`). */
  #fail(error: ElementError, retry?: boolean, message?: ViewerStringKey): void {
    this.#teardown();
    this.#source.fail(error);
    this.#errors.failed(error, retry, message);
    this.#parts.failed();
  }

  /**
   * The first frame is on screen: the poster fades, `first-frame`; then the parts (right after that frame,
   * never before it), the features take the room up with them, what was held runs, and `model-load`
   * (issue 33: its promise, the whole API ready in its handler, unchanged).
   */
  async #firstFrame(run: { value: LoadedRoom; current(): boolean }, drawing: RoomDrawing): Promise<void> {
    const { model, problems } = run.value;
    this.#source.loaded();
    this.loadStep({ step: 'drawn' });
    // state first, synchronously, so listeners of first-frame and model-load see it
    this.setState('loaded', STATES);
    this.toggleState('warning', this.#errors.warns(this.#source.state));
    const shown = () => run.current() && drawing === this.#drawing;
    // the poster rendered fading first: at `first-frame` the room is what the page sees
    await this.updateComplete;
    if (!shown()) return;
    this.emit('first-frame', { thread: drawing.thread });
    // (`products`: the room on screen's, now `model`'s)
    await this.#parts.afterFrame(shown, () =>
      this.emit('model-load', { model, problems, products: this.products }),
    );
  }

  #teardown(): void {
    this.#source.abort();
    if (this.#context) this.viewGone();
    this.#context = undefined;
    this.#takeUp.reset();
    this.#drawing?.dispose();
    this.#drawing = undefined;
    this.#camera.gone();
  }

  #retry = () => this.#reload();

  override render() {
    const t = (key: ViewerStringKey) => this.#language.t(VIEWER_STRINGS, key);
    return html`
      ${this.#floors.render({
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
      ${this.renderPoster()} ${this.renderFeatures()} ${this.renderProgress()}
      ${this.#errors.render(this.#source.state, this.#language.lang, t, this.#retry)}
    `;
  }
}
