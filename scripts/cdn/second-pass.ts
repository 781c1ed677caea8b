import type { Plugin } from 'vite';
import { minifyAgain } from '../minify-again.ts';
import { srcPath } from './folders.ts';

/**
 * Every chunk of the CDN build once more through terser (scripts/minify-again.ts), after Oxc minified it and
 * before its bytes are pinned (integrity.ts hashes the written files): a CDN file is the page's final code,
 * and terser's compressor finds 1–2 % more in it (issue 33, the sixteenth round: about 0.4 KB gzip of a
 * viewer's first frame). Each chunk's hidden source map is led through the second pass, so it still points
 * at the sources. A language table is left as it is: the npm build re-exports its CDN twin, found by its
 * bytes (scripts/build.mjs).
 */
export function secondPass(): Plugin {
  return {
    name: 'room-elements:second-pass',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const fail = (why: string): never => this.error(`second pass: ${why}`);
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          if (chunk.moduleIds.every((id) => srcPath(id).startsWith('i18n/'))) continue;
          const mapFile = bundle[`${chunk.fileName}.map`];
          const map = mapFile?.type === 'asset' ? String(mapFile.source) : undefined;
          const out = await minifyAgain(chunk.code, (why) => fail(`${chunk.fileName}: ${why}`), map);
          if (out.code === chunk.code) continue;
          chunk.code = out.code;
          if (mapFile?.type === 'asset' && out.map) mapFile.source = out.map;
        }
      },
    },
  };
}
