/**
 * The ceiling over a camera that stands in a room (issue 38's follow-up). The scene holds each area's
 * ceiling (floors.ts: its polygon at the storey's height, facing down, #f7f7f5), but the `orbit`, `top`
 * and `walk` start views hide it: from above it would cover the room, and the shade strips under it
 * darken the walls' tops. A camera inside a room, under its ceiling (a walker, a tour's flight, an orbit
 * camera moved into a room, a panorama's point), looks up at nothing there: the background, black in a
 * JPEG face, while the planner's own panorama exports draw a ceiling. So:
 * - followCeilings(): in those views, the ceilings are shown while the camera stands under one (the
 *   cutaway's own rule, cutaway.ts), hidden again when it leaves; the view from above never has them;
 * - withCeilings(): toPanorama()'s six faces are drawn with the ceilings shown, wherever the point is.
 * Ceilings never cast the sun's shadow (build-room.ts), so showing them changes no shadow.
 */
import { pointInRing } from '../model/polygon.js';
import type { PlanGeometry, Vec3 } from '../model/types.js';
import { toModel } from './axes.js';
import type { RoomView } from './room-view.js';

/** Whether a point (model cm) stands under one of the plan's ceilings: inside an area, below the storey's height. */
export function underCeiling(plan: PlanGeometry, point: Vec3): boolean {
  const [x, y, z] = point;
  return z < plan.height && plan.areas.some((area) => pointInRing([x, y], area.polygon));
}

/**
 * Shows the view's ceilings while its camera stands under one, in the start views that hide them
 * (`model` shows them always: left as it is). Follows every frame; the view frees it with its listeners.
 */
export function followCeilings(view: RoomView): void {
  let key = '';
  const follow = () => {
    const ceilings = view.room.ceilings;
    if (!ceilings || view.cameraMode === 'model') return;
    const eye = toModel(view.camera.position);
    const now = `${view.cameraMode} ${eye.map((v) => v.toFixed(1)).join(' ')} ${ceilings.visible}`;
    if (now === key) return;
    key = now;
    const under = underCeiling(view.room.plan, eye);
    if (ceilings.visible === under) return;
    ceilings.visible = under;
    key = '';
    view.requestRender();
  };
  // at once: a camera that starts in a room (a walker) has its ceiling in the first frame
  follow();
  view.frameListeners.add(follow);
}

/** Runs `draw` with the room's ceilings shown (a panorama's faces), then puts them back as they were. */
export function withCeilings<T>(view: RoomView, draw: () => T): T {
  const ceilings = view.room.ceilings;
  if (!ceilings || ceilings.visible) return draw();
  ceilings.visible = true;
  try {
    return draw();
  } finally {
    ceilings.visible = false;
  }
}
