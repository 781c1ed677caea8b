/**
 * readFml(): an FML document in either format, told apart by its content, as one plan model.
 * Text starting with `<` is the legacy XML, text starting with `{` is FML JSON v3, and an object is
 * taken as already-parsed FML JSON. It never throws: a bad member is a problem and is left out,
 * and the whole call runs behind one more guard.
 */
import { FmlReader, LIMITS, describeError, isObject, preview } from './fml-reader.js';
import { readFmlJson } from './read-fml-json.js';
import { parseFmlXml, readFmlXml } from './read-fml-xml.js';
import type { FmlFormat, FmlPlan, FmlReadResult } from './types.js';

/** `fml-xml`, `fml-json-v3`, or undefined when the content is neither (by its first characters). */
export function detectFmlFormat(input: unknown): FmlFormat | undefined {
  if (isObject(input)) return 'fml-json-v3';
  if (typeof input !== 'string') return undefined;
  const start = input
    .slice(0, 1_000)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('<')) return 'fml-xml';
  if (start.startsWith('{')) return 'fml-json-v3';
  return undefined;
}

function emptyPlan(format: FmlFormat): FmlPlan {
  return { format, floors: [], settings: {} };
}

export function readFml(input: unknown): FmlReadResult {
  const format = detectFmlFormat(input) ?? 'fml-json-v3';
  const r = new FmlReader(format === 'fml-xml' ? 100 : 1);
  let plan: FmlPlan;
  try {
    plan = readInto(input, format, r);
  } catch (error) {
    r.problem('', `the document could not be read (${describeError(error)})`);
    plan = emptyPlan(format);
  }
  const drawable = plan.floors.some((f) => f.designs.some((d) => d.walls.length > 0 || d.areas.length > 0));
  return { plan, problems: r.finish(), drawable };
}

function readInto(input: unknown, format: FmlFormat, r: FmlReader): FmlPlan {
  if (typeof input === 'string' && input.length > LIMITS.documentChars) {
    r.problem('', `is ${input.length} characters long (more than ${LIMITS.documentChars}); not read`);
    return emptyPlan(format);
  }
  if (detectFmlFormat(input) === undefined) {
    r.problem(
      '',
      input === undefined || input === null
        ? 'no document'
        : typeof input === 'string'
          ? 'is neither FML XML (starting with <) nor FML JSON (starting with {)'
          : `is not an FML document (${preview(input)})`,
    );
    return emptyPlan(format);
  }
  if (format === 'fml-xml') {
    const doc = parseFmlXml((input as string).replace(/^\uFEFF/, ''), r);
    return doc ? readFmlXml(doc, r) : emptyPlan(format);
  }
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input.replace(/^\uFEFF/, ''));
    } catch (error) {
      r.problem('', `is not valid JSON (${describeError(error)})`);
      return emptyPlan(format);
    }
  }
  if (!isObject(value)) {
    r.problem('', `is not an FML JSON object (${preview(value)})`);
    return emptyPlan(format);
  }
  return readFmlJson(value, r);
}
