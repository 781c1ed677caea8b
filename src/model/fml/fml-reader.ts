/**
 * What both FML readers share: a bounded list of problems, guards that turn an exception into a
 * problem, checked numbers and text, the caps against hostile sizes, and the one place where a
 * document's coordinates become ours (scale to centimetres, y negated).
 */
import type { Vec2, Vec3 } from '../types.js';

/** Characters of one problem's message or path. */
const MAX_MESSAGE = 300;

/** Caps per document / design: past them the rest is left out and a problem says so. */
export const LIMITS = {
  floors: 100,
  designsPerFloor: 50,
  walls: 5_000,
  openings: 5_000,
  areas: 2_000,
  items: 5_000,
  labels: 2_000,
  dimensions: 5_000,
  lines: 5_000,
  cameras: 100,
  /** Vertices of one area or surface outline. */
  points: 2_000,
  /** Characters of one label; names are cut at 200. */
  text: 2_000,
  name: 200,
  /**
   * Characters of an FML document given as text: 8 M, 35 times the largest real one (235 kB). A
   * 39 MB document within the old 40 M took 6.9 s and 863 MB to read (issue 22); what passes this is
   * read in the model worker when it is long (model-off-thread.ts).
   */
  documentChars: 8_000_000,
} as const;

// one copy of the small value helpers for both readers (the room-model reader's)
export { describeError, isObject, preview, type Obj } from '../read/reader.js';
// coordinates beyond ±10 km (in cm) are garbage in both readers: a plan is a building, not a map
import { describeError, MAX_COORDINATE, preview, ProblemList } from '../read/reader.js';

export class FmlReader extends ProblemList {
  /**
   * @param scale centimetres per document unit (1 for FML JSON, 100 for the XML's metres).
   */
  constructor(readonly scale: number) {
    super();
  }

  problem(path: string, message: string): void {
    // a parser's message can quote the whole document (the nesting of a hostile file): cut it
    if (message.length > MAX_MESSAGE) message = message.slice(0, MAX_MESSAGE) + '…';
    if (path.length > MAX_MESSAGE) path = path.slice(0, MAX_MESSAGE) + '…';
    this.add({ path, message });
  }

  /** Runs one member's reading; an exception inside becomes a problem instead of escaping. */
  guard<T>(path: string, fallback: T, read: () => T): T {
    try {
      return read();
    } catch (error) {
      this.problem(path, `could not be read (${describeError(error)}); left out`);
      return fallback;
    }
  }

  /** The first `limit` members of a list, with a problem when there were more. */
  capped<T>(list: readonly T[], limit: number, path: string, what: string): readonly T[] {
    if (list.length <= limit) return list;
    this.problem(path, `has ${list.length} ${what}; only the first ${limit} were read`);
    return list.slice(0, limit);
  }

  /**
   * A running count of one kind of member while a mixed list is read: the check is true for the first
   * `limit`, and the first one past it adds the one problem that the rest of the `what` were left out.
   */
  quota(limit: number, path: string, what: string): () => boolean {
    let count = 0;
    return () => {
      if (++count <= limit) return true;
      if (count === limit + 1) this.problem(path, `has more than ${limit} ${what}; the rest left out`);
      return false;
    };
  }

  /** A finite number (numeric strings accepted: the XML is all text), else undefined and a problem. */
  number(value: unknown, path: string, required = true): number | undefined {
    if (value === undefined || value === null || value === '') {
      if (required) this.problem(path, 'is missing');
      return undefined;
    }
    let n: number | undefined;
    if (typeof value === 'number') n = value;
    else if (typeof value === 'string') n = Number(value.trim());
    if (n === undefined || !Number.isFinite(n) || Math.abs(n) > MAX_COORDINATE) {
      this.problem(path, `is not a finite number (${preview(value)})`);
      return undefined;
    }
    return n;
  }

  /** A length in the document's unit, as centimetres; `positive` refuses 0 and below. */
  length(value: unknown, path: string, { required = true, positive = false } = {}): number | undefined {
    const n = this.number(value, path, required);
    if (n === undefined) return undefined;
    const cm = n * this.scale;
    if (positive && !(cm > 0)) {
      this.problem(path, `must be positive (${n})`);
      return undefined;
    }
    if (Math.abs(cm) > MAX_COORDINATE) {
      this.problem(path, `is out of range (${n})`);
      return undefined;
    }
    return cm;
  }

  /** A document point (x, y in its unit, y down) as ours: centimetres, y up. */
  point(x: unknown, y: unknown, path: string): Vec2 | undefined {
    const px = this.length(x, `${path}.x`);
    const py = this.length(y, `${path}.y`);
    if (px === undefined || py === undefined) return undefined;
    return [px, py === 0 ? 0 : -py];
  }

  /** A document direction (no scale), y negated. */
  direction(x: unknown, y: unknown, z: unknown, path: string): Vec3 | undefined {
    const dx = this.number(x, `${path}.x`);
    const dy = this.number(y, `${path}.y`);
    const dz = this.number(z, `${path}.z`);
    if (dx === undefined || dy === undefined || dz === undefined) return undefined;
    return [dx, dy === 0 ? 0 : -dy, dz];
  }

  /** Trimmed, control characters other than newline removed, cut to `max`; undefined when empty. */
  text(value: unknown, path: string, max: number = LIMITS.name): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string') {
      this.problem(path, `is not text (${preview(value)})`);
      return undefined;
    }
    // eslint-disable-next-line no-control-regex
    let s = value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');
    s = s.trim();
    if (s.length > max) {
      this.problem(path, `is ${s.length} characters long; cut to ${max}`);
      s = s.slice(0, max);
    }
    return s || undefined;
  }

  /** An angle in degrees as ours (the document turns clockwise on screen: negated), in [0, 360). */
  angle(value: unknown, path: string): number {
    const n = this.number(value, path, false);
    if (n === undefined) return 0;
    const a = -n % 360;
    return a < 0 ? a + 360 : a === 0 ? 0 : a;
  }
}

/** `#rgb` / `#rrggbb` (any case) as `#rrggbb` lower case; FML JSON also writes plain integers (0 = black). */
export function colour(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffff)
    return '#' + value.toString(16).padStart(6, '0');
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(s)) return s.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(s))
    return (
      '#' +
      s
        .slice(1)
        .split('')
        .map((c) => c + c)
        .join('')
        .toLowerCase()
    );
  return undefined;
}

export function bool(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}

/** An id as text: strings and finite numbers, cut to 100 characters. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 100);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
