/**
 * `<room-plan>`'s working code that its first paint does without (issue 33, the sixteenth round: the
 * shop-the-look page's LCP waited for the plan's whole entry): one chunk, fetched right after the plan's
 * areas and walls are painted, once per page, and in before the features' layers go in (base.ts). The
 * features' mixins keep the element's contract and the state a getter answers from; what they do with a
 * plan is here: the selection with the room's description, the surfaces and the change log, the measure
 * mode, the quantities, the cart, full screen and the wheel guard, the products and an FML plan's floor
 * switcher. (The link to a viewer and a tour's stops, `for`, are a chunk of their own, features/sync-part.ts,
 * fetched beside this one by a plan that has `for`.) `model-load` fires once they are in (docs/room-plan.md,
 * "What loads when").
 */
export { PlanSelectionPart } from './features/selection-part.js';
export { PlanSurfacesPart } from './features/surfaces-part.js';
export { PlanMeasurePart } from './features/measure-part.js';
export { planQuantities, planQuantitiesTable } from './features/quantities-part.js';
export { productsOf } from '../../features/products/products-of.js';
export { floorSwitcher } from '../../features/model-source/floor-switcher.js';
export { PlanGestures } from './features/gestures-part.js';
import * as cart from '../../features/cart/cart.js';
import { descriptionStyles, planSelectionStyles } from '../../features/selection/room-description.styles.js';
import { quantitiesStyles } from '../../features/quantities/quantities-table.js';
import { gestureStyles } from '../../features/fullscreen/gesture-styles.js';
import { planMeasureStyles } from './features/measure.styles.js';

/** The cart's code (src/features/cart/cart.ts), for CartFeature. */
export { cart };

/** What only the parts render with (the description, the footprints, the measure mode, the cart, the table, the hint). */
export const partStyles = [
  descriptionStyles,
  planSelectionStyles,
  ...planMeasureStyles,
  gestureStyles,
  cart.cartStyles,
  quantitiesStyles,
];
