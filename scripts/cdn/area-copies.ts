import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { elementModule, FOLDERS, inFolder, inPackage } from './folders.ts';
import { reaching, staticPath } from './static-path.ts';

/** The loader's head start for the viewer and the panorama: what it shares with the gallery is not copied. */
const POSTER_START = 'src/cdn/poster-start.ts';

/**
 * valibot is one module: in a shared chunk it would carry every schema kind any element uses, and
 * every page with the first-cards element (the gallery) would download them. So that element's
 * static path keeps the plain copy, and every other importer in src/api/ gets a copy of its area,
 * tree-shaken for that area alone: `planning` (src/api/planning*: the export button's clients) or
 * `detail` (the rest of src/api/: one room, its model, its panorama, search meta).
 *
 * What is copied: valibot, and the modules of src/api/ on the first-cards path that reach it (the
 * list path's schema builders: whatever validates what the gallery lists), with the plain helpers
 * they import (modules without imports or classes of their own). A module imported from a
 * copy stays in its area. valibot keeps no state our code touches (no setGlobalConfig), and modules
 * that do not reach valibot (http.ts and its ApiError among them) are never copied, so `instanceof`
 * holds. The cost: a page with a gallery and a viewer downloads the schema kinds both use twice.
 */
export function areaCopies(options: { firstCards: string }): Plugin {
  let onPath = new Set<string>();
  let copiedOnPath = new Set<string>();
  const areaOf = (importer: string): string | undefined => {
    const inherited = /\?area=(\w+)$/.exec(importer)?.[1];
    if (inherited) return inherited;
    if (!inFolder(importer, FOLDERS.api) || onPath.has(importer)) return undefined;
    return inFolder(importer, ...FOLDERS.planningApi) ? 'planning' : 'detail';
  };
  return {
    name: 'room-elements:area-copies',
    enforce: 'pre',
    buildStart() {
      const path = staticPath(elementModule(options.firstCards));
      onPath = path.modules;
      const builders = [...reaching(path, 'valibot')].filter((id) => inFolder(id, FOLDERS.api));
      // …with the plain helpers they import (no import of their own, no class: params, fields)
      const helpers = builders.flatMap((id) =>
        path.imports
          .get(id)!
          .filter(
            (dep) =>
              inFolder(dep, FOLDERS.api) && path.imports.get(dep)?.length === 0 && !path.classes.has(dep),
          ),
      );
      // none since issue 35: the gallery's room lists are read without valibot (src/api/room-styling/room-list.ts)
      // The list readers (issue 35, the fourteenth round): the room-styling modules of the path (the room
      // list's reader, its field readers, the query builders; about 1.5 KB gzip) are copied for the other
      // elements' clients as well, so that the plain ones are the gallery's alone (its own chunk) and not
      // `shared`, which every viewer's first frame downloads. What the poster's head start
      // (src/cdn/poster-start.ts, a viewer's or panorama's first request) imports of them stays shared.
      const poster = staticPath(resolve(POSTER_START)).modules;
      const readers = [...path.modules].filter(
        (id) => inFolder(id, FOLDERS.roomStyling) && !path.classes.has(id) && !poster.has(id),
      );
      copiedOnPath = new Set([...builders, ...helpers, ...readers]);
    },
    async resolveId(source, importer, resolveOptions) {
      if (!importer || !/^(\.|valibot$)/.test(source)) return null;
      const area = areaOf(importer);
      if (!area) return null;
      const resolved = await this.resolve(source, importer, { ...resolveOptions, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      if (!inPackage(resolved.id, 'valibot') && !copiedOnPath.has(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}?area=${area}` };
    },
  };
}
