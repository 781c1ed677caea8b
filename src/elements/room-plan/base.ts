/**
 * `<room-plan>`'s core (the element itself, with its documentation and feature mixins, is room-plan.ts).
 */
import {
  adoptStyles,
  html,
  nothing,
  render,
  ReactiveElement,
  type LitElement,
  type PropertyValues,
} from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { ElementError, errorValues } from '../../internal/element-error.js';
// the panel, its words and looks: a chunk fetched on the way to an error (the model source waits for it)
import { renderErrorPanelLater } from '../../features/error-panel/panel-later.js';
import { LanguageController } from '../../internal/language.js';
import { DisconnectController } from '../../internal/moved.js';
import { planGeometry } from '../../model/plan-geometry.js';
import type { RoomProduct } from '../../model/products.js';
import type { ModelProblem, PlanGeometry, RoomModel, RoomModelJson, Vec2 } from '../../model/types.js';
import { HeldCalls } from '../../features/products/held-calls.js';
import { ProductsHost } from '../../features/products/products-host.js';
import { formatArea, formatLength, parseUnits } from '../../model/units.js';
import { FmlInputs } from '../../features/model-source/fml-inputs.js';
import {
  ModelSourceController,
  SOURCE_STATES,
  type Shown,
} from '../../features/model-source/source-controller.js';
import { loadFmlModule } from '../../api/model-source.js';
import { addStyles } from '../../internal/add-styles.js';
import { lazyModule } from '../../internal/lazy-module.js';
import { animationFrames, nextMessage, yieldToPage } from '../../platform/yield.js';
import { drawPlan, drawPlanInSlices, type PlanDrawing } from './drawing/draw.js';
import { islandData, readPlanData, type PlanData, type ShownNow } from './server-data.js';
import { PlanNavigation, ZOOM_STEP } from './navigation.js';
import { viewBoxAttribute } from './view-box.js';
import { PLAN_REASON_WORDS, PLAN_STRINGS, type PlanStringKey } from './room-plan.strings.js';
// types only: the chunk itself comes right after the plan's first paint (#load)
import type * as AfterPaint from './after-paint.js';

/** The plan's working code loaded right after its first paint (after-paint.ts). */
export type PlanParts = typeof AfterPaint;

/**
 * The features' working code (after-paint.ts): fetched right after a plan's first paint (its areas and
 * walls on screen), once per page, and in before the features' layers go in (issue 33, the sixteenth round).
 */
const loadParts = lazyModule(() =>
  import('./after-paint.js').then((parts) => {
    partsHere = parts;
    return parts;
  }),
);
/** The parts once they are in the page (or given by the server's renderer): a plan made later takes them at once. */
let partsHere: PlanParts | undefined;
/** Each plan's parts once in (for the mixins written over another host: the cart, room-plan.ts). */
const partsOfPlan = new WeakMap<object, PlanParts>();
export const planPartsOf = (plan: object): PlanParts | undefined => partsOfPlan.get(plan);

/**
 * For the server's renderer (src/ssr/render-plan.ts): the parts, imported there, so that a plan drawn on a
 * server has every feature at once (its footprints, its description), as the browser's take-over then does.
 * @internal
 */
export function providePlanParts(parts: PlanParts): void {
  partsHere = parts;
}

/** The drawing's box is read in steps of this many CSS px: a pixel more or less draws nothing again. */
const SIZE_STEP = 16;

/**
 * How much of a freshly loaded plan is in the page. A plan is put in in stages, each after the last
 * one painted, so no stage is a long task on a phone (issue 33: the whole plan, its furniture and its
 * description in one update were one task of about 200 ms at 4× CPU throttling, and the style and
 * layout of all of it another): the areas and walls, then the rest of the drawing (openings,
 * dimensions, labels), then the features' layers over it (footprints, the selection), then the room's
 * description (its areas and furniture), then the rest (the description's surfaces, a button for each
 * side of every wall). `model-load` comes once all of it has painted.
 */
const REVEAL = { ground: 1, drawing: 2, layers: 3, description: 4, all: 5 } as const;
type Reveal = (typeof REVEAL)[keyof typeof REVEAL];
/** A stage of a freshly loaded plan a feature may wait for (see REVEAL). */
export type PlanStage = 'description' | 'all';

/**
 * What every part (after-paint.ts) is handed of its plan, besides the element itself: its language, the
 * plan on screen, pan and zoom with the plan point under a pointer, whether the furniture is hidden.
 */
