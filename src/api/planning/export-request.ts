/**
 * Builds the body of POST /projects/:id/export.json from loosely typed input, checking every rule of
 * the export tables (Document 1, section 4.3) first, so an invalid request is caught in the page and
 * never sent. The body it returns is what the service expects: the table's members at the top level,
 * `paper` and `views` nested, numbers as JSON numbers, `paper.combine` always present, members that
 * were not given left out (null counts as not given).
 */
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
  type ExportFormat,
  type ExportPaper,
  type ExportRequest,
  type ExportRequestInput,
  type ExportType,
  type ExportView,
} from './export-tables.js';
import { describeIssue, type ExportIssue, type ExportIssueCode } from './export-issues.js';

export type BuildExportResult =
  | { ok: true; body: ExportRequest }
  | {
      ok: false;
      /** Each problem in English words. */
      errors: string[];
      /** The same problems as codes, for other languages. */
      issues: ExportIssue[];
    };

const TOP_MEMBERS = ['designs', 'fmt', 'width', 'height', 'type', 'paper', 'callback', 'views'];
const PAPER_MEMBERS = [
  'combine',
  'orientation',
  'size',
  'logo',
  'margins',
  'stamp_names',
  'scale',
  'visuals',
  'scalebar',
];
const LOGO_MEMBERS = ['url', 'position', 'scale'];
const VIEW_MEMBERS = ['type', 'camera_id', 'section', 'wall_top_color'];

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const HEX_COLOUR = /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const given = (value: unknown) => value !== undefined && value !== null;

/** The value as short text for a message: strings as they are, the rest as JSON. */
function show(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value === '' ? '""' : value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A number, or a numeric string read as one (attributes and form fields are strings). */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return undefined;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Collects issues while reading the input; each reader returns the normalised value or undefined. */
class Reader {
  readonly issues: ExportIssue[] = [];

  add(
    path: string,
    code: ExportIssueCode,
    value?: unknown,
    allowed?: readonly (string | number)[],
  ): undefined {
    const issue: ExportIssue = { path, code };
    if (value !== undefined) issue.value = show(value);
    if (allowed) issue.allowed = allowed;
    this.issues.push(issue);
    return undefined;
  }

  members(path: string, object: Record<string, unknown>, known: readonly string[], prefix: string): void {
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      if (path === '' && key === 'id') this.add('id', 'id-in-body');
      else this.add(prefix ? `${prefix}[${key}]` : key, 'unknown-member');
    }
  }

  object(path: string, value: unknown): Record<string, unknown> | undefined {
    if (!given(value)) return undefined;
    return isObject(value) ? value : this.add(path, 'object', value);
  }

  oneOf<T extends string | number>(
    path: string,
    value: unknown,
    allowed: readonly T[],
    required = false,
  ): T | undefined {
    if (!given(value)) return required ? this.add(path, 'required') : undefined;
    const candidate = typeof allowed[0] === 'number' ? toNumber(value) : value;
    if ((allowed as readonly unknown[]).includes(candidate)) return candidate as T;
    return this.add(path, 'one-of', value, allowed);
  }

  integer(
    path: string,
    value: unknown,
    code: 'positive-integer' | 'non-negative-integer' | 'integer',
    required = false,
  ): number | undefined {
    if (!given(value)) return required ? this.add(path, 'required') : undefined;
    const n = toNumber(value);
    const ok =
      n !== undefined &&
      Number.isInteger(n) &&
      (code === 'integer' || (code === 'positive-integer' ? n > 0 : n >= 0));
    return ok ? n : this.add(path, code, value);
  }

  number(path: string, value: unknown): number | undefined {
    if (!given(value)) return undefined;
    const n = toNumber(value);
    return n === undefined ? this.add(path, 'number', value) : n;
  }

  boolean(path: string, value: unknown, required = false): boolean | undefined {
    if (!given(value)) return required ? this.add(path, 'required') : undefined;
    if (typeof value === 'boolean') return value;
    // "true" / "false" as a form field or an attribute would carry them
    if (value === 'true' || value === 'false') return value === 'true';
    return this.add(path, 'boolean', value);
  }

  list(path: string, value: unknown, required: boolean): unknown[] | undefined {
    if (!given(value)) return required ? this.add(path, 'required') : undefined;
    if (!Array.isArray(value)) return this.add(path, 'list', value);
    if (value.length === 0) return this.add(path, 'empty-list');
    return value;
  }
}

