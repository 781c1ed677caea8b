/**
 * What ./warm-formats.ts fetches: the number formats made ahead. A module of its own, so the import()
 * resolves to a chunk's own exports wherever units.ts itself is bundled (a module both imported and
 * fetched would be handed out as a namespace object made by the bundler's runtime helper, a file more
 * on a viewer's first frame).
 */
export { warmNumberFormats } from './units.js';
