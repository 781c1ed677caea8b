/**
 * Paging arithmetic of the gallery, pure so Node tests cover the ends of lists: page counts from
 * `total`, and, when `skip_total` leaves `total` out, "there is a next page until a page comes back
 * short".
 */
import type { Room } from '../../api/room-styling/index.js';

export const PAGING_MODES = ['pages', 'more', 'infinite', 'none'] as const;
export type PagingMode = (typeof PAGING_MODES)[number];

export function normalisePaging(value: unknown): PagingMode {
  const s = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (PAGING_MODES as readonly string[]).includes(s) ? (s as PagingMode) : 'pages';
}

/** Number of pages, or undefined when the service gave no total. An empty list still has page 1. */
export function pageCount(total: number | undefined, limit: number): number | undefined {
  if (total === undefined || !Number.isFinite(total) || total < 0) return undefined;
  return Math.max(1, Math.ceil(total / limit));
}

export interface PageResult {
  /** The page just loaded (1-based). */
  page: number;
  limit: number;
  /** How many rooms that page held. */
  received: number;
  total?: number;
}

/**
 * Whether a page follows `page`. With a total the arithmetic says; without one (skip_total), a full
 * page may have a successor and a short page is the last.
 */
export function hasNextPage({ page, limit, received, total }: PageResult): boolean {
  if (total !== undefined) return page * limit < total;
  return received >= limit;
}

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

/** The 1-based positions of the rooms a page shows, for "rooms 13–24 of 240". */
export function rangeOf(page: number, limit: number, received: number): { from: number; to: number } {
  const from = received ? (page - 1) * limit + 1 : 0;
  return { from, to: received ? from + received - 1 : 0 };
}
