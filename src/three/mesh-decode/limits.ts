/** How much one furniture file may cost the page: checked before it is decoded, and again after. */
export interface FurnitureLimits {
  /** Largest response accepted, bytes: the file and the resources it names, together. */
  maxFileBytes: number;
  /** Decoded geometry and textures kept for the page, bytes; also the most one file may declare. */
  budgetBytes: number;
  /** Most vertices one file may declare (every primitive of every node that shows a mesh). */
  maxVertices: number;
  /** Most indices one file may declare (a primitive without indices counts its vertices). */
  maxIndices: number;
  /** Most primitives (draw groups) one file may declare. */
  maxPrimitives: number;
  /** Longest a file's decoding may take, ms: the decoding worker is stopped (and its memory freed) after it. */
  decodeMs: number;
}

export const DEFAULT_LIMITS: Readonly<FurnitureLimits> = Object.freeze({
  maxFileBytes: 16 * 1024 * 1024,
  budgetBytes: 96 * 1024 * 1024,
  maxVertices: 2_000_000,
  maxIndices: 6_000_000,
  maxPrimitives: 2_048,
  decodeMs: 15_000,
});
