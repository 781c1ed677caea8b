import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { RolldownMagicString } from 'rolldown';
import type { Plugin } from 'vite';
import { elementModule } from './folders.ts';

const PLACEHOLDER = '__ROOM_ELEMENTS_CHAINS__';

/**
 * Writes each element's chunk chain into the loader (src/cdn/autoload.ts, `__ROOM_ELEMENTS_CHAINS__`):
 * the element's chunk, then every chunk it imports statically, at any depth, as names relative to
 * `chunks/` without `.js`. The loader preloads the whole chain when it first sees the tag, so an
 * element's code arrives in one round trip after the loader instead of one per level of imports.
 * The names carry the bundler's hash placeholders here; it puts the final hashes in afterwards.
 */
export function loaderChains(options: { loader: string }): Plugin {
  const loader = resolve(options.loader);
  return {
    name: 'room-elements:loader-chains',
    renderChunk(code, chunk, _output, meta) {
      if (chunk.facadeModuleId !== loader) return null;
      const byModule = new Map(
        Object.values(meta.chunks)
          .filter((c) => c.facadeModuleId)
          .map((c) => [c.facadeModuleId!, c]),
      );
      const chains: Record<string, string[]> = {};
      for (const tag of readdirSync('src/elements')) {
        const own = byModule.get(elementModule(tag));
        if (!own) continue;
        const chain = new Set([own.fileName]);
        for (const file of chain) for (const next of meta.chunks[file]?.imports ?? []) chain.add(next);
        chains[tag] = [...chain].map((file) => {
          if (!/^chunks\/.+\.js$/.test(file)) this.error(`loader-chains: ${file} is not in chunks/`);
          return file.slice('chunks/'.length, -'.js'.length);
        });
      }
      const at = code.indexOf(PLACEHOLDER);
      if (at < 0) this.error(`loader-chains: no ${PLACEHOLDER} in ${chunk.fileName}`);
      const out = new RolldownMagicString(code);
      out.update(at, at + PLACEHOLDER.length, JSON.stringify(chains));
      return { code: out };
    },
  };
}
