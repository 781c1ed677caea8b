/**
 * Seeded randomness: the same seed gives the same data set on every machine, so tests can name rooms,
 * users and counts. mulberry32 is tiny, fast and good enough for picking names and sizes.
 */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of the parts (FNV-1a), used to derive per-room seeds and ids. */
export function hash32(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const char of parts.join('\u0001')) {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A fast stable hash of integers (for per-pixel patterns, where hash32's strings are too slow). */
export function hashInts(a: number, b = 0, c = 0): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(c | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A stable hex string of the given length (for component ids, tokens, transaction ids). */
export function hexOf(length: number, ...parts: (string | number)[]): string {
  let out = '';
  for (let i = 0; out.length < length; i++)
    out += hash32(i, ...parts)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}

export const between = (random: Random, min: number, max: number): number => min + (max - min) * random();
export const intBetween = (random: Random, min: number, max: number): number =>
  Math.floor(between(random, min, max + 1));
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
export const chance = (random: Random, probability: number): boolean => random() < probability;

/** `count` distinct items in random order. */
export function pickSome<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

/** Rounds to centimetre hundredths, as a plan editor would store it. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;
