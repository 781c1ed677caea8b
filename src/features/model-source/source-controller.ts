/**
 * The one source of `<room-viewer>` and `<room-plan>` (a Lit reactive controller): from the inputs
 * (`model`, `fml`, `src`, `project-id`, `room-id`, and what else the element names) to the room model
 * shown, its problems, the FML plan read and the floor shown; the loading state; floor switching; and
 * "latest request wins", answered here once: a run that a newer one, an abort or a teardown replaced
 * never reaches the element, and after its own awaits the element asks `run.current()`.
 *
 * The elements keep only the drawing: the step they add to a run (`<room-viewer>`: three.js, the floor
 * stack, the section cut; `<room-plan>`: the plan geometry) and what they draw of its result.
 */
import type { ReactiveController } from 'lit';
import { hasModelSource } from '../../api/model-source.js';
import type { ElementError } from '../../internal/element-error.js';
import { fetchErrorPanel } from '../error-panel/panel-later.js';
import { LatestRequestController } from '../../internal/latest-request.js';
import { DisconnectController } from '../../internal/moved.js';
import type { RoomElement } from '../../internal/room-element.js';
import type { ModelProblem, PlanGeometry, RoomModel } from '../../model/types.js';
import { floorDetail, pickDesign, type FmlShown } from './fml-floors.js';
import { loadShown } from './load-shown.js';
import { FML_SOURCE_KEYS, type FmlInputProperties } from './fml-inputs.js';

