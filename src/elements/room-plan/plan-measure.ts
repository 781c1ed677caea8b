/**
 * `<room-plan>` feature: the `measure` mode and wall lengths on hover. A mixin over RoomPlanBase (plan-base.ts).
 */
import type { RoomPlanBase } from './plan-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function PlanMeasure<T extends Constructor<RoomPlanBase>>(Base: T): T {
  return Base;
}
