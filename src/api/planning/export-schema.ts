/**
 * The export tables of Document 1, section 4.3, as valibot schemas: one schema per member, its
 * failure messages being the issue codes of export-issues.ts (`one-of` carries its allowed values as
 * `one-of:a|b|c`). Input is loose (attributes and form fields are strings), so numbers may be numeric
 * strings, booleans "true" / "false", and null means "not given". The rules that tie members together
 * (2D-only, PDF-only, views for 3D) live in export-request.ts, which reads these schemas' issues.
 */
import * as v from 'valibot';
import {
  CAMERA_VIEW_TYPES,
  EXPORT_FORMATS,
  EXPORT_TYPES,
  LOGO_POSITIONS,
  MARGIN_SIDES,
  PAPER_ORIENTATIONS,
  PAPER_SCALES,
  PAPER_SIZES,
  PAPER_VISUALS,
  SCALEBAR_MEMBERS,
  VIEW_TYPES,
} from './export-tables.js';
import type { ExportIssueCode } from './export-issues.js';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const HEX_COLOUR = /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

export const given = (value: unknown): boolean => value !== undefined && value !== null;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

type Schema = v.GenericSchema<unknown, unknown>;
const code = (c: ExportIssueCode) => c;

/** A member that may be left out (null too): not given gives undefined and no issue. */
const optional = <S extends Schema>(schema: S) =>
  v.pipe(
    v.nullish(schema),
    v.transform((x) => x ?? undefined),
  );

/** A member that must be given: `required` when it is not, else the schema's own issues. */
const required = <S extends Schema>(schema: S) =>
  v.pipe(v.unknown(), v.check(given, code('required')), schema);

/** A finite number, or a numeric string read as one. */
const numberish = (message: ExportIssueCode) =>
  v.pipe(
    v.union(
      [
        v.number(message),
        v.pipe(
          v.string(message),
          v.trim(),
          v.regex(NUMERIC, message),
          v.transform((s) => Number(s)),
        ),
      ],
      message,
    ),
    v.finite(message),
  );

/**
 * The largest width, height, margin or scale-bar size in pixels (millimetres for a PDF) a request may
 * ask for: the emulator's limit (the service does not show its own). A number past it (1e308) is
 * refused here, so the page and the partner's proxy never forward it.
 */
export const MAX_EXPORT_PIXELS = 10_000;

/** An id: a whole number from 1 up to the largest exact one (2^53 - 1). */
export const positiveInteger = () =>
  v.pipe(numberish('positive-integer'), v.safeInteger('positive-integer'), v.minValue(1, 'positive-integer'));
/** A size in pixels: 1 to MAX_EXPORT_PIXELS. */
const pixels = () =>
  v.pipe(
    numberish('positive-integer'),
    v.integer('positive-integer'),
    v.minValue(1, 'positive-integer'),
    v.maxValue(MAX_EXPORT_PIXELS, `at-most:${MAX_EXPORT_PIXELS}`),
  );
/** A margin in pixels: 0 to MAX_EXPORT_PIXELS. */
const margin = () =>
  v.pipe(
    numberish('non-negative-integer'),
    v.integer('non-negative-integer'),
    v.minValue(0, 'non-negative-integer'),
    v.maxValue(MAX_EXPORT_PIXELS, `at-most:${MAX_EXPORT_PIXELS}`),
  );

const oneOf = <T extends string>(allowed: readonly T[]) =>
  v.picklist(allowed as T[], `one-of:${allowed.join('|')}`);
const oneOfNumbers = <T extends number>(allowed: readonly T[]) =>
  v.pipe(
    numberish('one-of'),
    v.check((n) => (allowed as readonly number[]).includes(n), `one-of:${allowed.join('|')}`),
    v.transform((n) => n as T),
  );

const booleanish = () =>
  v.union(
    [
      v.boolean(),
      // "true" / "false" as a form field or an attribute would carry them
      v.pipe(
        v.picklist(['true', 'false']),
        v.transform((s) => s === 'true'),
      ),
    ],
    'boolean',
  );

/** The first value a list holds twice, as an issue on the list itself. */
const noDuplicates = v.rawCheck<unknown[]>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const seen = new Set<unknown>();
  for (const item of dataset.value) {
    if (seen.has(item)) {
      addIssue({ message: 'duplicate', input: item, received: String(item) });
      return;
    }
    seen.add(item);
  }
});

