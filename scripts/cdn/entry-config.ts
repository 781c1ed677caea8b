import { basename, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Each entry of the build (the loader, the eager entry) gets its own copy of the configuration
 * module, in its entry file: without it, the loader would fetch a chunk for three functions, and
 * `shared` would carry configure() and resetConfig(), which no element calls. The configuration is
 * stored on the page (src/config.ts), so every copy reads and writes the same one. The element
 * chunks use the plain module (getConfig only, tree-shaken), in `shared`.
 */
export function entryConfig(options: { entries: string[]; config: string }): Plugin {
  const entries = new Set(options.entries.map((entry) => resolve(entry)));
  const config = resolve(options.config);
  return {
    name: 'room-elements:entry-config',
    enforce: 'pre',
    async resolveId(source, importer, resolveOptions) {
      if (!importer || !entries.has(importer) || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...resolveOptions, skipSelf: true });
      if (!resolved || resolved.id !== config) return resolved;
      return { ...resolved, id: `${resolved.id}?entry=${basename(importer, '.ts')}` };
    },
  };
}
