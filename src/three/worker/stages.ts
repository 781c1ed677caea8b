/**
 * The render worker's later stages (issue 33; CONTRIBUTING.md "The render worker's stages"): what the
 * worker imports with `import()` (the features' scene side, exportLook, the furniture mesh loader...)
 * is not in the file that draws the first frame. The build (scripts/render-stages.ts) makes each such
 * chunk a self-contained module that takes three.js and the shared code from this registry, which the
 * first stage fills, and turns the worker's `import('./x.js')` into `__roomStages.load('x.js')`. The
 * page names each stage's URL (stage-urls.ts: a bundler copies each file it names, as it renames
 * them), and a pinned page's bootstrap (src/internal/worker-start.ts) checks each stage's bytes
 * against the page's import map before it runs. From its sources (tests, `npm start`) the worker
 * imports its modules itself and none of this is used.
 *
 * A stage that does not load fails what needed it (exportLook() rejects, a mesh stays a box) with
 * the reason, never the view.
 */
type Exports = Record<string, unknown>;

const urls = new Map<string, string>();
const defined = new Map<string, Exports>();
const loading = new Map<string, Promise<Exports>>();

/** The stages' URLs by name, as the page resolved them (the `stages` message). */
export function setStageUrls(given: Record<string, string>): void {
  for (const [name, url] of Object.entries(given)) if (typeof url === 'string') urls.set(name, url);
}

/** How a stage's module is imported: through a pinned page's check when there is one. */
function importer(): (url: string) => Promise<unknown> {
  const checked = (globalThis as { __roomImport?: (url: string) => Promise<unknown> }).__roomImport;
  return checked ?? ((url) => import(/* webpackIgnore: true */ /* @vite-ignore */ url));
}

async function load(name: string): Promise<Exports> {
  const url = urls.get(name);
  if (!url) throw new Error(`room-elements: the render worker was given no URL for its stage ${name}`);
  try {
    await importer()(url);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`room-elements: the render worker could not load its stage ${url} (${why})`);
  }
  const exports = defined.get(name);
  if (!exports) throw new Error(`room-elements: ${url} is not the render worker's stage ${name}`);
  return exports;
}

/** The registry the built stages use (`__roomStages`). */
export const stages = {
  /** A stage's bindings, importing it first if it is not in yet (once; again after a failure). */
  load(name: string): Promise<Exports> {
    const done = defined.get(name);
    if (done) return Promise.resolve(done);
    let pending = loading.get(name);
    if (!pending) {
      pending = load(name);
      loading.set(name, pending);
      pending.catch(() => loading.delete(name));
    }
    return pending;
  },
  /** What a stage (or the first stage) hands to the others. */
  define(name: string, exports: Exports): void {
    defined.set(name, exports);
  },
};

(globalThis as { __roomStages?: typeof stages }).__roomStages = stages;
