/**
 * From the gallery's attributes to one call of the room-styling client. Pure (no DOM, no fetch) so
 * Node tests pin exactly which parameters each source sends: every source passes only the
 * parameters its operation defines in Document 3, and always a limit.
 */
import type { IndexRoomsParams, PagedParams, SearchRoomsParams } from '../../api/room-styling/index.js';
import { normalisePage as galleryPage } from '../../api/room-styling/page.js';

export const SOURCES = ['rooms', 'search', 'panoramas', 'photoreal'] as const;
export type GallerySource = (typeof SOURCES)[number];

export const DEFAULT_LIMIT = 12;

/**
 * The gallery's attributes as the page wrote them (strings, possibly empty or nonsense): the element
 * itself is one. The style filter is `roomStyle`, as on the element (`style` is its inline CSS).
 */
export interface GalleryFilters {
  source?: string | null;
  q?: string | null;
  roomStyle?: string | null;
  category?: string | null;
  since?: string | null;
  kind?: string | null;
  userId?: string | number | null;
  tag?: string | null;
  whitelabel?: string | null;
  order?: string | null;
  direction?: string | null;
  created?: string | null;
  lastUpdated?: string | null;
  limit?: number | string | null;
  skipTotal?: boolean;
}

export type GalleryRequest =
  | { operation: 'listRooms'; params: IndexRoomsParams }
  | { operation: 'searchRooms'; params: SearchRoomsParams }
  | { operation: 'listPanoramas'; params: PagedParams }
  | { operation: 'listPhotoreal'; params: PagedParams };

export function normaliseSource(value: unknown): GallerySource {
  const s = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return (SOURCES as readonly string[]).includes(s) ? (s as GallerySource) : 'rooms';
}

/**
 * Page size: missing or not a number gives the default (12); a number outside 1 to 50 gives 50,
 * as the service itself does (DESIGN.md), so what the page shows matches what the service sends.
 */
export function galleryLimit(value: unknown): number {
  if (value === null || value === undefined || value === '') return DEFAULT_LIMIT;
  const n = Number(value);
  if (!Number.isFinite(n)) return DEFAULT_LIMIT;
  return Number.isInteger(n) && n >= 1 && n <= 50 ? n : 50;
}

/** The `limit` attribute: an empty one is "not set" (the default), not 0 (out of range: 50). */
export const limitConverter = {
  fromAttribute: (value: string | null) =>
    value === null || value.trim() === '' ? undefined : Number(value),
  toAttribute: (value: number | undefined) => (value === undefined ? null : String(value)),
};

/** A 1-based page; anything that is not a positive integer is page 1 (the client's own rule). */
export { galleryPage };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * Document 3 wants `YYYY-MM-DD HH:MM:SS`. Pages naturally write `2024-05-01` or an ISO string, so
 * those are rewritten (the clock time as written, no zone conversion); anything else is left out
 * rather than sent as a filter the service cannot read.
 */
export function serviceTimestamp(value: unknown): string | undefined {
  const s = text(value);
  if (!s) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(s);
  if (!match) return undefined;
  const [, date, hh = '00', mm = '00', ss = '00'] = match;
  return `${date} ${hh}:${mm}:${ss}`;
}

/** The one client call that shows page `page` of what the attributes ask for. */
export function buildGalleryRequest(filters: GalleryFilters, page: number): GalleryRequest {
  const source = normaliseSource(filters.source);
  const limit = galleryLimit(filters.limit);
  const p = galleryPage(page);
  switch (source) {
    case 'search':
      return {
        operation: 'searchRooms',
        params: {
          limit,
          page: p,
          q: text(filters.q),
          since: text(filters.since),
          category: text(filters.category),
          style: text(filters.roomStyle),
          // the service ignores any kind but `own`; sending nothing else keeps the request honest
          kind: text(filters.kind)?.toLowerCase() === 'own' ? 'own' : undefined,
        },
      };
    case 'panoramas':
    case 'photoreal':
      return {
        operation: source === 'panoramas' ? 'listPanoramas' : 'listPhotoreal',
        params: { limit, page: p, since: text(filters.since), skipTotal: filters.skipTotal || undefined },
      };
    default: {
      const order = text(filters.order);
      const direction = text(filters.direction)?.toLowerCase();
      return {
        operation: 'listRooms',
        params: {
          limit,
          // the element speaks in pages; /rooms takes an offset (Document 3: limit × (page − 1))
          offset: limit * (p - 1),
          skipTotal: filters.skipTotal || undefined,
          // the gallery never shows the list's last_updated: skipping it is faster (Document 3)
          skipLastUpdated: true,
          // the client keeps only a whole number or a string of digits
          userId: filters.userId ?? undefined,
          category: text(filters.category),
          created: serviceTimestamp(filters.created),
          lastUpdated: serviceTimestamp(filters.lastUpdated),
          order,
          direction: order ? (direction === 'asc' ? 'asc' : 'desc') : undefined,
          whitelabel: text(filters.whitelabel),
          tag: text(filters.tag),
        },
      };
    }
  }
}

/**
 * The contract names the style filter `style`, which is also every element's inline-CSS attribute.
 * A style key is a plain word ("Modern"); a value with CSS punctuation is the page's inline style.
 */
export function styleFilterFromAttribute(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed && !/[:;{}()]/.test(trimmed) ? trimmed : undefined;
}

/** Drops undefined members so tests and logs compare what is really sent. */
export function definedOnly<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Partial<T>;
}
