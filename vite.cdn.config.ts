import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { RolldownMagicString } from 'rolldown';
import { defineConfig, parseAst, type Plugin } from 'vite';

/**
 * The CDN build (dist/cdn/, docs/cdn.md), both entries in one build so they share every chunk:
 * - `room-elements.js` (src/cdn/autoload.ts): the one script tag; defines each element when its tag
 *   first appears, importing that element's chunk then.
 * - `room-elements.all.js` (src/index.ts): every element defined up front, every export of the package.
 *
 * Library mode, minified: an app build would wrap each `import()` in Vite's preload helper (about 1 KB
 * gzip in its own chunk, even with `modulePreload: false`), which the loader does not need. three.js
 * and photo-sphere-viewer stay in lazy chunks: the elements reach them only through `import()`.
 *
 * Two rules shape the chunks a page downloads (the bench's `page-bytes` scenario measures them):
 * - `areaCopies`: valibot is one module, so one shared copy would carry every schema kind any element
 *   uses; each API area gets its own tree-shaken copy instead (see below).
 * - `elementChunks`: what a gallery loads before its first cards is two files besides the loader:
 *   its own chunk and the chunk it shares with the other elements.
 * Everything else is Rolldown's automatic chunking: a chunk per set of elements that use a module.
 */

/**
 * The viewer's three.js side (src/three/ and the three.js add-ons it uses), and of it what only its
 * features use (a lazy chunk): the features, and the furniture loader with GLTFLoader's own add-on
 * (SkeletonUtils), so GLTFLoader never joins the first frame's chunk.
 */
const VIEW_MODULE =
  /[\\/]src[\\/]three[\\/][\w-]+\.ts$|[\\/]three[\\/]examples[\\/]jsm[\\/](controls|utils)[\\/]/;
const FEATURE_MODULE =
  /[\\/]src[\\/]three[\\/](index|features|picking|cutaway|fly|measure|selection-outline|hotspots|snapshot|fml-stack|furniture-meshes)\.ts$|[\\/]three[\\/]examples[\\/]jsm[\\/]utils[\\/]SkeletonUtils\.js$/;

const GALLERY_DIR = /[\\/]src[\\/]elements[\\/]room-gallery[\\/]/;

/**
 * valibot is one module: in a shared chunk it would carry every schema kind any element uses, and
 * every gallery would download them. So the room lists every gallery loads (LIST_PATH) keep the plain
 * copy, and every other importer of valibot, or of src/api/validate.ts (which builds valibot schemas
 * when it loads), gets a copy of its area, tree-shaken for that area alone: `planning` (the export
 * button's API clients) or `detail` (one room, its model, its panorama, search meta: the viewer, the
 * plan, the panorama, the gallery's lazy filters). A module imported from a copy stays in its area.
 * valibot keeps no state our code touches (no setGlobalConfig), and http.ts is never copied, so
 * ApiError stays one class. The cost: a page with a gallery and a viewer downloads the schema kinds
 * both use twice (a few hundred bytes).
 */
const LIST_PATH =
  /[\\/]src[\\/]api[\\/](validate|room-styling[\\/](room-schema|lists|get-validated|fields|params))\.ts$/;
const API = /[\\/]src[\\/]api[\\/]/;
const PLANNING = /[\\/]src[\\/]api[\\/]planning(-xml)?[\\/]/;
/** What an area copies: valibot, and the modules of the list path (validate.ts among them). */
const copied = (id: string) => /[\\/]node_modules[\\/]valibot[\\/]/.test(id) || LIST_PATH.test(id);

function areaOf(importer: string): string | undefined {
  const inherited = /\?area=(\w+)$/.exec(importer)?.[1];
  if (inherited) return inherited;
  if (!API.test(importer) || LIST_PATH.test(importer)) return undefined;
  return PLANNING.test(importer) ? 'planning' : 'detail';
}

/**
 * Each entry (the loader, the eager entry) gets its own copy of src/config.ts, in its entry file:
 * without it, the loader would fetch a chunk for three functions, and `shared` would carry configure()
 * and resetConfig(), which no element calls. The configuration is stored on the page (see
 * src/config.ts), so every copy reads and writes the same one. The element chunks use the plain
 * module (getConfig only, tree-shaken), in `shared`.
 */
const ENTRY_MODULES = /[\\/]src[\\/](?:cdn[\\/])?(autoload|index)\.ts$/;
function entryConfig(): Plugin {
  return {
    name: 'room-elements:entry-config',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const entry = importer && ENTRY_MODULES.exec(importer)?.[1];
      if (!entry || !/^\.\.?\/config\.js$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?entry=${entry}` };
    },
  };
}

function areaCopies(): Plugin {
  return {
    name: 'room-elements:area-copies',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/^(\.|valibot$)/.test(source)) return null;
      const area = areaOf(importer);
      if (!area) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !copied(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}?area=${area}` };
    },
  };
}

