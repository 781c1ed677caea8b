/**
 * `<room-viewer>` feature: `cutaway` and the `measure` mode. A mixin over RoomViewerBase (viewer-base.ts).
 */
import type { RoomViewerBase } from './viewer-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function ViewerMeasure<T extends Constructor<RoomViewerBase>>(Base: T): T {
  return Base;
}
