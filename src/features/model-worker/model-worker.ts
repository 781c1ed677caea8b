/**
 * The module worker behind readPlanOffThread (model-off-thread.ts): reads a room model and works out
 * its plan geometry away from the page's main thread. A 30 000-wall model costs about 1.2 s of
 * readModel + planGeometry (Chromium, issue 12), a second in which the page could not paint or
 * answer input. Long FML documents are read here too (readFml: XML parsing costs about 0.2 s per MB).
 * Messages: in `{ id, raw, kind }`, out `{ id, read, plan }`, `{ id, fml }` or `{ id, error }`.
 */
import { planGeometry, readModel } from '../../model/index.js';
import type { ModelWorkerAnswer, ModelWorkerRequest } from './model-off-thread.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ModelWorkerRequest>) => void) | null;
  postMessage(message: ModelWorkerAnswer): void;
};

scope.onmessage = async ({ data }) => {
  try {
    if (data.kind === 'fml') {
      // the FML reader (with fast-xml-parser) only when a long FML document comes
      const { readFml } = await import('../../model/fml/read-fml.js');
      scope.postMessage({ id: data.id, fml: readFml(data.raw) });
      return;
    }
    const read = readModel(data.raw);
    scope.postMessage({ id: data.id, read, plan: read.drawable ? planGeometry(read.model) : undefined });
  } catch (error) {
    scope.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
