/**
 * readModel + planGeometry of a large room model in a module worker (model-worker.ts), so the page
 * keeps painting and answering input meanwhile; the same work on the main thread when a worker cannot
 * be had (no module workers, a CSP without worker-src for our origin, a bundle that left the worker
 * file out) or the model is small enough that the copy to a worker would cost more than it saves.
 * The result is the same either way: the worker runs the same functions, and both results are plain
 * data that survive the structured clone.
 */
import { lazyModule } from '../../internal/lazy-module.js';
import { yieldToPage } from '../../platform/yield.js';
import { loadSpatialIndex, wantsSpatialIndex } from '../../model/near.js';
import { planGeometry } from '../../model/plan-geometry.js';
import { readModel } from '../../model/read-model.js';
import type { PlanGeometry, ReadModelResult } from '../../model/types.js';
import type { FmlReadResult } from '../../model/fml/types.js';

export interface ModelWorkerRequest {
  id: number;
  raw: unknown;
  /** `fml`: an FML document (text) to read with readFml; else a room model. */
  kind?: 'room' | 'fml';
}

export type ModelWorkerAnswer =
  | { id: number; read: ReadModelResult; plan?: PlanGeometry; fml?: undefined; error?: undefined }
  | { id: number; fml: FmlReadResult; read?: undefined; error?: undefined }
  | { id: number; error: string; read?: undefined; fml?: undefined };

export interface ReadPlan {
  read: ReadModelResult;
  /** The plan geometry, when the model is drawable. */
  plan?: PlanGeometry;
  /** Where the work ran (for tests and diagnostics). */
  ranIn: 'worker' | 'main';
}

/**
 * Below this many walls plus components plus area vertices, the main thread is faster than a round
 * trip to a worker.
 */
export const OFF_THREAD_MIN_ITEMS = 2_000;

const membersOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];

/**
 * How much work the model is, roughly: walls, components and the areas' vertices (outlines are
 * compared with each other: 8 nested areas of 2 000 vertices and 3 walls once froze a tab 10 s).
 */
function sizeOf(raw: unknown): number {
  if (!raw || typeof raw !== 'object') return 0;
  const { plan, components } = raw as { plan?: { walls?: unknown; areas?: unknown }; components?: unknown };
  const walls = plan?.walls;
  const wallCount = Array.isArray(walls)
    ? walls.length
    : walls && typeof walls === 'object'
      ? Object.keys(walls).length
      : 0;
  let vertices = 0;
  for (const area of membersOf(plan?.areas)) {
    const indices = (area as { indices?: unknown } | null)?.indices;
    if (Array.isArray(indices)) vertices += indices.length;
    if (vertices >= OFF_THREAD_MIN_ITEMS) break;
  }
  return wallCount + (Array.isArray(components) ? components.length : 0) + vertices;
}

/**
 * The spatial index (src/model/near.ts) for a model with many walls or areas, before its plan and its
 * products are worked out on this thread: an ordinary room does without it.
 */
const indexFor = (read: ReadModelResult): Promise<void> | undefined =>
  wantsSpatialIndex(read.model) ? loadSpatialIndex() : undefined;

/**
 * Reads and works out the plan in two tasks: each is a good part of a viewer's start on a slow phone
 * (issue 20: no start-up task over 50 ms).
 */
async function onMainThread(raw: unknown): Promise<ReadPlan> {
  const read = readModel(raw);
  if (!read.drawable) return { read, plan: undefined, ranIn: 'main' };
  // many walls or areas: the spatial index first (a chunk, src/model/near.ts), while the page breathes
  await Promise.all([yieldToPage(), indexFor(read)]);
  return { read, plan: planGeometry(read.model), ranIn: 'main' };
}

/**
 * A small model's read, shared by every element given the same object: a viewer and a plan of one room
 * get one document (shared-documents.ts) and read it once, not twice (issue 33: on the shop-the-look
 * page the second readModel + planGeometry was a long task of its own on a slow phone). The result is
 * treated as read-only by every element, as the worker's answers are. A failed read is not kept.
 */
/**
 * The worker's client (./worker-client.ts, a chunk of its own): only a large model or a long FML
 * document starts the worker, so a small room's first frame does without it (issue 33). A client
 * that cannot be downloaded is no worker: the room is read on the main thread.
 */
const loadClient = lazyModule(() => import('./worker-client.js'));
export const workerClient = () => loadClient().catch(() => undefined);

const readOnMain = new WeakMap<object, Promise<ReadPlan>>();

function onMainThreadShared(raw: unknown): Promise<ReadPlan> {
  if (!raw || typeof raw !== 'object') return onMainThread(raw);
  let read = readOnMain.get(raw);
  if (!read) {
    read = onMainThread(raw);
    readOnMain.set(raw, read);
    read.catch(() => readOnMain.delete(raw));
  }
  return read;
}

/**
 * Reads `raw` (a room model as the service sends it) and works out its plan, in a worker when the
 * model is large. Rejects only when `signal` aborts (with its reason); the model's own problems are
 * in the result, as readModel reports them. An exception inside readModel / planGeometry is rethrown
 * as an Error with its message, as on the main thread.
 */
export async function readPlanOffThread(
  raw: unknown,
  options: { signal?: AbortSignal; minItems?: number } = {},
): Promise<ReadPlan> {
  const { signal } = options;
  signal?.throwIfAborted();
  if (sizeOf(raw) < (options.minItems ?? OFF_THREAD_MIN_ITEMS)) return onMainThreadShared(raw);
  const client = await workerClient();
  signal?.throwIfAborted();
  const answer: ModelWorkerAnswer | 'no-worker' | undefined = client
    ? await client.askWorker(raw, 'room', signal)
    : 'no-worker';
  if (answer === 'no-worker') return onMainThreadShared(raw);
  if (!answer) return onMainThread(raw);
  if (answer.error !== undefined) throw new Error(answer.error);
  if (!answer.read) throw new Error('the model worker answered no model');
  // the worker worked out the plan; the page works out the products (src/model/products.ts)
  await indexFor(answer.read);
  return { read: answer.read, plan: answer.plan, ranIn: 'worker' };
}
