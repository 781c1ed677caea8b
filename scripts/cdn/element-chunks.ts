import { existsSync, readdirSync } from 'node:fs';
import type { Plugin } from 'vite';
import { elementModule, elementOf, FOLDERS, inFolder, inPackage, srcPath } from './folders.ts';
import { LATER } from './viewer-later-copies.ts';

/**
 * A set of modules several elements share goes into `kit` up to this much code (as transformed, before
 * minifying). 26 000 since the gallery's list readers have copies of their own for the other elements
 * (area-copies.ts): the panorama's and the tour's set (its view and its client) came to 24 059 with them
 * and would have been split into five files of its chain. 30 000 since the plan's full screen, wheel guard
 * and snapshot code come after its first paint (issue 33, the sixteenth round: room-plan/after-paint.ts):
 * what the plan shared with the panorama and the tour statically joined their set (29 698), which would
 * have been split into seven more files of the panorama's chain.
 */
const KIT_CODE = 30_000;
/**
 * A set of the other elements' (no viewer) this small joins `later-others` rather than being a file of
 * `kit-others` for elements that all load `later-others` anyway (the plan's snapshot-image: an eighth
 * file in its chain, a second round of requests on HTTP/1.1, for 350 B gzip).
 */
const JOIN_LATER_CODE = 2_000;

/** A manual chunk: a name and the modules it holds (filled once the module graph is known). */
export interface ChunkGroup {
  name: string;
  modules: Set<string>;
}

/**
 * The chunks an element's page downloads, by folder:
 * - `src/elements/<tag>/`: each element module is an emitted chunk, named after its tag, holding
 *   the modules of its folder it reaches by static imports and no other element does (its lazy
 *   parts stay chunks of their own). The chunk *is* the module, so the loader's `import()`
 *   resolves to it as it is; imported only dynamically, a module that shares its chunk with others
 *   (the eager entry takes exports of the gallery's cards too) is handed out as a namespace object
 *   that Rolldown's runtime helper builds, a file of its own fetched before any card.
 * - `shared`: what the first-cards element (budgets.json: the gallery) loads statically and any
 *   other element may ever load (lit, http.ts, the controllers of src/internal/), as one file rather
 *   than one per set of elements: fewer requests, and gzip sees them together. An element that
 *   uses only some of it downloads the rest too (today the export button: about 1 KB).
 * - `three`: what draws a viewer's first frame, one file: the modules of src/three/ (and three.js's
 *   add-ons) that src/three/index.ts reaches statically, apart from the modules the viewer loads
 *   with import() (index.ts itself, the features, the floor stack), which it would otherwise split
 *   into four.
 * - `kit`, `later` and `<tag>-deps` (`chains`: module id to chunk name): what the other elements
 *   load statically beyond `shared` and their own folder. Left to Rolldown it is a chunk per set of
 *   entries that use a module, lazy chunks counted: 8 to 14 files, most under 2 KB, in each chain.
 *   The loader preloads a chain at once, but a browser opens at most 6 connections to an HTTP/1.1
 *   origin (and Lighthouse's simulation assumes the same), so 14 files took three round trips. Now:
 *   - what one element alone loads statically (the rest of its users are lazy chunks: the
 *     planning client, which the plan's project loader takes too) is one `<tag>-deps`;
 *   - what several load, in a set of modules that the same elements load with under KIT_CODE of
 *     code, is one `kit`: an element that needs only part of it downloads the rest too (the export
 *     button about 2 KB gzip, 10 ms at slow 4G's 1.6 Mbps, against a 150 ms round trip);
 *   - a larger set keeps its own chunk (the model and FML stack of the plan and the viewer, 18 KB
 *     gzip, which the panorama and the export button never use);
 *   - of all these, what the first-cards element loads later (its filters, more pages, its error
 *     panel) was one `later`, never in `kit`; it is in `kit` now (see the end of `buildEnd`), so
 *     the gallery's lazy paths load the other elements' kit, after the first cards.
 *   Chains are now 2 to 7 files (docs/performance.md).
 * Everything else is Rolldown's automatic chunking: a chunk per set of entries that use a module.
 */
