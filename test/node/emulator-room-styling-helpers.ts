/** Small helpers for the room-styling emulator tests: calls over real HTTP and the fixtures they share. */
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked member by member by the asserts */
import assert from 'node:assert/strict';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function caller(origin: string) {
  const root = `${origin}/room-styling`;
  async function call<T = any>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
    const response = await fetch(root + path, init);
    const text = await response.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, headers: response.headers };
  }
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    call(path, { method: 'POST', headers, body: new URLSearchParams(fields) });
  return { root, call, postJson, postForm };
}

export const basic = (username: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});

export const LIST_FIELDS = [
  'id',
  'name',
  'category',
  'url',
  'image_url',
  'hq_image_url',
  'has_panorama',
  'public',
  'user_id',
  'source_id',
  'created',
  'last_updated',
].sort();

export const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** Asserts one list entry has exactly Document 3's fields with the documented types. */
export function assertRoomEntry(room: Record<string, unknown>, origin: string, extra: string[] = []): void {
  assert.deepEqual(Object.keys(room).sort(), [...LIST_FIELDS, ...extra].sort());
  assert.equal(typeof room.id, 'number');
  assert.equal(typeof room.name, 'string');
  assert.equal(typeof room.category, 'string');
  for (const key of ['url', 'image_url'])
    assert.ok(String(room[key]).startsWith(`${origin}/room-styling/`), key);
  assert.ok(room.hq_image_url === null || String(room.hq_image_url).startsWith(origin));
  assert.equal(typeof room.has_panorama, 'boolean');
  assert.equal(typeof room.public, 'boolean');
  assert.equal(typeof room.user_id, 'number');
  assert.ok(room.source_id === null || typeof room.source_id === 'number');
  assert.match(String(room.created), ISO_WITH_OFFSET);
  assert.match(String(room.last_updated), ISO_WITH_OFFSET);
}
