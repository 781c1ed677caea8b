/**
 * How the gallery asks for a page of rooms, the npm build's form: the list client imported statically,
 * so a page's bundle has it with the element and no page waits a round trip for it. The CDN build
 * resolves this module to gallery-list.cdn.ts instead (scripts/cdn/build-forms.ts, CONTRIBUTING.md):
 * the first cards from the loader's answer, the client after them.
 */
export { callService as listGallery } from './list-call.js';

/** Nothing to load ahead here: the client is in the bundle already. */
export const warmLists = (): void => {};
