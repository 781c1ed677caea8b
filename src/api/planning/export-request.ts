/**
 * Builds the body of POST /projects/:id/export.json from loosely typed input, checking every rule of
 * the export tables (Document 1, section 4.3) first, so an invalid request is caught in the page and
 * never sent. The body it returns is what the service expects: the table's members at the top level,
 * `paper` and `views` nested, numbers as JSON numbers, `paper.combine` always present, members that
 * were not given left out (null counts as not given).
 */
import * as v from 'valibot';
import type { ExportFormat, ExportRequest, ExportRequestInput } from './export-tables.js';
import { describeIssue, type ExportIssue, type ExportIssueCode } from './export-issues.js';
import {
  callbackSchema,
  exportSchema,
  given,
  PAPER_2D_ONLY,
  paperSchema,
  viewsSchema,
} from './export-schema.js';

export type BuildExportResult =
  | { ok: true; body: ExportRequest }
  | {
      ok: false;
      /** Each problem in English words. */
      errors: string[];
      /** The same problems as codes, for other languages. */
      issues: ExportIssue[];
    };

/** Codes that name a member, not a wrong value: their issues carry no `value`. */
const WITHOUT_VALUE = new Set<ExportIssueCode>([
  'required',
  'unknown-member',
  'id-in-body',
  'empty-list',
  'camera-view',
  'only-2d',
  'only-3d',
  'only-pdf',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

/** `paper`, `margins`, `top` in the table's own notation: `paper[margins][top]`. */
function tablePath(prefix: string, keys: readonly unknown[]): string {
  const parts = prefix ? [prefix, ...keys.map(String)] : keys.map(String);
  return parts.map((key, i) => (i === 0 ? key : `[${key}]`)).join('');
}

/** A schema's issues as export issues; the message of each schema failure is its code. */
function issuesOf(result: v.SafeParseResult<v.GenericSchema>, prefix: string): ExportIssue[] {
  if (result.success) return [];
  return result.issues.map((issue) => {
    const [name, allowed] = issue.message.split(':') as [ExportIssueCode, string | undefined];
    const path = tablePath(
      prefix,
      (issue.path ?? []).map((item) => item.key),
    );
    const out: ExportIssue = { path, code: name };
    if (!WITHOUT_VALUE.has(name) && issue.input !== undefined) out.value = show(issue.input);
    if (allowed !== undefined) {
      const values = allowed.split('|');
      out.allowed = values.every((x) => /^\d+$/.test(x)) ? values.map(Number) : values;
    }
    return out;
  });
}

const parse = <S extends v.GenericSchema>(schema: S, input: unknown) =>
  v.safeParse(schema, input, { abortEarly: false });

/** Issues under `path` (the member itself or anything inside it). */
const under = (issue: ExportIssue, path: string) => issue.path === path || issue.path.startsWith(`${path}[`);

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
  if (!isObject(input)) {
    const issues: ExportIssue[] = [{ path: 'request', code: 'object', value: show(input) }];
    return { ok: false, errors: issues.map((issue) => describeIssue(issue)), issues };
  }
  const top = parse(exportSchema, input);
  const issues = issuesOf(top, '').map((issue) =>
    issue.path === 'id' && issue.code === 'unknown-member'
      ? { path: 'id', code: 'id-in-body' as const }
      : issue,
  );
  const valid = (key: string) => !issues.some((issue) => under(issue, key));
  const output = top.output as Record<string, unknown>;
  const type = valid('type') ? (output.type as ExportRequest['type']) : undefined;
  const formats = valid('fmt') ? (output.fmt as ExportFormat[]) : undefined;
  const withoutPdf = formats !== undefined && !formats.includes('pdf');

  // paper: required (its `combine` is), 2D-only members refused whole on a 3D export, PDF-only ones
  let paper: unknown;
  if (!given(input.paper)) issues.push({ path: 'paper[combine]', code: 'required' });
  else {
    const parsed = parse(paperSchema, input.paper);
    let paperIssues = issuesOf(parsed, 'paper');
    const raw = isObject(input.paper) ? input.paper : {};
    if (type === '3d') {
      for (const name of PAPER_2D_ONLY) {
        if (!given(raw[name])) continue;
        const path = `paper[${name}]`;
        paperIssues = [...paperIssues.filter((issue) => !under(issue, path)), { path, code: 'only-2d' }];
      }
    }
    const fine = (name: string) =>
      given(raw[name]) && !paperIssues.some((issue) => under(issue, `paper[${name}]`));
    if (withoutPdf && type === '2d' && fine('size'))
      paperIssues.push({ path: 'paper[size]', code: 'only-pdf' });
    if (withoutPdf && type !== '3d' && fine('scale'))
      paperIssues.push({ path: 'paper[scale]', code: 'only-pdf' });
    issues.push(...paperIssues);
    paper = parsed.output;
  }

  let callback: unknown;
  if (!given(input.callback) || input.callback === '') {
    if (options.requireCallback ?? true) issues.push({ path: 'callback', code: 'required' });
  } else {
    const parsed = parse(callbackSchema, input.callback);
    issues.push(...issuesOf(parsed, 'callback'));
    callback = parsed.output;
  }

  // views: 3D only, and then required
  let views: unknown;
  if (type === '2d' && given(input.views)) issues.push({ path: 'views', code: 'only-3d' });
  if (type === '3d') {
    const parsed = parse(viewsSchema, input.views);
    issues.push(...issuesOf(parsed, 'views'));
    views = parsed.output;
  }

  if (issues.length) return { ok: false, errors: issues.map((issue) => describeIssue(issue)), issues };
  const { designs, width, height } = output;
  const body = prune({ designs, fmt: formats, width, height, type, paper, callback, views }) as ExportRequest;
  return { ok: true, body };
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
