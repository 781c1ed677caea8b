/**
 * Builds a page's scripts as a site would (a Vite app build, entries kept as named files, lazy chunks
 * under chunks/), for scenarios that load the elements from their own build in bench/.tmp (37-hotspots.ts,
 * 35-pick.ts, 30-viewer.ts, 20-panorama.ts).
 */
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
export async function buildSite(outDir: string, input: Record<string, string>, base?: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    ...(base ? { base } : {}),
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: true,
      modulePreload: false,
      rolldownOptions: {
        input,
        preserveEntrySignatures: 'exports-only',
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}
