/**
 * `<room-plan>` feature: `for="viewer-id"`: the viewer's camera and view cone on the plan, areas that move the viewer. A mixin over RoomPlanBase (plan-base.ts).
 */
import type { RoomPlanBase } from './plan-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function PlanSync<T extends Constructor<RoomPlanBase>>(Base: T): T {
  return Base;
}
