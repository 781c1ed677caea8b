/**
 * Where things are, for the CDN build's plugins: folders, never file names, so a file renamed or
 * moved inside its folder keeps its chunk. Keyed by top-level folder of src/ and by element folder
 * (src/elements/<tag>/, whatever subfolders it has: features/, drawing/...).
 */
import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';

const SRC = resolve('src') + sep;

/** The path of `id` under src/ with `/` separators ('' when outside src/); query strings dropped. */
export function srcPath(id: string): string {
  const file = id.replace(/\?.*$/, '');
  return file.startsWith(SRC) ? file.slice(SRC.length).split(sep).join('/') : '';
}

/** True when `id` lies in one of `folders` of src/ (e.g. 'api', 'three', 'elements/room-gallery'). */
export const inFolder = (id: string, ...folders: string[]): boolean => {
  const path = srcPath(id);
  return folders.some((folder) => path.startsWith(`${folder}/`));
};

/** The element folder `id` lies in (src/elements/<tag>/**), if any. */
export const elementOf = (id: string): string | undefined => /^elements\/([\w-]+)\//.exec(srcPath(id))?.[1];

/** The element module of a tag: src/elements/<tag>/<tag>.ts (the file that defines it). */
export const elementModule = (tag: string): string => resolve(`src/elements/${tag}/${tag}.ts`);

/** True for a module of a package in node_modules (`pkg` and, optionally, a folder inside it). */
export const inPackage = (id: string, pkg: string, folder = ''): boolean =>
  id.replace(/\\/g, '/').includes(`/node_modules/${pkg}/${folder}`);

/** Byte budgets (scripts/cdn/budgets.json): the loader's, and the first cards' of the element named. */
export interface Budgets {
  loader: { file: string; bytes: number };
  firstCards: { tag: string; bytes: number };
  /** The same element's first cards on a page a site builds from the npm package with Vite (bench/page-bytes.ts). */
  firstCardsNpm: { bytes: number };
  /**
   * The page's side of a bare `<room-viewer>`'s first frame (issue 33): the JS the page requests before
   * it, the render worker's own files left out (h33w's budget), on a CDN page and on a Vite page.
   */
  viewerPage?: {
    tag: string;
    bytes: number;
    npmBytes: number;
    after: string[];
    /** Source files or folders (`src/panorama/`) no CDN file before the first frame may hold (its source map). */
    afterModules: string[];
  };
  /**
   * (issue 33, the sixteenth round) A bare `<room-plan room-id>`'s JS before its `model-load` (the drawn plan,
   * its parts in), on a CDN page and on a Vite page; `after`: chunks (by name) it must not request (the link of
   * `for`, `toBlob()`'s rasteriser).
   */
  planPage?: { tag: string; bytes: number; npmBytes: number; after: string[] };
}
export const budgets = (): Budgets =>
  JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8')) as Budgets;

/**
 * The folder rules, in one place:
 * - `api`: the HTTP clients; valibot is copied per area (area-copies.ts), `planning` for
 *   src/api/planning/ and src/api/planning-xml/, `detail` for the rest;
 * - `three`: the viewer's three.js side, its draw path one chunk (element-chunks.ts), together with
 *   three.js's add-ons (three/examples/jsm/);
 * - `elements/<tag>`: each element's own chunk (element-chunks.ts);
 * - the first-cards element (budgets.json): its static path decides what is `shared` and which
 *   copies exist (area-copies.ts, lazy-copies.ts).
 */
export const FOLDERS = {
  api: 'api',
  planningApi: ['api/planning', 'api/planning-xml'],
  roomStyling: 'api/room-styling',
  three: 'three',
  threeAddOns: { pkg: 'three', folder: 'examples/jsm/' },
  elements: 'elements',
} as const;
