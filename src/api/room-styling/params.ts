/**
 * Parameters of Document 3's operations, in camelCase for callers, normalised the way the service
 * normalises them (limit 1–50 else 50, booleans as true/false, timestamps as YYYY-MM-DD HH:MM:SS) and
 * named the way the service spells them (`Direction` with a capital D). Each builder sends exactly the
 * parameters its operation defines.
 */
import type { Query } from '../http.js';
import { normalisePage } from './page.js';

export { normalisePage };

export const MAX_LIMIT = 50;

export interface IndexRoomsParams {
  limit?: number;
  offset?: number;
  skipTotal?: boolean;
  skipLastUpdated?: boolean;
  /** The owner's id (a number, or a string of digits as an attribute gives it). */
  userId?: number | string;
  category?: string;
  /** Rooms created at or after this moment (a Date, or `YYYY-MM-DD HH:MM:SS`). */
  created?: Date | string;
  lastUpdated?: Date | string;
  order?: string;
  direction?: 'asc' | 'desc';
  whitelabel?: string;
  tag?: string;
}

export interface SearchRoomsParams {
  limit?: number;
  page?: number;
  q?: string;
  since?: string;
  category?: string;
  style?: string;
  /** `own` searches the logged-in user's rooms (needs a token). */
  kind?: string;
}

export interface PagedParams {
  limit?: number;
  page?: number;
  since?: string;
  skipTotal?: boolean;
}

/** As the service does: an integer 1 to 50 inclusive; anything else becomes 50. */
export function normaliseLimit(limit: unknown): number {
  const n = typeof limit === 'string' && limit.trim() !== '' ? Number(limit) : limit;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT ? n : MAX_LIMIT;
}

/** `offset = limit × (page − 1)`, as Document 3 defines for paged operations. */
export function offsetOf(limit: number, page: number): number {
  return normaliseLimit(limit) * (normalisePage(page) - 1);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` (UTC) from a Date; a string passes through trimmed. */
export function formatTimestamp(value: Date | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (Number.isNaN(value.getTime())) return undefined;
  return (
    `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ` +
    `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
  );
}

/** A non-negative integer id from a number or a string of digits; anything else is left out. */
function idParam(value: number | string | undefined): number | undefined {
  const text = typeof value === 'string' ? value.trim() : value;
  const n = typeof text === 'string' ? (/^\d+$/.test(text) ? Number(text) : NaN) : text;
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

const bool = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');
const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function indexQuery(p: IndexRoomsParams = {}): Query {
  const offset = Number(p.offset);
  return {
    limit: normaliseLimit(p.limit),
    offset: Number.isInteger(offset) && offset > 0 ? offset : undefined,
    skip_total: bool(p.skipTotal),
    skip_last_updated: bool(p.skipLastUpdated),
    user_id: idParam(p.userId),
    category: nonEmpty(p.category),
    created: formatTimestamp(p.created),
    last_updated: formatTimestamp(p.lastUpdated),
    order: nonEmpty(p.order),
    // Direction is required when order is given: default to desc rather than send an invalid call
    Direction: nonEmpty(p.order) ? (p.direction === 'asc' ? 'asc' : 'desc') : undefined,
    whitelabel: nonEmpty(p.whitelabel),
    tag: nonEmpty(p.tag),
  };
}

export function searchQuery(p: SearchRoomsParams = {}): Query {
  const page = normalisePage(p.page);
  return {
    // the service answers 422 to a search without limit: always send one
    limit: normaliseLimit(p.limit),
    page: page > 1 ? page : undefined,
    q: nonEmpty(p.q),
    since: nonEmpty(p.since),
    category: nonEmpty(p.category),
    style: nonEmpty(p.style),
    kind: nonEmpty(p.kind),
  };
}

export function pagedQuery(p: PagedParams = {}): Query {
  const page = normalisePage(p.page);
  return {
    limit: normaliseLimit(p.limit),
    page: page > 1 ? page : undefined,
    since: nonEmpty(p.since),
    skip_total: bool(p.skipTotal),
  };
}
