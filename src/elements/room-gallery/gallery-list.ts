/**
 * How the gallery asks for a page of rooms, the npm build's form: the list client imported statically,
 * so a page's bundle has it with the element and no page waits a round trip for it, and the previous /
 * next controls with it. The CDN build resolves this module to gallery-list.cdn.ts instead
 * (scripts/cdn/build-forms.ts, CONTRIBUTING.md): the first cards from the loader's answer, the client and
 * the controls after them.
 */
import { pagerStyles, renderPages } from './features/pager-controls.js';

export { callService as listGallery } from './list-call.js';

/** Nothing to load ahead here: the client is in the bundle already (`ready` is for the CDN form's). */
export const warmLists = (_ready?: () => void): void => {};

/** The previous / next controls: in the bundle already. */
export const pageControls = (): typeof renderPages | undefined => renderPages;

/** Their styles: in the bundle already. */
export const pageControlStyles = (): typeof pagerStyles | undefined => pagerStyles;
