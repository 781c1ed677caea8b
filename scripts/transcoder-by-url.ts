import type { Plugin } from 'vite';

/**
 * three's KTX2Loader names its default Basis transcoder with `new URL('../libs/basis/basis_transcoder.wasm',
 * import.meta.url)` (and `.js`), which Vite's library mode inlines as base64: 838 KB in every chunk that
 * holds the loader, three copies in the package (issue 35), and never used, since the viewer always
 * calls `setTranscoderPath()` (configure({ basisTranscoderPath })). The two URLs become '' here; the
 * transcoder is shipped once, as its own files, in dist/basis/ (scripts/build.mjs), loaded by URL as
 * three's loader expects.
 */
export function transcoderByUrl(): Plugin {
  return {
    name: 'room-elements-transcoder-by-url',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]examples[\\/]jsm[\\/]loaders[\\/]KTX2Loader\.js$/.test(id)) return undefined;
      const out = code.replace(
        /new URL\(\s*'\.\.\/libs\/basis\/basis_transcoder\.(wasm|js)',\s*import\.meta\.url\s*\)\.toString\(\)/g,
        "''",
      );
      if (out === code)
        this.error('KTX2Loader no longer names its transcoder as expected: see scripts/transcoder-by-url.ts');
      return { code: out, map: null };
    },
  };
}
