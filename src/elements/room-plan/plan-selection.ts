/**
 * `<room-plan>` feature: selectable furniture (`component-select`, `selected`, `highlight()`) and the room description list. A mixin over RoomPlanBase (plan-base.ts).
 */
import type { RoomPlanBase } from './plan-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function PlanSelection<T extends Constructor<RoomPlanBase>>(Base: T): T {
  return Base;
}
