/**
 * The FML side shared by `<room-plan>` and `<room-viewer>`: the floor and design an element shows
 * (its `floor` / `design` inputs: an id or a 0-based index), the room model of that design, and the
 * floor switcher (a real `<select>`, so it is keyboard-operable and announced) shown when the plan
 * has more than one floor. Floor names are untrusted text and go in as text.
 */
import { html, nothing } from 'lit';
import {
  loadRaw,
  loadRawModel,
  readFmlSource,
  type FmlModule,
  type ModelSource,
} from '../../api/model-source.js';
import { ElementError } from '../../internal/element-error.js';
import { readFmlOffThread, readPlanOffThread } from '../model-worker/model-off-thread.js';
import type { FmlPlan } from '../../model/fml/types.js';
import type { ModelProblem, PlanGeometry, RoomModel } from '../../model/types.js';

export interface FmlShown {
  plan: FmlPlan;
  fml: FmlModule;
  /** The reader's problems (the document), before the selection's. */
  problems: readonly ModelProblem[];
}

export interface FmlPicked {
  model: RoomModel;
  problems: readonly ModelProblem[];
  floorIndex: number;
  designIndex: number;
}

const blank = (value: unknown) => value == null || String(value).trim() === '';

/**
 * The inputs that can only be a room model: the `model` property (the first input), or a `room-id`
 * with no FML input, `src` or `project-id` before it. (A `src` may be FML or a room model: which one
 * is known only once fetched; loadShown then reads a room model off the main thread as well.)
 */
function roomModelOnly(source: ModelSource): boolean {
  if (source.model != null) return true;
  return blank(source.fml) && blank(source.src) && blank(source.projectId) && !blank(source.roomId);
}

/**
 * A room model read, and its plan worked out, off the main thread when it is large
 * (readPlanOffThread): a 30 000-wall model must not freeze the page while it is read.
 */
async function loadRoomOffThread(source: ModelSource, signal: AbortSignal) {
  return readRoomOffThread(await loadRawModel(source, signal), signal);
}

async function readRoomOffThread(raw: unknown, signal: AbortSignal) {
  const { read, plan } = await readPlanOffThread(raw, { signal });
  if (!read.drawable)
    throw new ElementError('the model has no wall or area that can be drawn', {
      kind: 'invalid',
      reason: 'not-drawable',
      problems: read.problems,
    });
  return { model: read.model, problems: read.problems, plan, floorIndex: 0 };
}

/**
 * What an element shows from its inputs: a room model as it is (with its plan when it was worked out
 * off the main thread), or the picked design of an FML plan (`kept`: the plan already read, when only
 * the floor or design changed).
 */
export async function loadShown(
  source: ModelSource & { floor?: string; design?: string },
  kept: FmlShown | undefined,
  signal: AbortSignal,
): Promise<{
  model: RoomModel;
  problems: readonly ModelProblem[];
  /** The model's plan geometry, when it is already worked out. */
  plan?: PlanGeometry;
  fml?: FmlShown;
  floorIndex: number;
}> {
  if (!kept && roomModelOnly(source)) return loadRoomOffThread(source, signal);
  let loaded: FmlShown & { kind: 'fml' };
  if (kept) loaded = { kind: 'fml', ...kept };
  else {
    // a `src` is told apart once fetched: a room model is then read off the main thread too
    const tagged = await loadRaw(source, signal);
    if (tagged.kind === 'room') return readRoomOffThread(tagged.raw, signal);
    // a long FML document is parsed in the model worker: XML costs about 0.2 s per MB
    loaded = await readFmlSource(tagged.raw, (raw) => readFmlOffThread(raw, { signal }));
  }
  const fml = { plan: loaded.plan, fml: loaded.fml, problems: loaded.problems };
  const picked = pickDesign(fml, source.floor, source.design);
  return { model: picked.model, problems: picked.problems, fml, floorIndex: picked.floorIndex };
}

/** A selector as the element's attribute gives it: blank is none, digits stay text (id or index). */
export function selectorOf(value: string | number | null | undefined): string | number | undefined {
  if (value == null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : typeof value === 'number' ? value : text;
}

/** The room model of the floor and design asked for (the first of each when none matches). */
export function pickDesign(
  shown: FmlShown,
  floor: string | number | null | undefined,
  design: string | number | null | undefined,
): FmlPicked {
  const result = shown.fml.fmlDesignToRoomModel(shown.plan, {
    floor: selectorOf(floor),
    design: selectorOf(design),
  });
  return {
    model: result.model,
    problems: [...shown.problems, ...result.problems],
    floorIndex: result.floorIndex,
    designIndex: result.designIndex,
  };
}

/** The floor's name as the switcher shows it (a floor with no name gets its level). */
export function floorName(plan: FmlPlan, index: number, fallback: (n: number) => string): string {
  const floor = plan.floors[index];
  const name = floor?.name?.trim().slice(0, 80);
  return name || fallback(floor?.level ?? index);
}

/** The `floor-change` detail of a floor index (`-1`: all floors). */
export function floorDetail(plan: FmlPlan, index: number) {
  const floor = plan.floors[index];
  return {
    index,
    ...(floor?.id !== undefined ? { id: floor.id } : {}),
    ...(floor ? { name: floor.name, level: floor.level } : {}),
  };
}

/** The arrow keys belong to the switcher, not to the view's camera or pan keys around it. */
const stopKeys = (event: KeyboardEvent) => event.stopPropagation();

/**
 * The switcher: one option per floor (in the document's order) and, when `all` is given, an option
 * for every floor at once (value -1). Nothing when the plan has one floor.
 */
export function floorSwitcher(options: {
  plan: FmlPlan | undefined;
  selected: number;
  label: string;
  all?: string;
  fallback: (level: number) => string;
  onChange: (index: number) => void;
}) {
  const { plan, selected, label, all, fallback, onChange } = options;
  if (!plan || plan.floors.length < 2) return nothing;
  const floors = plan.floors.slice(0, 200);
  return html`<select
    part="floor-switcher"
    aria-label=${label}
    title=${label}
    @change=${(event: Event) => onChange(Number((event.target as HTMLSelectElement).value))}
    @keydown=${stopKeys}
  >
    ${floors.map(
      (_, i) => html`<option value=${i} ?selected=${i === selected}>${floorName(plan, i, fallback)}</option>`,
    )}
    ${all ? html`<option value="-1" ?selected=${selected === -1}>${all}</option>` : nothing}
  </select>`;
}
