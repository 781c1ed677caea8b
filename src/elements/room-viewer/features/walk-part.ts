/**
 * The working part of `<room-viewer>`'s walk mode (features/walk.ts holds the mixin): the walker's world
 * (walls, furniture and stairs, src/model/walk/), where a walk starts and which floor each staircase
 * leads to. A chunk of its own (issue 33: about 3 KB gzip off the viewer's first frame), fetched right
 * after the first frame, or with the room when it opens walking (`camera="walk"`).
 */
import type { FmlPlan } from '../../../model/fml/types.js';
import type { Vec2 } from '../../../model/types.js';
import {
  settle,
  stairAt,
  stairTarget,
  walkFurniture,
  walkStart,
  walkWorld,
  type WalkCamera,
  type WalkStair,
  type WalkWorld,
} from '../../../model/walk/index.js';
import type { CameraPose } from '../../../three/drawing.js';
import type { WalkSetup } from '../../../three/walk/walk-controls.js';
import type { ViewerContext } from '../load.js';

export type { WalkWorld };

/** Where a walker stands and looks (model frame, cm). */
export type Place = { position: Vec2; heading: Vec2 };

/** The floor's cameras (its designs' and its own), model frame. */
function camerasOf(plan: FmlPlan, index: number): WalkCamera[] {
  const floor = plan.floors[index];
  if (!floor) return [];
  return [...floor.designs.flatMap((d) => d.cameras), ...floor.cameras];
}

/** A room's walk: its world, what the drawing is given, and whether its stairs lead on at once. */
export interface RoomWalk {
  world: WalkWorld;
  setup: Omit<WalkSetup, 'reducedMotion'>;
  /** Off while the walker starts on stairs: they lead on only once left. */
  armed: boolean;
  /** Where the walk starts is a guess (a camera outside every area): said on the console when walking. */
  warning?: string;
}

/**
 * The walk of the room in `context`: started where the stairs brought the walker (`arrival`, when it
 * lands on this floor), else at the floor's first walkthrough camera or the largest area's centre.
 */
export function roomWalk(
  context: Pick<ViewerContext, 'model' | 'plan'>,
  fml: { plan: FmlPlan; floorIndex: number } | undefined,
  arrival: Place | undefined,
): RoomWalk {
  const stairs: WalkStair[] = (context.model.stairs ?? []).map((s) => {
    const to = fml ? stairTarget(fml.plan, fml.floorIndex, s.polygon) : undefined;
    return to === undefined ? { polygon: s.polygon } : { polygon: s.polygon, to };
  });
  // furniture holds the walker (walk-furniture.ts: what stands between 30 and 180 cm)
  const furniture = walkFurniture(context.model);
  const world = walkWorld(context.plan, stairs, furniture);
  let start: Place;
  let warning: string | undefined;
  const landed = arrival && settle(world, arrival.position);
  if (arrival && landed) start = { position: landed, heading: arrival.heading };
  else {
    const found = walkStart(world, context.plan, fml ? camerasOf(fml.plan, fml.floorIndex) : []);
    warning = found.warning;
    start = { position: found.position, heading: found.heading };
  }
  return {
    world,
    setup: { start, stairs, furniture },
    armed: !stairAt(world, start.position),
    ...(warning ? { warning } : {}),
  };
}

/**
 * A frame's camera (`pose`, world space) on the plan: off stairs it arms them; stepping onto armed
 * stairs that lead to another floor, that floor (`to`) with where the walker arrives, facing on.
 */
export function stairStep(
  world: WalkWorld,
  pose: CameraPose,
  armed: boolean,
): { armed: boolean; to?: number; arrival?: Place } {
  // the walker's place on the plan: the camera's, back in the model's frame (cm, y up)
  const [x, , z] = pose.position;
  const here: [number, number] = [x * 100, -z * 100];
  const stair = stairAt(world, here);
  if (!stair) return { armed: true };
  if (!armed || stair.to === undefined) return { armed };
  const [tx, , tz] = pose.target;
  const dx = tx * 100 - here[0];
  const dy = -tz * 100 - here[1];
  const length = Math.hypot(dx, dy) || 1;
  return { armed: false, to: stair.to, arrival: { position: here, heading: [dx / length, dy / length] } };
}
