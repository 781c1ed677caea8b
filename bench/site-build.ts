/**
 * Builds a page's scripts as a site would (a Vite app build, entries kept as named files, lazy chunks
 * under chunks/), for scenarios that load the elements from their own build in bench/.tmp (37-hotspots.ts,
 * 35-pick.ts, 30-viewer.ts, 20-panorama.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'vite';

/**
 * The entry of a page with only <room-viewer>, as a site writes it (the element and configure()), for a
 * file in bench/.tmp/<app>/src/.
 */
export const VIEWER_ENTRY = `import '../../../../src/elements/room-viewer/room-viewer.ts';\nexport { configure } from '../../../../src/config.ts';\n`;

/**
 * Builds `input` (entry name → source file) into `outDir`, emptied first; `base` as Vite's. The default,
 * `./`, makes every URL the build writes relative to the file that holds it: the sites are served from
 * bench/.tmp/…, not from the server's root, and with Vite's own default (`/`) the workers' URLs
 * (`/assets/model-worker-….js`, `/assets/render-worker-….js`) answered 404, so those pages silently read
 * large models and drew `renderer="worker"` viewers on the page's thread (the fallbacks) until 2026-11-27.
 */
export async function buildSite(outDir: string, input: Record<string, string>, base = './'): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    base,
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

/**
 * A page with only <room-viewer>, built into `app` (bench/.tmp/<name>) as a site would: VIEWER_ENTRY as
 * src/viewer.ts, built to out/, and an index.html titled `bench: <title>` with `style` that points
 * configure() at the room-styling emulator and then sets `window.benchReady` (37-hotspots.ts,
 * 38-meshes.ts, 39-export.ts).
 */
export async function buildViewerApp(app: string, title: string, style: string): Promise<void> {
  mkdirSync(`${app}/src`, { recursive: true });
  writeFileSync(`${app}/src/viewer.ts`, VIEWER_ENTRY);
  writeFileSync(
    `${app}/index.html`,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench: ${title}</title>
<style>${style}</style></head>
<body><script type="module">
const { configure } = await import('/${app}/out/viewer.js');
configure({ apiBase: location.origin + '/room-styling' });
window.benchReady = true;
</script></body></html>\n`,
  );
  await buildSite(`${app}/out`, { viewer: `${app}/src/viewer.ts` });
}
