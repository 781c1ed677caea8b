/**
 * A long FML document read in the model worker (./model-worker.ts), with the model source's FML
 * reading (src/features/model-source/fml-load.ts): only an FML source loads it (issue 33).
 */
import type { FmlReadResult } from '../../model/fml/types.js';
import { workerClient } from './model-off-thread.js';

/**
 * FML text at least this long (characters) is read in the worker: parsing XML costs about 0.2 s
 * per MB on the main thread (a 39 MB document was a 6.9 s task, issue 22).
 */
export const OFF_THREAD_FML_CHARS = 500_000;

/**
 * readFml() of a long FML document in the worker (the same reader; its result is plain data), or
 * undefined when the document is short, not text, or no worker can be had: the caller then reads it
 * on the main thread. Rejects only when `signal` aborts.
 */
export async function readFmlOffThread(
  raw: unknown,
  options: { signal?: AbortSignal; minChars?: number } = {},
): Promise<FmlReadResult | undefined> {
  const { signal } = options;
  signal?.throwIfAborted();
  if (typeof raw !== 'string' || raw.length < (options.minChars ?? OFF_THREAD_FML_CHARS)) return undefined;
  const client = await workerClient();
  signal?.throwIfAborted();
  const answer = client ? await client.askWorker(raw, 'fml', signal) : 'no-worker';
  if (!answer || answer === 'no-worker' || answer.error !== undefined || !answer.fml) return undefined;
  return answer.fml;
}
