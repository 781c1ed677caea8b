/**
 * The reading machinery every part of readModel() shares: a Reader that collects problems (bounded)
 * and turns lenient JSON values into numbers, vectors and strings, plus small value helpers.
 */
import type { ModelProblem } from '../types.js';

/** The wall height used when the model gives none (the sample says 250). */
export const DEFAULT_WALL_HEIGHT = 250;
/** The wall thickness used when a wall gives none, centimetres. */
export const DEFAULT_WALL_THICKNESS = 10;
/** Past this many problems only a count is kept, so a huge broken model cannot flood memory. */
export const MAX_PROBLEMS = 200;
/** Coordinates beyond ±10 km are taken as garbage (a plan is a building, not a map). */
export const MAX_COORDINATE = 1e6;

/**
 * What one model may hold before the rest is left out (with a problem saying so): well above any real
 * room or home (the room sample has 62 points, 33 walls, 159 components; the largest real FML project,
 * four floors, about 800 walls) and what the 10 000-component bench draws, and low enough that drawing
 * what is kept does not freeze a tab: a hostile 30 000 walls + 30 000 doors took 15 s in the plan and
 * 20 s in the 3D view (a wall with its openings is dozens of SVG nodes and hundreds of vertices;
 * furniture is instanced and cheap, so components have a cap of their own).
 */
export const MODEL_LIMITS = {
  points: 20_000,
  walls: 2_000,
  areas: 2_000,
  openings: 2_000,
  components: 20_000,
  /**
   * Vertices of one area's outline (the FML reader's cap too), and of all areas together: outlines
   * are compared with each other to find which areas lie in which, and 50 nested rings of 2 000
   * vertices once took 143 s (issue 22).
   */
  areaVertices: 2_000,
  areaVertexTotal: 40_000,
} as const;

/** The first `limit` items of a list, with a problem naming how many were left out. */
export function capped<T>(items: readonly T[], limit: number, path: string, r: Reader): readonly T[] {
  if (items.length <= limit) return items;
  r.limit(path, `has ${items.length} entries; only the first ${limit} are read`);
  return items.slice(0, limit);
}

export type Obj = Record<string, unknown>;

/** The problems a reader found, at most MAX_PROBLEMS of them and then a count: shared by both readers. */
export class ProblemList {
  readonly problems: ModelProblem[] = [];
  #dropped = 0;

  protected add(problem: ModelProblem): void {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(problem);
    else this.#dropped++;
  }

  /**
   * True when `value` is an object to read; otherwise a problem at `path` saying so and that the
   * `what` was left out (`kind` names what was expected: the XML reader's "an element with content").
   */
  expectObject(value: unknown, path: string, what?: string, kind = 'an object'): value is Obj {
    if (isObject(value)) return true;
    this.add({ path, message: `is not ${kind}; ${what ? `${what} ` : ''}left out` });
    return false;
  }

  finish(): ModelProblem[] {
    if (this.#dropped) {
      this.problems.push({ path: '', message: `${this.#dropped} more problems were not listed` });
      this.#dropped = 0;
    }
    return this.problems;
  }
}

export class Reader extends ProblemList {
  problem(path: string, message: string, accepted = false): void {
    this.add(accepted ? { path, message, accepted } : { path, message });
  }

  /** A problem that is always kept, past MAX_PROBLEMS: a cap that left part of the model out (a few at most). */
  limit(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  /** Notes a number that came as a string: it is used, and said, so a producer can be fixed. */
  #stringNumber(path: string, value: string, n: number): void {
    this.problem(path, `is a number sent as a string (${preview(value)}); read as ${n}`, true);
  }

  /** Runs one section; an exception inside becomes a problem instead of escaping. */
  guard<T>(path: string, fallback: T, read: () => T): T {
    try {
      return read();
    } catch (error) {
      this.problem(path, `could not be read (${describeError(error)})`);
      return fallback;
    }
  }

  /**
   * A finite number; numeric strings ("99") are accepted as numbers and noted (`accepted: true`)
   * unless `stringOk` (the service documents the member as a string). undefined when not valid.
   */
  number(
    value: unknown,
    path: string,
    { required = true, quiet = false, stringOk = false, max = MAX_COORDINATE } = {},
  ): number | undefined {
    if (value === undefined || value === null) {
      if (required && !quiet) this.problem(path, 'is missing');
      return undefined;
    }
    let n: number | undefined;
    if (typeof value === 'number') n = value;
    else if (typeof value === 'string' && value.trim() !== '') n = Number(value.trim());
    if (n === undefined || !Number.isFinite(n)) {
      if (!quiet) this.problem(path, `is not a finite number (${preview(value)})`);
      return undefined;
    }
    if (Math.abs(n) > max) {
      if (!quiet) this.problem(path, `is out of range (${preview(value)}; at most ${max})`);
      return undefined;
    }
    if (typeof value === 'string' && !stringOk && !quiet) this.#stringNumber(path, value, n);
    return n;
  }

  /**
   * An integer. Like every number it is bounded by MAX_COORDINATE unless `max` says otherwise: an id
   * (a room's `room_id`, 6346838 in the real sample) is no coordinate and passes `max`
   * Number.MAX_SAFE_INTEGER.
   */
  integer(
    value: unknown,
    path: string,
    options?: { required?: boolean; quiet?: boolean; max?: number },
  ): number | undefined {
    const n = this.number(value, path, options);
    if (n === undefined) return undefined;
    if (!Number.isInteger(n)) {
      this.problem(path, `is not an integer (${preview(value)})`);
      return undefined;
    }
    return n;
  }

  vec(value: unknown, length: 2 | 3, path: string, required = true): number[] | undefined {
    if (!Array.isArray(value)) {
      if (value !== undefined || required)
        this.problem(path, value === undefined ? 'is missing' : 'is not an array');
      return undefined;
    }
    if (value.length < length) {
      this.problem(path, `needs ${length} numbers, has ${value.length}`);
      return undefined;
    }
    const out: number[] = [];
    for (let i = 0; i < length; i++) {
      const n = this.number(value[i], `${path}[${i}]`, { stringOk: true });
      if (n === undefined) return undefined;
      out.push(n);
    }
    // one note for the whole vector, not one per component
    if (value.slice(0, length).some((c) => typeof c === 'string')) {
      this.problem(path, `has numbers sent as strings; read as [${out.join(', ')}]`, true);
    }
    return out;
  }

  string(value: unknown, path: string, required = false): string | undefined {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (value === undefined || value === null) {
      if (required) this.problem(path, 'is missing');
      return undefined;
    }
    this.problem(path, `is not a string (${preview(value)})`);
    return undefined;
  }
}

export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
}

export function preview(value: unknown): string {
  try {
    if (typeof value === 'string')
      return JSON.stringify(value.length > 20 ? value.slice(0, 20) + '…' : value);
    if (Array.isArray(value)) return 'an array';
    if (value === null) return 'null';
    return typeof value === 'object' ? 'an object' : String(value);
  } catch {
    return typeof value;
  }
}

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ wall0: {...} }` or `[{...}]`: both become [key, value] pairs (arrays get `${prefix}${i}` keys). */
export function entriesOf(value: unknown, prefix: string): [string, unknown][] {
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const named =
        isObject(item) && typeof item.name === 'string' && item.name ? item.name : `${prefix}${i}`;
      return [named, item];
    });
  }
  if (isObject(value)) return Object.keys(value).map((key) => [key, value[key]]);
  return [];
}

/** A shallow copy of JSON-like values only (no functions, no nested objects past one level of arrays). */
export function copyPlain(value: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).slice(0, 100)) {
    const v = value[key];
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}