const list = <S extends Schema>(item: S) =>
  v.pipe(v.array(item, 'list'), v.minLength(1, 'empty-list'), noDuplicates);

/**
 * The object, with every member the table does not name reported (`unknown-member`). Members the
 * input leaves out are made present (as undefined) first, so a required one says `required` rather
 * than failing the object as a whole.
 */
const members = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.unknown(),
    v.transform((value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...value }
        : value,
    ),
    v.looseObject(entries, 'object'),
    v.rawCheck(({ dataset, addIssue }) => {
      const value = dataset.value as Record<string, unknown>;
      if (typeof value !== 'object' || value === null) return;
      for (const key of Object.keys(value)) {
        if (key in entries) continue;
        addIssue({ message: 'unknown-member', input: value[key], path: [pathItem(value, key)] });
      }
    }),
  );

/** One step of an issue's path, for issues added by hand. */
const pathItem = (input: Record<string, unknown>, key: string): v.ObjectPathItem => ({
  type: 'object',
  origin: 'value',
  input,
  key,
  value: input[key],
});

export const formatsSchema = required(
  v.pipe(
    v.unknown(),
    // one format given as a plain string is a list of one, as a form would send it
    v.transform((x) => (typeof x === 'string' ? [x] : x)),
    list(required(oneOf(EXPORT_FORMATS))),
  ),
);

export const logoSchema = members({
  url: optional(v.pipe(v.string('http-url'), v.trim(), v.check(isHttpUrl, 'http-url'))),
  position: optional(oneOf(LOGO_POSITIONS)),
  // 1 means automatic scaling, so (0, 1]
  scale: optional(
    v.pipe(
      numberish('number'),
      v.check((n) => n > 0 && n <= 1, 'logo-scale'),
    ),
  ),
});

const entriesOf = <K extends string, S extends Schema>(keys: readonly K[], schema: () => S) =>
  Object.fromEntries(keys.map((k) => [k, optional(schema())])) as Record<K, ReturnType<typeof optional<S>>>;

export const paperSchema = members({
  combine: required(booleanish()),
  orientation: optional(oneOf(PAPER_ORIENTATIONS)),
  size: optional(oneOf(PAPER_SIZES)),
  logo: optional(logoSchema),
  margins: optional(members(entriesOf(MARGIN_SIDES, margin))),
  stamp_names: optional(booleanish()),
  scale: optional(oneOfNumbers(PAPER_SCALES)),
  visuals: optional(oneOf(PAPER_VISUALS)),
  scalebar: optional(members(entriesOf(SCALEBAR_MEMBERS, pixels))),
});

/** The members of `paper` that only 2D exports take. */
export const PAPER_2D_ONLY = ['stamp_names', 'scale', 'visuals', 'scalebar'] as const;

export const viewSchema = v.pipe(
  members({
    type: required(oneOf(VIEW_TYPES)),
    camera_id: optional(positiveInteger()),
    section: optional(v.pipe(numberish('number'), v.minValue(Number.MIN_VALUE, 'positive-number'))),
    wall_top_color: optional(v.pipe(v.string('hex-colour'), v.regex(HEX_COLOUR, 'hex-colour'))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    const view = dataset.value as Record<string, unknown>;
    const type = view?.type;
    if (!given(view?.camera_id) || !(VIEW_TYPES as readonly unknown[]).includes(type)) return;
    if (!(CAMERA_VIEW_TYPES as readonly unknown[]).includes(type)) {
      addIssue({
        message: 'camera-view',
        path: [pathItem(view, 'camera_id')],
      });
    }
  }),
);

export const viewsSchema = required(list(viewSchema));

export const callbackSchema = v.pipe(
  v.string('callback'),
  v.trim(),
  v.check((text) => isHttpUrl(text) || EMAIL.test(text), 'callback'),
);

/** The top level; `paper`, `views` and a missing callback are judged in export-request.ts (they depend on other members). */
export const exportSchema = members({
  designs: optional(list(required(positiveInteger()))),
  fmt: formatsSchema,
  width: required(pixels()),
  height: required(pixels()),
  type: required(oneOf(EXPORT_TYPES)),
  paper: v.unknown(),
  callback: v.unknown(),
  views: v.unknown(),
});
