/**
 * `<room-viewer>` feature: `exportLook()`, the furnished room, its furniture alone or the selected
 * pieces as a glTF binary or a USDZ file (issue 36), written where the room is drawn (the render worker
 * by default) by three.js's exporters (src/three/export/). Which pieces a scope names and their
 * product lines are src/features/ar-look/look-lines.ts, shared with the AR side; both come with
 * export-part.ts on the first call. A mixin over
 * RoomViewerBase (base.ts).
 */
import type { RoomViewerBase } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import { loadedContext } from './room-on-screen.js';
import type { ExportLookOptions } from '../../../features/ar-look/look-lines.js';

/** The options' checks and the file (export-part.ts, with look-lines.ts): loaded on the first export. */
const loadPart = lazyModule(() => import('./export-part.js'));

export type { ExportLookOptions };

/**
 * The export's bounds: the file's cap (15 MB: what AR Quick Look and Scene Viewer open on a phone
 * without a long wait) and a texture's largest side. Writable for tests and tools (a lowered cap).
 */
export const lookExportLimits = { maxBytes: 15 * 1024 * 1024, maxTextureSize: 2048 };

/** What the mixin adds to the element (documented on the class). */
export interface ExportProperties {
  exportLook(options?: ExportLookOptions): Promise<Blob>;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerExport<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ExportProperties> {
  abstract class WithExport extends Base {
    /**
     * The look as a file for AR or a 3D tool: `scope` `room` (default: walls, floors, doors, windows and
     * the furniture), `furniture` (the arrangement without walls) or `selected` (the selected pieces, or
     * those `pieces` names); `format` `glb` (default, glTF binary) or `usdz`. True scale in metres, y up,
     * the floor at y = 0 and the footprint's centre at the origin; one node per piece named by its id, its
     * product in the node's `extras` (GLB); materials and textures as drawn (textures at most 2048 px); a
     * piece without its mesh (none, or it failed) as its box. Written in the render worker when the room
     * is drawn there. Rejects with a DOMException `InvalidStateError` while no room is shown,
     * `NotFoundError` when `selected` names nothing or a piece the room does not have, `QuotaExceededError`
     * over 15 MB, and a TypeError for an unknown scope or format.
     * @param options `scope`, `format`, `pieces`.
     * @returns {Promise<Blob>} The file (`model/gltf-binary` or `model/vnd.usdz+zip`).
     */
    async exportLook(options: ExportLookOptions = {}): Promise<Blob> {
      // the room and the selection as they are at the call (the part may arrive after a reload)
      const context = loadedContext(this.getAttribute('state'), this.viewContext);
      const selected = (this as { selected?: string[] }).selected;
      const part = await loadPart();
      return part.exportLook(context, options, selected, lookExportLimits);
    }
  }
  return WithExport;
}
