/**
 * `<room-viewer>` feature: `toBlob()`, full screen and the wheel / touch rules that keep the page
 * scrollable (src/features/fullscreen/gesture-attributes.ts, wired to OrbitControls through src/three/controls.ts).
 * A mixin over RoomViewerBase (base.ts). The two controllers (full screen and its button, the wheel guard and
 * its hint) come with the viewer's parts, after its first frame (after-frame.ts): until then there is no
 * button, and the wheel and one finger follow `gesture-handling` without the hint.
 */
import { html, nothing, type PropertyValues } from 'lit';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { ViewerParts } from '../hooks.js';
import {
  GestureAttributes,
  type GestureAttributesMembers,
} from '../../../features/fullscreen/gesture-attributes.js';
import type { FullscreenController } from '../../../features/fullscreen/fullscreen.js';
import { isFullscreen } from '../../../features/fullscreen/is-fullscreen.js';
import type { WheelGuard } from '../../../features/fullscreen/wheel-guard.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { SnapshotOptions } from '../../../features/snapshot/snapshot-image.js';
import type { Constructor } from '../../../internal/mixin.js';
import { loadedContext, roomOnScreen } from './room-on-screen.js';

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
): T & Constructor<SnapshotProperties & GestureAttributesMembers> {
  /** @csspart fullscreen-button - The full-screen button, top right. */
  abstract class WithSnapshot extends GestureAttributes(Base) {
    /** Full screen and its button: made with the parts. */
    #fullscreen?: FullscreenController;
    /** Whether the wheel zooms and one finger scrolls, with its hint: made with the parts. */
    #gestures?: WheelGuard;

    protected override partsIn(parts: ViewerParts): void {
      super.partsIn(parts);
      const fullscreen = new parts.FullscreenController(this, (on) => this.fullscreenToggled(on));
      this.#fullscreen = fullscreen;
      this.#gestures = new parts.WheelGuard(this, {
        policy: () => this.gestureHandling,
        fullscreen: () => fullscreen.active,
      });
      this.#applyGestures();
    }

    /**
     * The view as it is now as an image of `width` × `height` pixels (default: the element's size), drawn
     * again at that size (no hotspots, buttons or hints). Rejects with a DOMException `InvalidStateError`
     * while no room is shown, and a RangeError for a side below 1 or beyond 8192 (or the GPU's limit).
     * @param options `type` (default `image/png`), `quality`, `width` / `height`.
     * @returns {Promise<Blob>} The image.
     */
    async toBlob(options: SnapshotOptions = {}): Promise<Blob> {
      const context = roomOnScreen(loadedContext(this.getAttribute('state'), this.viewContext), 'toBlob()');
      this.analytics.trackIfVisitor('snapshot');
      const image = await loadImage();
      // the drawing, on either thread, draws it again at that size (and knows its GPU's limit); encoded here
      const size = image.snapshotSize(this, options, image.MAX_SNAPSHOT_SIDE);
      const canvas = await context.drawing.snapshot(size.width, size.height);
      return image.encodeCanvas(canvas, options);
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      // the wheel is gated by the drawing itself (wheelZooms()); one finger's rule goes to it here
      this.#applyGestures();
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
        this.#fullscreen
          ? html`<div class="corner-controls">${this.#fullscreen.button(this.fullscreenButton)}</div>`
          : nothing,
        this.#gestures?.render() ?? nothing,
      ];
    }

    // until the parts are in: the policy alone (a turn with Ctrl / ⌘ zooms; no hint, no engaging click)
    protected override wheelZooms(event: WheelEvent): boolean {
      const gestures = this.#gestures;
      if (gestures) return gestures.wheel(event);
      return this.gestureHandling === 'greedy' || isFullscreen(this) || event.ctrlKey || event.metaKey;
    }

    protected override oneFingerScrolls(): boolean {
      if (this.#gestures) return this.#gestures.touchScrolls();
      return this.gestureHandling !== 'greedy' && !isFullscreen(this);
    }

    /** One finger orbits, or scrolls the page (cooperative, not full screen): the drawing hears it. */
    #applyGestures(): void {
      this.gesturesChanged();
    }
  }
  return WithSnapshot;
}
