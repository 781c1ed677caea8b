import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { minifyAgain } from '../minify-again.ts';

/**
 * The files a page fetches before the first results budgets.json holds once more through terser
 * (scripts/minify-again.ts), after Oxc minified them and before their bytes are pinned (integrity.ts hashes
 * the written files): terser's compressor finds 1–2 % more in them (issue 33, the sixteenth round: about
 * 0.4 KB gzip before a viewer's first frame, 0.2 KB before a gallery's first cards). Those files are the
 * loader and what it imports itself (the poster's head start), the chain of each element named (`tags`: its
 * chunk and what that imports, at any depth), and the chunks named in `also` with theirs (the render worker's
 * client, which a viewer imports before its first frame). Not every chunk: the npm build's twin of each
 * chunk, Oxc's like the CDN's, sits beside it in the package's tarball, where gzip finds the one in the
 * other; a CDN chunk in terser's style no longer matches its twin (about 15 KB more packed for all of
 * them, 3 KB for these). Each chunk's hidden source map is led through the second pass, so it still points
 * at the sources.
 */
export function secondPass(options: { loader: string; tags: string[]; also: string[] }): Plugin {
  return {
    name: 'room-elements:second-pass',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const fail = (why: string): never => this.error(`second pass: ${why}`);
        for (const chunk of firstResultFiles(bundle as unknown as OutputBundle, options, fail)) {
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

/** The loader, its own imports (static and import()), and each tag's chunk with its static imports. */
function firstResultFiles(
  bundle: OutputBundle,
  options: { loader: string; tags: string[]; also: string[] },
  fail: (why: string) => never,
): Set<OutputChunk> {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<OutputChunk>();
  const add = (chunk: OutputChunk) => {
    if (files.has(chunk)) return;
    files.add(chunk);
    for (const file of chunk.imports)
      add(byFile.get(file) ?? fail(`${chunk.fileName} imports ${file}, not built`));
  };
  const loader = byFile.get(options.loader) ?? fail(`no ${options.loader}`);
  add(loader);
  for (const file of loader.dynamicImports) add(byFile.get(file) ?? fail(`no ${file}`));
  for (const tag of options.tags)
    add(chunks.find((chunk) => chunk.name === tag && chunk.facadeModuleId) ?? fail(`no chunk of <${tag}>`));
  for (const name of options.also)
    add(chunks.find((chunk) => chunk.name === name) ?? fail(`no chunk ${name}`));
  return files;
}
