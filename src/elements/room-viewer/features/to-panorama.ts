/**
 * `<room-viewer>` feature: `toPanorama()`, six cube faces rendered from the room at a point, on whichever
 * thread the room is drawn (the drawing's `panorama()`, src/three/panorama-render.ts), encoded as images
 * whose object URLs `<room-panorama>` takes as its `faces` as they are. A mixin over RoomViewerBase.
 */
import type { RoomViewerBase } from '../base.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { Constructor } from '../../../internal/mixin.js';
import { loadedContext, roomOnScreen } from './room-on-screen.js';
import type { Vec3 } from '../../../model/types.js';
import type { CubeFace, CubeFaces } from '../../../panorama/cube-faces.js';

/** toPanorama()'s working part (panorama-faces.ts): loaded on the first call. */
const loadFaces = lazyModule(() => import('./panorama-faces.js'));

export interface PanoramaOptions {
  /** Where the eye is, model cm (x, y on the plan, z above the floor). Default: the first walkthrough camera, else the room's centre at 160 cm. */
  position?: Vec3;
  /** Each face's side in pixels (default 1024, at most 2048 or the GPU's limit). */
  size?: number;
  /** `image/png` (default) or `image/jpeg` / `image/webp`. */
  type?: string;
  /** 0..1 for `image/jpeg` / `image/webp`. */
  quality?: number;
  /**
   * A CSS colour painted behind each face where nothing of the room is drawn (beyond the walls, where no
   * ceiling is): a JPEG face shows it there instead of black. Default none: each face is what `toBlob()` gives.
   */
  background?: string;
}

/**
 * Six faces (`r d l u b f`, the room-styling service's own) as `blob:` URLs of this page: give it to
 * `<room-panorama>`'s `faces` as it is. `revoke()` frees the images once no panorama shows them.
 */
export interface PanoramaFaces extends CubeFaces {
  readonly blobs: Readonly<Record<CubeFace, Blob>>;
  /** Where the faces were rendered from (model cm). */
  readonly position: Vec3;
  readonly size: number;
  revoke(): void;
}

export interface ToPanoramaProperties {
  toPanorama(options?: PanoramaOptions): Promise<PanoramaFaces>;
  setFieldOfView(fov?: number): Promise<void>;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerToPanorama<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ToPanoramaProperties> {
  abstract class WithToPanorama extends Base {
    /**
     * Six cube faces rendered from the room at a point (a 360° panorama of the model), each equal to
     * `toBlob()` from a camera there with a 90° field of view, drawn where the room is drawn (the
     * render worker by default). Resolves with the faces' `blob:` URLs (`r d l u b f`), which
     * `<room-panorama>` takes as `faces`; call `revoke()` when done with them. Rejects with a
     * DOMException `InvalidStateError` while no room is shown, a RangeError for a bad position or size.
     * @param options `position` (model cm; default the first walkthrough camera, else the room's centre
     *   at 160 cm), `size` (default 1024), `type`, `quality`, `background` (a CSS colour behind what is not drawn).
     * @returns {Promise<PanoramaFaces>} The faces.
     */
    async toPanorama(options: PanoramaOptions = {}): Promise<PanoramaFaces> {
      const context = roomOnScreen(
        loadedContext(this.getAttribute('state'), this.viewContext),
        'toPanorama()',
      );
      const fml = this.fmlShown;
      const faces = await loadFaces();
      return faces.panoramaFaces(context, fml, options);
    }

    /**
     * Sets the camera's vertical field of view in degrees (1 to 179), or gives it back to the camera mode
     * (no argument): a tour matches its panorama's before it flies, a face's 90° can be checked with
     * `toBlob()`. Rejects with a DOMException `InvalidStateError` while no room is shown.
     * @param fov Degrees, or undefined for the camera mode's own.
     */
    async setFieldOfView(fov?: number): Promise<void> {
      const context = this.viewContext;
      if (!context) throw new DOMException('setFieldOfView(): no room is shown', 'InvalidStateError');
      await context.drawing.setFieldOfView(fov);
    }
  }
  return WithToPanorama;
}
