/**
 * What the page has fetched so far, from its resource timing list: the tests of poster first, reveal
 * and `srcset` count and time downloads with it.
 */

// the test server sends every module as a file of its own, and the render worker's show in the page's
// list too: the default 250 entries were full before a second thread's run had asked for its room
performance.setResourceTimingBufferSize(20000);

/** The three.js files: the library, and the viewer's chunk that imports it. */
export const THREE_FILES = /\/node_modules\/three\/|\/src\/three\/index\.(ts|js)/;

/** The page's resource timing entries whose URL contains `match` (or matches it). */
export function fetchedResources(match: string | RegExp, since = 0): PerformanceResourceTiming[] {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (e) => e.startTime >= since && (typeof match === 'string' ? e.name.includes(match) : match.test(e.name)),
  );
}

/**
 * The code that draws a viewer's room, as the page's list shows it asked for: on the page's thread the
 * viewer's chunk that imports three.js (src/three/index.ts: the render worker's own modules show in the
 * page's list too, three.js among them, but never this chunk); in the worker, the page's side of it and
 * its script.
 */
export const DRAWING_CODE = {
  main: /\/src\/three\/index\.(ts|js)/,
  worker: /\/src\/elements\/room-viewer\/worker-view\.(ts|js)|\/render-worker[.-]/,
} as const;
