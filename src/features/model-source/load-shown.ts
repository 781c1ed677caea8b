/**
 * What an element shows from its inputs (the model source's read, src/features/model-source/
 * source-controller.ts): a room model, read and its plan worked out (off the main thread when it is
 * large), or the picked design of an FML plan. Reading FML is a chunk of its own (./fml-load.ts),
 * loaded only for an FML source: a room's first frame does without it (issue 33).
 */
import { loadRaw, type ModelSource } from '../../api/model-source.js';
import { ElementError } from '../../internal/element-error.js';
import { lazyModule } from '../../internal/lazy-module.js';
import { loadSpatialIndex } from '../../model/near.js';
import { readPlanOffThread } from '../model-worker/model-off-thread.js';
import type { ModelProblem, PlanGeometry, RoomModel } from '../../model/types.js';
import { pickDesign, type FmlShown } from './fml-floors.js';

/** The FML reading (the reader, the model worker for a long document): fetched for an FML source. */
const loadFmlPart = lazyModule(() => import('./fml-load.js'));

export interface LoadedShown {
  model: RoomModel;
  problems: readonly ModelProblem[];
  /** The model's plan geometry, when it is already worked out. */
  plan?: PlanGeometry;
  fml?: FmlShown;
  floorIndex: number;
}

/**
 * A room model read, and its plan worked out, off the main thread when it is large
 * (readPlanOffThread): a 30 000-wall model must not freeze the page while it is read.
 */
async function readRoomOffThread(raw: unknown, signal: AbortSignal): Promise<LoadedShown> {
  const { read, plan } = await readPlanOffThread(raw, { signal });
  if (!read.drawable)
    throw new ElementError('the model has no wall or area that can be drawn', {
      kind: 'invalid',
      reason: 'not-drawable',
      problems: read.problems,
    });
  return { model: read.model, problems: read.problems, plan, floorIndex: 0 };
}

/**
 * What an element shows from its inputs: a room model as it is (with its plan when it was worked out
 * off the main thread), or the picked design of an FML plan (`kept`: the plan already read, when only
 * the floor or design changed). A `src` is told apart once fetched (loadRaw).
 */
export async function loadShown(
  source: ModelSource & { floor?: string; design?: string },
  kept: FmlShown | undefined,
  signal: AbortSignal,
): Promise<LoadedShown> {
  let fml = kept;
  if (!fml) {
    const tagged = await loadRaw(source, signal);
    if (tagged.kind === 'room') return readRoomOffThread(tagged.raw, signal);
    // a plan's floors are worked out as they are picked (at once): the spatial index ready for a large one
    const [part] = await Promise.all([loadFmlPart(), loadSpatialIndex()]);
    fml = await part.readFmlShown(tagged.raw, signal);
  }
  const picked = pickDesign(fml, source.floor, source.design);
  return { model: picked.model, problems: picked.problems, fml, floorIndex: picked.floorIndex };
}
