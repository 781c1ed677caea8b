/** The room-styling GET whose answer is checked against a valibot schema (lists, search meta, the client). */
import type * as v from 'valibot';
import type { Query } from '../http.js';
import { validate } from '../validate.js';
import { callService, type CallOptions, type RoomStylingClientOptions } from './call.js';

/** A GET whose answer is validated against `schema` (an ApiError of kind `invalid` if it does not match). */
export async function getValidated<S extends v.GenericSchema>(
  options: RoomStylingClientOptions,
  schema: S,
  path: string,
  query: Query,
  call?: CallOptions,
): Promise<v.InferOutput<S>> {
  const { data, url } = await callService(options, 'GET', path, query, call);
  return validate(schema, data, url);
}
