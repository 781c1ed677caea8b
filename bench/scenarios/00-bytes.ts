/**
 * Bytes: gzip size of every CDN chunk, and what a page that uses only one element downloads:
 * its static import closure (loaded at once) and, separately, with its lazy chunks (loaded when the
 * element needs three.js or PSV). Built as an app with one input per element, so shared chunks
 * are split as a real page's bundler would split them.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Figures, Scenario } from '../harness.ts';

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const TAGS = ['room-gallery', 'room-panorama', 'room-viewer', 'room-plan', 'project-export-button'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  lazy: boolean,
  seen = new Set<string>(),
) {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key]!;
  for (const next of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])]) {
    if (manifest[next]) closure(manifest, next, lazy, seen);
  }
  return seen;
}

const scenario: Scenario = {
  name: 'bytes',
  async run() {
    const figures: Figures = {};
    const cdnFiles = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? cdnFiles(path) : path.endsWith('.js') ? [path] : [];
      });
    let total = 0;
    for (const file of cdnFiles('dist/cdn').sort()) {
      const bytes = gz(file);
      total += bytes;
      figures[`cdn ${file.replace('dist/cdn/', '').replace(/^(chunks\/.*)-[\w-]{8}\.js$/, '$1.js')} gzip`] = {
        value: bytes,
        unit: 'B',
      };
    }
    figures['cdn all chunks gzip'] = { value: total, unit: 'B' };

    const dir = 'bench/.tmp/per-element';
    mkdirSync(`${dir}/src`, { recursive: true });
    const input: Record<string, string> = {};
    for (const tag of TAGS) {
      const entry = `${dir}/src/${tag}.ts`;
      writeFileSync(entry, `import '../../../../src/elements/${tag}/${tag}.ts';\n`);
      input[tag] = entry;
    }
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        target: 'es2022',
        outDir: `${dir}/out`,
        emptyOutDir: true,
        manifest: true,
        modulePreload: false,
        rolldownOptions: { input, preserveEntrySignatures: false },
      },
    });
    const manifest = JSON.parse(readFileSync(`${dir}/out/.vite/manifest.json`, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    for (const tag of TAGS) {
      const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith(`${tag}.ts`))!;
      const size = (lazy: boolean) =>
        [...closure(manifest, key, lazy)].reduce((sum, k) => sum + gz(`${dir}/out/${manifest[k]!.file}`), 0);
      const eager = size(false);
      const withLazy = size(true);
      figures[`page with only <${tag}>: JS at load, gzip`] = {
        value: eager,
        unit: 'B',
        note: tag === 'room-gallery' ? 'goal ≤ 16384, no three.js, no PSV' : undefined,
      };
      if (withLazy !== eager) {
        figures[`page with only <${tag}>: JS incl. lazy chunks, gzip`] = { value: withLazy, unit: 'B' };
      }
    }
    return figures;
  },
};
export default scenario;
