/**
 * How a further page joins the rooms shown (load-more, infinite scroll): a module of its own, which only
 * those modes' lazy parts import (features/more.ts, features/infinite.ts), so the first cards do without it.
 */
import type { Room } from '../../api/room-styling/index.js';

/** The key that identifies a room across pages: its id, else its url (a room with neither is unique). */
function keyOf(room: Room): string | undefined {
  if (room.id !== undefined) return `id:${room.id}`;
  if (room.url) return `url:${room.url}`;
  return undefined;
}

/**
 * Appends a page to what is shown without duplicates: lists that change while a user scrolls shift
 * rooms from one page to the next, and a room must not appear twice.
 */
export function appendRooms(shown: readonly Room[], incoming: readonly Room[]): Room[] {
  const seen = new Set<string>();
  for (const room of shown) {
    const key = keyOf(room);
    if (key) seen.add(key);
  }
  const result = [...shown];
  for (const room of incoming) {
    const key = keyOf(room);
    if (key && seen.has(key)) continue;
    if (key) seen.add(key);
    result.push(room);
  }
  return result;
}
