/**
 * An FML document read for the model source (src/api/model-source.ts): its reader loaded on demand,
 * `not-drawable` when nothing can be drawn. A module of its own, which only an FML source loads, so a
 * room's first frame does without it (issue 33).
 */
import { ElementError } from './element-error-class.js';
import type { FmlModule } from './model-source.js';
import type { FmlPlan, FmlReadResult } from '../model/fml/types.js';
import type { ModelProblem } from '../model/types.js';

/**
 * An FML document read leniently by its reader (`fml`: loadFmlModule(raw) of ./model-source.ts, given
 * rather than imported, so this module imports nothing of the model source); `not-drawable` when
 * nothing can be drawn. `readElsewhere` may read it instead (a long document in the model worker: the elements pass
 * readFmlOffThread), answering undefined to leave it to the main thread.
 */
export async function readFmlSource(
  raw: unknown,
  fml: Promise<FmlModule>,
  readElsewhere?: (raw: unknown) => Promise<FmlReadResult | undefined>,
): Promise<{ kind: 'fml'; plan: FmlPlan; problems: readonly ModelProblem[]; fml: FmlModule }> {
  const [reader, elsewhere] = await Promise.all([fml, readElsewhere?.(raw)]);
  const { plan, problems, drawable } = elsewhere ?? reader.readFml(raw);
  if (!drawable) {
    // a document refused whole (too long, not FML) says why in the error itself
    const whole = problems.find((p) => p.path === '');
    throw new ElementError(
      `the FML document has no wall or area that can be drawn${whole ? `: it ${whole.message}` : ''}`,
      { kind: 'invalid', reason: 'not-drawable', problems },
    );
  }
  return { kind: 'fml', plan, problems, fml: reader };
}
