/**
 * `<room-viewer floor="all">`: the room model of every floor of an FML plan (each floor's first
 * design) with how far it stands above the lowest one: the sum of the storey heights below it, in
 * the order of the floors' levels. The models are drawn by src/three/fml-stack.ts.
 */
import type { ModelProblem, RoomModel } from '../../../model/types.js';
import type { FmlShown } from '../../../features/model-source/fml-floors.js';

/** At most this many floors are stacked (a hostile document may hold thousands). */
const MAX_STACKED = 50;

export interface FloorInStack {
  model: RoomModel;
  /** Centimetres above the lowest floor. */
  lift: number;
  floorIndex: number;
}

export function floorStack(shown: FmlShown): { floors: FloorInStack[]; problems: ModelProblem[] } {
  const problems: ModelProblem[] = [...shown.problems];
  const order = shown.plan.floors
    .map((floor, index) => ({ floor, index }))
    .slice(0, MAX_STACKED)
    .sort((a, b) => (a.floor.level || 0) - (b.floor.level || 0) || a.index - b.index);
  const floors: FloorInStack[] = [];
  let lift = 0;
  for (const { floor, index } of order) {
    const result = shown.fml.fmlDesignToRoomModel(shown.plan, { floor: index });
    problems.push(...result.problems);
    floors.push({ model: result.model, lift, floorIndex: index });
    const height = Number.isFinite(floor.height) && floor.height > 0 ? floor.height : result.model.height;
    lift += Number.isFinite(height) && height > 0 ? height : 0;
  }
  return { floors, problems };
}
