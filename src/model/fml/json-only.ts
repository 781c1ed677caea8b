/**
 * The FML reader for FML JSON only, with the bridge to the room model: what src/api/model-source.ts
 * loads for a JSON plan, so a JSON plan never fetches fast-xml-parser (./index.ts is the whole reader).
 * The same guards as readFml(): size, JSON, object, never a throw.
 */
import { FmlReader, LIMITS, describeError, isObject } from './fml-reader.js';
import { readFmlJson } from './read-fml-json.js';
import type { FmlPlan, FmlReadResult } from './types.js';

export { fmlDesignToRoomModel } from './fml-to-room-model.js';

/** readFml() of FML JSON (text or an already-parsed object). */
export function readFml(input: unknown): FmlReadResult {
  const r = new FmlReader(1);
  let plan: FmlPlan = { format: 'fml-json-v3', floors: [], settings: {} };
  try {
    let value = input;
    if (typeof input === 'string') {
      if (input.length > LIMITS.documentChars)
        throw new Error(`more than ${LIMITS.documentChars} characters`);
      value = JSON.parse(input.replace(/^\uFEFF/, ''));
    }
    if (isObject(value)) plan = readFmlJson(value, r);
    else r.problem('', 'is not an FML JSON object');
  } catch (error) {
    r.problem('', `the document could not be read (${describeError(error)})`);
  }
  const drawable = plan.floors.some((f) => f.designs.some((d) => d.walls.length > 0 || d.areas.length > 0));
  return { plan, problems: r.finish(), drawable };
}
