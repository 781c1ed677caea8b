/**
 * `<room-viewer>` feature: `sync-camera="other-viewer-id"`, two viewers on the same camera (two designs
 * of an FML floor, the room furnished and empty, two rooms side by side). A move of either camera (a
 * drag, the keyboard, `flyTo()`, the camera attributes) is copied to the other after the frame it was
 * drawn in, so a drag on either moves both. The viewer with the attribute takes the other's camera
 * when they are linked. Each viewer's camera comes from its frames and goes back through its drawing
 * (src/features/motion/camera-feed.ts), so either may be drawn on either thread. A mixin over
 * RoomViewerBase (base.ts); the link itself is features/sync-camera-part.ts, fetched when the attribute
 * is set (issue 33).
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { LazyPart } from './lazy-part.js';
import type { CameraLink } from './sync-camera-part.js';
import type { OpeningCamera } from '../../../three/drawing.js';
import { cameraFeedOf } from '../../../features/motion/camera-feed.js';

const loadLink = lazyModule(() => import('./sync-camera-part.js'));

/** What the mixin adds (documented on the class below). */
export interface SyncCameraProperties {
  syncCamera?: string;
  readonly syncedViewer: HTMLElement | undefined;
}

export function ViewerSyncCamera<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<SyncCameraProperties> {
  abstract class WithSyncCamera extends Base {
    /**
     * The id of another `<room-viewer>` in the same document (or shadow root) to share the camera with:
     * a move of either moves both. The other may come later; it needs no attribute of its own.
     */
    @property({ attribute: 'sync-camera' }) syncCamera?: string;

    #link = new LazyPart<CameraLink, HTMLElement>(this, this, loadLink);

    /** The `<room-viewer>` `sync-camera` names, once found. */
    get syncedViewer(): HTMLElement | undefined {
      return this.#link.value?.other;
    }

    override connectedCallback(): void {
      super.connectedCallback();
      this.#relink();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#link.value?.unlink();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('syncCamera')) this.#relink();
    }

    /** The viewer with the attribute opens on the other's camera when the other has drawn one. */
    protected override async openingCamera(
      room: Pick<ViewerContext, 'model' | 'plan'>,
    ): Promise<OpeningCamera> {
      const start = await super.openingCamera(room);
      if (!this.syncCamera?.trim()) return start;
      const link = await this.#link.get().catch(() => undefined);
      const other = link?.other;
      const pose = other && cameraFeedOf(other)?.pose;
      return pose ? { ...start, view: { position: pose.position, target: pose.target } } : start;
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.#link.value?.follow(true);
    }

    protected override viewGone(): void {
      super.viewGone();
      queueMicrotask(() => this.#link.value?.follow(false));
    }

    /** Links as the attribute says now, once the link's code is here (fetched only when it names a viewer). */
    #relink(): void {
      if (!this.isConnected || !(this.syncCamera || this.#link.value)) return;
      this.#link.get().then(
        (link) => this.isConnected && link.link(this.syncCamera),
        () => undefined,
      );
    }
  }
  return WithSyncCamera;
}