function readFormats(r: Reader, value: unknown): ExportFormat[] | undefined {
  // One format given as a plain string is read as a list of one, as a form would send it.
  const list = r.list('fmt', typeof value === 'string' ? [value] : value, true);
  if (!list) return undefined;
  const out: ExportFormat[] = [];
  let bad = false;
  list.forEach((item, i) => {
    const format = r.oneOf(`fmt[${i}]`, item, EXPORT_FORMATS, true);
    if (!format) bad = true;
    else if (out.includes(format)) {
      r.add('fmt', 'duplicate', format);
      bad = true;
    } else out.push(format);
  });
  return bad ? undefined : out;
}

function readDesigns(r: Reader, value: unknown): number[] | undefined {
  const list = r.list('designs', value, false);
  if (!list) return undefined;
  const ids = list.map((item, i) => r.integer(`designs[${i}]`, item, 'positive-integer', true));
  if (ids.some((id) => id === undefined)) return undefined;
  const seen = new Set<number>();
  for (const id of ids as number[]) {
    if (seen.has(id)) r.add('designs', 'duplicate', id);
    seen.add(id);
  }
  return ids as number[];
}

function readCallback(r: Reader, value: unknown, required: boolean): string | undefined {
  if (!given(value) || value === '') return required ? r.add('callback', 'required') : undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    if (isHttpUrl(text) || EMAIL.test(text)) return text;
  }
  return r.add('callback', 'callback', value);
}

function readPaper(
  r: Reader,
  value: unknown,
  type: ExportType | undefined,
  formats: ExportFormat[] | undefined,
): ExportPaper | undefined {
  if (!given(value)) return r.add('paper[combine]', 'required');
  const paper = r.object('paper', value);
  if (!paper) return undefined;
  r.members('paper', paper, PAPER_MEMBERS, 'paper');
  const withoutPdf = formats !== undefined && !formats.includes('pdf');

  const out: Partial<ExportPaper> = {};
  out.combine = r.boolean('paper[combine]', paper.combine, true);
  out.orientation = r.oneOf('paper[orientation]', paper.orientation, PAPER_ORIENTATIONS);
  out.size = r.oneOf('paper[size]', paper.size, PAPER_SIZES);
  if (out.size && type === '2d' && withoutPdf) r.add('paper[size]', 'only-pdf');

  const logo = r.object('paper[logo]', paper.logo);
  if (logo) {
    r.members('paper[logo]', logo, LOGO_MEMBERS, 'paper[logo]');
    const url = logo.url;
    const logoOut = {
      url: !given(url)
        ? undefined
        : typeof url === 'string' && isHttpUrl(url.trim())
          ? url.trim()
          : r.add('paper[logo][url]', 'http-url', url),
      position: r.oneOf('paper[logo][position]', logo.position, LOGO_POSITIONS),
      scale: r.number('paper[logo][scale]', logo.scale),
    };
    if (logoOut.scale !== undefined && !(logoOut.scale > 0 && logoOut.scale <= 1)) {
      logoOut.scale = r.add('paper[logo][scale]', 'logo-scale', logo.scale);
    }
    out.logo = logoOut;
  }

  const margins = r.object('paper[margins]', paper.margins);
  if (margins) {
    r.members('paper[margins]', margins, MARGIN_SIDES, 'paper[margins]');
    out.margins = {};
    for (const side of MARGIN_SIDES) {
      out.margins[side] = r.integer(`paper[margins][${side}]`, margins[side], 'non-negative-integer');
    }
  }

  // The 2D-only members: on a 3D request each is one issue, and its value is not read further.
  const only2d = (name: string) => {
    if (!given(paper[name]) || type !== '3d') return false;
    r.add(`paper[${name}]`, 'only-2d');
    return true;
  };
  if (!only2d('stamp_names')) out.stamp_names = r.boolean('paper[stamp_names]', paper.stamp_names);
  if (!only2d('scale')) {
    out.scale = r.oneOf('paper[scale]', paper.scale, PAPER_SCALES);
    if (out.scale !== undefined && withoutPdf) r.add('paper[scale]', 'only-pdf');
  }
  if (!only2d('visuals')) out.visuals = r.oneOf('paper[visuals]', paper.visuals, PAPER_VISUALS);
  if (!only2d('scalebar')) {
    const scalebar = r.object('paper[scalebar]', paper.scalebar);
    if (scalebar) {
      r.members('paper[scalebar]', scalebar, SCALEBAR_MEMBERS, 'paper[scalebar]');
      out.scalebar = {};
      for (const member of SCALEBAR_MEMBERS) {
        out.scalebar[member] = r.integer(`paper[scalebar][${member}]`, scalebar[member], 'positive-integer');
      }
    }
  }
  return out as ExportPaper;
}

