/**
 * `<room-plan>` feature: `toBlob()` (the SVG rasterised, src/features/snapshot/svg-raster.ts), full screen and
 * the wheel / touch rules that keep the page scrollable (src/features/fullscreen/fullscreen-gestures.ts, asked by
 * navigation.ts). A mixin over RoomPlanBase (base.ts).
 */
import type { RoomPlanBase } from '../base.js';
import {
  FullscreenGestures,
  type FullscreenGesturesMembers,
} from '../../../features/fullscreen/fullscreen-gestures.js';
import {
  encodeCanvas,
  snapshotSize,
  type SnapshotOptions,
} from '../../../features/snapshot/snapshot-image.js';
import { rasteriseSvg } from '../../../features/snapshot/svg-raster.js';
import type { Constructor } from '../../../internal/mixin.js';

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
): T & Constructor<PlanSnapshotProperties & FullscreenGesturesMembers> {
  /** @csspart fullscreen-button - The full-screen button beside the zoom buttons (also `control`). */
  abstract class WithPlanSnapshot extends FullscreenGestures(Base) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      // a call, not `this.navigation.gate = …`: the manifest analyzer reads such an assignment in a
      // constructor as a field of the element
      this.navigation.useGate(this.gestures);
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
      const size = snapshotSize(this, options);
      const canvas = await rasteriseSvg(svg, { ...size, background: backgroundOf(this) });
      return encodeCanvas(canvas, options);
    }

    protected override renderControls(): unknown[] {
      return [
        ...super.renderControls(),
        this.fullscreen.button(this.fullscreenButton, 'control fullscreen-button'),
      ];
    }

    protected override renderFeatures(): unknown[] {
      return [...super.renderFeatures(), this.gestures.render()];
    }
  }
  return WithPlanSnapshot;
}