export interface PlanPartHost {
  language: LanguageController;
  navigation: PlanNavigation;
  shown(): PlanShown | undefined;
  furnitureHidden(): boolean;
  pointUnder(event: PointerEvent): Vec2 | undefined;
}

/** What a feature module (plan-*.ts mixed into `<room-plan>`) gets of the plan on screen. */
export interface PlanShown {
  model: RoomModel;
  plan: PlanGeometry;
  drawing: PlanDrawing;
}

/**
 * The plan's core: loading, drawing, navigation, state and errors. Features (selection, sync with a
 * viewer, measuring, snapshots) are mixins over this class and hook in through `planReady`,
 * `renderSvgLayers`, `renderControls` and `renderFeatures`.
 */
export class RoomPlanBase extends FmlInputs(ProductsHost) {
  /** The room whose model to draw (GET {api-base}/rooms/:id). */
  @property({ attribute: 'room-id' }) roomId?: string;

  /** URL of a model JSON document (or a whole room document with a `model` member), instead of `room-id`. */
  @property() src?: string;

  /** A room model (or whole room) object, instead of `room-id` / `src`. Read leniently. */
  @property({ attribute: false }) model?: RoomModelJson;

  /** Root of the room-styling service; default: configure()'s apiBase. */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /** `metric` (m, m², the default) or `imperial` (ft and in, ft²). */
  @property() units: 'metric' | 'imperial' = 'metric';

  /** The model drawn and its plan geometry. */
  @state() private loaded?: { model: RoomModel; problems: readonly ModelProblem[]; plan: PlanGeometry };

  /**
   * The plan a server rendered the element with (src/ssr/ sets it through @lit-labs/ssr): drawn at
   * once, in the server's one update.
   * @internal
   * @ignore
   */
  serverShown?: ShownNow;

  /** The browser's take-over of a server-drawn plan: read the island, then hydrate (see server-data.ts). */
  #takeOver?: Promise<void>;
  #takingOver = false;
  #shownNow?: ShownNow;
  #hydrate?: typeof import('@lit-labs/ssr-client').hydrate;