/**
 * LatestRequestController (src/internal/latest-request.ts) imports the classifier (element-error.ts,
 * and the classifier of src/api/failure.ts) only when a run fails, so the gallery's first cards do not
 * wait for it. The other elements import the same modules statically. One module both ways would be a
 * chunk of its own, handed to `import()` as a namespace object built by Rolldown's runtime helper: one
 * or two more requests for every other element (about 0.6 KB gzip measured). So the lazy import gets
 * a copy of those two modules, a chunk that only failures fetch; the plain ones go with the other
 * elements' common code. Both are pure functions; the ElementError class (element-error-class.ts),
 * ApiError (http.ts) and shortMessage are never copied, so `instanceof` still holds.
 */
const LAZY_CLASSIFIER = '?lazy=classifier';
const LATEST_REQUEST = /[\\/]src[\\/]internal[\\/]latest-request\.ts$/;
const CLASSIFIER_COPIED = /[\\/]src[\\/](internal[\\/]element-error|api[\\/]failure)\.ts$/;
function lazyClassifier(): Plugin {
  return {
    name: 'room-elements:lazy-classifier',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const fromLazy = importer.endsWith(LAZY_CLASSIFIER);
      if (!fromLazy && !LATEST_REQUEST.test(importer)) return null;
      const resolved = await this.resolve(source, importer.replace(LAZY_CLASSIFIER, ''), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || resolved.external || !CLASSIFIER_COPIED.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${LAZY_CLASSIFIER}` };
    },
  };
}

/**
 * What a gallery loads before its first cards is two files besides the loader:
 * - its own chunk, `room-gallery`: the element module and every module it reaches by static imports
 *   and no other element does (its list path, cards and pager; its lazy parts: filters, history,
 *   infinite rows, error words, stay chunks of their own). Each element module is an emitted chunk,
 *   so that the chunk *is* the module: the loader's `import()` then resolves to the chunk itself.
 *   Imported only dynamically, a module that shares its chunk with others (the eager entry takes
 *   exports of the gallery's cards too) is handed out as a namespace object that Rolldown's runtime
 *   helper builds, a 150 B file of its own fetched before any card.
 * - `shared`: the modules the gallery shares with other elements (lit, http.ts, the controllers in
 *   src/internal/), as one file rather than one per set of elements that use them: fewer requests,
 *   and gzip sees them together. An element that uses only some of them downloads the others too
 *   (today the export button: about 1 KB of controllers it does not use yet). Collected once the
 *   graph is known; the chunking runs after.
 */
const sharedModules = new Set<string>();
const ELEMENT_MODULE = /[\\/]src[\\/]elements[\\/]([\w-]+)[\\/]\1\.ts$/;
function elementChunks(): Plugin {
  return {
    name: 'room-elements:element-chunks',
    buildStart() {
      for (const tag of readdirSync('src/elements')) {
        const id = resolve(`src/elements/${tag}/${tag}.ts`);
        if (existsSync(id)) this.emitFile({ type: 'chunk', id, name: tag });
      }
    },
    buildEnd() {
      sharedModules.clear();
      const ids = [...this.getModuleIds()];
      const gallery =
        ids.find((id) => GALLERY_DIR.test(id) && /[\\/]room-gallery\.ts$/.test(id)) ??
        this.error('vite.cdn.config.ts: no src/elements/room-gallery/room-gallery.ts');
      /** What `roots` import, statically only or with their lazy imports too. */
      const reach = (roots: string[], lazy: boolean) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const next of info?.importedIds ?? []) visit(next);
          if (lazy) for (const next of info?.dynamicallyImportedIds ?? []) visit(next);
        };
        roots.forEach(visit);
        return seen;
      };
      // everything another element may ever load: what of it the gallery loads too is `shared`
      const otherRoots = ids.filter(
        (id) => ELEMENT_MODULE.exec(id)?.[1] !== undefined && !GALLERY_DIR.test(id),
      );
      const others = reach(otherRoots, true);
      for (const id of reach([gallery], false)) if (others.has(id)) sharedModules.add(id);
    },
  };
}

/**
 * Lit's `css` literals reach the output as written, indentation and line breaks included: a CDN file
 * is the page's final code, so they are collapsed here (whitespace around `{ } ; , >` and runs of
 * white space, and after `:`; never before it, which would join a selector's parts). Literals with `${}` are left
 * as they are. About 150 B gzip off a gallery.
 */
function compactCss(): Plugin {
  return {
    name: 'room-elements:compact-css',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || !code.includes('css`')) return null;
      const out = code.replace(/\bcss`([^`$]*)`/g, (_all, body: string) => {
        const compact = body
          .replace(/\s+/g, ' ')
          .replace(/ ?([{};,>]) ?/g, '$1')
          .replace(/: /g, ':')
          .replace(/;}/g, '}')
          .trim();
        return `css\`${compact}\``;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * Lit's `html` / `svg` templates keep their formatting too, and Prettier puts one attribute per line.
 * White space between a tag's attributes means nothing to the HTML parser, so inside a tag a run of
 * it becomes one space (`<li⏎    class="item"⏎    role="listitem"⏎  >` becomes `<li class="item"
 * role="listitem" >`). In text, only the indentation after a line break goes: the line break stays,
 * so the text reads the same under `white-space: pre-line` too. A template with a `<style>`, `<pre>`,
 * `<textarea>`, `<script>` or comment, where `>` or white space may mean something else, is left as
 * written. About 100 B gzip off a gallery. The source map follows the edits.
 */
const HTML_TAG = /^(html|svg)$/;
const RAW_HTML = /<(style|pre|textarea|script)\b|<!--/i;
type Node = { type: string; start: number; end: number; [key: string]: unknown };
function compactHtml(): Plugin {
  return {
    name: 'room-elements:compact-html',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || !/\b(html|svg)`/.test(code)) return null;
      const out = new RolldownMagicString(code);
      let changed = false;
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach(visit);
        const n = node as Node;
        if (n.type === 'TaggedTemplateExpression') {
          const tag = n.tag as Node & { name?: string };
          const quasis = (n.quasi as { quasis: Node[] }).quasis;
          if (tag.type === 'Identifier' && HTML_TAG.test(tag.name ?? '')) {
            const text = quasis.map((q) => code.slice(q.start, q.end));
            if (!RAW_HTML.test(text.join(''))) changed = compactTag(code, quasis, out) || changed;
          }
        }
        for (const key in n) if (key !== 'type') visit(n[key]);
      };
      visit(parseAst(code, { lang: 'ts' }, id));
      return changed ? { code: out } : null;
    },
  };
}

/** Collapses white space inside tags (outside quoted values) of one template's static parts. */
function compactTag(code: string, quasis: Node[], out: RolldownMagicString): boolean {
  let state: 'text' | 'tag' | '"' | "'" = 'text';
  let changed = false;
  for (const quasi of quasis) {
    for (let i = quasi.start; i < quasi.end; i++) {
      const char = code[i]!;
      if (state === 'text') {
        if (char === '<' && /[a-z/]/i.test(code[i + 1] ?? '')) state = 'tag';
        else if (char === '\n') {
          // indentation after a line break in text: the line break stays (for `white-space: pre-line`)
          let end = i + 1;
          while (end < quasi.end && /[ \t]/.test(code[end]!)) end++;
          if (end > i + 1) {
            out.remove(i + 1, end);
            changed = true;
          }
          i = end - 1;
        }
      } else if (state === 'tag') {
        if (char === '>') state = 'text';
        else if (char === '"' || char === "'") state = char;
        else if (/\s/.test(char)) {
          let end = i;
          while (end < quasi.end && /\s/.test(code[end]!)) end++;
          if (code.slice(i, end) !== ' ') {
            out.update(i, end, ' ');
            changed = true;
          }
          i = end - 1;
        }
      } else if (char === state) state = 'tag';
    }
  }
  return changed;
}

export default defineConfig({
  // the model worker (src/internal/model-worker.ts) as an ES module, as it is started (type: 'module')
  worker: { format: 'es' },
  // …and found beside the chunk that starts it (`new URL('../assets/…', import.meta.url)`), wherever
  // the package or the CDN folder is served from: the default base ('/') would make it `/assets/…`
  base: './',
  publicDir: false,
  plugins: [entryConfig(), lazyClassifier(), areaCopies(), elementChunks(), compactCss(), compactHtml()],
  build: {
    target: 'es2022',
    outDir: 'dist/cdn',
    emptyOutDir: true,
    sourcemap: true,
    minify: true,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1000, // three.js is big by nature; it is only fetched by the 3D elements
    lib: {
      entry: { 'room-elements': 'src/cdn/autoload.ts', 'room-elements.all': 'src/index.ts' },
      formats: ['es'],
    },
    rolldownOptions: {
      // includeDependenciesRecursively: false (the shared group) needs entries that may export more
      preserveEntrySignatures: 'allow-extension',
      output: {
        // library mode leaves whitespace and comments in ES output (for the page's bundler); a CDN
        // file is the page's final code
        minify: true,
        comments: false,
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: (id) => sharedModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              // what draws a viewer's first frame, one file: the features chunk (src/three/features.ts)
              // and the floor stack reuse parts of it, which would otherwise split it into four
              name: 'three',
              test: (id) => VIEW_MODULE.test(id) && !FEATURE_MODULE.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