function readView(r: Reader, value: unknown, i: number): ExportView | undefined {
  const path = `views[${i}]`;
  if (!isObject(value)) return r.add(path, 'object', value);
  r.members(path, value, VIEW_MEMBERS, path);
  const type = r.oneOf(`${path}[type]`, value.type, VIEW_TYPES, true);
  const view: Partial<ExportView> = { type };
  if (given(value.camera_id)) {
    view.camera_id = r.integer(`${path}[camera_id]`, value.camera_id, 'positive-integer');
    if (type && !(CAMERA_VIEW_TYPES as readonly string[]).includes(type))
      r.add(`${path}[camera_id]`, 'camera-view');
  }
  view.section = r.number(`${path}[section]`, value.section);
  if (view.section !== undefined && view.section <= 0)
    view.section = r.add(`${path}[section]`, 'positive-number', value.section);
  const colour = value.wall_top_color;
  if (given(colour)) {
    view.wall_top_color =
      typeof colour === 'string' && HEX_COLOUR.test(colour)
        ? colour
        : r.add(`${path}[wall_top_color]`, 'hex-colour', colour);
  }
  return view as ExportView;
}

function readViews(r: Reader, value: unknown, type: ExportType | undefined): ExportView[] | undefined {
  if (type === '2d') {
    if (given(value)) r.add('views', 'only-3d');
    return undefined;
  }
  if (type !== '3d') return undefined;
  const list = r.list('views', value, true);
  return list?.map((item, i) => readView(r, item, i)) as ExportView[] | undefined;
}

/** Drops members that were not given, at every depth, so the body carries only what was asked for. */
function prune<T>(value: T): T {
  if (Array.isArray(value)) return value.map(prune) as T;
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) continue;
    const pruned = prune(member);
    if (isObject(pruned) && Object.keys(pruned).length === 0 && key !== 'paper') continue;
    out[key] = pruned;
  }
  return out as T;
}

export interface BuildExportOptions {
  /**
   * Whether `callback` must be given (default true, as the table says). A partner proxy that fills
   * in its own callback passes false; a callback that is given is still checked.
   */
  requireCallback?: boolean;
}

/**
 * Checks `input` against the export tables and returns the body to send, or every problem found
 * (all of them at once, so a form can show them together).
 */
export function buildExportRequest(
  input: ExportRequestInput | unknown,
  options: BuildExportOptions = {},
): BuildExportResult {
  const r = new Reader();
  if (!isObject(input)) {
    r.add('request', 'object', input);
  } else {
    r.members('', input, TOP_MEMBERS, '');
    const type = r.oneOf('type', input.type, EXPORT_TYPES, true);
    const fmt = readFormats(r, input.fmt);
    const width = r.integer('width', input.width, 'positive-integer', true);
    const height = r.integer('height', input.height, 'positive-integer', true);
    const designs = readDesigns(r, input.designs);
    const paper = readPaper(r, input.paper, type, fmt);
    const callback = readCallback(r, input.callback, options.requireCallback ?? true);
    const views = readViews(r, input.views, type);
    if (r.issues.length === 0) {
      const body = prune({ designs, fmt, width, height, type, paper, callback, views }) as ExportRequest;
      return { ok: true, body };
    }
  }
  return { ok: false, errors: r.issues.map((issue) => describeIssue(issue)), issues: r.issues };
}

/** An export request that failed the checks: nothing was sent. `issues` say what, `errors` in English. */
export class ExportRequestError extends Error {
  override readonly name = 'ExportRequestError';
  constructor(
    readonly issues: readonly ExportIssue[],
    readonly errors: readonly string[] = issues.map((issue) => describeIssue(issue)),
  ) {
    super(`The export request is invalid: ${errors.join('; ')}`);
  }
}
