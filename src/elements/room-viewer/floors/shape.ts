/**
 * The room `<room-viewer>` draws when the page asks for more than the model source read: every floor of
 * an FML plan stacked (`floor="all"`, stack.ts) and the walls cut at `section-height` (section.ts). A
 * chunk of its own, fetched with the room only by a viewer that sets either (issue 33).
 */
import type { PlanGeometry, RoomModel } from '../../../model/types.js';
import type { Shown } from '../../../features/model-source/source-controller.js';
import type { LoadedRoom } from '../load.js';
import { sectionModel } from './section.js';
import { floorStack } from './stack.js';

/**
 * The room `loaded` cut at `sectionHeight`, every floor stacked when `all`; `planGeometry` the model's
 * plan worker (handed in by load.ts: a chunk that imported the model's code itself would split it off
 * the element's chain into a file of its own).
 */
export function shapeRoom(
  loaded: Shown,
  all: boolean,
  sectionHeight: number | undefined,
  planGeometry: (model: RoomModel) => PlanGeometry,
): Pick<LoadedRoom, 'model' | 'plan' | 'above' | 'problems' | 'floorIndex'> {
  // floor="all": every floor of a plan with several, stacked; the lowest is the view's own
  const stack = all && loaded.fml ? floorStack(loaded.fml) : undefined;
  const first = stack?.floors[0];
  const model = sectionModel(first?.model ?? loaded.model, sectionHeight);
  // the plan worked out off the main thread serves when no section cut changed the model
  const plan = !first && loaded.plan && model === loaded.model ? loaded.plan : planGeometry(model);
  const above = (stack?.floors.slice(1) ?? []).map((floor) => {
    const cut = sectionModel(floor.model, sectionHeight);
    return { model: cut, plan: planGeometry(cut), lift: floor.lift };
  });
  return {
    problems: stack ? stack.problems : loaded.problems,
    ...(stack ? { floorIndex: -1 } : {}),
    model,
    plan,
    above,
  };
}
