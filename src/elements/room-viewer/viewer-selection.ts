/**
 * `<room-viewer>` feature: selectable furniture (`component-select`, `selected`, `highlight()`, `focus-component`) and the room description list. A mixin over RoomViewerBase (viewer-base.ts).
 */
import type { RoomViewerBase } from './viewer-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function ViewerSelection<T extends Constructor<RoomViewerBase>>(Base: T): T {
  return Base;
}