/** The states an element with a model source is in (its `:state()` names). */
export const SOURCE_STATES = ['idle', 'loading', 'loaded', 'error'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

/** The inputs of every model source: a change to any of them loads again. */
export const MODEL_SOURCE_KEYS = ['roomId', 'src', 'model', 'apiBase', ...FML_SOURCE_KEYS] as const;

/** An element with a model source: the FML inputs and the model source inputs. */
export type SourceHost = RoomElement &
  FmlInputProperties & {
    roomId?: string;
    src?: string;
    model?: unknown;
    apiBase?: string;
  };

/** What the inputs name, read: the room model (of the FML floor and design asked for). */
export interface Shown {
  model: RoomModel;
  problems: readonly ModelProblem[];
  /** The model's plan geometry, when it was already worked out (off the main thread). */
  plan?: PlanGeometry;
  /** The FML plan read, when the source is FML. */
  fml?: FmlShown;
  /** The FML floor shown (0 for a room model). */
  floorIndex: number;
}

/** A run's end, for the newest run only (a replaced run ends with undefined). */
export type SourceRun<T> = (
  { status: 'done'; shown: Shown; value: T } | { status: 'failed'; error: ElementError }
) & {
  /** Still the newest run: no newer one, no abort since (ask after awaiting anything). */
  current(): boolean;
};

export interface SourceOptions<H> {
  /** The element's own inputs whose change loads again too (besides MODEL_SOURCE_KEYS). */
  keys?: readonly (keyof H & string)[];
  /** The FML floor shown changed (by the element's `floor` / `design`): the element fires `floor-change`. */
  floorChanged(detail: ReturnType<typeof floorDetail>): void;
}

export class ModelSourceController<H extends SourceHost> implements ReactiveController {
  readonly #host: H;
  readonly #keys: readonly (keyof H & string)[];
  readonly #floorChanged: SourceOptions<H>['floorChanged'];
  readonly #request: LatestRequestController;
  /** Bumped by every run and every abort: a run is current while it holds the latest number. */
  #run = 0;
  /** The inputs of the run in progress or shown (compared to see whether to load again). */
  #inputs: Partial<Record<string, unknown>> = {};
  #state: SourceState = 'idle';
  #error?: ElementError;
  #fml?: FmlShown;
  #floorIndex = 0;
  /**
   * Aborted when the element no longer shows what its last run loaded (a newer run, an abort, the
   * element gone): the room document that run shares with other elements is let go
   * (src/api/shared-documents.ts).
   */
  #holding = new AbortController();

  constructor(host: H, options: SourceOptions<H>) {
    this.#host = host;
    this.#keys = [...MODEL_SOURCE_KEYS, ...(options.keys ?? [])] as (keyof H & string)[];
    this.#floorChanged = options.floorChanged;
    this.#request = new LatestRequestController(host);
    new DisconnectController(host, { gone: () => this.#letGo() });
    host.addController(this);
  }

  // the LatestRequestController it holds does the disconnect work; registered so the host keeps it
  hostConnected(): void {}

  /** Where the source is: `idle` (nothing to load), `loading`, `loaded` (the element says so), `error`. */
  get state(): SourceState {
    return this.#state;
  }

  /** Why the newest run failed (state `error`). */
  get error(): ElementError | undefined {
    return this.#error;
  }

  /** The FML plan read, while the source is FML (kept across floor switches). */
  get fml(): FmlShown | undefined {
    return this.#fml;
  }

  /** The FML floor shown; -1 for every floor at once (`<room-viewer floor="all">`). */
  get floorIndex(): number {
    return this.#floorIndex;
  }

  /**
   * What changed since the inputs were last read: `source` (load again), `floor` (the FML is read and
   * only the floor or design changed: switch floors), or undefined. Object.is: a NaN model (garbage in)
   * must not count as changed on every update.
   */
  changes(): 'source' | 'floor' | undefined {
    const host = this.#host as unknown as Record<string, unknown>;
    if (this.#keys.some((key) => !Object.is(host[key], this.#inputs[key]))) return 'source';
    const floorMoved =
      !Object.is(host.floor, this.#inputs.floor) || !Object.is(host.design, this.#inputs.design);
    return floorMoved && this.#fml ? 'floor' : undefined;
  }

  /**
   * Loads what the inputs name, then the element's `step` (its own chunks and geometry) in the same
   * run, so a newer run, `abort()` or the element leaving the page replaces it as a whole. `floorOnly`:
   * only the floor or design changed, and the FML already read is shown again. Resolves undefined for a
   * replaced run, and when there is nothing to load (state `idle`). A step's `floorIndex`, if any, is
   * the floor shown (-1: every floor at once). `begin` is called once there is something to load, before
   * the source is read (what the element fetches meanwhile: `<room-viewer>`'s three.js).
   */
  async load<T extends object>(
    step: (shown: Shown, signal: AbortSignal) => Promise<T> | T,
    floorOnly = false,
    begin?: () => void,
  ): Promise<SourceRun<T> | undefined> {
    const host = this.#host;
    this.#remember();
    const kept = floorOnly ? this.#fml : undefined;
    if (!kept) this.#fml = undefined;
    this.#error = undefined;
    if (!hasModelSource(host)) {
      this.abort();
      this.#set('idle');
      return undefined;
    }
    this.#set('loading');
    begin?.();
    const run = ++this.#run;
    const current = () => run === this.#run;
    this.#letGo();
    const holding = (this.#holding = new AbortController());
    const outcome = await this.#request.run(async (signal) => {
      const shown = await loadShown(host, kept, AbortSignal.any([signal, holding.signal]));
      return { shown, value: await step(shown, signal) };
    });
    if (outcome.status === 'superseded' || !current()) return undefined;
    if (outcome.status === 'failed') {
      // the error panel comes on the way to an error, not with the first frame (issue 33): here before
      // the element shows its error state (error-panel/panel-later.ts)
      await fetchErrorPanel();
      if (!current()) return undefined;
      this.fail(outcome.error);
      return { status: 'failed', error: outcome.error, current };
    }
    const { value } = outcome.value;
    const floorIndex = (value as { floorIndex?: number }).floorIndex ?? outcome.value.shown.floorIndex;
    const shown = { ...outcome.value.shown, floorIndex };
    this.#remember(['floor', 'design']);
    this.#show(shown, Boolean(kept));
    return { status: 'done', shown, value, current };
  }

  /**
   * Switches floors at once from the FML already read (the floor or design changed): the model of the
   * one asked for, and the element's `step` on it, before `floor-change` is fired (when the floor shown
   * changed), so its listeners see the new floor.
   */
  pick<T>(step: (shown: Shown) => T): { shown: Shown; value: T } | undefined {
    const fml = this.#fml;
    if (!fml) return undefined;
    this.#remember(['floor', 'design']);
    const picked = pickDesign(fml, this.#host.floor, this.#host.design);
    const shown: Shown = {
      model: picked.model,
      problems: picked.problems,
      fml,
      floorIndex: picked.floorIndex,
    };
    const value = step(shown);
    this.#show(shown, true);
    return { shown, value };
  }

  /**
   * Shows what was read already, at once (no run, no request): the data a server rendered the element
   * with (src/ssr/), on the server and again in the browser when the element takes over the server's
   * drawing. The inputs are remembered as they are now, so only a later change loads again.
   */
  showNow(shown: Shown): void {
    this.abort();
    this.#remember();
    this.#error = undefined;
    this.#fml = shown.fml;
    this.#floorIndex = shown.floorIndex;
    this.#state = 'loaded';
  }

  /** The element shows the newest run (state `loaded`). */
  loaded(): void {
    this.#set('loaded');
  }

  /** The newest run failed, or the element could not draw it (state `error`). */
  fail(error: ElementError): void {
    this.#error = error;
    this.#set('error');
  }

  /** Replaces the run in progress (it ends superseded) and makes any finished one stale. */
  abort(): void {
    this.#run++;
    this.#request.abort();
    this.#letGo();
  }

  /** Lets go of the room document the last run shares with other elements on the page. */
  #letGo(): void {
    this.#holding.abort(new DOMException('The element shows something else', 'AbortError'));
  }

  /** The element left the page: nothing runs, nothing is shown (state `idle`). */
  reset(): void {
    this.abort();
    this.#set('idle');
  }

  #show(shown: Shown, switched: boolean): void {
    const before = this.#floorIndex;
    this.#fml = shown.fml;
    this.#floorIndex = shown.floorIndex;
    if (switched && shown.fml && shown.floorIndex !== before)
      this.#floorChanged(floorDetail(shown.fml.plan, shown.floorIndex));
    this.#host.requestUpdate();
  }

  /** Reads the inputs now (`only`: just these). */
  #remember(only?: readonly string[]): void {
    const host = this.#host as unknown as Record<string, unknown>;
    for (const key of only ?? [...this.#keys, 'floor', 'design']) this.#inputs[key] = host[key];
  }

  #set(state: SourceState): void {
    this.#state = state;
    this.#host.requestUpdate();
  }
}
