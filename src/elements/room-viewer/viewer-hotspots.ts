/**
 * `<room-viewer>` feature: hotspots: the page's own elements with `slot="hotspot"` following the view. A mixin over RoomViewerBase (viewer-base.ts).
 */
import type { RoomViewerBase } from './viewer-base.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = abstract new (...args: any[]) => T;

export function ViewerHotspots<T extends Constructor<RoomViewerBase>>(Base: T): T {
  return Base;
}
