/**
 * The page's side of the model worker (./model-worker.ts): started on the first large model or long
 * FML document (./model-off-thread.ts decides, and loads this module only then: issue 33, a small
 * room's first frame does without it), one per page, every request answered by id. A worker that
 * cannot start or run marks itself broken and every later request is read on the main thread.
 */
// `new Worker(new URL(…, import.meta.url))` as bundlers know it, started where the page can run it
import { PackageWorker as Worker } from '../../internal/worker-start.js';
import type { ModelWorkerAnswer, ModelWorkerRequest } from './model-off-thread.js';

let worker: Worker | undefined;
/** Set once the worker failed to start: every later call runs on the main thread. */
let workerBroken = typeof globalThis.Worker !== 'function';
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (answer: ModelWorkerAnswer) => void; reject: (e: Error) => void }
>();

function failAll(error: Error): void {
  workerBroken = true;
  worker?.terminate();
  worker = undefined;
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function theWorker(): Worker | undefined {
  if (workerBroken) return undefined;
  if (worker) return worker;
  try {
    // the .ts specifier: bundlers (Vite) and the test server turn it into the built worker's URL
    worker = new Worker(new URL('./model-worker.ts', import.meta.url), {
      type: 'module',
      name: 'room-model',
    });
  } catch {
    workerBroken = true;
    return undefined;
  }
  worker.onmessage = ({ data }: MessageEvent<ModelWorkerAnswer>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    waiting?.resolve(data);
  };
  // a worker that cannot load (404, CSP, a syntax error) fires `error` on the Worker object
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(new Error('the model worker could not run'));
  };
  worker.onmessageerror = () => failAll(new Error('the model worker answered something unreadable'));
  return worker;
}

/**
 * One request to the worker: its answer, undefined when the request could not be sent, `no-worker`
 * when no worker can be had on this page (the caller then works on the main thread either way). Rejects with the signal's reason when it aborts; no listener or
 * callback is left behind either way.
 */
export async function askWorker(
  raw: unknown,
  kind: 'room' | 'fml',
  signal: AbortSignal | undefined,
): Promise<ModelWorkerAnswer | undefined | 'no-worker'> {
  const target = theWorker();
  if (!target) return 'no-worker';
  const id = nextId++;
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<ModelWorkerAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      onAbort = () => {
        pending.delete(id);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        target.postMessage({ id, raw, kind } satisfies ModelWorkerRequest);
      } catch (error) {
        // something in the model cannot be cloned (a function, a DOM node): the main thread reads it
        pending.delete(id);
        reject(error);
      }
    });
  } catch {
    // aborted: the caller's reason; a worker that failed or a model that cannot be cloned: undefined
    if (signal?.aborted) throw signal.reason;
    return undefined;
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
