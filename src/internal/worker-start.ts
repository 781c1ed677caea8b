/**
 * Where the package's workers (the render worker, the model worker, the mesh-decoding worker) start from, whatever built or served
 * the page. The call sites keep the one pattern every bundler knows, `new Worker(new URL('./x.ts',
 * import.meta.url), { type: 'module', name })`, with this module's `PackageWorker` imported as `Worker`:
 * Vite, webpack and Turbopack find the worker file by that text, and at run time the URL they made
 * comes here, which chooses how to start it:
 *
 * - `configure({ renderWorkerUrl / modelWorkerUrl })`: that URL, for a bundler that does not copy the
 *   file (docs/frameworks.md);
 * - a URL the page cannot load (`file:`, as a bundler that did not copy the file leaves it): not started,
 *   and the console says so once (the viewer then draws on the page's thread);
 * - a page that pins its files (an import map with `integrity`, docs/cdn.md), or a worker on another
 *   origin (a CDN: a worker's script must be same-origin): a same-origin `blob:` bootstrap that fetches
 *   the script with the integrity the import map gives it (the browser refuses other bytes), and each
 *   chunk the worker imports later the same way, and only then runs it. Import maps do not apply inside
 *   workers, so this is how a pinned page's worker code is checked. A pinned page whose map does not
 *   pin the worker runs no worker;
 * - otherwise the URL as it is.
 */
import { getConfig } from '../config.js';

/** The package's workers, by the `name` their call sites give them. */
const CONFIG_KEY = {
  'room-render': 'renderWorkerUrl',
  'room-model': 'modelWorkerUrl',
  'room-mesh-decode': 'meshWorkerUrl',
} as const;
type WorkerName = keyof typeof CONFIG_KEY;

export interface PackageWorkerOptions extends WorkerOptions {
  name: WorkerName;
}

/** What the page's import maps pin, by absolute URL (docs/cdn.md). */
function pinnedByImportMap(): Record<string, string> {
  const pinned: Record<string, string> = {};
  if (typeof document === 'undefined') return pinned;
  for (const map of document.querySelectorAll('script[type="importmap"]')) {
    try {
      const integrity = (JSON.parse(map.textContent ?? '') as { integrity?: unknown }).integrity;
      if (!integrity || typeof integrity !== 'object') continue;
      for (const [url, hash] of Object.entries(integrity)) {
        if (typeof hash !== 'string') continue;
        try {
          pinned[new URL(url, document.baseURI).href] = hash;
        } catch {
          // a key that is no URL pins nothing
        }
      }
    } catch {
      // an import map the browser refused pins nothing either
    }
  }
  return pinned;
}

const warned = new Set<string>();

/** Says once per worker and reason why the worker does not run (the element then says what it does). */
export function warnWorker(name: string, reason: string): void {
  const key = `${name}\n${reason}`;
  if (warned.has(key)) return;
  warned.add(key);
  const what =
    name === 'room-render'
      ? 'the render worker'
      : name === 'room-mesh-decode'
        ? 'the mesh-decoding worker'
        : 'the model worker';
  const then =
    name === 'room-render'
      ? "<room-viewer> draws on the page's thread (renderThread: 'main')"
      : name === 'room-mesh-decode'
        ? "furniture files are decoded on the page's thread (meshopt and KTX2 files refused)"
        : "rooms are read on the page's thread";
  console.warn(
    `room-elements: ${what} did not start: ${reason}; ${then}. ` +
      `See "The render worker" in docs/frameworks.md (configure({ ${CONFIG_KEY[name as WorkerName] ?? 'renderWorkerUrl'} })).`,
  );
}

/**
 * The bootstrap's code: holds the page's messages, fetches the script (with its integrity when pinned),
 * rewrites its relative `import()`s to `__roomImport()` (the same check for each chunk), runs it from a
 * `blob:` URL, then hands it the messages held. A failure is thrown from a task of its own, so the page
 * gets the worker's `error` event, as for a script that does not load.
 */
