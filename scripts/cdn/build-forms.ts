import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * A module's CDN form: where `src/…/x.ts` has a sibling `x.cdn.ts`, the CDN build takes that one for every
 * import of `x.js` (the npm build, the tests and the types keep `x.ts`). For what a CDN page can do
 * differently from a bundled one: the gallery reads its first page from the loader's answer and loads
 * the list client after its first cards (src/elements/room-gallery/gallery-list.cdn.ts), where an npm
 * page keeps the client's import static, with no extra round trip (CONTRIBUTING.md, "Two builds").
 * The `.cdn.ts` module itself may import its plain sibling's neighbours, never the sibling.
 */
export function buildForms(): Plugin {
  return {
    name: 'room-elements:build-forms',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('.js') || importer.endsWith('.cdn.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.endsWith('.ts')) return null;
      const cdn = resolved.id.replace(/\.ts$/, '.cdn.ts');
      return existsSync(cdn) ? cdn : null;
    },
  };
}
