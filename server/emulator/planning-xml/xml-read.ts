/**
 * How the XML API reads request bodies (Document 2, section 4): an XML document whose root element
 * is the resource, element names with hyphens (underscores are accepted too: the document itself
 * writes `receive_bcc`, `paper_scale`), `nil="true"` for an empty value, and files as elements with
 * `type="file"`, `name`, `content-type` and base64 content (optionally in CDATA).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { TEXT_XML_OPTIONS } from '../../../src/model/fml/fml-xml-nodes.ts';
import { parseXmlSafely } from '../shared/xml-parse.ts';

/** A parsed element: a string (text only), or an object of children, attributes (`@_x`) and `#text`. */
export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [key: string]: XmlValue;
}

export interface ParsedBody {
  root: string;
  /** The root element's value. */
  value: XmlValue;
}

export type BodyResult = { ok: true; body: ParsedBody | null } | { ok: false; message: string };

// the same set-up as the client's readers (values kept as text), with HTML entities as the service decodes them
const parser = new XMLParser({ ...TEXT_XML_OPTIONS, htmlEntities: true });

/**
 * The body as XML; null when there is none. A document type (and so entity definitions) is refused,
 * and so is what the parser throws on (too deep, a `__proto__` element): the route answers 400.
 */
export function parseXmlBody(text: string): BodyResult {
  if (!text.trim()) return { ok: true, body: null };
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    return { ok: false, message: 'Document type declarations are not accepted' };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, message: `The body is not well-formed XML: ${valid.err.msg}` };
  const read = parseXmlSafely(parser, text);
  if (!read.ok) return { ok: false, message: `The body cannot be read: ${read.message}` };
  const parsed = read.value as XmlObject;
  const roots = Object.keys(parsed).filter((k) => !k.startsWith('@_') && k !== '#text');
  if (roots.length !== 1) return { ok: false, message: 'The body must have exactly one root element' };
  return { ok: true, body: { root: roots[0]!, value: parsed[roots[0]!]! } };
}

const isObject = (v: XmlValue | undefined): v is XmlObject =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The child `name`, spelt with hyphens or underscores (either way); the first one when repeated. */
export function child(parent: XmlValue | undefined, name: string): XmlValue | undefined {
  if (!isObject(parent)) return undefined;
  const v = parent[name] ?? parent[name.replace(/-/g, '_')] ?? parent[name.replace(/_/g, '-')];
  return Array.isArray(v) ? v[0] : v;
}

export function attr(value: XmlValue | undefined, name: string): string | undefined {
  if (!isObject(value)) return undefined;
  const v = value[`@_${name}`];
  return typeof v === 'string' ? v : undefined;
}

/**
 * A leaf's text: undefined when absent, null when `nil="true"`, else the text (an empty element is
 * ''). An element with children instead of text is `{ nested: true }` so callers can refuse it.
 */
export function leaf(value: XmlValue | undefined): string | null | undefined | { nested: true } {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return { nested: true };
  if (value['@_nil'] === 'true') return null;
  const keys = Object.keys(value).filter((k) => !k.startsWith('@_') && k !== '#text');
  if (keys.length) return { nested: true };
  const t = value['#text'];
  return typeof t === 'string' ? t : '';
}

/** The members of an array element (`<floors type="array"><floor/>…</floors>`), whatever their name. */
export function items(value: XmlValue | undefined): XmlValue[] {
  if (!isObject(value)) return [];
  return Object.entries(value)
    .filter(([k]) => !k.startsWith('@_') && k !== '#text')
    .flatMap(([, v]) => (Array.isArray(v) ? v : [v]));
}

export function isXmlObject(v: XmlValue | undefined): v is XmlObject {
  return isObject(v);
}

export interface XmlFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * A file element, decoded; undefined when `value` is not one; a string with the problem when it is
 * one but broken. Base64 with whitespace (line breaks in CDATA) is accepted.
 */
export function fileOf(value: XmlValue | undefined, maxBytes: number): XmlFile | string | undefined {
  if (attr(value, 'type') !== 'file') return undefined;
  const name = attr(value, 'name') ?? '';
  const contentType = attr(value, 'content-type') ?? '';
  if (!name || !contentType) return 'a file needs the name and content-type attributes';
  const content = isObject(value) && typeof value['#text'] === 'string' ? value['#text'] : '';
  const base64 = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1)
    return 'the file content is not base64';
  if ((base64.length * 3) / 4 > maxBytes) return `the file is larger than ${maxBytes} bytes`;
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  return { name, contentType, bytes };
}
