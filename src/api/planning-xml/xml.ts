/**
 * Reading and writing Document 2's XML with fast-xml-parser: typed values (`type` integer, decimal,
 * boolean, datetime, array; `nil="true"`), hyphenated names turned into camelCase members, HTML
 * entities decoded (section 7.4), and request bodies built from plain objects. Document type
 * declarations are refused, so no entity a sender defines is ever expanded.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { TEXT_XML_OPTIONS } from '../../model/fml/fml-xml-nodes.js';
import { HTML_ENTITIES } from './entities.js';

export type XmlTree = string | { [key: string]: XmlTree | XmlTree[] };

const parser = new XMLParser({
  ...TEXT_XML_OPTIONS,
  htmlEntities: HTML_ENTITIES as unknown as boolean,
});

/** The document's one root element and its content; throws a SyntaxError for anything else. */
export function parseXml(text: string): { root: string; value: XmlTree } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new SyntaxError('XML with a document type is not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new SyntaxError(`Not well-formed XML: ${valid.err.msg}`);
  const parsed = parser.parse(text) as Record<string, XmlTree>;
  const roots = Object.keys(parsed).filter((k) => !k.startsWith('@_') && k !== '#text');
  if (roots.length !== 1) throw new SyntaxError('An XML document needs exactly one root element');
  return { root: roots[0]!, value: parsed[roots[0]!]! };
}

export const camel = (name: string) => name.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** `show3d` → `show-3d`, `thumb2dUrl` → `thumb-2d-url`, `externalIdentifier` → `external-identifier`. */
export const hyphen = (name: string) =>
  name.replace(/([a-z])(\d)/g, '$1-$2').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const isElement = (k: string) => !k.startsWith('@_') && k !== '#text';

/** An attribute of an element, if it has it. */
export function attribute(value: XmlTree | XmlTree[] | undefined, name: string): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value[`@_${name}`];
  return typeof v === 'string' ? v : undefined;
}

/**
 * An element as a JavaScript value: typed leaves become numbers, booleans, strings or null; arrays
 * become lists; other elements objects with camelCase members (a repeated child becomes a list).
 */
export function typedValue(value: XmlTree | XmlTree[] | undefined): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(typedValue);
  if (typeof value === 'string') return value;
  const type = value['@_type'];
  if (value['@_nil'] === 'true') return type === 'array' ? [] : null;
  const children = Object.keys(value).filter(isElement);
  const text = typeof value['#text'] === 'string' ? value['#text'] : '';
  switch (type) {
    case 'array':
      return children.flatMap((k) => {
        const v = value[k]!;
        return (Array.isArray(v) ? v : [v]).map(typedValue);
      });
    case 'integer':
    case 'decimal':
      return text === '' ? null : Number(text);
    case 'boolean':
      return text === '' ? null : text === 'true' || text === '1';
    case 'datetime':
      return text === '' ? null : text;
  }
  if (!children.length) return text;
  const out: Record<string, unknown> = {};
  for (const k of children) out[camel(k)] = typedValue(value[k]);
  return out;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: false,
  // `nil="true"` must stay an attribute with a value (XML has no boolean attributes)
  suppressBooleanAttributes: false,
  processEntities: true,
});

/** A file inside an XML body (section 4): base64 content with its name and MIME type. */
export interface XmlFileInput {
  file: Uint8Array;
  name: string;
  contentType: string;
}

export const isFileInput = (v: unknown): v is XmlFileInput =>
  !!v && typeof v === 'object' && (v as XmlFileInput).file instanceof Uint8Array;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A JavaScript value as element content: camelCase members become hyphenated elements. */
function toTree(value: unknown, itemName = 'item'): unknown {
  if (value === null) return { '@_nil': 'true' };
  if (isFileInput(value))
    return {
      '@_type': 'file',
      '@_name': value.name,
      '@_content-type': value.contentType,
      '#text': base64(value.file),
    };
  if (Array.isArray(value)) return { '@_type': 'array', [itemName]: value.map((v) => toTree(v)) };
  if (typeof value === 'number')
    return { '@_type': Number.isInteger(value) ? 'integer' : 'decimal', '#text': String(value) };
  if (typeof value === 'boolean') return { '@_type': 'boolean', '#text': String(value) };
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      const name = k.includes('_') || k.includes('-') ? k : hyphen(k);
      out[name] = toTree(v, name.replace(/s$/, ''));
    }
    return out;
  }
  return String(value);
}

/**
 * An XML document with `root` holding `value`. Strings are the root's text (`<email>a@b.c</email>`);
 * objects give child elements (camelCase members hyphenated; members already spelt with `_` or `-`
 * are kept); arrays `type="array"` with one element per item named after the member, singular.
 */
export function buildXml(root: string, value: unknown, attributes: Record<string, string> = {}): string {
  let content = toTree(value);
  if (typeof content === 'string') content = { '#text': content };
  const rootNode = {
    ...(content as object),
    ...Object.fromEntries(Object.entries(attributes).map(([k, v]) => [`@_${k}`, v])),
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: rootNode }) as string}`;
}

/** A tree as parseXml returns it, written back as a document (attributes, text, repeated elements kept). */
export function serializeXml(root: string, value: XmlTree): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: value }) as string}`;
}
