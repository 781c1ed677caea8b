/**
 * `<room-plan>` feature: `for="viewer-id"` links the plan to a `<room-viewer>`: the viewer's camera and
 * view cone on the plan, the area it looks at highlighted, a click (or Enter on an area's button in the
 * description) flies the viewer into that area, and `selected` kept the same on both. A mixin over
 * RoomPlanBase (base.ts). The link at work (sync-part.ts: finding the viewer, following its camera) is a
 * chunk fetched by a plan with `for`, beside its parts right after its first paint (base.ts, partsAlso),
 * or when `for` is set later: the marker shows a moment after the plan, and `linkedViewer` is undefined
 * until then (found by `model-load` when the viewer is there).
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { AreaGeometry } from '../../../model/types.js';
import type { PlanShown, RoomPlanBase } from '../base.js';
import { pointsOf, r } from '../drawing/svg.js';
// types only: the link's code is a chunk of its own (sync-part.ts)
import type { PlanSyncPart } from './sync-part.js';
import type { Constructor } from '../../../internal/mixin.js';

/** The link's code (and a tour's stops): fetched by a plan with `for`. */
export const loadLink = lazyModule(() => import('./sync-part.js'));

/** What the mixin adds (documented on the class below). */
export interface PlanSyncProperties {
  htmlFor?: string;
  readonly linkedViewer: HTMLElement | undefined;
  readonly lookedAt: string | undefined;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function PlanSync<T extends Constructor<RoomPlanBase>>(Base: T): T & Constructor<PlanSyncProperties> {
  /**
   * @csspart camera - The linked viewer's camera (`for`): a dot where it stands and its view cone. A camera
   *   outside the drawn plan is shown at the plan's edge on its way to what it looks at (class `outside`).
   * @csspart camera-cone - The view cone (from the camera towards what it looks at, as wide as its view).
   * @csspart camera-position - The dot where the camera stands.
   * @csspart area-looked-at - The outline of the area the linked viewer looks at.
   *
   * @cssprop --room-plan-camera - Colour of the camera, its view cone and the area looked at (default #1f5fbf).
   */
  abstract class WithSync extends Base {
    /**
     * The id of a `<room-viewer>` in the same document (or shadow root) to follow: the plan shows its
     * camera and view cone and the area it looks at; a click on an area, or Enter on an area's button,
     * moves the viewer there; `selected` is kept the same on both. The viewer may come later.
     */
    @property({ attribute: 'for' }) htmlFor?: string;

    /** The link at work (sync-part.ts), made once its chunk is in. */
    #part?: PlanSyncPart;

    /** The `<room-viewer>` the plan follows, once found (by `model-load` when it is there). */
    get linkedViewer(): HTMLElement | undefined {
      return this.#part?.viewer;
    }

    /** The name of the area the linked viewer looks at (the area under its orbit target). */
    get lookedAt(): string | undefined {
      return this.#part?.lookedAt?.name;
    }

    protected override partsAlso(): Promise<unknown>[] {
      const also = super.partsAlso();
      return this.htmlFor?.trim() ? [...also, this.#fetchLink()] : also;
    }

    /** The link's chunk, then the link made (once); a failed fetch is tried again with the next load or `for`. */
    #fetchLink(): Promise<void> {
      return loadLink().then(
        (code) => {
          if (this.#part) return;
          this.#part = new code.PlanSyncPart({
            element: this,
            shown: () => this.planShown,
            showEditedModel: (model) => this.showEditedModel(model),
            areaActivated: (area) => this.areaActivated(area),
            svg: { r, pointsOf },
          });
          if (this.isConnected) this.#part.connect();
          this.requestUpdate();
        },
        () => undefined,
      );
    }

    override connectedCallback(): void {
      super.connectedCallback();
      this.#part?.connect();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#part?.disconnect();
    }

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      if (!changed.has('htmlFor') || !this.isConnected) return;
      if (this.#part) this.#part.link();
      // set after the plan's first paint (before it, the parts' fetch brings it)
      else if (this.htmlFor?.trim() && this.parts) void this.#fetchLink();
    }

    protected override updated(): void {
      super.updated();
      this.#part?.updated();
    }

    protected override planReady(shown: PlanShown): void {
      super.planReady(shown);
      this.#part?.planReady(shown);
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      const layers = super.renderSvgLayers(shown);
      const part = this.#part;
      return this.htmlFor && part ? [...layers, ...part.layers(shown)] : layers;
    }

    /**
     * An area was activated (a click on it in the plan, or Enter / click on its button in the room
     * description): the linked viewer flies into it.
     */
    protected areaActivated(area: Pick<AreaGeometry, 'name'>): void {
      // an area the viewer's room does not have (another model) is not an error of the page's
      this.#part?.viewer?.flyTo(area.name).catch(() => undefined);
    }
  }
  return WithSync;
}