  #interrupted = false;
  #drawing?: PlanDrawing;
  #drawingKey?: unknown[];
  /** How much of the plan is in the page (REVEAL; all of it but while a freshly loaded plan goes in). */
  #revealed: Reveal = REVEAL.all;
  // words and number formats follow `lang` (the element's, an ancestor's, the page's)
  #language = new LanguageController(this);
  /** Inputs to model, FML floor, state, latest request wins (shared with `<room-viewer>`). */
  #source = new ModelSourceController(this, {
    floorChanged: (detail) => this.emit('floor-change', detail),
  });
  #nav = new PlanNavigation(this, () => this.#currentDrawing());
  /** The features' working code, once this element took it in (after-paint.ts). */
  #parts?: PlanParts;
  /** Calls made before the parts were in and the first `model-load` (whenPartsIn), in order. */
  #held = new HeldCalls();

  constructor() {
    super();
    // a plan moved in the DOM keeps loading; one that left mid-load starts again when it comes back
    new DisconnectController(this, {
      gone: () => {
        if (this.#source.state !== 'loading') return;
        this.#interrupted = true;
        this.#source.abort();
      },
    });
  }

  /**
   * The drawing's box (CSS px, in steps of SIZE_STEP), which sizes its labels to be legible there
   * (drawing/labels.ts); watched, so a plan resized a step draws its labels again. Usually known
   * before the room arrives (the element is laid out first), so a plan is drawn once.
   */
  #box?: { width: number; height: number };
  #resize =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => {
          const viewport = this.renderRoot.querySelector<HTMLElement>('[part~="viewport"]') ?? this;
          const step = (n: number) => Math.round(n / SIZE_STEP) * SIZE_STEP;
          const box = { width: step(viewport.clientWidth), height: step(viewport.clientHeight) };
          if (!box.width || !box.height) return;
          if (box.width === this.#box?.width && box.height === this.#box?.height) return;
          this.#box = box;
          this.requestUpdate();
        });

  override connectedCallback(): void {
    if (!this.hasUpdated && !this.#takingOver) this.#startTakeOver();
    super.connectedCallback();
    this.#resize?.observe(this);
    if (this.#interrupted) {
      this.#interrupted = false;
      void this.#load();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize?.unobserve(this);
  }

  /**
   * A server-drawn plan (its SVG in the declarative shadow root, its data in the island, nothing set
   * by the page instead) is taken over: the first update waits for the FML reader and Lit's hydration,
   * then hydrates the server's DOM rather than drawing it again.
   */
  #startTakeOver(): void {
    const root = this.shadowRoot;
    if (!root?.querySelector('svg[part~="svg"]') || this.model != null || this.fml != null) return;
    const data = islandData(this);
    if (!data) return;
    this.#takingOver = true;
    this.#takeOver = this.#prepareTakeOver(data).catch(() => undefined);
  }

  async #prepareTakeOver(data: PlanData): Promise<void> {
    const [fml, client] = await Promise.all([
      data.fml != null ? loadFmlModule(data.fml) : undefined,
      import('@lit-labs/ssr-client'),
      // the server drew the plan with every feature (its footprints, its description): so does the
      // browser's first update, which hydrates it (a failure: hydration finds it different and draws anew)
      this.#fetchParts(),
    ]);
    const shown = readPlanData(data, { floor: this.floor, design: this.design }, fml);
    if (!shown || this.model != null || this.fml != null) return;
    // the inputs as the server had them: a later change to any of them loads as usual
    if (data.model != null) this.model = data.model as RoomModelJson;
    else this.fml = data.fml;
    this.#shownNow = shown;
    this.#hydrate = client.hydrate;
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    const waiting = this.#takeOver;
    if (!waiting) return super.scheduleUpdate();
    this.#takeOver = undefined;
    return waiting.then(() => super.scheduleUpdate());
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = this.shadowRoot;
    if (!this.#takingOver || !root) return super.createRenderRoot();
    // the server's nodes stay: hydration adopts them (or update() clears them if it cannot)
    adoptStyles(root, (this.constructor as typeof LitElement).elementStyles);
    return root;
  }

  protected override update(changed: PropertyValues<this>): void {
    if (!this.#takingOver) return super.update(changed);
    this.#takingOver = false;
    const hydrate = this.#hydrate;
    this.#hydrate = undefined;
    const value = this.render();
    // ReactiveElement's update (reflects attributes); LitElement's own would render a second plan
    ReactiveElement.prototype['update'].call(this, changed);
    this.renderOptions.isConnected = this.isConnected;
    const root = this.renderRoot as ShadowRoot;
    if (hydrate) {
      try {
        hydrate(value, root, this.renderOptions);
        return;
      } catch {
        // the server's markup is not what this version draws: draw it anew
      }
    }
    delete (root as { _$litPart$?: unknown })._$litPart$;
    root.replaceChildren();
    render(value, root, this.renderOptions);
  }

  protected override willUpdate(_changed: PropertyValues<this>): void {
    // the parts already in the page (another plan took them, or the server's renderer gave them)
    if (!this.#parts && partsHere) this.#takeInParts(partsHere);
    // the server's data (on the server), or the server's data read again (the browser's take-over)
    const now = this.serverShown ?? this.#shownNow;
    if (now) {
      this.serverShown = undefined;
      this.#shownNow = undefined;
      this.#showNow(now);
      return;
    }
    const changes = this.#source.changes();
    if (changes === 'source') void this.#load();
    else if (changes === 'floor' && this.#source.state === 'loaded') this.#pick();
  }

  protected override updated(): void {
    this.setState(this.#source.state, SOURCE_STATES);
  }

  /** The plan geometry drawn (walls, openings, areas, bounds), once loaded. */
  get plan(): PlanGeometry | undefined {
    return this.loaded?.plan;
  }

  /**
   * The room's products: its furniture grouped by `componentId`, each with `count`, `category`, `size`
   * (cm) and the `areas` it stands in, and its pieces' `ids`; the counts add up to the furniture. Empty
   * until a plan is drawn. Read-only.
   */
  override get products(): readonly RoomProduct[] {
    // worked out by the parts (after-paint.ts), which are in before model-load
    return this.#parts?.productsOf(this.loaded?.model) ?? [];
  }

  /** The features' working code (after-paint.ts) once this plan took it in (right after its first paint). */
  protected get parts(): PlanParts | undefined {
    return this.#parts;
  }

  /**
   * A call that needs the parts is held until the first `model-load` with them in: the held calls are made
   * then, in order, right before that `model-load`; later ones at once.
   */
  protected override whenPartsIn(call: () => void): boolean {
    return this.#held.run(call);
  }

  /**
   * A feature's hook: the working code loaded after the plan's first paint (after-paint.ts) is in, once per
   * element: make what works with it (call super). The plan on screen, if any, comes to `planReady` after it.
   */
  protected partsIn(_parts: PlanParts): void {}

  /**
   * The parts, fetched now if they are not in (once per page); resolves once they are in, or failed (the
   * painted plan stays as it is: its features' extras are missing, what was held waits for a next load).
   */
  #fetchParts(): Promise<void> {
    const parts = this.#parts
      ? undefined
      : loadParts().then(
          (parts) => this.#takeInParts(parts),
          () => undefined,
        );
    return Promise.all([parts, ...this.partsAlso()]).then(() => undefined);
  }

  /**
   * A feature's hook: a chunk of its own that the plan fetches beside its parts, right after its first paint,
   * and waits for before the features' layers go in (the link to a viewer, with `for`): promises that never
   * reject (call super and add).
   */
  protected partsAlso(): Promise<unknown>[] {
    return [];
  }

  #takeInParts(parts: PlanParts): void {
    if (this.#parts) return;
    this.#parts = parts;
    partsOfPlan.set(this, parts);
    // (a server has no shadow root to add them to: its renderer gives them with the element's own)
    if (typeof ShadowRoot !== 'undefined') for (const styles of parts.partStyles) addStyles(this, styles);
    this.partsIn(parts);
    this.requestUpdate();
  }

  /** The plan is painted whole: what was held runs (once the parts are in), then `model-load`. */
  #announce(
    shown: PlanShown | undefined,
    detail: { model: RoomModel; problems: readonly ModelProblem[] },
  ): void {
    if (shown) this.planReady(shown);
    if (this.#parts) this.#held.release();
    this.emit('model-load', { ...detail, products: this.products });
  }

  /** What readModel() left out or repaired in the model drawn. */
  get problems(): readonly ModelProblem[] {
    return this.loaded?.problems ?? [];
  }

  /**
   * Whether a freshly loaded plan, put in in stages (the drawing first, a feature's extras such as the
   * room's description last; see REVEAL), has reached `stage`; true but while one goes in.
   */
  protected planRevealed(stage: PlanStage): boolean {
    return this.#revealed >= REVEAL[stage];
  }

  /** The plan on screen and its drawing; undefined until loaded. */
  protected get planShown(): PlanShown | undefined {
    const drawing = this.#currentDrawing();
    return drawing && this.loaded && this.#source.state === 'loaded'
      ? { ...this.loaded, drawing }
      : undefined;
  }

  /** The room on screen (for the features written over ProductsHost): the plan shown. */
  protected override get roomShown(): PlanShown | undefined {
    return this.planShown;
  }

  /** What a feature hands its part of the plan (PlanPartHost), besides the element. */
  protected planHost(): PlanPartHost {
    return {
      language: this.#language,
      navigation: this.#nav,
      shown: () => this.planShown,
      furnitureHidden: () => this.furnitureHidden(),
      pointUnder: (event) => this.#nav.modelPointUnder(event),
    };
  }

  /** Pan and zoom (its `view`, and the pointer to plan coordinates through view-box.ts). */
  protected get navigation(): PlanNavigation {
    return this.#nav;
  }

  /** The element's words and number formats follow its language. */
  protected override get language(): LanguageController {
    return this.#language;
  }

  /**
   * For a feature (sync.ts: a linked viewer's piece swapped): draws `model`'s pieces in place of the
   * model's on the same plan; `products` follow. Nothing when no plan is drawn.
   */
  protected showEditedModel(model: RoomModel): void {
    if (this.loaded) this.loaded = { ...this.loaded, model };
  }

  /** A feature's hook: a plan is drawn and painted (before `model-load`; call super). */
  protected planReady(_shown: PlanShown): void {}

  /** A feature's hook: SVG pieces drawn over the plan, in plan coordinates (call super and add). */
  protected renderSvgLayers(_shown: PlanShown): unknown[] {
    return [];
  }

  /** A feature's hook: buttons added to the zoom controls (call super and add). */
  protected renderControls(): unknown[] {
    return [];
  }

  /** Loads again from the current inputs (what the retry button does). */
  reload(): void {
    void this.#load();
  }

  async #load(): Promise<void> {
    const run = await this.#source.load(async (shown) => {
      const plan = shown.plan ?? planOf(shown.model);
      // the drawing worked out before it is shown, its costly steps each in a task of its own (a room
      // read already, by a viewer beside the plan, arrives in the task that defined the element)
      await yieldToPage();
      return { plan, drawn: await this.#drawInSlices(plan, shown.fml ? shown.model : undefined) };
    });
    if (!run) {
      // nothing to load, or a newer run replaced this one
      if (this.#source.state === 'idle') this.loaded = undefined;
      return;
    }
    if (run.status === 'done') {
      const { model, problems } = run.shown;
      this.#drawing = run.value.drawn.drawing;
      this.#drawingKey = run.value.drawn.key;
      this.loaded = { model, problems, plan: run.value.plan };
      this.#nav.view = undefined;
      this.#revealed = REVEAL.ground;
      this.#source.loaded();
      await this.updateComplete;
      let parts: Promise<void> | undefined;
      // the rest of the plan, a stage a frame (REVEAL); a newer run puts its own plan in
      for (const stage of [REVEAL.drawing, REVEAL.layers, REVEAL.description, REVEAL.all] as const) {
        await afterPaint();
        if (!run.current()) return;
        // the areas and walls are painted: the features' working code now, nothing of it before; in
        // before their layers go in (the plan at model-load is what it was with every feature at once)
        if (stage === REVEAL.drawing) parts = this.#fetchParts();
        if (stage === REVEAL.layers) await parts;
        if (!run.current()) return;
        this.#revealed = stage;
        this.requestUpdate();
        await this.updateComplete;
      }
      await animationFrames(2);
      if (!run.current() || !this.isConnected) return;
      this.#announce(this.planShown, { model, problems });
      return;
    }
    this.loaded = undefined;
    await this.updateComplete;
    if (!run.current()) return;
    this.emit('model-error', { error: run.error, fatal: true });
    // what was held answers as without a plan (a change refused `not-ready`, a selection false), not never
    if (this.#held.waiting)
      void this.#fetchParts().then(() => {
        if (this.#parts) this.#held.release();
      });
  }

  /** Shows a plan read already (no request); in a browser, announces it as a load does. */
  #showNow(shown: ShownNow): void {
    // all at once: the server drew all of it, and the browser takes its DOM over as it is
    this.#revealed = REVEAL.all;
    this.#source.showNow(shown);
    this.loaded = { model: shown.model, problems: shown.problems, plan: shown.plan };
    this.#nav.view = undefined;
    if (this.serverShown !== undefined || typeof requestAnimationFrame !== 'function') return;
    void (async () => {
      await this.updateComplete;
      await animationFrames(2);
      // the server's plan is on screen: the parts now, and their layers with them
      await this.#fetchParts();
      await this.updateComplete;
      if (!this.isConnected || this.loaded?.plan !== shown.plan) return;
      this.#announce(this.planShown, { model: shown.model, problems: shown.problems });
    })();
  }

  /** Draws the floor and design `floor` / `design` name, from the FML already read. */
  #pick(): void {
    this.#source.pick((shown: Shown) => {
      this.loaded = { model: shown.model, problems: shown.problems, plan: planGeometry(shown.model) };
      this.#nav.view = undefined;
    });
    void this.updateComplete.then(() => {
      const now = this.planShown;
      if (now) this.planReady(now);
    });
  }

  #onFloor = (index: number) => {
    this.floor = String(index);
  };

  #t(key: PlanStringKey, values?: Record<string, string | number>): string {
    return this.#language.t(PLAN_STRINGS, key, values);
  }

  /**
   * The drawing of `plan` as #currentDrawing() would work it out now, in slices (drawPlanInSlices),
   * with the key it is kept under.
   */
  async #drawInSlices(
    plan: PlanGeometry,
    model: RoomModel | undefined,
  ): Promise<{ drawing: PlanDrawing; key: unknown[] }> {
    // the box the labels are sized for, known once the element is laid out (its first frame): drawn
    // for no box, the plan would be drawn again, at once, when the box arrives
    if (!this.#box && this.isConnected) await afterPaint();
    const units = parseUnits(this.units);
    const lang = this.#language.lang;
    const box = this.#box;
    const drawing = await drawPlanInSlices(yieldToPage, plan, units, lang, model, box);
    return { drawing, key: [plan, units, lang, box] };
  }

  #currentDrawing(): PlanDrawing | undefined {
    const loaded = this.loaded;
    if (!loaded) return undefined;
    const units = parseUnits(this.units);
    const lang = this.#language.lang;
    const key = [loaded.plan, units, lang, this.#box];
    if (!this.#drawing || !this.#drawingKey || key.some((k, i) => k !== this.#drawingKey![i])) {
      const model = this.#source.fml ? loaded.model : undefined;
      this.#drawing = drawPlan(loaded.plan, units, lang, model, this.#box);
      this.#drawingKey = key;
    }
    return this.#drawing;
  }

  override render() {
    return html`<div part="base">${this.#body()}</div>`;
  }

  #body() {
    const { state, error } = this.#source;
    if (state === 'loading') {
      return html`<div part="status" role="status">${this.#t('loading')}</div>`;
    }
    if (state === 'error' && error) {
      // the plan's own reasons have words of their own; every other failure says its kind's shared words
      const key = error.reason ? PLAN_REASON_WORDS[error.reason] : undefined;
      const values = {
        ...errorValues(error),
        id: this.roomId?.trim() ?? '',
        src: this.src?.trim() ?? '',
      };
      return html`<div class="error-layer">
        ${renderErrorPanelLater(this, {
          kind: error.kind,
          lang: this.#language.lang,
          message: key ? this.#t(key, values) : undefined,
          onRetry: () => this.reload(),
        })}
      </div>`;
    }
    const drawing = this.#currentDrawing();
    if (state !== 'loaded' || !drawing || !this.loaded) {
      return html`<div part="status">${this.#t('idle')}</div>`;
    }
    const nav = this.#nav;
    return html`
      ${
        /* an FML plan's floor switcher comes with the parts, right after the first paint */ this.#parts?.floorSwitcher(
          {
            plan: this.#source.fml?.plan,
            selected: this.#source.floorIndex,
            label: this.#t('floor'),
            fallback: (level) => this.#t('floorLevel', { level }),
            onChange: this.#onFloor,
          },
        ) ?? nothing
      }
      <div
        part="viewport"
        tabindex="0"
        role="group"
        aria-label=${this.#t('viewport')}
        @keydown=${nav.onKey}
        @pointerdown=${nav.onPointerDown}
        @pointermove=${nav.onPointerMove}
        @pointerup=${nav.onPointerUp}
        @pointercancel=${nav.onPointerUp}
        @wheel=${nav.onWheel}
      >
        <svg
          part="svg"
          role="img"
          aria-label=${this.#summary(drawing)}
          viewBox=${viewBoxAttribute(nav.view ?? drawing.fit)}
          xmlns="http://www.w3.org/2000/svg"
        >
          ${/* the drawing changes only with the plan, units or language: panning skips it */ guard([drawing.layers[0]], () => drawing.layers[0])}
          ${this.#revealed >= REVEAL.drawing ? guard([drawing.layers[1]], () => drawing.layers[1]) : nothing}
          ${this.#revealed >= REVEAL.layers ? this.renderSvgLayers({ ...this.loaded, drawing }) : nothing}
        </svg>
      </div>
      <div part="controls">
        ${this.#control('zoom-in', 'zoomIn', '+', () => nav.zoom(ZOOM_STEP))}
        ${this.#control('zoom-out', 'zoomOut', '−', () => nav.zoom(1 / ZOOM_STEP))}
        ${this.#control('fit', 'fit', '⤢', nav.fit)} ${this.renderControls()}
      </div>
      ${this.renderFeatures()}
    `;
  }

  #control(part: string, label: PlanStringKey, text: string, action: () => void) {
    return html`<button
      type="button"
      part="control ${part}"
      aria-label=${this.#t(label)}
      title=${this.#t(label)}
      @click=${action}
    >
      ${text}
    </button>`;
  }

  #summary(drawing: PlanDrawing): string {
    const plan = this.loaded!.plan;
    const units = parseUnits(this.units);
    const lang = this.#language.lang;
    const total = plan.areas.filter((a) => a.depth === 0).reduce((sum, a) => sum + a.area, 0);
    const values = {
      areas: plan.areas.length,
      total: formatArea(total, units, lang),
      width: formatLength(drawing.width, units, lang),
      depth: formatLength(drawing.depth, units, lang),
    };
    return this.#t(plan.areas.length ? 'summary' : 'summaryEmpty', values);
  }
}

/** The plan geometry of a model read on the main thread (a failure is the element's `render` error). */
function planOf(model: RoomModel): PlanGeometry {
  try {
    return planGeometry(model);
  } catch (cause) {
    const message = `the plan could not be worked out (${(cause as Error)?.message ?? cause})`;
    throw new ElementError(message, { kind: 'invalid', reason: 'render', cause });
  }
}

/**
 * A task after the next frame painted what is in the page now (or after a tenth of a second: a hidden
 * page paints no frames, and a plan put in there is still put in whole).
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // a message posted in the frame's callback runs after the frame's style, layout and paint
      void nextMessage().then(resolve);
    };
    const timer = setTimeout(go, 100);
    requestAnimationFrame(go);
  });
}
