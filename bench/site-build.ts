/**
 * Builds a page's scripts as a site would (a Vite app build, entries kept as named files, lazy chunks
 * under chunks/), for scenarios that load the elements from their own build in bench/.tmp (37-hotspots.ts,
 * 35-pick.ts, 30-viewer.ts, 20-panorama.ts).
 */
import { readFileSync } from 'node:fs';
import { build } from 'vite';

/**
 * The entry of a page with only <room-viewer>, as a site writes it (the element and configure()), for a
 * file in bench/.tmp/<app>/src/.
 */
export const VIEWER_ENTRY = `import '../../../../src/elements/room-viewer/room-viewer.ts';\nexport { configure } from '../../../../src/config.ts';\n`;

/**
 * Builds `input` (entry name → source file) into `outDir`, emptied first; `base` as Vite's (`./` for
 * pages that load the build from beside themselves).
 */
export async function buildSite(
  outDir: string,
  input: Record<string, string>,
  base?: string,
  options: { manifest?: boolean } = {},
): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    ...(base ? { base } : {}),
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: true,
      modulePreload: false,
      // .vite/manifest.json: each chunk's static imports (modulePreloads() below)
      manifest: options.manifest === true,
      rolldownOptions: {
        input,
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  name?: string;
  imports?: string[];
}

/**
 * The `<link rel="modulepreload">` tags an HTML page built by Vite gets in its head for entry `name`
 * (every chunk it imports statically, all the way down), from a build made with `manifest: true`: the bench
 * writes its pages by hand, and without these each level of the chunk chain waited for the one before.
 */
export function modulePreloads(outDir: string, base: string, name: string): string {
  const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.name === name);
  if (!entry) throw new Error(`no entry ${name} in ${outDir}/.vite/manifest.json`);
  const files = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      const file = manifest[imported]?.file;
      if (!file || files.has(file)) continue;
      files.add(file);
      visit(imported);
    }
  };
  visit(entry[0]);
  return [...files]
    .map((file) => `    <link rel="modulepreload" crossorigin href="${base}${file}" />\n`)
    .join('');
}
