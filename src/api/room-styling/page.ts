/**
 * The page rule of Document 3's paged operations, apart from params.ts's query builders: the gallery
 * pages by it on its first cards' path, where the builders are not needed (issue 35's bytes).
 */

/** A 1-based page; anything that is not a positive integer becomes 1. */
export function normalisePage(page: unknown): number {
  const n = Number(page);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
