/**
 * Bytes: gzip size of every CDN chunk, and a static count of what a page that uses only one element
 * downloads (the page-bytes scenario measures it in a browser, through the CDN and the npm path).
 *
 * Each element is built as its own single-entry app (what a page that imports only that element
 * gets from its bundler: minified, es2022, no modulepreload helper), and two figures are reported:
 * its static import closure (loaded at once) and, separately, with its lazy chunks (loaded when the
 * element needs them: three.js, PSV, the gallery's filters or virtualiser, ...).
 *
 * `BYTES_MODULES=room-gallery` (or `all`) also prints where those bytes come from: every output
 * chunk's minified bytes attributed to source modules through its sourcemap, scaled to the chunk's
 * gzip size (an estimate: gzip shares its dictionary across modules).
 */
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Figures, Scenario } from '../harness.ts';

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const TAGS = ['room-gallery', 'room-panorama', 'room-viewer', 'room-plan', 'project-export-button'];
const DIR = 'bench/.tmp/per-element';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function closure(manifest: Manifest, key: string, lazy: boolean, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  const chunk = manifest[key]!;
  for (const next of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])]) {
    if (manifest[next]) closure(manifest, next, lazy, seen);
  }
  return seen;
}

/** One app build with only `tag` as its entry; returns its manifest and output folder. */
async function buildAlone(tag: string, sourcemap: boolean): Promise<{ manifest: Manifest; out: string }> {
  const entry = `${DIR}/src/${tag}.ts`;
  const out = `${DIR}/out/${tag}`;
  writeFileSync(entry, `import '../../../../src/elements/${tag}/${tag}.ts';\n`);
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      target: 'es2022',
      minify: true,
      outDir: out,
      emptyOutDir: true,
      manifest: true,
      modulePreload: false,
      sourcemap,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000, // three.js and PSV chunks are big by nature; no warning wanted
      rolldownOptions: { input: { [tag]: entry }, preserveEntrySignatures: false },
    },
  });
  const manifest = JSON.parse(readFileSync(`${out}/.vite/manifest.json`, 'utf8')) as Manifest;
  return { manifest, out };
}

/**
 * Gzip bytes of Vite's dynamic-import preload helper (`__vitePreload`) in `file`: a Vite app build
 * wraps every import() in it, even with `modulePreload: false` (Vite 8), so any page built by Vite
 * that lazy-loads pays it once. Found by its code; 0 when it is not there.
 */
function preloadHelperBytes(file: string): number {
  const code = readFileSync(file, 'utf8');
  const start = code.indexOf('(function(){let e=typeof document<`u`&&document.createElement(`link`).relList');
  const name = start > 0 ? /[\w$]+=$/.exec(code.slice(Math.max(0, start - 10), start)) : null;
  const end = start > 0 ? /return e\(\)\.catch\(\w\)\}\)\}/.exec(code.slice(start)) : null;
  if (!name || !end) return 0;
  const from = start - name[0].length;
  const to = start + end.index + end[0].length;
  const without = code.slice(0, from) + `${name[0]}0` + code.slice(to);
  return gzipSync(code, { level: 9 }).length - gzipSync(without, { level: 9 }).length;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Minified bytes of `code` per source file of its sourcemap (mappings decoded by hand: VLQ). */
function bytesPerSource(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const lines = code.split('\n');
  const result = new Map<string, number>();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    const segments: { column: number; source?: number }[] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = shift = 0;
        }
      }
      column += values[0]!;
      if (values.length > 1) source += values[1]!;
      segments.push({ column, source: values.length > 1 ? source : undefined });
    }
    segments.forEach((s, i) => {
      const end = segments[i + 1]?.column ?? text.length;
      const name = s.source === undefined ? '(generated)' : (map.sources[s.source] ?? '(unknown)');
      result.set(name, (result.get(name) ?? 0) + Buffer.byteLength(text.slice(s.column, end)));
    });
  });
  return result;
}

/** Prints the gzip-attributable bytes of `tag`'s eager closure per source module (largest first). */
function printModules(tag: string, manifest: Manifest, out: string, keys: Set<string>): void {
  const perModule = new Map<string, number>();
  for (const key of keys) {
    const file = `${out}/${manifest[key]!.file}`;
    const code = readFileSync(file, 'utf8');
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
    const raw = bytesPerSource(code, map);
    const total = [...raw.values()].reduce((a, b) => a + b, 0) || 1;
    const ratio = gz(file) / total;
    for (const [source, bytes] of raw) {
      const name = relative(process.cwd(), join(out, 'assets', source)).replace(/^.*node_modules\//, '');
      perModule.set(name, (perModule.get(name) ?? 0) + bytes * ratio);
    }
  }
  console.log(`\n<${tag}> at load, gzip bytes per source module (estimate):`);
  for (const [name, bytes] of [...perModule].sort((a, b) => b[1] - a[1])) {
    if (bytes >= 20) console.log(`${Math.round(bytes).toString().padStart(7)}  ${name}`);
  }
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

    mkdirSync(`${DIR}/src`, { recursive: true });
    const explain = (process.env.BYTES_MODULES ?? '').split(',').map((s) => s.trim());
    for (const tag of TAGS) {
      const sourcemap = explain.includes(tag) || explain.includes('all');
      const { manifest, out } = await buildAlone(tag, sourcemap);
      const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
      const size = (lazy: boolean) =>
        [...closure(manifest, key, lazy)].reduce((sum, k) => sum + gz(`${out}/${manifest[k]!.file}`), 0);
      const eager = size(false);
      const withLazy = size(true);
      figures[`page with only <${tag}>: JS at load, gzip`] = {
        value: eager,
        unit: 'B',
        // static closure only: the page-bytes scenario measures what a page requests, against the goal
        note:
          tag === 'room-gallery' ? 'no three.js, no PSV; lazy chunks fetched at once not counted' : undefined,
      };
      const helper = preloadHelperBytes(`${out}/${manifest[key]!.file}`);
      if (helper) {
        figures[`page with only <${tag}>: of which Vite's preload helper, gzip`] = {
          value: helper,
          unit: 'B',
          note: 'added by a Vite app build to any page that lazy-loads; other bundlers do not',
        };
      }
      if (withLazy !== eager) {
        figures[`page with only <${tag}>: JS incl. lazy chunks, gzip`] = { value: withLazy, unit: 'B' };
      }
      if (sourcemap) printModules(tag, manifest, out, closure(manifest, key, false));
    }
    return figures;
  },
};
export default scenario;