function bootstrap(url: string, integrity: Record<string, string>, pinned: boolean): string {
  return `const config = ${JSON.stringify({ url, integrity, pinned })};
const held = [];
const hold = (event) => { event.stopImmediatePropagation(); held.push(event); };
addEventListener('message', hold);
const loads = new Map();
const load = async (url) => {
  const integrity = config.integrity[url];
  if (config.pinned && !integrity) throw new Error(url + ' is not pinned by the page\\'s import map');
  const response = await fetch(url, integrity ? { integrity } : {});
  if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
  const text = (await response.text()).replace(
    /\\bimport\\((["'\`])(\\.{1,2}\\/[\\w./-]+)\\1\\)/g,
    (_, quote, path) => '__roomImport(' + JSON.stringify(new URL(path, url).href) + ')',
  );
  const blob = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
  try {
    return await import(blob);
  } finally {
    URL.revokeObjectURL(blob);
  }
};
globalThis.__roomImport = (url) => {
  if (!loads.has(url)) loads.set(url, load(url));
  return loads.get(url);
};
globalThis.__roomImport(config.url).then(
  () => {
    removeEventListener('message', hold);
    for (const event of held.splice(0)) dispatchEvent(new MessageEvent('message', { data: event.data, ports: [...event.ports] }));
  },
  (error) => setTimeout(() => { throw error; }),
);
`;
}

/** Says why once, then throws as `new Worker()` does for a script it refuses (the call site falls back). */
function refused(name: WorkerName, reason: string): Worker {
  warnWorker(name, reason);
  throw new Error(`room-elements: ${reason}`);
}

/** What relative URLs are read against: the page (Turbopack's URLs are paths, to be taken from it). */
const pageBase = () => (typeof document === 'undefined' ? self.location.href : document.baseURI);

/**
 * The render worker's later stages (src/three/worker/stages.ts, issue 33) by name, where the page can
 * load them: beside the configured worker when `configure({ renderWorkerUrl })` names one (a folder:
 * each under its own name; a file: in that file's folder), else where the page's bundler put them
 * (`new URL('…', import.meta.url)` in stage-urls.ts). A stage without such a URL is left out: the
 * worker then fails only what needs it, with the reason.
 */
export function stageUrls(stages: Record<string, URL | string>): Record<string, string> {
  const setting = getConfig().renderWorkerUrl;
  const urls: Record<string, string> = {};
  for (const [name, bundled] of Object.entries(stages)) {
    try {
      const url = setting ? new URL(name, new URL(setting, pageBase())) : new URL(bundled, pageBase());
      if (/^(https?|blob|data):$/.test(url.protocol)) urls[name] = url.href;
    } catch {
      // no URL: that stage fails alone
    }
  }
  return urls;
}

function start(bundled: URL | string, options: PackageWorkerOptions): Worker {
  const { name } = options;
  const setting = getConfig()[CONFIG_KEY[name]];
  // a folder (ending in `/`): the package's dist/cdn/assets/ served there, the file under its own name
  const configured = setting?.endsWith('/')
    ? setting + String(bundled).split(/[?#]/)[0]!.split('/').pop()
    : setting;
  let url: URL;
  try {
    // (Turbopack's URL is a path, to be taken from the page: new URL() reads its href)
    url = new URL(configured ?? bundled, pageBase());
  } catch {
    return refused(name, `its URL ${JSON.stringify(String(configured ?? bundled))} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'blob:') {
    return refused(
      name,
      `the page's bundler gave it a ${url.protocol} URL (${url.href}) the browser cannot load` +
        (configured ? '' : ': the bundler did not copy the worker file'),
    );
  }
  const pinned = pinnedByImportMap();
  // this module's own chunk pinned: the page pins the package, so the worker must be pinned too
  const pinnedPage = Object.keys(pinned).length > 0 && import.meta.url in pinned;
  const crossOrigin = url.protocol !== 'blob:' && url.origin !== self.origin;
  if (!pinned[url.href] && !pinnedPage && !crossOrigin) {
    const worker = new self.Worker(url, options);
    worker.addEventListener('error', (event) =>
      warnWorker(name, event.message || `its script ${url.href} did not load or run`),
    );
    return worker;
  }
  if (pinnedPage && !pinned[url.href]) {
    return refused(name, `the page pins its files (an import map with integrity) but not ${url.href}`);
  }
  const source = new Blob([bootstrap(url.href, pinned, pinnedPage || !!pinned[url.href])], {
    type: 'text/javascript',
  });
  const blob = URL.createObjectURL(source);
  try {
    const worker = new self.Worker(blob, { ...options, type: 'module' });
    worker.addEventListener('error', (event) => warnWorker(name, event.message || 'its script did not run'));
    return worker;
  } finally {
    // the worker has its own reference to the script once it started fetching it
    setTimeout(() => URL.revokeObjectURL(blob), 30_000);
  }
}

/**
 * `new Worker(url, options)` for the package's own workers (import it as `Worker` at the call site, so
 * bundlers see their pattern): starts the worker as the module's comment says, or throws (the call sites
 * then run the work on the page's thread).
 */
export const PackageWorker = function PackageWorker(url: URL | string, options: PackageWorkerOptions) {
  return start(url, options);
} as unknown as new (url: URL | string, options: PackageWorkerOptions) => Worker;
