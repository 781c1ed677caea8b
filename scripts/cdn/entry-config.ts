import { basename, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Each entry of the build (the loader, the eager entry) gets its own copy of the configuration
 * module, in its entry file: without it, the loader would fetch a chunk for three functions, and
 * `shared` would carry configure() and resetConfig(), which no element calls. The configuration is
 * stored on the page (src/config.ts), so every copy reads and writes the same one. The element
 * chunks use the plain module (getConfig only, tree-shaken), in `shared`.
 *
 * An entry in `own` (the loader) gets its own copy of every module it reaches, not only the
 * configuration: its head start (src/cdn/head-start.ts) builds URLs with the clients' own functions,
 * and sharing those modules with the elements would make the loader import `shared` and `kit`
 * statically, one round trip before it could even look for a tag. Such an entry may reach no package
 * (lit, valibot): those would be shared chunks too, and the build stops.
 */
export function entryConfig(options: { entries: string[]; config: string; own?: string[] }): Plugin {
  const entries = new Set(options.entries.map((entry) => resolve(entry)));
  const own = new Set((options.own ?? []).map((entry) => resolve(entry)));
  const config = resolve(options.config);
  const COPY = /\?entry=([\w.-]+)$/;
  return {
    name: 'room-elements:entry-config',
    enforce: 'pre',
    async resolveId(source, importer, resolveOptions) {
      if (!importer) return null;
      const copyOf = COPY.exec(importer)?.[1];
      const ownEntry = own.has(importer) || copyOf !== undefined;
      if (!entries.has(importer) && !ownEntry) return null;
      if (!source.startsWith('.')) {
        if (ownEntry)
          this.error(`entry-config: ${importer} imports the package ${source}; the loader must stay alone`);
        return null;
      }
      const resolved = await this.resolve(source, importer.replace(COPY, ''), {
        ...resolveOptions,
        skipSelf: true,
      });
      if (!resolved || (!ownEntry && resolved.id !== config)) return resolved;
      return { ...resolved, id: `${resolved.id}?entry=${copyOf ?? basename(importer, '.ts')}` };
    },
  };
}
