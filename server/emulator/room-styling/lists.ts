/**
 * The list operations' arithmetic (Document 3, sections 4 and 8): limit 1..50 (anything else is 50),
 * offset or page (offset = limit * (page - 1)), skip_total / skip_last_updated, filters, and ordering
 * with `order` + `Direction`. Default order: newest first (created desc, then id desc).
 */
import type { RoomRecord } from './dataset.ts';
import { formatTimestamp, parseFilterTimestamp, timeframeStart } from './dates.ts';
import { flag, HttpError, integer, type Params, text } from './params.ts';
import { TIMEFRAME_KEYS } from './vocabulary.ts';

export const MAX_LIMIT = 50;
export const LIMIT_MESSAGE = 'Limit should be between 1 and 50';

/** Attributes `order` accepts: the fields of the returned rooms. */
export const ORDERABLE: Record<string, (room: RoomRecord) => string | number | boolean | null> = {
  id: (r) => r.id,
  name: (r) => r.name.toLowerCase(),
  category: (r) => r.category.toLowerCase(),
  created: (r) => r.created,
  last_updated: (r) => r.lastUpdated,
  user_id: (r) => r.userId,
  source_id: (r) => r.sourceId,
  has_panorama: (r) => r.panoramaId !== null,
  public: (r) => r.isPublic,
  hq_image_url: (r) => r.hasHq,
  // The URLs hold the id: ordering by them is ordering by the id's text.
  url: (r) => String(r.id),
  image_url: (r) => String(r.id),
};

/** `limit` as the service reads it; `required` (search) answers 422 when it is absent or empty. */
export function readLimit(params: Params, required = false): number {
  const raw = text(params, 'limit')?.trim();
  if (raw === undefined || raw === '') {
    if (required) throw new HttpError(422, LIMIT_MESSAGE);
    return MAX_LIMIT;
  }
  const n = integer(params, 'limit');
  return n !== null && n >= 1 && n <= MAX_LIMIT ? n : MAX_LIMIT;
}

export function readOffset(params: Params): number {
  const n = integer(params, 'offset');
  return n !== null && n > 0 ? n : 0;
}

/** offset = limit * (page - 1); a missing, non-integer or < 1 page is page 1. */
export function readPageOffset(params: Params, limit: number): number {
  const page = integer(params, 'page');
  return page !== null && page > 1 ? limit * (page - 1) : 0;
}

export function readTimestamp(params: Params, name: string): number | null {
  const raw = text(params, name)?.trim();
  if (!raw) return null;
  const at = parseFilterTimestamp(raw);
  if (at === null) throw new HttpError(422, `${name} should have the format YYYY-MM-DD HH:MM:SS`);
  return at;
}

export function readSince(params: Params, now: number): number | null {
  const key = text(params, 'since')?.trim() ?? '';
  if (!key) return null;
  const match = TIMEFRAME_KEYS.find((k) => k.toLowerCase() === key.toLowerCase());
  if (!match)
    throw new HttpError(422, `Unknown timeframe "${key}": use one of the keys of /rooms/search/meta`);
  return timeframeStart(match, now);
}

export function sortRooms(rooms: RoomRecord[], params: Params): RoomRecord[] {
  const order = text(params, 'order')?.trim();
  if (!order) return [...rooms].sort((a, b) => b.created - a.created || b.id - a.id);
  // Own members only: `order=__proto__` or `order=toString` must not reach Object.prototype.
  const key = Object.hasOwn(ORDERABLE, order) ? ORDERABLE[order] : undefined;
  if (!key) {
    throw new HttpError(422, `Cannot order by "${order}": use one of ${Object.keys(ORDERABLE).join(', ')}`);
  }
  const direction = text(params, 'Direction')?.trim().toLowerCase();
  if (!direction) throw new HttpError(422, 'Direction is required when order is given: asc or desc');
  if (direction !== 'asc' && direction !== 'desc') {
    throw new HttpError(422, `Direction should be asc or desc, not "${text(params, 'Direction')}"`);
  }
  const sign = direction === 'asc' ? 1 : -1;
  const rank = (v: string | number | boolean | null) =>
    v === null ? -Infinity : typeof v === 'boolean' ? Number(v) : v;
  return [...rooms].sort((a, b) => {
    const x = rank(key(a));
    const y = rank(key(b));
    if (x < y) return -sign;
    if (x > y) return sign;
    return (a.id - b.id) * sign;
  });
}

/** The list envelope: total (unless skip_total), the page of rooms, last_updated (unless skip_last_updated). */
export function envelope(
  rooms: RoomRecord[],
  params: Params,
  limit: number,
  offset: number,
  entry: (room: RoomRecord) => Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!flag(params, 'skip_total')) out.total = rooms.length;
  out.rooms = rooms.slice(offset, offset + limit).map(entry);
  if (!flag(params, 'skip_last_updated')) {
    const latest = rooms.reduce<RoomRecord | null>(
      (best, r) => (!best || r.lastUpdated > best.lastUpdated ? r : best),
      null,
    );
    out.last_updated = latest ? formatTimestamp(latest.lastUpdated) : null;
  }
  return out;
}
