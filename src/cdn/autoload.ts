/**
 * The CDN entry (`dist/cdn/room-elements.js`): one script tag for every element, but an element's
 * code is downloaded only when its tag first appears. Shoelace's autoloader works the same way for
 * the document; this one also looks inside shadow roots, because retailers put the elements inside
 * their own components (docs/cdn.md lists what is and is not seen).
 *
 * Kept tiny on purpose (it is all a page pays before it shows anything): no Lit, no element code,
 * only its own copy of the page-wide configuration (stored on the page, so the element chunks and
 * the eager entry see the same one: src/config.ts).
 */
export { configure, getConfig, resetConfig, type RoomElementsConfig } from '../config.js';
import { headStart, headStartWait } from './head-start.js';
import { nextTask } from '../platform/yield.js';
// The loader stylesheet (src/loader.css: every element's box before its code arrives) is not carried
// here: the loader runs after the page's first paint, too late for the elements in its HTML, so a page
// links dist/loader.css in its <head> (docs/cdn.md), which holds the boxes of elements added later too.

/**
 * Each tag's chain: its chunk (which defines the tag when it runs), then every chunk that chunk
 * imports statically, at any depth. Written in by the build (scripts/cdn/loader-chains.ts), as chunk
 * names relative to `chunks/` without `.js`, so the loader knows the whole chain the moment it sees
 * a tag and preloads it at once instead of finding it one round trip per level.
 */
declare const __ROOM_ELEMENTS_CHAINS__: Record<string, string[]>;
const CHAINS = __ROOM_ELEMENTS_CHAINS__;
const TAGS = Object.keys(CHAINS);
/** The error event each tag fires (src/events/), for a chunk that could not be loaded. */
const ERROR_EVENTS: Record<string, string> = {
  'room-gallery': 'rooms',
  'room-panorama': 'panorama',
  'room-viewer': 'model',
  'room-plan': 'model',
  'project-export-button': 'export',
  'room-tour': 'tour',
};

// (import.meta.url through a name: Vite would read `new URL(`…${x}`, import.meta.url)` as a glob)
const HERE = import.meta.url;
const chunkUrl = (name: string) => new URL(`chunks/${name}.js`, HERE).href;

/**
 * The integrity the page's import map gives `url` (docs/cdn.md: the generated importmap.json). The
 * browser checks it for `import()` by itself; the loader needs it for the links it adds and for a
 * retry, whose URL is not in the map.
 */
function integrityOf(url: string): string | undefined {
  for (const map of document.querySelectorAll('script[type="importmap"]')) {
    try {
      const known = JSON.parse(map.textContent!).integrity?.[url];
      if (known) return known;
    } catch {
      // not ours to judge: the browser reports a broken import map itself
    }
  }
  return undefined;
}

/** Starts fetching `url` as a module (checked against `integrity` when given); settles when it has. */
function preload(url: string, integrity = integrityOf(url)): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url });
    if (integrity) link.integrity = integrity;
    link.onload = resolve;
    link.onerror = reject;
    document.head.append(link);
  });
}

/** Tags whose chunk is on its way or arrived; a failed one leaves, so its next appearance retries. */
const requested = new Set<string>();
/** Failed attempts per tag. */
const failures = new Map<string, number>();
/** The elements waiting for their tag's chunk (told when it fails). */
const waiting = new Map<string, Set<Element>>();
/** Chunks preloaded already (each once per page). */
const preloaded = new Set<string>();

/**
 * A retry must use another URL: the browser remembers a module that failed to load under its URL
 * (Chromium even across frames) and would answer the next import() with the same failure. That URL
 * is not in the page's import map, so it is preloaded with the integrity of the chunk's own URL
 * first: a chunk refused once is refused again. Only the element's chunk is fetched anew: when a
 * chunk it shares with other elements failed, the page must be reloaded.
 */
function importChunk(tag: string, attempt: number): Promise<unknown> {
  const own = chunkUrl(CHAINS[tag]![0]!);
  const retry = `${own}?retry=${attempt}`;
  return attempt
    ? preload(retry, integrityOf(own)).then(() => import(/* @vite-ignore */ retry))
    : evaluateImports(tag).then(() => import(/* @vite-ignore */ own));
}

/**
 * What an element's chunk imports, evaluated before it, in a task of its own (issue 33: Lit, the shared
 * code and the element's chunk with its upgrade were one long task on a phone). Each evaluates once,
 * after what it imports, whatever the order asked in. (A retry fetches the element's chunk alone.)
 */
const evaluateImports = (tag: string) =>
  Promise.all(CHAINS[tag]!.slice(1).map((name) => import(/* @vite-ignore */ chunkUrl(name)))).then(nextTask);

