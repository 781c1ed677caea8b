/**
 * Answers of the XML API in the two formats (Document 2, section 7): `.xml` uses the real HTTP status
 * (422 for a validation failure); `.embed` always answers 200, never 201 (the browser-plugin client
 * receives nothing on an error status), with the real status in the failure's `status` attribute.
 */
import type { Context } from 'hono';
import { escapeXml, xmlDocument, type XmlNode } from './xml-write.ts';

/** `xml` and `embed` are the suffixes; `none` is a path without one (token, render, exports). */
export type Format = 'xml' | 'embed' | 'none';

export interface FieldError {
  message: string;
  /** The field the message is about (the element name, or the parameter name of an export). */
  on?: string;
}

/** A failure to answer with; thrown or returned by the operations. */
export class XmlFailure {
  constructor(
    readonly status: number,
    readonly errors: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {}
}

export const fail = (status: number, message: string, on?: string) =>
  new XmlFailure(status, [{ message, on }]);

const XML_TYPE = 'application/xml; charset=utf-8';

/** The failure document: `<failure status="…" xml:lang="en">` with one `<error>` per message. */
export function failureXml(failure: XmlFailure): string {
  const errors = failure.errors
    .map((e) => `  <error${e.on ? ` on="${escapeXml(e.on)}"` : ''}>${escapeXml(e.message)}</error>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<failure status="${failure.status}" xml:lang="en">\n${errors}\n</failure>\n`;
}

export function failureResponse(c: Context, format: Format, failure: XmlFailure): Response {
  const embed = format === 'embed';
  const headers: Record<string, string> = { 'Content-Type': XML_TYPE };
  for (const [k, v] of Object.entries(failure.headers)) {
    // a browser would show its login dialog on WWW-Authenticate; the plugin client gets none
    if (embed && k.toLowerCase() === 'www-authenticate') continue;
    headers[k] = v;
  }
  return c.body(failureXml(failure), embed ? 200 : (failure.status as 400), headers);
}

/** A resource document; `created` answers 201 in `.xml` and 200 in `.embed`. */
export function xmlResponse(c: Context, format: Format, root: XmlNode, created = false): Response {
  return c.body(xmlDocument(root), created && format !== 'embed' ? 201 : 200, { 'Content-Type': XML_TYPE });
}

/** A dash in the Success column: 200 and no body. */
export function emptyResponse(c: Context, headers: Record<string, string> = {}): Response {
  return c.body(null, 200, headers);
}
