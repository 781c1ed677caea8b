/**
 * Paging arithmetic of the gallery, pure so Node tests cover the ends of lists: page counts from
 * `total`, and, when `skip_total` leaves `total` out, "there is a next page until a page comes back
 * short".
 */
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

/** The 1-based positions of the rooms a page shows, for "rooms 13–24 of 240". */
export function rangeOf(page: number, limit: number, received: number): { from: number; to: number } {
  const from = received ? (page - 1) * limit + 1 : 0;
  return { from, to: received ? from + received - 1 : 0 };
}
