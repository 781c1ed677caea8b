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
import loaderCss from '../loader.css?inline';

// Every element holds its box from the moment it is parsed (src/loader.css, issue 20): a constructed
// sheet, so a strict Content-Security-Policy (no 'unsafe-inline' styles) lets it in.
try {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(loaderCss);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
} catch {
  // no constructable sheets (very old engines): the elements still work, their boxes grow as they load
}

/** Each tag's chunk; the chunk defines its tag when it runs. */
const CHUNKS: Record<string, () => Promise<unknown>> = {
  'room-gallery': () => import('../elements/room-gallery/room-gallery.js'),
  'room-panorama': () => import('../elements/room-panorama/room-panorama.js'),
  'room-viewer': () => import('../elements/room-viewer/room-viewer.js'),
  'room-plan': () => import('../elements/room-plan/room-plan.js'),
  'project-export-button': () => import('../elements/project-export-button/project-export-button.js'),
};
const TAGS = Object.keys(CHUNKS);

/** Tags whose chunk is on its way or arrived; a failed one leaves, so its next appearance retries. */
const requested = new Set<string>();
/** Failed attempts per tag. */
const failures = new Map<string, number>();

/**
 * A retry must use another URL: the browser remembers a module that failed to load under its URL
 * (Chromium even across frames) and would answer the next import() with the same failure. The
 * chunk's URL is read from the bundler's own import() above. Only the element's chunk is fetched
 * anew: when a chunk it shares with other elements failed, the page must be reloaded.
 */
function retryUrl(tag: string, attempt: number): string {
  const path = /import\(\s*[`'"]([^`'"]+)/.exec(String(CHUNKS[tag]))![1]!;
  return `${new URL(path, import.meta.url).href}?retry=${attempt}`;
}

function load(tag: string): void {
  if (requested.has(tag) || customElements.get(tag)) return;
  requested.add(tag);
  const failed = failures.get(tag) ?? 0;
  (failed ? import(/* @vite-ignore */ retryUrl(tag, failed)) : CHUNKS[tag]!()).catch((error: unknown) => {
    requested.delete(tag);
    failures.set(tag, failed + 1);
    console.warn(`room-elements: could not load <${tag}>; it loads again when one is added.`, error);
  });
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
    if (!watchable(node)) load(node.localName);
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
