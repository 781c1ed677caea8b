import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { elementModule, FOLDERS, inFolder } from './folders.ts';
import { staticPath } from './static-path.ts';

/** The suffix of a module's copy for the first-frame element's parts. */
export const LATER = '?viewer-later';

/** The parts the first-frame element (the viewer) fetches after its first frame, by the end of their path. */
const PARTS = [
  /[\\/]room-viewer[\\/]after-frame\.ts$/,
  /[\\/]room-viewer[\\/]features[\\/](description|measure|walk)-part\.ts$/,
  /[\\/]model-source[\\/]floor-switcher\.ts$/,
];

/**
 * What the viewer's parts after its first frame (after-frame.ts, the description, the measure mode, the walk,
 * the floor switcher) import of the other elements' static code (the plan's selection, change log, cart and
 * quantities, the tour's walk, full screen's controller, lit's directives) is a copy of its own (issue 33, the
 * fifteenth round): in the plan's chunks it made a viewer-only page fetch `room-plan-deps`, `later-others`
 * and `room-tour-deps` before `model-load`, 20 KB of which it ran about half; a group of the viewer's own
 * would have been an eighth file in the plan's chain. What the viewer loads before its first frame (its
 * static path: the model, lit, the element's base) and three.js's side (src/three/) are never copied, so
 * `instanceof` and the shared state of the elements (documents, camera feeds, the language registry) hold;
 * the copies keep none that two elements share (a change log, a selection, a cart are each element's own).
 * The cost: a page with a viewer and a plan downloads those modules twice, after their first pictures.
 */
/** Whether the module `id` that `importer` (a copy, or the viewer's own code) imports gets a copy. */
function copied(id: string, fromCopy: boolean, dynamic: boolean): boolean {
  // a part is copied where the viewer's code imports it; what a copy imports is copied with it
  if (!fromCopy && !(dynamic && PARTS.some((part) => part.test(id)))) return false;
  // three.js's side, the clients (their valibot copies are area-copies.ts's) and other copies stay as they are
  if (inFolder(id, FOLDERS.three, FOLDERS.api) || id.includes('?')) return false;
  return id.startsWith(resolve('src')) || LIT_DIRECTIVE.test(id);
}

const LIT_DIRECTIVE = /[\\/]node_modules[\\/]lit(-html)?[\\/](directives[\\/]|async-directive|directive)/;

export function viewerLaterCopies(options: { firstFrame: string }): Plugin {
  /** The viewer's static path (static-path.ts), read when the build starts. */
  const path = { modules: new Set<string>() };
  return {
    name: 'room-elements:viewer-later-copies',
    enforce: 'pre',
    buildStart: () => void (path.modules = staticPath(elementModule(options.firstFrame)).modules),
    async resolveId(source, importer, resolveOptions) {
      const fromCopy = !!importer?.endsWith(LATER);
      // lit's directives (the description's guard, the error panel's async directive) come with a copy too
      const bare = fromCopy && /^lit(-html)?\/(directives\/|async-directive|directive)/.test(source);
      const plain = importer?.replace(LATER, '');
      if (!plain || (!source.startsWith('.') && !bare) || (!fromCopy && !path.modules.has(plain)))
        return null;
      const resolved = await this.resolve(source, plain, { ...resolveOptions, skipSelf: true });
      if (!resolved || resolved.external || path.modules.has(resolved.id)) return resolved;
      return copied(resolved.id, fromCopy, resolveOptions.kind === 'dynamic-import')
        ? { ...resolved, id: `${resolved.id}${LATER}` }
        : resolved;
    },
  };
}
