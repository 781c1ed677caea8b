/**
 * How the XML API writes its answers, as the real samples show them: hyphenated element names, a
 * `type` attribute on integer, datetime, boolean, decimal and array values, `nil="true"` on empty
 * values, UTF-8 with every character outside ASCII written as a numeric character reference (section
 * 7.4 allows entities; this keeps the bytes ASCII whatever the client's decoder does).
 */

export type XmlType = 'integer' | 'datetime' | 'boolean' | 'decimal' | 'array';

/** One element: a leaf with text, or a node with children. Built with the helpers below. */
export interface XmlNode {
  name: string;
  attrs?: Record<string, string>;
  text?: string | null;
  children?: XmlNode[];
  /** Written as `<name ...></name>` with nothing inside (an empty array, an empty drawing). */
  empty?: boolean;
}

export function escapeXml(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '&') out += '&amp;';
    else if (ch === '"') out += '&quot;';
    else if (code > 0x7e) out += `&#${code};`;
    else if (code < 0x20 && ch !== '\n' && ch !== '\t' && ch !== '\r')
      continue; // not allowed in XML 1.0
    else out += ch;
  }
  return out;
}

/** A text leaf; null writes `nil="true"`. */
export function text(name: string, value: string | null | undefined): XmlNode {
  return value === null || value === undefined
    ? { name, attrs: { nil: 'true' }, text: null }
    : { name, text: value };
}

/** A typed leaf (`type="integer"` ...); null writes `nil="true"` beside the type. */
export function typed(name: string, type: Exclude<XmlType, 'array'>, value: unknown): XmlNode {
  if (value === null || value === undefined) return { name, attrs: { type, nil: 'true' }, text: null };
  return { name, attrs: { type }, text: String(value) };
}

export function array(name: string, children: XmlNode[]): XmlNode {
  return { name, attrs: { type: 'array' }, children };
}

export function node(name: string, children: XmlNode[], attrs?: Record<string, string>): XmlNode {
  return { name, children, attrs };
}

function attributes(attrs: Record<string, string> | undefined): string {
  return Object.entries(attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
}

function write(n: XmlNode, indent: string, lines: string[]): void {
  const open = `${indent}<${n.name}${attributes(n.attrs)}>`;
  if (n.children) {
    if (!n.children.length) {
      lines.push(`${open}</${n.name}>`);
      return;
    }
    lines.push(open);
    for (const child of n.children) write(child, indent + '  ', lines);
    lines.push(`${indent}</${n.name}>`);
    return;
  }
  lines.push(`${open}${n.text ? escapeXml(n.text) : ''}</${n.name}>`);
}

/** The document: the XML declaration, then the root element, two-space indented as the samples. */
export function xmlDocument(root: XmlNode): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, '', lines);
  return lines.join('\n') + '\n';
}

/** A datetime as the samples write it: ISO 8601 with a numeric offset, no milliseconds (UTC here). */
export function datetime(iso: string | null): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** A floor's text timestamp as the samples write it: `2014-08-04 01:56:50 +0000`. */
export function plainTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' +0000');
}
