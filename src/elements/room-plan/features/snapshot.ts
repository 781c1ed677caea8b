/**
 * `<room-plan>` feature: `toBlob()` (the SVG rasterised, src/features/snapshot/svg-raster.ts), full screen and
 * the wheel / touch rules that keep the page scrollable (src/features/fullscreen/, asked by navigation.ts). A
 * mixin over RoomPlanBase (base.ts). Full screen's controller and the wheel guard with its hint come with the
 * plan's parts, right after its first paint (after-paint.ts; until then the wheel and one finger follow
 * `gesture-handling` alone); the rasteriser comes with the first `toBlob()` (snapshot-part.ts).
 */
import { nothing } from 'lit';
import type { PlanParts, RoomPlanBase } from '../base.js';
import {
  GestureAttributes,
  type GestureAttributesMembers,
} from '../../../features/fullscreen/gesture-attributes.js';
import { isFullscreen } from '../../../features/fullscreen/is-fullscreen.js';
// types only: made with the plan's parts (after-paint.ts)
import type { PlanGestures } from './gestures-part.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { SnapshotOptions } from '../../../features/snapshot/snapshot-image.js';
import type { Constructor } from '../../../internal/mixin.js';

/** Rasterising, sizing and encoding a snapshot: loaded with the first `toBlob()`. */
const loadSnapshot = lazyModule(() => import('./snapshot-part.js'));

/** What the mixin adds to the element (documented on the classes). */
export interface PlanSnapshotProperties {
  toBlob(options?: SnapshotOptions): Promise<Blob>;
}

/** The colour behind the plan: the element's own background, white where it has none. */
function backgroundOf(element: Element): string {
  const colour = getComputedStyle(element).backgroundColor;
  return !colour || colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour) ? '#fff' : colour;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function PlanSnapshot<T extends Constructor<RoomPlanBase>>(
  Base: T,
): T & Constructor<PlanSnapshotProperties & GestureAttributesMembers> {
  /** @csspart fullscreen-button - The full-screen button beside the zoom buttons (also `control`). */
  abstract class WithPlanSnapshot extends GestureAttributes(Base) {
    /** Full screen with its button, and the wheel guard with its hint: made with the parts. */
    #gestures?: PlanGestures;

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      // a call, not `this.navigation.gate = …`: the manifest analyzer reads such an assignment in a
      // constructor as a field of the element. Until the parts are in: the policy alone (a turn with
      // Ctrl / ⌘ zooms; no hint, no engaging click)
      this.navigation.useGate({
        wheel: (event) =>
          this.#gestures?.guard.wheel(event) ??
          (this.gestureHandling === 'greedy' || isFullscreen(this) || event.ctrlKey || event.metaKey),
        touchScrolls: () =>
          this.#gestures?.guard.touchScrolls() ?? (this.gestureHandling !== 'greedy' && !isFullscreen(this)),
      });
    }

    protected override partsIn(parts: PlanParts): void {
      super.partsIn(parts);
      this.#gestures = new parts.PlanGestures(
        this,
        (on) => this.fullscreenToggled(on),
        () => this.gestureHandling,
      );
    }

    /**
     * The plan as it is shown now (its current zoom and everything drawn over it) as an image of
     * `width` × `height` pixels (default: the element's size), the plan fitted in. Rejects with a
     * DOMException `InvalidStateError` while no plan is shown, and a RangeError for a side below 1 or
     * beyond 8192. Under a Content-Security-Policy, `img-src` must allow `blob:`.
     * @param options `type` (default `image/png`), `quality`, `width` / `height`.
     * @returns {Promise<Blob>} The image.
     */
    async toBlob(options: SnapshotOptions = {}): Promise<Blob> {
      const svg = this.renderRoot.querySelector<SVGSVGElement>('svg[part~="svg"]');
      if (!svg || !this.planShown) {
        const message = 'toBlob(): no plan is shown (the plan is idle, loading or failed)';
        throw new DOMException(message, 'InvalidStateError');
      }
      this.analytics.trackIfVisitor('snapshot');
      const code = await loadSnapshot();
      const size = code.snapshotSize(this, options);
      const canvas = await code.rasteriseSvg(svg, { ...size, background: backgroundOf(this) });
      return code.encodeCanvas(canvas, options);
    }

    protected override renderControls(): unknown[] {
      const fullscreen = this.#gestures?.fullscreen;
      return [
        ...super.renderControls(),
        fullscreen ? fullscreen.button(this.fullscreenButton, 'control fullscreen-button') : nothing,
      ];
    }

    protected override renderFeatures(): unknown[] {
      return [...super.renderFeatures(), this.#gestures?.guard.render() ?? nothing];
    }
  }
  return WithPlanSnapshot;
}
