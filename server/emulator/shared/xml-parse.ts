/**
 * Parsing a request body with fast-xml-parser without letting its refusals escape as 500s: the parser
 * throws on elements nested more than its `maxNestedTags` deep and on names that could pollute a
 * prototype (`__proto__`, `constructor`); both are the sender's fault and become a message the
 * caller answers as a bad request (issue 22, finding 10). Shared by the XML API's body reader and the
 * v2 API's FML reader.
 */
import type { XMLParser } from 'fast-xml-parser';

/** fast-xml-parser's default nesting bound (its `maxNestedTags`), which the readers keep. */
export const MAX_XML_DEPTH = 100;

export type XmlParse = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export function parseXmlSafely(parser: XMLParser, text: string): XmlParse {
  try {
    return { ok: true, value: parser.parse(text) as Record<string, unknown> };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nested tags exceeded/i.test(message))
      return { ok: false, message: `elements are nested more than ${MAX_XML_DEPTH} deep` };
    const reserved = /Invalid \w+: "([^"]{1,40})" is a reserved/.exec(message);
    if (reserved) return { ok: false, message: `the name "${reserved[1]}" is not allowed` };
    return { ok: false, message: `the XML could not be read (${message.slice(0, 200)})` };
  }
}
