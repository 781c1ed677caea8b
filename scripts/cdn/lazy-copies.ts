import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { elementModule, FOLDERS, inFolder } from './folders.ts';
import { staticPath } from './static-path.ts';

const LAZY = '?lazy';

/**
 * What the element infrastructure on the first-cards path imports only with import() (today the
 * error classifier LatestRequestController loads when a run fails) must not wait with the first
 * cards, yet the other elements import the same modules statically. One module both ways would be
 * a chunk of its own, handed to `import()` as a namespace object built by Rolldown's runtime
 * helper: one or two more requests for every other element (about 0.6 KB gzip measured). So such
 * an import() gets a copy of its module, and of the modules it reaches that the first-cards path
 * does not load anyway: a chunk that only that import() fetches. Modules on the path (ApiError's
 * http.ts, the ElementError class, shortMessage) are never copied, so `instanceof` still holds.
 *
 * Which import() calls: those made from the first-cards path outside src/elements/ (an element's
 * own lazy parts are chunks of their own already). A copy's own import() calls take the original
 * module: its chunk is fetched by that call alone either way, and one file serves every element.
 */
export function lazyCopies(options: { firstCards: string }): Plugin {
  let onPath = new Set<string>();
  return {
    name: 'room-elements:lazy-copies',
    enforce: 'pre',
    buildStart() {
      onPath = staticPath(elementModule(options.firstCards)).modules;
    },
    async resolveId(source, importer, resolveOptions) {
      if (!importer || !source.startsWith('.')) return null;
      const fromCopy = importer.endsWith(LAZY);
      const lazyImport =
        resolveOptions.kind === 'dynamic-import' &&
        onPath.has(importer) &&
        !inFolder(importer, FOLDERS.elements);
      if (!fromCopy && !lazyImport) return null;
      const resolved = await this.resolve(source, importer.replace(LAZY, ''), {
        ...resolveOptions,
        skipSelf: true,
      });
      if (!resolved || resolved.external || onPath.has(resolved.id)) return resolved;
      // a copy's own import() is a chunk of its own anyway: the original, shared with the other elements
      // (a copied analytics controller's tracker was shipped twice, the same bytes under two names)
      if (fromCopy && resolveOptions.kind === 'dynamic-import') return resolved;
      if (!resolved.id.startsWith(resolve('src'))) return resolved;
      return { ...resolved, id: `${resolved.id}${LAZY}` };
    },
  };
}