export function elementChunks(options: {
  firstCards: string;
  /** The element whose first frame decides what `kit` and `later` hold (budgets.json's viewerPage: the viewer). */
  firstFrame: string;
  groups: { shared: ChunkGroup; three: ChunkGroup; chains: Map<string, string> };
}): Plugin {
  const { shared, three, chains } = options.groups;
  return {
    name: 'room-elements:element-chunks',
    buildStart() {
      for (const tag of readdirSync('src/elements')) {
        const id = elementModule(tag);
        if (existsSync(id)) this.emitFile({ type: 'chunk', id, name: tag });
      }
    },
    buildEnd() {
      shared.modules.clear();
      three.modules.clear();
      const ids = [...this.getModuleIds()];
      const first = elementModule(options.firstCards);
      if (!ids.includes(first)) this.error(`element-chunks: no ${first} (budgets.json's firstCards.tag)`);
      /** What `roots` import, statically only or with their lazy imports too. */
      const reach = (roots: string[], lazy: boolean, within: (id: string) => boolean = () => true) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || !within(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const next of info?.importedIds ?? []) visit(next);
          if (lazy) for (const next of info?.dynamicallyImportedIds ?? []) visit(next);
        };
        roots.forEach(visit);
        return seen;
      };
      // everything another element may ever load: what of it the first-cards element loads too is `shared`
      const otherRoots = ids.filter((id) => {
        const tag = elementOf(id);
        return tag !== undefined && tag !== options.firstCards && id === elementModule(tag);
      });
      const others = reach(otherRoots, true);
      for (const id of reach([first], false)) if (others.has(id)) shared.modules.add(id);

      const threeSide = (id: string) =>
        inFolder(id, FOLDERS.three) || inPackage(id, FOLDERS.threeAddOns.pkg, FOLDERS.threeAddOns.folder);
      const drawEntry = ids.find((id) => inFolder(id, FOLDERS.three) && /[\\/]index\.ts$/.test(id));
      if (!drawEntry) this.error('element-chunks: no src/three/index.ts');
      const lazyEntries = new Set(ids.filter((id) => this.getModuleInfo(id)?.dynamicImporters.length));
      for (const id of reach([drawEntry], false, threeSide)) if (!lazyEntries.has(id)) three.modules.add(id);

      chains.clear();
      const firstMay = reach([first], true);
      const frame = elementModule(options.firstFrame);
      if (!ids.includes(frame)) this.error(`element-chunks: no ${frame} (budgets.json's viewerPage.tag)`);
      const free = (id: string) =>
        !shared.modules.has(id) && !three.modules.has(id) && elementOf(id) === undefined;
      const users = new Map<string, string[]>();
      for (const root of otherRoots) {
        const tag = elementOf(root)!;
        for (const id of reach([root], false)) if (free(id)) users.set(id, [...(users.get(id) ?? []), tag]);
      }
      const bySet = new Map<string, string[]>();
      for (const [id, tags] of users) {
        const set = tags.join(' ');
        bySet.set(set, [...(bySet.get(set) ?? []), id]);
      }
      const codeOf = new Map<string, number>();
      for (const [set, members] of bySet) {
        const tags = set.split(' ');
        // our own code only: a package's module is counted before tree-shaking (valibot: 200 KB, of which
        // each area keeps about 2 KB)
        const code = members.reduce(
          (sum, id) => sum + (srcPath(id) ? (this.getModuleInfo(id)?.code?.length ?? 0) : 0),
          0,
        );
        codeOf.set(set, code);
        const name = tags.length === 1 ? `${tags[0]}-deps` : code <= KIT_CODE ? 'kit' : undefined;
        // what every other element loads goes in `kit` even when the first-cards element loads it later
        const later = tags.length < otherRoots.length;
        // a set the first-frame element (the viewer) does not load goes beside, not into, the kit and
        // `later` it loads (issue 33: the panorama's view and client, valibot's checks of the other
        // elements' answers, about 5 KB gzip of a viewer's first frame that it never ran)
        const others = tags.length > 1 && !tags.includes(options.firstFrame) ? '-others' : '';
        if (name)
          for (const id of members)
            chains.set(id, `${later && firstMay.has(id) ? 'later' : name}${name === 'kit' ? others : ''}`);
        // the model's polygon code (1 KB): the plan, viewer and tour's large set shares it with lazy chunks
        // (the page's 3D features, the tour's), which left it a file of its own in each of their chains
        else
          // (the fourteenth round) so do the model's reader and its nearest-item search, which the lazy FML
          // reading and spatial index import too: two more files before the viewer's first frame and in the
          // plan's and panorama's chains; and the words for plain English, which kit's number formats import
          for (const id of members)
            if (/[\\/]src[\\/]model[\\/](polygon|near|plain-english|read[\\/]reader)\.ts$/.test(id))
              chains.set(id, 'kit');
      }
      // a small set of `kit-others` whose elements all load `later-others` at once goes there: a file fewer
      const loadLaterOthers = new Set<string>();
      for (const [id, name] of chains)
        if (name === 'later-others') for (const tag of users.get(id) ?? []) loadLaterOthers.add(tag);
      for (const [set, members] of bySet) {
        const small = (codeOf.get(set) ?? Infinity) <= JOIN_LATER_CODE;
        if (!small || !set.split(' ').every((tag) => loadLaterOthers.has(tag))) continue;
        for (const id of members) if (chains.get(id) === 'kit-others') chains.set(id, 'later-others');
      }
      // (issue 33, the fifteenth round) …and so does a module of `kit-others` that the first-frame element reaches
      // lazily, whatever its size, when its elements all load `later-others`: full screen's controller, which the
      // viewer makes with its parts after its first frame, is the plan's, the panorama's and the tour's statically
      // (an eighth file in the plan's chain as `kit-others`)
      // (the viewer's copies of them, viewer-later-copies.ts, stand for them)
      const frameLater = new Set([...reach([frame], true)].map((id) => id.replace(LATER, '')));
      for (const id of reach([frame], false)) frameLater.delete(id);
      for (const [id, name] of chains)
        if (
          name === 'kit-others' &&
          frameLater.has(id) &&
          users.get(id)?.every((tag) => loadLaterOthers.has(tag))
        )
          chains.set(id, 'later-others');
      // `later` joins `kit` (the thirteenth round): once the viewer's first frame left the other elements' share
      // (`kit-others`, `later-others`) and the gallery's list client came after its first cards, `later` held
      // what every element but the gallery loads at once (the viewport watch, the room-styling call) beside
      // `later-others`: an eighth file in the plan's chain, and a `later` importing `kit` imported `later`
      // back (entered from `later`, kit's classes ran before later's base classes existed: "Class extends
      // value undefined"). The gallery's lazy paths (its list client, filters, more pages) now load `kit`, after
      // its first cards.
      for (const [id, name] of chains) if (name === 'later') chains.set(id, 'kit');
    },
  };
}
