import { minify } from 'terser';

/**
 * A second minifying pass with terser over code the build wrote already minified (issue 33, the sixteenth
 * round: the bytes before a viewer's first frame). Rolldown's own minifier (Oxc) works chunk by chunk, before
 * the render worker's first stage is put together from its chunks (scripts/render-stages.ts); terser's
 * compressor, run twice over the whole, inlines what that stitching left (each chunk's exports handed to the
 * next through an object) and folds more of three.js's own code: about 1.1 KB gzip of the worker's first
 * stage. Only safe transforms (terser's defaults: no `unsafe*`, no `pure_getters`, no property mangling):
 * names that another file reads (the stages' registry, `__roomStages.define(…)`'s keys, a module's exports)
 * are properties or exports, which terser never renames.
 */
export async function minifyAgain(code: string, fail: (why: string) => never): Promise<string> {
  try {
    const out = await minify(code, {
      module: true,
      ecma: 2020,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    return out.code ?? fail('terser returned no code');
  } catch (error) {
    return fail(`terser could not minify it: ${String(error)}`);
  }
}
