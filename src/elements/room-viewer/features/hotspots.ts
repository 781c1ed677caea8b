/**
 * `<room-viewer>` feature: hotspots, the page's own elements with `slot="hotspot"` following the view.
 * A mixin over RoomViewerBase (base.ts).
 *
 * An element with `data-component-id` sits on the middle of that component's top face; one with
 * `data-position="x y z"` (the model's centimetres, z up) at that point. What places them
 * (features/hotspot-layer.ts) is loaded with the first one slotted; the drawing, on either thread,
 * follows their points and says where they are with every frame (src/three/anchors.ts).
 */
import { html } from 'lit';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { HotspotLayer } from './hotspot-layer.js';
import type { Constructor } from '../../../internal/mixin.js';

const loadLayer = lazyModule(() => import('./hotspot-layer.js'));
/** The layer's code once loaded. */
let loadedLayer: typeof import('./hotspot-layer.js') | undefined;

export function ViewerHotspots<T extends Constructor<RoomViewerBase>>(Base: T): T {
  /**
   * @slot hotspot - The page's own elements (links, buttons, cards) placed over the view, centred on
   *   their point: `data-component-id` (a component's id, or a product's `componentId`: its first piece)
   *   puts one on the middle of that component's top face, `data-position="x y z"` at a point of the
   *   model (centimetres, z up). They follow the camera and hide (`visibility: hidden`, out of the tab
   *   order and the accessibility tree; `data-visible="false"` for the page's styles) when the point is
   *   off screen or behind a wall. They stay the page's elements: their styles, links and labels are theirs.
   */
  abstract class WithHotspots extends Base {
    #layer?: HotspotLayer;
    #slot?: HTMLSlotElement;

    protected override featuresAtStart(): boolean {
      // hotspots on the page from the start are placed from the first frame
      const has = !!this.querySelector(':scope > [slot="hotspot"]');
      if (has) loadLayer().catch(() => undefined);
      return super.featuresAtStart() || has;
    }

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      this.#layer?.frame(frame);
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      const slot = this.renderRoot.querySelector<HTMLSlotElement>('slot[name="hotspot"]');
      if (!slot) return;
      this.#slot = slot;
      slot.addEventListener('slotchange', this.#onSlotted);
      this.#onSlotted();
    }

    protected override viewGone(): void {
      this.#slot?.removeEventListener('slotchange', this.#onSlotted);
      this.#slot = undefined;
      this.#layer?.stop();
      this.#layer = undefined;
      super.viewGone();
    }

    protected override renderFeatures(): unknown[] {
      return [...super.renderFeatures(), html`<div class="hotspots"><slot name="hotspot"></slot></div>`];
    }

    /** The first hotspot slotted: the layer that places them starts (it then follows the slot itself). */
    #onSlotted = (): void => {
      const context = this.viewContext;
      const slot = this.#slot;
      if (!context || !slot || !slot.assignedElements().length) return;
      slot.removeEventListener('slotchange', this.#onSlotted);
      // at once when the layer's code is here: the anchors then go out before the first frame
      const start = ({ HotspotLayer }: typeof import('./hotspot-layer.js')) => {
        if (this.viewContext !== context || this.#layer) return;
        this.#layer = new HotspotLayer(slot, context.drawing);
      };
      if (loadedLayer) start(loadedLayer);
      else
        loadLayer().then(
          (module) => start((loadedLayer = module)),
          () => undefined,
        );
    };
  }
  return WithHotspots;
}
