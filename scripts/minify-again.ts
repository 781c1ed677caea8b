import { gzipSync } from 'node:zlib';
import { minify } from 'terser';

/** Bytes as they are sent (gzip level 9, as scripts/cdn/budgets.json counts them). */
const gzipped = (code: string) => gzipSync(code, { level: 9 }).length;

/**
 * A second minifying pass with terser over code the build wrote already minified (issue 33, the sixteenth
 * round: the bytes before a viewer's first frame). Rolldown's own minifier (Oxc) works chunk by chunk, before
 * the render worker's first stage is put together from its chunks (scripts/render-stages.ts); terser's
 * compressor, run twice over the whole, inlines what that stitching left (each chunk's exports handed to the
 * next through an object) and folds more of three.js's own code: about 1.2 KB gzip of the worker's first
 * stage, and 1–2 % of each CDN chunk (scripts/cdn/second-pass.ts). Only safe transforms (terser's defaults:
 * no `unsafe*`, no `pure_getters`, no property mangling): names that another file reads (the stages'
 * registry, `__roomStages.define(…)`'s keys, a chunk's exports) are properties or exports, which terser never
 * renames.
 *
 * `map`: the code's source map (JSON), which the result's map then leads through to the sources. Code that
 * terser would make larger gzipped (a few chunks, by a few bytes; three.js's renderer chunk of the page by
 * about 190 B) comes back as it was, with its map.
 */
export async function minifyAgain(
  code: string,
  fail: (why: string) => never,
  map?: string,
): Promise<{ code: string; map?: string }> {
  try {
    const out = await minify(code, {
      module: true,
      ecma: 2020,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
      ...(map ? { sourceMap: { content: map } } : {}),
    });
    if (out.code === undefined) return fail('terser returned no code');
    if (gzipped(out.code) >= gzipped(code)) return { code, map };
    return { code: out.code, map: typeof out.map === 'string' ? out.map : undefined };
  } catch (error) {
    return fail(`terser could not minify it: ${String(error)}`);
  }
}
