import { html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { defineElement } from '../../internal/define.js';
import { languageOf, translate } from '../../internal/i18n.js';
import { RoomElement } from '../../internal/room-element.js';
import { planGeometry } from '../../model/plan-geometry.js';
import { readModel } from '../../model/read-model.js';
import type { ModelProblem, PlanGeometry, RoomModel } from '../../model/types.js';
import { formatArea, formatLength, parseUnits, type Units } from '../../model/units.js';
import { drawPlan, type PlanDrawing } from './plan-drawing.js';
import { describePlanError, hasSource, loadRaw, PlanError, type PlanSource } from './plan-source.js';
import { PLAN_STRINGS, type PlanStringKey } from './plan-strings.js';
import { panView, pointAt, unitsPerPixel, viewBoxAttribute, zoomView, type ViewBox } from './plan-view.js';
import { styles } from './room-plan.styles.js';

export { PlanError } from './plan-source.js';

/**
 * `model-load`'s detail: the model drawn, and what readModel() had to leave out or repair. The same
 * shape as `<room-viewer>`'s (both elements declare the event); the plan geometry is the `plan` property.
 */
export interface PlanLoadDetail {
  model: RoomModel;
  problems: readonly ModelProblem[];
}

/**
 * `model-error`'s detail: an ApiError (`status` 403, 404, 5xx, or 0 for network) or a PlanError.
 * `fatal` is always true for a plan (the same shape as `<room-viewer>`'s, where a failed texture is not).
 */
export interface PlanErrorDetail {
  error: Error;
  fatal: boolean;
}

const STATES = ['idle', 'loading', 'loaded', 'error'] as const;
type Phase = (typeof STATES)[number];

/** One keyboard step moves the plan by this share of the view. */
const PAN_STEP = 0.1;
const ZOOM_STEP = 1.25;

let instances = 0;

/**
 * Draws a room's floor plan as SVG from its room model (the same model `<room-viewer>` shows in 3D):
 * walls with clean joins, doors (leaf and swing) and windows in gaps cut into the walls, areas filled
 * and labelled with their floor area (and a name where the model gives one; nested areas are drawn
 * above the areas that hold them, in their own colour), and the overall width and depth. The plan can
 * be moved by dragging or with the arrow keys and zoomed with the wheel, the + and − keys or the
 * buttons; it prints as crisp vector lines, the whole plan on the page.
 *
 * Inputs, first one given wins: the `model` property, `src`, `room-id`.
 *
 * @summary An SVG floor plan of a room model, with floor areas, openings, dimensions, pan and zoom.
 *
 * @fires {CustomEvent<PlanLoadDetail>} model-load - The plan is in the DOM and painted (two animation frames after rendering). Detail `{ model, problems }`; the geometry drawn is the `plan` property.
 * @fires {CustomEvent<PlanErrorDetail>} model-error - `{ error, fatal: true }`: an ApiError (403 private room, 404 unknown room, 5xx, status 0 for network failures and timeouts) or a PlanError (`kind` `not-drawable` with the model's `problems`, `no-model`, `bad-id`, `bad-src`).
 *
 * @csspart base - The wrapper of everything.
 * @csspart viewport - The focusable box the plan is moved and zoomed in (arrow keys, + − 0).
 * @csspart svg - The `<svg>` (role img, labelled with a summary of the plan).
 * @csspart area - An area's filled outline (also `area-nested` for areas inside another).
 * @csspart area-nested - An area inside another area.
 * @csspart wall - The group of wall footprints.
 * @csspart opening - A door, window or opening symbol (also `door` or `window`).
 * @csspart door - A door: its leaf and dashed swing.
 * @csspart window - A window: two thin lines in the wall gap.
 * @csspart label - An area's label (its name and floor area).
 * @csspart dimension - The overall width and depth lines with their lengths.
 * @csspart controls - The zoom buttons.
 * @csspart control - One zoom button (also `zoom-in`, `zoom-out`, `fit`).
 * @csspart zoom-in - The zoom-in button.
 * @csspart zoom-out - The zoom-out button.
 * @csspart fit - The button that shows the whole plan.
 * @csspart status - The loading message.
 * @csspart error - The error message with its retry button.
 *
 * @cssprop --room-plan-background - Background (default #fff).
 * @cssprop --room-plan-text - Text colour of messages.
 * @cssprop --room-plan-font - Font family.
 * @cssprop --room-plan-radius - Corner radius of the element.
 * @cssprop --room-plan-wall - Wall fill (default #3a3a3a).
 * @cssprop --room-plan-wall-outline - Wall outline and opening jambs (default #000).
 * @cssprop --room-plan-area - Area fill (default #f4efe4).
 * @cssprop --room-plan-area-outline - Area outline.
 * @cssprop --room-plan-area-nested - Fill of an area inside another (default #e3ecf4).
 * @cssprop --room-plan-area-nested-outline - Dashed outline of a nested area.
 * @cssprop --room-plan-opening - Door leaf and swing lines.
 * @cssprop --room-plan-window - Window glass lines.
 * @cssprop --room-plan-label - Label text colour.
 * @cssprop --room-plan-label-halo - The halo that keeps labels readable over lines.
 * @cssprop --room-plan-dimension - Dimension lines and lengths.
 * @cssprop --room-plan-focus - Focus ring colour.
 * @cssprop --room-plan-control-color - Zoom button text colour.
 * @cssprop --room-plan-control-background - Zoom button background.
 * @cssprop --room-plan-control-border - Zoom button border.
 * @cssprop --room-plan-control-hover - Zoom button background on hover.
 * @cssprop --room-plan-status-color - Loading message colour.
 * @cssprop --room-plan-error-color - Error text and border colour.
 * @cssprop --room-plan-error-background - Error background.
 *
 * @cssstate idle - No input given yet.
 * @cssstate loading - The model is being fetched.
 * @cssstate loaded - The plan is drawn.
 * @cssstate error - The model could not be fetched or drawn; the error part says why, with a retry button.
 */
export class RoomPlan extends RoomElement {
  static override styles = styles;

  /** The room whose model to draw (GET {api-base}/rooms/:id). */
  @property({ attribute: 'room-id' }) roomId?: string;

  /** URL of a model JSON document (or a whole room document with a `model` member), instead of `room-id`. */
  @property() src?: string;

  /** A room model (or whole room) object, instead of `room-id` / `src`. Read leniently. */
  @property({ attribute: false }) model?: unknown;

  /** Root of the room-styling service; default: configure()'s apiBase. */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /** `metric` (m, m², the default) or `imperial` (ft and in, ft²). */
  @property() units: 'metric' | 'imperial' = 'metric';

  @state() private phase: Phase = 'idle';
  @state() private error?: unknown;
  @state() private view?: ViewBox;
  @state() private loaded?: PlanLoadDetail & { plan: PlanGeometry };

  #abort?: AbortController;
  #generation = 0;
  #interrupted = false;
  #drawing?: PlanDrawing;
  #drawingKey?: unknown[];
  #maskId = `room-plan-cuts-${++instances}`;
  /** Pointers down on the plan (one drags, two pinch), by pointerId: their last position. */
  #pointers = new Map<number, { x: number; y: number }>();
  #langObserver?: MutationObserver;
  #printView?: ViewBox;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.#interrupted) {
      this.#interrupted = false;
      void this.#load();
    }
    window.addEventListener('beforeprint', this.#beforePrint);
    window.addEventListener('afterprint', this.#afterPrint);
    // Words and number formats follow `lang`: on the element itself or on the page's root.
    if (typeof MutationObserver !== 'undefined') {
      this.#langObserver = new MutationObserver(() => this.requestUpdate());
      this.#langObserver.observe(this, { attributes: true, attributeFilter: ['lang'] });
      this.#langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.phase === 'loading') {
      // moving the element in the DOM must not leave it loading forever: it starts again on reconnect
      this.#interrupted = true;
      this.#abort?.abort();
      this.#generation++;
    }
    window.removeEventListener('beforeprint', this.#beforePrint);
    window.removeEventListener('afterprint', this.#afterPrint);
    this.#langObserver?.disconnect();
    this.#langObserver = undefined;
    this.#pointers.clear();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('roomId') || changed.has('src') || changed.has('model') || changed.has('apiBase')) {
      void this.#load();
    }
  }

  protected override updated(): void {
    this.setState(this.phase, STATES);
  }

  /** The plan geometry drawn (walls, openings, areas, bounds), once loaded. */
  get plan(): PlanGeometry | undefined {
    return this.loaded?.plan;
  }

  /** What readModel() left out or repaired in the model drawn. */
  get problems(): readonly ModelProblem[] {
    return this.loaded?.problems ?? [];
  }

  /** Loads again from the current inputs (what the retry button does). */
  reload(): void {
    void this.#load();
  }

  #source(): PlanSource {
    return { model: this.model, src: this.src, roomId: this.roomId, apiBase: this.apiBase };
  }

  async #load(): Promise<void> {
    this.#abort?.abort();
    const controller = new AbortController();
    this.#abort = controller;
    const generation = ++this.#generation;
    const source = this.#source();
    if (!hasSource(source)) {
      this.phase = 'idle';
      this.error = undefined;
      this.loaded = undefined;
      return;
    }
    this.phase = 'loading';
    this.error = undefined;
    try {
      const raw = await loadRaw(source, controller.signal);
      if (generation !== this.#generation) return;
      const { model, problems, drawable } = readModel(raw);
      if (!drawable)
        throw new PlanError('the model has no wall or area that can be drawn', 'not-drawable', problems);
      let plan: PlanGeometry;
      try {
        plan = planGeometry(model);
      } catch (cause) {
        throw new PlanError(
          `the plan could not be worked out (${(cause as Error)?.message ?? cause})`,
          'render',
        );
      }
      this.loaded = { model, plan, problems };
      this.view = undefined;
      this.phase = 'loaded';
      await this.updateComplete;
      await frames(2);
      if (generation !== this.#generation || !this.isConnected) return;
      this.emit<PlanLoadDetail>('model-load', { model, problems });
    } catch (error) {
      if (generation !== this.#generation) return;
      this.error = error;
      this.loaded = undefined;
      this.phase = 'error';
      await this.updateComplete;
      if (generation !== this.#generation) return;
      this.emit<PlanErrorDetail>('model-error', {
        error: error instanceof Error ? error : new PlanError(String(error), 'render'),
        fatal: true,
      });
    }
  }

  #t(key: PlanStringKey, values?: Record<string, string | number>): string {
    return translate(PLAN_STRINGS, this, key, values);
  }

  #currentDrawing(): PlanDrawing | undefined {
    const loaded = this.loaded;
    if (!loaded) return undefined;
    const units = parseUnits(this.units);
    const lang = languageOf(this);
    const key = [loaded.plan, units, lang];
    if (!this.#drawing || !this.#drawingKey || key.some((k, i) => k !== this.#drawingKey![i])) {
      this.#drawing = drawPlan(loaded.plan, units, lang, this.#maskId);
      this.#drawingKey = key;
    }
    return this.#drawing;
  }

  override render() {
    return html`<div part="base">${this.#body()}</div>`;
  }

  #body() {
    if (this.phase === 'loading') {
      return html`<div part="status" role="status">${this.#t('loading')}</div>`;
    }
    if (this.phase === 'error') {
      const { key, values } = describePlanError(this.error, this.#source());
      return html`<div part="error" role="alert">
        <p>${this.#t(key, values)}</p>
        <button type="button" @click=${this.reload}>${this.#t('retry')}</button>
      </div>`;
    }
    const drawing = this.#currentDrawing();
    if (this.phase !== 'loaded' || !drawing || !this.loaded) {
      return html`<div part="status">${this.#t('idle')}</div>`;
    }
    const view = this.view ?? drawing.fit;
    return html`
      <div
        part="viewport"
        tabindex="0"
        role="group"
        aria-label=${this.#t('viewport')}
        @keydown=${this.#onKey}
        @pointerdown=${this.#onPointerDown}
        @pointermove=${this.#onPointerMove}
        @pointerup=${this.#onPointerUp}
        @pointercancel=${this.#onPointerUp}
        @wheel=${this.#onWheel}
      >
        <svg
          part="svg"
          role="img"
          aria-label=${this.#summary(drawing)}
          viewBox=${viewBoxAttribute(view)}
          xmlns="http://www.w3.org/2000/svg"
        >
          ${/* the drawing changes only with the plan, units or language: panning skips it */ guard([drawing], () => drawing.content)}
        </svg>
      </div>
      <div part="controls">
        <button
          type="button"
          part="control zoom-in"
          aria-label=${this.#t('zoomIn')}
          title=${this.#t('zoomIn')}
          @click=${() => this.#zoom(ZOOM_STEP)}
        >
          +
        </button>
        <button
          type="button"
          part="control zoom-out"
          aria-label=${this.#t('zoomOut')}
          title=${this.#t('zoomOut')}
          @click=${() => this.#zoom(1 / ZOOM_STEP)}
        >
          −
        </button>
        <button
          type="button"
          part="control fit"
          aria-label=${this.#t('fit')}
          title=${this.#t('fit')}
          @click=${this.#fit}
        >
          ⤢
        </button>
      </div>
    `;
  }

  #summary(drawing: PlanDrawing): string {
    const plan = this.loaded!.plan;
    const units = parseUnits(this.units);
    const lang = languageOf(this);
    const total = plan.areas.filter((a) => a.depth === 0).reduce((sum, a) => sum + a.area, 0);
    const values = {
      areas: plan.areas.length,
      total: formatArea(total, units, lang),
      width: formatLength(drawing.width, units, lang),
      depth: formatLength(drawing.depth, units, lang),
    };
    return this.#t(plan.areas.length ? 'summary' : 'summaryEmpty', values);
  }

  // ---- pan and zoom ------------------------------------------------------------------------

  #viewport(): HTMLElement | null {
    return this.renderRoot.querySelector('[part="viewport"]');
  }

  #zoom(factor: number, anchor?: [number, number]): void {
    const drawing = this.#currentDrawing();
    if (!drawing) return;
    this.view = zoomView(this.view ?? drawing.fit, drawing.fit, factor, anchor);
  }

  #fit = (): void => {
    this.view = undefined;
  };

  #pan(dx: number, dy: number): void {
    const drawing = this.#currentDrawing();
    if (!drawing) return;
    this.view = panView(this.view ?? drawing.fit, drawing.fit, dx, dy);
  }

  #onKey = (event: KeyboardEvent): void => {
    const drawing = this.#currentDrawing();
    if (!drawing || event.altKey || event.ctrlKey || event.metaKey) return;
    const view = this.view ?? drawing.fit;
    const stepX = view.width * PAN_STEP;
    const stepY = view.height * PAN_STEP;
    // the arrow says which way to look: ArrowRight shows more of what is right, so the view moves right
    const actions: Record<string, () => void> = {
      ArrowLeft: () => this.#pan(-stepX, 0),
      ArrowRight: () => this.#pan(stepX, 0),
      ArrowUp: () => this.#pan(0, -stepY),
      ArrowDown: () => this.#pan(0, stepY),
      '+': () => this.#zoom(ZOOM_STEP),
      '=': () => this.#zoom(ZOOM_STEP),
      '-': () => this.#zoom(1 / ZOOM_STEP),
      _: () => this.#zoom(1 / ZOOM_STEP),
      '0': this.#fit,
      Home: this.#fit,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  #onPointerDown = (event: PointerEvent): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = event.currentTarget as HTMLElement;
    this.#pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    try {
      target.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic pointer cannot be captured; dragging still works while over the plan
    }
    target.classList.add('dragging');
  };

  #onPointerMove = (event: PointerEvent): void => {
    const last = this.#pointers.get(event.pointerId);
    const drawing = this.#currentDrawing();
    if (!last || !drawing) return;
    const target = event.currentTarget as HTMLElement;
    const view = this.view ?? drawing.fit;
    const k = unitsPerPixel(view, target.clientWidth, target.clientHeight);
    if (this.#pointers.size >= 2) {
      // pinch: the two first pointers' distance sets the zoom, their midpoint the anchor
      const [a, b] = [...this.#pointers.entries()];
      const other = a![0] === event.pointerId ? b![1] : a![1];
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      last.x = event.clientX;
      last.y = event.clientY;
      if (before < 1 || after < 1) return;
      const rect = target.getBoundingClientRect();
      const mid = pointAt(
        view,
        rect.width,
        rect.height,
        (event.clientX + other.x) / 2 - rect.left,
        (event.clientY + other.y) / 2 - rect.top,
      );
      this.#zoom(after / before, mid);
      return;
    }
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    last.x = event.clientX;
    last.y = event.clientY;
    this.#pan(-dx * k, -dy * k);
  };

  #onPointerUp = (event: PointerEvent): void => {
    if (!this.#pointers.delete(event.pointerId)) return;
    if (!this.#pointers.size) (event.currentTarget as HTMLElement).classList.remove('dragging');
  };

  #onWheel = (event: WheelEvent): void => {
    const drawing = this.#currentDrawing();
    const target = this.#viewport();
    if (!drawing || !target) return;
    event.preventDefault();
    const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    const factor = Math.exp(-Math.max(-300, Math.min(300, pixels)) * 0.002);
    const rect = target.getBoundingClientRect();
    const view = this.view ?? drawing.fit;
    const anchor = pointAt(
      view,
      rect.width,
      rect.height,
      event.clientX - rect.left,
      event.clientY - rect.top,
    );
    this.#zoom(factor, anchor);
  };

  // A printed plan shows all of it, whatever the screen was zoomed to.
  #beforePrint = (): void => {
    this.#printView = this.view;
    this.view = undefined;
  };

  #afterPrint = (): void => {
    this.view = this.#printView;
    this.#printView = undefined;
  };
}

function frames(n: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left <= 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });
}

defineElement('room-plan', RoomPlan);

declare global {
  interface HTMLElementTagNameMap {
    'room-plan': RoomPlan;
  }
  interface GlobalEventHandlersEventMap {
    'model-load': CustomEvent<PlanLoadDetail>;
    'model-error': CustomEvent<PlanErrorDetail>;
  }
}

export type { Units };
