/**
 * What the page has fetched so far, from its resource timing list: the tests of poster first, reveal
 * and `srcset` count and time downloads with it.
 */

/** The three.js files: the library, and the viewer's chunk that imports it. */
export const THREE_FILES = /\/node_modules\/three\/|\/src\/three\/index\.(ts|js)/;

/** The page's resource timing entries whose URL contains `match` (or matches it). */
export function fetchedResources(match: string | RegExp): PerformanceResourceTiming[] {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
    typeof match === 'string' ? e.name.includes(match) : match.test(e.name),
  );
}
