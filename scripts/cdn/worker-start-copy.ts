import type { Plugin } from 'vite';

const COPY = '?worker-view';
const WORKER_VIEW = /[\\/]src[\\/]elements[\\/]room-viewer[\\/]worker-view\.ts$/;
const WORKER_START = /[\\/]src[\\/]internal[\\/]worker-start\.ts$/;

/**
 * The render worker's client (src/elements/room-viewer/worker-view.ts, the chunk a viewer imports before its
 * first frame) takes a copy of the worker starter (src/internal/worker-start.ts) into its own chunk (issue 33,
 * the sixteenth round): shared with the model worker's and the mesh decoder's clients, the starter was a
 * chunk of its own, a file the browser found only once worker-view's had arrived (one more round trip before
 * the first frame) and about 190 B of gzip more than the two as one file. Those other clients keep the
 * original, in its own chunk: a page that starts them too downloads the starter twice (1.8 KB gzip), after
 * the first frame. The copy keeps no state the others share but its warnings said once (each copy says its
 * own once); its imports (the configuration) are the originals.
 */
export function workerStartCopy(): Plugin {
  return {
    name: 'room-elements:worker-start-copy',
    enforce: 'pre',
    async resolveId(source, importer, resolveOptions) {
      if (!importer || !source.startsWith('.')) return null;
      const fromCopy = importer.endsWith(COPY);
      if (!fromCopy && !WORKER_VIEW.test(importer)) return null;
      const resolved = await this.resolve(source, importer.replace(COPY, ''), {
        ...resolveOptions,
        skipSelf: true,
      });
      if (fromCopy || !resolved || resolved.external || !WORKER_START.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
  };
}
