import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Subresource Integrity of a file's bytes (what `integrity="…"` and import maps take). */
export const sri = (bytes: Buffer | string): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The JS files of `dir`, relative to it with `/` separators, sorted. */
export function scriptFiles(dir: string): string[] {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(at, entry.name)) : entry.name.endsWith('.js') ? [join(at, entry.name)] : [],
    );
  return walk(dir)
    .map((file) => relative(dir, file).split(sep).join('/'))
    .sort();
}

/** An import map that pins every file of `integrity` under `base` (an absolute URL ending in `/`). */
export function importMap(integrity: Record<string, string>, base: string): { integrity: Record<string, string> } {
  return { integrity: Object.fromEntries(Object.entries(integrity).map(([file, hash]) => [base + file, hash])) };
}

/**
 * A pinnable CDN (docs/cdn.md): once the files are written, `integrity.json` holds the sha384 of
 * every JS file of the folder (relative names), and `importmap.json` an import map whose `integrity`
 * pins each of them at its versioned URL (`base`): with that map on the page, the browser refuses a
 * chunk whose bytes changed, for the loader's `import()` and its preload links alike.
 */
export function cdnIntegrity(options: { base: string }): Plugin {
  let outDir = '';
  return {
    name: 'room-elements:integrity',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle: {
      order: 'post',
      handler() {
        const integrity = Object.fromEntries(
          scriptFiles(outDir).map((file) => [file, sri(readFileSync(join(outDir, file)))]),
        );
        writeFileSync(join(outDir, 'integrity.json'), JSON.stringify(integrity, null, 2) + '\n');
        writeFileSync(
          join(outDir, 'importmap.json'),
          JSON.stringify(importMap(integrity, options.base), null, 2) + '\n',
        );
      },
    },
  };
}
