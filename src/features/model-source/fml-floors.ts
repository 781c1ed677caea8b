/**
 * The FML side shared by `<room-plan>` and `<room-viewer>`: the floor and design an element shows
 * (its `floor` / `design` inputs: an id or a 0-based index), the room model of that design, and the
 * floor switcher (a real `<select>`, so it is keyboard-operable and announced) shown when the plan
 * has more than one floor. Floor names are untrusted text and go in as text. Reading an FML source
 * is ./fml-load.ts, a chunk loaded only for one (issue 33: a room's first frame does without it).
 */
import type { FmlModule } from '../../api/model-source.js';
import type { FmlPlan } from '../../model/fml/types.js';
import type { ModelProblem, RoomModel } from '../../model/types.js';

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

/** The `floor-change` detail of a floor index (`-1`: all floors). */
export function floorDetail(plan: FmlPlan, index: number) {
  const floor = plan.floors[index];
  return {
    index,
    ...(floor?.id !== undefined ? { id: floor.id } : {}),
    ...(floor ? { name: floor.name, level: floor.level } : {}),
  };
}
