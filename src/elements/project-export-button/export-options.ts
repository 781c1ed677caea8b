/**
 * From the element's attributes (strings) and its `options` property to the input of
 * buildExportRequest(): the attributes give a request, `options` is merged over it (its `paper`
 * member by member, so `options = { paper: { logo } }` keeps `paper-size` from the attribute).
 * Numbers stay strings here; the builder reads them and says what is wrong with them.
 */
import type { ExportRequestInput } from '../../api/planning/export-tables.js';

export interface ExportAttributes {
  type?: string | null;
  formats?: string | null;
  width?: string | null;
  height?: string | null;
  paperSize?: string | null;
  orientation?: string | null;
  combine?: boolean;
  designs?: string | null;
  callback?: string | null;
  views?: string | null;
  scale?: string | null;
  visuals?: string | null;
}

/** "a, b,,c" -> ["a", "b", "c"]; absent or blank -> undefined. */
export function commaList(value: string | null | undefined): string[] | undefined {
  if (value === null || value === undefined) return undefined;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

const blankToUndefined = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '' ? undefined : value.trim();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function exportInput(
  attributes: ExportAttributes,
  options?: Record<string, unknown> | null,
): ExportRequestInput {
  const type = blankToUndefined(attributes.type) ?? '2d';
  const views = commaList(attributes.views)?.map((view) => ({ type: view }));
  const fromAttributes: ExportRequestInput = {
    type,
    fmt: commaList(attributes.formats) ?? ['pdf'],
    width: blankToUndefined(attributes.width),
    height: blankToUndefined(attributes.height),
    designs: commaList(attributes.designs),
    callback: blankToUndefined(attributes.callback),
    views,
    paper: {
      combine: attributes.combine ?? false,
      size: blankToUndefined(attributes.paperSize),
      orientation: blankToUndefined(attributes.orientation),
      scale: blankToUndefined(attributes.scale),
      visuals: blankToUndefined(attributes.visuals),
    },
  };
  if (!isObject(options)) return fromAttributes;
  const merged: ExportRequestInput = { ...fromAttributes, ...options };
  if (isObject(options.paper)) merged.paper = { ...(fromAttributes.paper as object), ...options.paper };
  return merged;
}

/** The project id from the attribute: a positive integer, or undefined. */
export function projectIdOf(value: string | null | undefined): number | undefined {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
