/**
 * Page-wide defaults shared by every element. An attribute set on an element wins over these;
 * without either, the elements talk to the real services.
 */
export interface RoomElementsConfig {
  /** Root of the room-styling service (Document 3's `{base_url}`). */
  apiBase: string;
  /** Root of the planning JSON API v2 (Document 1's `{base_url}`, ending in /api/v2). */
  plannerBase: string;
  /** Whitelabel name: becomes the `whitelabel` filter of room lists. */
  whitelabel?: string;
  /** A logged-in user's token (Document 3, section 5). */
  token?: string;
  /**
   * Root of the products' 3D models: `<room-viewer>` fetches each piece's `model` path, as `.glb`, under
   * it and swaps the piece's box for the mesh (the element's `furniture-base` wins). Unset: boxes.
   */
  furnitureBase?: string;
  /**
   * Other origins (besides `furnitureBase`'s) that a room model's absolute `model` URLs may name, e.g.
   * `['https://cdn.example.com']`. A mesh URL on any other origin keeps its box and is reported (a
   * non-fatal `model-error`): whoever writes room data must not choose which files the page fetches.
   */
  furnitureOrigins?: readonly string[];
  /** The folder of the Basis transcoder (`basis_transcoder.js` / `.wasm`), for meshes with KTX2 textures. */
  basisTranscoderPath?: string;
  /**
   * Where `<room-viewer>`s without a `renderer` attribute draw: `worker` (unset: the default, in the render
   * worker where the browser and the viewer's features allow it) or `main` (on the page's thread).
   */
  viewerRenderer?: 'main' | 'worker';
  /**
   * The render worker's script (`dist/cdn/assets/render-worker-….js` of this version), where the page's bundler
   * does not copy it (esbuild, Rollup without an asset plugin): serve the package's `dist/cdn/assets/` folder
   * and give the worker's URL in it, or the folder's (ending in `/`: each worker under its own name). Unset:
   * the URL the bundler or the CDN folder gives it. A pinned page
   * (an import map with `integrity`) runs it only with the integrity the map gives that URL.
   */
  renderWorkerUrl?: string;
  /** The model worker's script (`dist/cdn/assets/model-worker-….js`), as `renderWorkerUrl`. */
  modelWorkerUrl?: string;
  /**
   * The mesh-decoding worker's script (`dist/cdn/assets/decode-worker-….js`), as `renderWorkerUrl`: where a
   * bundler did not copy it, `furniture-base` files are decoded on the page's thread (compressed ones refused).
   */
  meshWorkerUrl?: string;
}

export const DEFAULT_CONFIG: Readonly<RoomElementsConfig> = Object.freeze({
  apiBase: 'https://roomstyler.com/api',
  plannerBase: 'https://floorplanner.com/api/v2',
});

/**
 * The configuration lives on the page (`globalThis`, under a registered symbol), not in this module:
 * the CDN loader (src/cdn/autoload.ts) gets its own copy of this module, so that a page loading only
 * the loader does not fetch a chunk for three functions, and every copy (the loader, the eager entry,
 * the element chunks, another copy of the package) reads and writes the same configuration.
 * Unset means the defaults; a configure() replaces the object, it never changes one handed out.
 */
const STORE = Symbol.for('room-elements.config');
const page = globalThis as typeof globalThis & { [STORE]?: Readonly<RoomElementsConfig> };

/** Sets page-wide defaults; members left out keep their value. */
export function configure(patch: Partial<RoomElementsConfig>): void {
  const next = { ...getConfig() };
  for (const [key, value] of Object.entries(patch) as [keyof RoomElementsConfig, unknown][]) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  page[STORE] = next;
}

/** The page-wide configuration in force now. */
export function getConfig(): Readonly<RoomElementsConfig> {
  return page[STORE] ?? DEFAULT_CONFIG;
}

/** Restores the built-in defaults (for tests and for pages that reconfigure). */
export function resetConfig(): void {
  delete page[STORE];
}
