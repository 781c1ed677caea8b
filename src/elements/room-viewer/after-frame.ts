/**
 * `<room-viewer>`'s working code that its first frame does without (issue 33): one chunk, fetched
 * right after the first frame (base.ts), or with the room when the page set what changes that frame
 * (`focus-component`, `selected`, a `changes` list). The features' mixins keep the element's contract
 * and the state a getter answers from; what they do with a room is here: the selection's controller,
 * the change log and the surfaces' values, the paint and floor quantities, the cart. `model-load`
 * fires once every feature took the room up with it (CONTRIBUTING.md, "Which parts of `<room-viewer>`
 * load when").
 */
export { ComponentSelection } from '../../features/selection/selection-controller.js';
export { selectableComponents } from '../../features/selection/component-selection.js';
export { HostClicks } from '../../features/selection/host-clicks.js';
export { attachChangeLog, changeLogOf } from '../../features/changes/changes-host.js';
export { ChangeRefused, parseChangeList } from '../../features/changes/change-log.js';
export { cssColour } from '../../features/changes/css-colour.js';
export { findSurface, surfaceAfter, surfaceValidator } from '../../features/changes/surface-change.js';
export {
  areaOfSurface,
  hexToSrgb,
  modelMaterialOf,
  surfaceValue,
  surfacesOf,
} from '../../features/changes/surface-value.js';
export { surfaceQuantities } from '../../features/quantities/surface-quantities.js';
// the selection's units (the fifteenth round: 0.8 KB gzip that only the parts ever read)
export { parseUnits } from '../../model/units.js';
// the room's products (`products`, model-load's detail)
export { productsOf } from '../../features/products/products-of.js';
// the selection at work (features/selection.ts)
export { SelectionPart } from './features/selection-part.js';
// the surfaces at work (features/surfaces.ts)
export { SurfacesPart } from './features/surfaces-part.js';
// full screen and its button, the wheel guard and its hint (features/snapshot.ts)
export { FullscreenController } from '../../features/fullscreen/fullscreen.js';
export { WheelGuard } from '../../features/fullscreen/wheel-guard.js';
import * as cart from '../../features/cart/cart.js';
import { cartStyles } from '../../features/cart/cart.styles.js';
import { fullscreenStyles } from './features/fullscreen.styles.js';

/** What the parts render with (the look button, the full-screen button, the gesture hint): added as they come in. */
export const partStyles = [cartStyles, ...fullscreenStyles];

/** The cart's code (src/features/cart/cart.ts), for CartFeature. */
export { cart };
