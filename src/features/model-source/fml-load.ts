/**
 * An FML source read (./load-shown.ts loads this chunk only for one): the reader on demand
 * (src/api/fml-source.ts), a long document in the model worker (XML costs about 0.2 s per MB).
 */
import { readFmlSource } from '../../api/fml-source.js';
import { loadFmlModule } from '../../api/model-source.js';
import { readFmlOffThread } from '../model-worker/fml-off-thread.js';
import type { FmlShown } from './fml-floors.js';

/** The FML document `raw` read: `not-drawable` (an ElementError) when it has nothing to draw. */
export async function readFmlShown(raw: unknown, signal: AbortSignal): Promise<FmlShown> {
  const loaded = await readFmlSource(raw, loadFmlModule(raw), (text) => readFmlOffThread(text, { signal }));
  return { plan: loaded.plan, fml: loaded.fml, problems: loaded.problems };
}
