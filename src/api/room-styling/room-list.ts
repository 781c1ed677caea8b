/**
 * The room list envelope read without valibot: the gallery's first cards need only this check (an
 * object with a `rooms` array) and the plain field readers, and valibot's schema kinds, its pipe and
 * its issue machinery were about 1.4 KB gzip of the 20 KB a CDN gallery may load before its first
 * cards (issue 35). It is the same check RoomListSchema (room-schema.ts) makes, with the same output
 * and, for an answer that is not a list, the same ApiError with valibot's own issue words
 * (test/node/room-schema.test.ts runs both on every kind of envelope). The list of an envelope that is
 * one is list-of.ts's (a CDN gallery's first page is read with it alone).
 */
import { ApiError } from '../api-error.js';
import { isList, listOf } from './list-of.js';
import type { RoomList } from './types.js';

export { listOf };

/** How valibot names a value it did not expect (its `_stringify`). */
function received(x: unknown): string {
  if (typeof x === 'string') return `"${x}"`;
  if (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean') return `${x}`;
  if (typeof x === 'object' || typeof x === 'function')
    return (
      (x && (Object.getPrototypeOf(x) as { constructor?: { name?: string } } | null)?.constructor?.name) ??
      'null'
    );
  return typeof x;
}

/**
 * The room list in `value`, the answer of `url`; anything but an object with a `rooms` array is an
 * ApiError of kind `invalid`, as validate(RoomListSchema, …) throws it.
 */
export function readRoomList(value: unknown, url: string, status = 200): RoomList {
  let issue: string | undefined;
  if (!value || typeof value !== 'object')
    issue = `Invalid type: Expected Object but received ${received(value)}`;
  else if (!('rooms' in value)) issue = 'rooms: Invalid key: Expected "rooms" but received undefined';
  else if (!isList(value))
    issue = `rooms: Invalid type: Expected Array but received ${received(value.rooms)}`;
  else return listOf(value);
  throw new ApiError(`The service sent an unexpected response (${issue})`, status, url, 'invalid', value, [
    issue,
  ]);
}
