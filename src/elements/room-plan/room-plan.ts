import { html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { hasModelSource } from '../../api/model-source.js';
import { defineElement } from '../../internal/define.js';
import { ElementError, errorValues, errorWordKey } from '../../internal/element-error.js';
import { LanguageController } from '../../internal/language.js';
import { LatestRequestController } from '../../internal/latest-request.js';
import { DisconnectController } from '../../internal/moved.js';
import { RoomElement } from '../../internal/room-element.js';
import type { FloorChangeDetail, ModelErrorDetail, ModelLoadDetail } from '../../events/index.js';
import { planGeometry } from '../../model/plan-geometry.js';
import type { ModelProblem, PlanGeometry, RoomModel } from '../../model/types.js';
import { formatArea, formatLength, parseUnits, type Units } from '../../model/units.js';
import { FML_SOURCE_KEYS, FmlInputs } from './fml-inputs.js';
import { floorDetail, floorSwitcher, loadShown, pickDesign, type FmlShown } from './fml-floors.js';
import { drawPlan, type PlanDrawing } from './plan-drawing.js';
import { PlanNavigation, ZOOM_STEP } from './plan-navigation.js';
import { viewBoxAttribute } from './plan-view.js';
import { PLAN_ERROR_WORDS, PLAN_STRINGS, type PlanStringKey } from './room-plan.strings.js';
import { styles } from './room-plan.styles.js';

export type { FloorChangeDetail, ModelErrorDetail, ModelLoadDetail };
/** @deprecated the shared ModelLoadDetail (src/events/model-load.ts) */
export type PlanLoadDetail = ModelLoadDetail;
/** @deprecated the shared ModelErrorDetail (src/events/model-error.ts) */
export type PlanErrorDetail = ModelErrorDetail;

const STATES = ['idle', 'loading', 'loaded', 'error'] as const;
type Phase = (typeof STATES)[number];

let instances = 0;
/** The inputs that make up what is drawn: a change to any of them loads again. */
const SOURCE_KEYS = ['roomId', 'src', 'model', 'apiBase', ...FML_SOURCE_KEYS] as const;

/**
 * Draws a room's floor plan as SVG from its room model (the same model `<room-viewer>` shows in 3D):
 * walls with clean joins, doors (leaf and swing) and windows in gaps cut into the walls, areas filled
 * and labelled with their floor area (and a name where the model gives one; nested areas are drawn
 * above the areas that hold them, in their own colour), and the overall width and depth. The plan can
 * be moved by dragging or with the arrow keys and zoomed with the wheel, the + and − keys or the
 * buttons; it prints as crisp vector lines, the whole plan on the page.
 *
 * Inputs, first one given wins: the `model` property, the `fml` property, `src` (a room model or an
 * FML document, told apart by content), `project-id` (with `planner-base`), `room-id`. An FML plan
 * (docs/fml.md) is drawn as the planning service's export draws it: also its items as outlined
 * footprints, its own texts and dimension lines, a scale bar and a north arrow, and names and floor
 * areas only where the FML says to print them; `floor` and `design` pick what is shown.
 *
 * @summary An SVG floor plan of a room model, with floor areas, openings, dimensions, pan and zoom.
 *
 * @fires {CustomEvent<ModelLoadDetail>} model-load - The plan is in the DOM and painted (two animation frames after rendering). Detail `{ model, problems }`; the geometry drawn is the `plan` property.
 * @fires {CustomEvent<FloorChangeDetail>} floor-change - An FML plan's floor shown changed (the floor switcher or `floor`). Detail `{ index, id, name, level }`.
 * @fires {CustomEvent<ModelErrorDetail>} model-error - `{ error, fatal: true }`: an ElementError: `kind` (`not-found` 404, `forbidden` 403, `server` 5xx, `network`, `timeout`...) with the HTTP `status`, or a `reason` of the plan's own (`not-drawable` with the model's `problems`, `no-model`, `bad-id`, `bad-src`).
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
 * @csspart floor-switcher - The `<select>` naming each floor of an FML plan with more than one floor.
 * @csspart item - The group of item footprints (FML furniture, stairs).
 * @csspart plan-label - The plan's own texts and drawn lines (FML labels).
 * @csspart scale-bar - The scale bar (FML plans).
 * @csspart north-arrow - The north arrow (FML plans).
 * @csspart controls - The zoom buttons.
 * @csspart control - One zoom button (also `zoom-in`, `zoom-out`, `fit`).
 * @csspart zoom-in - The zoom-in button.
 * @csspart zoom-out - The zoom-out button.
 * @csspart fit - The button that shows the whole plan.
 * @csspart status - The loading message.
 * @csspart error - The error message with its retry button.
 * @csspart retry - The retry button.
 *
 * @cssprop --room-plan-background - Background (default #fff).
 * @cssprop --room-plan-text - Text colour of messages.
 * @cssprop --room-plan-font - Font family.
 * @cssprop --room-plan-radius - Corner radius of the element.
 * @cssprop --room-plan-wall - Wall fill (default #3a3a3a).
 * @cssprop --room-plan-wall-outline - Wall outline and opening jambs (default #000).
 * @cssprop --room-plan-area - Area fill (default #f4efe4), where an FML area gives no colour of its own.
 * @cssprop --room-plan-area-outline - Area outline.
 * @cssprop --room-plan-area-nested - Fill of an area inside another (default #e3ecf4).
 * @cssprop --room-plan-area-nested-outline - Dashed outline of a nested area.
 * @cssprop --room-plan-item - Item footprint outlines (default #8a8a8a).
 * @cssprop --room-plan-opening - Door leaf and swing lines.
 * @cssprop --room-plan-window - Window glass lines.
 * @cssprop --room-plan-label - Label text colour.
 * @cssprop --room-plan-label-halo - The halo that keeps labels readable over lines.
 * @cssprop --room-plan-label-on-dark - Label text on an area whose FML colour is dark (default #fff).
 * @cssprop --room-plan-label-on-dark-halo - The halo of such a label.
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
export class RoomPlan extends FmlInputs(RoomElement) {
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
  @state() private error?: ElementError;
  @state() private loaded?: { model: RoomModel; problems: readonly ModelProblem[]; plan: PlanGeometry };
  /** The FML plan shown (and its reader), when the source is FML. */
  @state() private fmlShown?: FmlShown;
  @state() private floorIndex = 0;

  #generation = 0;
  #interrupted = false;
  #drawing?: PlanDrawing;
  #drawingKey?: unknown[];
  #maskId = `room-plan-cuts-${++instances}`;
  // words and number formats follow `lang` (the element's, an ancestor's, the page's)
  #language = new LanguageController(this);
  #request = new LatestRequestController(this);
  #nav = new PlanNavigation(this, () => this.#currentDrawing());

  constructor() {
    super();
    // a plan moved in the DOM keeps loading; one that left mid-load starts again when it comes back
    new DisconnectController(this, {
      gone: () => {
        if (this.phase !== 'loading') return;
        this.#interrupted = true;
        this.#generation++;
      },
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.#interrupted) {
      this.#interrupted = false;
      void this.#load();
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (SOURCE_KEYS.some((key) => changed.has(key))) void this.#load();
    else if ((changed.has('floor') || changed.has('design')) && this.fmlShown && this.phase === 'loaded')
      this.#pick();
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

  async #load(): Promise<void> {
    const generation = ++this.#generation;
    if (!hasModelSource(this)) {
      this.#request.abort();
      this.phase = 'idle';
      this.error = undefined;
      this.loaded = undefined;
      return;
    }
    this.phase = 'loading';
    this.error = undefined;
    const outcome = await this.#request.run(async (signal) => {
      const loaded = await loadShown(this, undefined, signal);
      try {
        return { ...loaded, plan: loaded.plan ?? planGeometry(loaded.model) };
      } catch (cause) {
        const message = `the plan could not be worked out (${(cause as Error)?.message ?? cause})`;
        throw new ElementError(message, { kind: 'invalid', reason: 'render', cause });
      }
    });
    if (outcome.status === 'superseded' || generation !== this.#generation) return;
    if (outcome.status === 'done') {
      const { model, problems, plan, fml: fmlShown, floorIndex } = outcome.value;
      this.loaded = { model, problems, plan };
      this.fmlShown = fmlShown;
      this.floorIndex = floorIndex;
      this.#nav.view = undefined;
      this.phase = 'loaded';
      await this.updateComplete;
      await frames(2);
      if (generation !== this.#generation || !this.isConnected) return;
      this.emit('model-load', { model, problems });
      return;
    }
    this.error = outcome.error;
    this.loaded = undefined;
    this.fmlShown = undefined;
    this.phase = 'error';
    await this.updateComplete;
    if (generation !== this.#generation) return;
    this.emit('model-error', { error: outcome.error, fatal: true });
  }

  /** Draws the floor and design `floor` / `design` name, from the FML already read. */
  #pick(): void {
    const shown = this.fmlShown!;
    const before = this.floorIndex;
    const picked = pickDesign(shown, this.floor, this.design);
    this.loaded = { model: picked.model, problems: picked.problems, plan: planGeometry(picked.model) };
    this.floorIndex = picked.floorIndex;
    this.#nav.view = undefined;
    if (picked.floorIndex !== before) this.emit('floor-change', floorDetail(shown.plan, picked.floorIndex));
  }

  #onFloor = (index: number) => {
    this.floor = String(index);
  };

  #t(key: PlanStringKey, values?: Record<string, string | number>): string {
    return this.#language.t(PLAN_STRINGS, key, values);
  }

  #currentDrawing(): PlanDrawing | undefined {
    const loaded = this.loaded;
    if (!loaded) return undefined;
    const units = parseUnits(this.units);
    const lang = this.#language.lang;
    const key = [loaded.plan, units, lang];
    if (!this.#drawing || !this.#drawingKey || key.some((k, i) => k !== this.#drawingKey![i])) {
      this.#drawing = drawPlan(
        loaded.plan,
        units,
        lang,
        this.#maskId,
        this.fmlShown ? loaded.model : undefined,
      );
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
    if (this.phase === 'error' && this.error) {
      const key = errorWordKey(this.error, PLAN_ERROR_WORDS);
      const values = {
        ...errorValues(this.error),
        id: this.roomId?.trim() ?? '',
        src: this.src?.trim() ?? '',
      };
      return html`<div part="error" role="alert">
        <p>${this.#t(key, values)}</p>
        <button part="retry" type="button" @click=${this.reload}>${this.#t('retry')}</button>
      </div>`;
    }
    const drawing = this.#currentDrawing();
    if (this.phase !== 'loaded' || !drawing || !this.loaded) {
      return html`<div part="status">${this.#t('idle')}</div>`;
    }
    const nav = this.#nav;
    return html`
      ${floorSwitcher({
        plan: this.fmlShown?.plan,
        selected: this.floorIndex,
        label: this.#t('floor'),
        fallback: (level) => this.#t('floorLevel', { level }),
        onChange: this.#onFloor,
      })}
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
          ${/* the drawing changes only with the plan, units or language: panning skips it */ guard([drawing], () => drawing.content)}
        </svg>
      </div>
      <div part="controls">
        ${this.#control('zoom-in', 'zoomIn', '+', () => nav.zoom(ZOOM_STEP))}
        ${this.#control('zoom-out', 'zoomOut', '−', () => nav.zoom(1 / ZOOM_STEP))}
        ${this.#control('fit', 'fit', '⤢', nav.fit)}
      </div>
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
}

export type { Units };
