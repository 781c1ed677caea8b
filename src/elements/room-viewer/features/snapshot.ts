/**
 * `<room-viewer>` feature: `toBlob()`, full screen and the wheel / touch rules that keep the page
 * scrollable (src/features/fullscreen/fullscreen-gestures.ts, wired to OrbitControls through src/three/controls.ts).
 * A mixin over RoomViewerBase (base.ts).
 */
import { html, type PropertyValues } from 'lit';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import {
  FullscreenGestures,
  type FullscreenGesturesMembers,
} from '../../../features/fullscreen/fullscreen-gestures.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { SnapshotOptions } from '../../../features/snapshot/snapshot-image.js';
import type { Constructor } from '../../../internal/mixin.js';

/** Sizing and encoding a snapshot: loaded with the first `toBlob()`. */
const loadImage = lazyModule(() => import('../../../features/snapshot/snapshot-image.js'));

/** What the mixin adds to the element (documented on the classes). */
export interface SnapshotProperties {
  toBlob(options?: SnapshotOptions): Promise<Blob>;
}

export type { SnapshotOptions };

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerSnapshot<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<SnapshotProperties & FullscreenGesturesMembers> {
  /** @csspart fullscreen-button - The full-screen button, top right. */
  abstract class WithSnapshot extends FullscreenGestures(Base) {
    #ungate?: () => void;

    /**
     * The view as it is now as an image of `width` × `height` pixels (default: the element's size), drawn
     * again at that size (no hotspots, buttons or hints). Rejects with a DOMException `InvalidStateError`
     * while no room is shown, and a RangeError for a side below 1 or beyond 8192 (or the GPU's limit).
     * @param options `type` (default `image/png`), `quality`, `width` / `height`.
     * @returns {Promise<Blob>} The image.
     */
    async toBlob(options: SnapshotOptions = {}): Promise<Blob> {
      const noRoom = () =>
        new DOMException(
          'toBlob(): no room is shown (the viewer is idle, loading or failed)',
          'InvalidStateError',
        );
      const context = this.viewContext;
      if (!context && this.renderThread === 'worker' && this.getAttribute('state') === 'loaded') {
        // drawn in the render worker: drawn again there, encoded here
        this.analytics.trackIfVisitor('snapshot');
        const image = await loadImage();
        const size = image.snapshotSize(this, options, image.MAX_SNAPSHOT_SIDE);
        const canvas = await this.workerSnapshot(size.width, size.height);
        if (!canvas) throw noRoom();
        return image.encodeCanvas(canvas, options);
      }
      if (!context) throw noRoom();
      this.analytics.trackIfVisitor('snapshot');
      const [three, image] = await Promise.all([context.features ?? context.loadFeatures(), loadImage()]);
      // the room may have gone while the snapshot code arrived
      if (this.viewContext !== context) throw noRoom();
      const size = image.snapshotSize(this, options, three.snapshotLimit());
      return image.encodeCanvas(three.renderSnapshot(context.view, size), options);
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      const { three, view } = context;
      this.#ungate = three.gateWheel(view.controls, this, (event) => this.gestures.wheel(event));
      this.#applyGestures();
    }

    protected override viewGone(): void {
      this.#ungate?.();
      this.#ungate = undefined;
      super.viewGone();
    }

    protected override fullscreenChanged(on: boolean): void {
      super.fullscreenChanged(on);
      this.#applyGestures();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('gestureHandling')) this.#applyGestures();
    }

    protected override renderFeatures(): unknown[] {
      return [
        ...super.renderFeatures(),
        html`<div class="corner-controls">${this.fullscreen.button(this.fullscreenButton)}</div>`,
        this.gestures.render(),
      ];
    }

    protected override wheelZooms(event: WheelEvent): boolean {
      return this.gestures.wheel(event);
    }

    protected override oneFingerScrolls(): boolean {
      return this.gestures.touchScrolls();
    }

    /** One finger orbits, or scrolls the page (cooperative, not full screen). */
    #applyGestures(): void {
      const context = this.viewContext;
      if (context) context.three.touchScrolls(context.view.controls, this.gestures.touchScrolls());
      // drawn in the render worker: the worker's controls hear it
      else this.gesturesChanged();
    }
  }
  return WithSnapshot;
}
