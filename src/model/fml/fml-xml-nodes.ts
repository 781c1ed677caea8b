/**
 * The XML side of the legacy FML reader: fast-xml-parser set up for FML (every repeated element an
 * array, all values text), and the small accessors the readers use on what it gives.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FmlReader, isObject, type Obj } from './fml-reader.js';

const ARRAYS = new Set(['floor', 'design', 'line', 'object', 'area', 'asset', 'camera', 'feature']);

/**
 * fast-xml-parser as both XML readers (FML here, the planning service's Document 2 in src/api) set
 * it up: attributes as `@_name` members, every value kept as text for the reader to check, entities
 * decoded, declarations and processing instructions dropped.
 */
export const TEXT_XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

let parser: XMLParser | undefined;

/**
 * The FML parser: every repeated element an array, all values text. Made on first use, so importing
 * the model's pure functions costs nothing at load. The emulator reads the FML it is sent with it too
 * (server/emulator/planning/formats/fml-import.ts): one FML XML reader for both.
 */
export function fmlXmlParser(): XMLParser {
  parser ??= new XMLParser({
    ...TEXT_XML_OPTIONS,
    htmlEntities: true,
    isArray: (name) => ARRAYS.has(name),
  });
  return parser;
}

/** An own member only: a tag called `__proto__` or `constructor` is just a missing member. */
export function get(value: unknown, key: string): unknown {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** The first of a repeated element (`asset` is listed in ARRAYS for the design's assets). */
export function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** An element's text ('' when empty; undefined when absent or `nil`). */
export function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'string') return value;
  if (isObject(value)) {
    if (get(value, '@_nil') === 'true') return undefined;
    const t = get(value, '#text');
    return typeof t === 'string' ? t : '';
  }
  return undefined;
}

/** The members of `<wrapper type="array"><name/>…</wrapper>`, or bare repeated `<name>` elements. */
export function members(parent: unknown, wrapper: string, name: string): unknown[] {
  const wrapped = get(get(parent, wrapper), name);
  if (Array.isArray(wrapped)) return wrapped;
  const bare = get(parent, name);
  if (Array.isArray(bare)) return bare;
  return [];
}

/** "1 2 3" → [1, 2, 3]; undefined when any is not a finite number. */
export function floats(value: string): number[] | undefined {
  const parts = value.trim().split(/\s+/).filter(Boolean);
  const out = parts.map(Number);
  return out.every(Number.isFinite) ? out : undefined;
}

/** Parses the XML text into an object; problems say what was wrong; undefined when nothing could be read. */
export function parseFmlXml(source: string, r: FmlReader): Obj | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(source.slice(0, 10_000)) || /<!ENTITY/i.test(source)) {
    r.problem('', 'has a document type declaration (entities are not expanded); not read');
    return undefined;
  }
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    r.problem(
      '',
      `is not well-formed XML (${valid.err.msg}, line ${valid.err.line}); read as far as possible`,
    );
  const parsed: unknown = fmlXmlParser().parse(source);
  return isObject(parsed) ? parsed : undefined;
}

export function groupsOf(points: string | undefined): number[][] | undefined {
  if (points === undefined) return undefined;
  const groups = points.split(',').map(floats);
  if (groups.some((g) => g === undefined)) return undefined;
  return groups as number[][];
}
