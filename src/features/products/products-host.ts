/**
 * What `<room-viewer>` and `<room-plan>` both are to the features that sell from them (the cart, the
 * furniture switch, the quantities): a room element that shows a room, knows its products, speaks its
 * language and lets features add pieces to its template. Each element's core (room-viewer/base.ts,
 * room-plan/base.ts) extends this class, and the feature mixins of src/features/{cart,products,
 * quantities}/ are written once over it (issue 33: they were twins, one per element), as model-viewer
 * writes its feature mixins over ModelViewerElementBase.
 */
import { RoomElement } from '../../internal/room-element.js';
import { AnalyticsController } from '../../internal/analytics/analytics-controller.js';
import type { LanguageController } from '../../internal/language.js';
import type { RoomProduct } from '../../model/products.js';
import type { ModelComponent, PlanGeometry, RoomModel } from '../../model/types.js';

/** The room on screen: its model and plan geometry. */
export interface RoomShown {
  model: RoomModel;
  plan: PlanGeometry;
}

export abstract class ProductsHost extends RoomElement {
  /**
   * room-analytics: the controller from the start (its methods count the visitor's own input; issue 35).
   * @internal
   * @ignore
   */
  static override analyticsController = AnalyticsController;
  /** The controller itself (the static above), so its own methods (settlesWhen) are typed. */
  declare protected readonly analytics: AnalyticsController;
  /** The room's products (src/model/products.ts); empty until a room is shown. */
  abstract get products(): readonly RoomProduct[];

  /** The room on screen; undefined until it is shown and after it is gone. */
  protected abstract get roomShown(): RoomShown | undefined;

  /** The element's words follow its language (features look their own words up through it). */
  protected abstract get language(): LanguageController;

  /** A feature's hook (the cart): what a piece's "add to cart" button in the description does, if it has one. */
  protected pieceCart(): ((component: ModelComponent) => void) | undefined {
    return undefined;
  }

  /** A feature's hook (`furniture="hidden"`): whether the furniture is hidden (not drawn, not pickable). */
  protected furnitureHidden(): boolean {
    return false;
  }

  /**
   * Shows or hides the furniture of the room on screen (`furniture="hidden"` changed). The plan hides it
   * with a style rule on the reflected attribute, so only the viewer draws anything here.
   */
  protected showFurniture(_visible: boolean): void {}

  /**
   * A feature's hook: the room shown was edited in place (a piece swapped: its model's components
   * changed): features that keep something of the model take it again (call super). Draws again.
   */
  protected roomEdited(): void {
    this.requestUpdate();
  }

  /**
   * Runs `call` once the element's working code is in: at once here; `<room-viewer>` holds it until the
   * code it loads after its first frame arrived (issue 33), then runs what it held in the order it was
   * called. True when it ran now.
   */
  protected whenPartsIn(call: () => void): boolean {
    call();
    return true;
  }

  /** A feature's hook: template pieces rendered in the shadow root after the drawing (call super and add). */
  protected renderFeatures(): unknown[] {
    return [];
  }
}
