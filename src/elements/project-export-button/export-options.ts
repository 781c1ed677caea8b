/**
 * From the element's attributes and properties and its `options` property to the input of
 * buildExportRequest(): the attributes give a request, `options` is merged over it (its `paper`
 * member by member, so `options = { paper: { logo } }` keeps `paper-size` from the attribute).
 *
 * Attributes arrive as strings, but a page or a framework may set the properties directly (React 19
 * sets `width={800}` as the number 800, `formats={['png', 'pdf']}` as an array), so each reader
 * takes strings, numbers and lists alike. Values are not judged here: the builder reads them and
 * says what is wrong with them.
 */
import type { ExportIssue } from '../../api/planning/export-issues.js';
import { buildExportRequest } from '../../api/planning/export-request.js';
import type { ExportRequest, ExportRequestInput } from '../../api/planning/export-tables.js';

/** What an attribute's property may hold: the attribute's string, or a value a script set. */
export type AttributeValue = string | number | boolean | readonly unknown[] | null | undefined;

export interface ExportAttributes {
  type?: AttributeValue;
  formats?: AttributeValue;
  width?: AttributeValue;
  height?: AttributeValue;
  paperSize?: AttributeValue;
  orientation?: AttributeValue;
  combine?: AttributeValue;
  designs?: AttributeValue;
  callback?: AttributeValue;
  views?: AttributeValue;
  scale?: AttributeValue;
  visuals?: AttributeValue;
}

/** "a, b,,c" (or ['a', 'b']) -> ["a", "b", "c"]; absent or blank -> undefined. */
export function commaList(value: AttributeValue): string[] | undefined {
  if (value === null || value === undefined || typeof value === 'boolean') return undefined;
  const parts = Array.isArray(value) ? value.map((item) => String(item)) : String(value).split(',');
  const items = parts.map((item) => item.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

/** A single value: strings trimmed (blank is not given), numbers kept as numbers for the builder. */
function single(value: AttributeValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The members of `object` that are given: null and undefined mean "not given", as in the builder. */
function givenMembers(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null),
  );
}

export function exportInput(
  attributes: ExportAttributes,
  options?: Record<string, unknown> | null,
): ExportRequestInput {
  const views = commaList(attributes.views)?.map((view) => ({ type: view }));
  const fromAttributes: ExportRequestInput = {
    type: single(attributes.type) ?? '2d',
    fmt: commaList(attributes.formats) ?? ['pdf'],
    width: single(attributes.width),
    height: single(attributes.height),
    designs: commaList(attributes.designs),
    callback: single(attributes.callback),
    views,
    paper: {
      combine: attributes.combine ?? false,
      size: single(attributes.paperSize),
      orientation: single(attributes.orientation),
      scale: single(attributes.scale),
      visuals: single(attributes.visuals),
    },
  };
  if (!isObject(options)) return fromAttributes;
  // an `options` member set to null leaves the attribute's value in place ("not given")
  const merged: ExportRequestInput = { ...fromAttributes, ...givenMembers(options) };
  if (isObject(options.paper))
    merged.paper = { ...(fromAttributes.paper as object), ...givenMembers(options.paper) };
  return merged;
}

/** The project id from the attribute or property: a positive integer, or undefined. */
export function projectIdOf(value: AttributeValue): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** What the element holds that an export needs (its attributes and properties). */
export interface ExportSettings extends ExportAttributes {
  projectId?: AttributeValue;
  tokenEndpoint?: string;
  proxyBase?: string;
  options?: object;
}

export type PreparedExport =
  { ok: true; projectId: number; body: ExportRequest } | { ok: false; issues: ExportIssue[] };

/** Checks everything the request needs; the issues are what the page is told when it is invalid. */
export function prepareExport(settings: ExportSettings): PreparedExport {
  const issues: ExportIssue[] = [];
  const projectId = projectIdOf(settings.projectId);
  if (projectId === undefined) {
    const given = settings.projectId;
    issues.push(
      given === undefined || given === null || String(given).trim() === ''
        ? { path: 'project-id', code: 'required' }
        : { path: 'project-id', code: 'positive-integer', value: String(given) },
    );
  }
  if (!settings.proxyBase && !settings.tokenEndpoint)
    issues.push({ path: 'token-endpoint', code: 'required' });
  const built = buildExportRequest(
    exportInput(settings, settings.options as Record<string, unknown> | undefined),
    // a partner proxy puts in its own callback when the page gives none
    { requireCallback: !settings.proxyBase },
  );
  if (!built.ok) issues.push(...built.issues);
  if (issues.length || !built.ok || projectId === undefined) return { ok: false, issues };
  return { ok: true, projectId, body: built.body };
}
