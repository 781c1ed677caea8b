/**
 * Runtime validation at the API boundary (valibot): a body that does not match becomes an ApiError
 * of kind `invalid`, never a crash or a silently wrong object. Lenient primitives accept what the
 * real services send (numbers as strings, nulls where a value is optional).
 */
import * as v from 'valibot';
import { ApiError } from './http.js';

/** A finite number, also when sent as a numeric string ("99"). */
export const lenientNumber = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty())]),
  v.transform((x) => Number(x)),
  v.finite(),
);

/** An integer, also when sent as a string. */
export const lenientInteger = v.pipe(lenientNumber, v.integer());

/** true/false, also "true"/"false"/"1"/"0"/1/0. */
export const lenientBoolean = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', '1', '0', 1, 0])]),
  v.transform((x) => x === true || x === 'true' || x === '1' || x === 1),
);

/** Validates `value` against `schema`; throws an ApiError naming the first problems. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  url: string,
  status = 200,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const issues = result.issues.slice(0, 5).map((issue) => {
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  throw new ApiError(
    `The service sent an unexpected response (${issues[0]})`,
    status,
    url,
    'invalid',
    value,
    issues,
  );
}