/**
 * The tags whose code is still to run: one element's chunks evaluate (and its tag is defined) per
 * task, the viewer's and the panorama's first, as the picture the page waits for is theirs (issue 33:
 * a viewer's and a plan's chains share chunks, and when the last shared one arrived both ran in one
 * task, a long one on a phone). Every chain is fetched at once, when its tag is found.
 */
const queue: string[] = [];
let running = false;

async function runQueue(): Promise<void> {
  for (let tag; (tag = queue.shift());) {
    await start(tag);
    // the next element's code evaluates in a task of its own
    await nextTask();
  }
  running = false;
}

function load(element: Element): void {
  const tag = element.localName;
  if (customElements.get(tag)) return;
  headStart(element);
  if (!waiting.has(tag)) waiting.set(tag, new Set());
  waiting.get(tag)!.add(element);
  if (requested.has(tag)) return;
  requested.add(tag);
  // its whole chain at once, the element's chunk first (a retry asks for that under another URL)
  for (const url of CHAINS[tag]!.slice(failures.has(tag) ? 1 : 0).map(chunkUrl)) {
    if (preloaded.has(url)) continue;
    preloaded.add(url);
    preload(url).catch(() => {}); // the element's import reports it
  }
  queue[/-(viewer|panorama)$/.test(tag) ? 'unshift' : 'push'](tag);
  if (!running) {
    // once every tag of this pass is found (the queue's order is theirs, not the document's)
    running = true;
    queueMicrotask(runQueue);
  }
}

async function start(tag: string): Promise<unknown> {
  const failed = failures.get(tag) ?? 0;
  // the head start's own chunk first (a viewer's poster), so its request goes before the element's
  await headStartWait(tag);
  return importChunk(tag, failed).then(
    () => waiting.delete(tag),
    (cause: unknown) => {
      requested.delete(tag);
      failures.set(tag, failed + 1);
      console.warn(`room-elements: could not load <${tag}>; it loads again when one is added.`, cause);
      // the elements show it as they show any failure: state="error" and their error event
      const error = Object.assign(new Error(`The code of <${tag}> could not be loaded.`), {
        name: 'ElementError',
        kind: 'network',
        reason: 'chunk',
        cause,
      });
      for (const element of waiting.get(tag) ?? []) {
        element.setAttribute('state', 'error');
        element.dispatchEvent(
          new CustomEvent(`${ERROR_EVENTS[tag]}-error`, { bubbles: true, composed: true, detail: { error } }),
        );
      }
      waiting.delete(tag);
    },
  );
}

/** Shadow roots already watched (open ones found in the tree, and every root made by attachShadow). */
const watched = new WeakSet<Node>();

/**
 * The roots worth watching: not our elements' own, which render no other element of ours (one that
 * did would import it, as every element module does) and change often (a scrolling gallery).
 */
const watchable = (host: Element) => !TAGS.includes(host.localName);

const observer = new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) if (node.nodeType === 1) discover(node as Element);
  }
});

function watch(root: ShadowRoot): void {
  if (watched.has(root)) return;
  watched.add(root);
  observer.observe(root, { childList: true, subtree: true });
  discover(root);
}

/**
 * Loads the chunk of every element tag in `root` (itself included) and starts watching the open
 * shadow roots inside it. Exported for roots the loader cannot see: a closed shadow root made
 * before this script ran, or one a page builds declaratively as closed.
 */
export function discover(root: Element | ShadowRoot | Document): void {
  if (done) return;
  // one walk over the tree finds our tags and the shadow roots to watch: roots made through
  // attachShadow after this script ran are watched as they are made; these are the others, open
  // roots made before and declarative ones (<template shadowrootmode="open">)
  for (const node of [root as Element, ...root.querySelectorAll('*')]) {
    if (!watchable(node)) load(node);
    else if (node.shadowRoot) watch(node.shadowRoot);
  }
}

let done = false;
const attachShadow = Element.prototype.attachShadow;
function watchingAttachShadow(this: Element, init: ShadowRootInit): ShadowRoot {
  const root = attachShadow.call(this, init);
  if (!done && watchable(this)) watch(root);
  return root;
}
Element.prototype.attachShadow = watchingAttachShadow;

observer.observe(document, { childList: true, subtree: true });
discover(document);

// Once every tag is defined (by this loader, the eager entry or another copy) there is nothing left
// to find: stop observing and give attachShadow back, unless someone patched it over ours.
Promise.all(TAGS.map((tag) => customElements.whenDefined(tag))).then(() => {
  done = true;
  observer.disconnect();
  if (Element.prototype.attachShadow === watchingAttachShadow) Element.prototype.attachShadow = attachShadow;
});
