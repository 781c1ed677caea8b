/**
 * FML answers (Document 1 rule 1: project and design documents are XML). The client hands back the
 * text as the service sent it, plus the document parsed by fast-xml-parser: elements become members,
 * attributes `@_name`, an element's text beside attributes `#text`; `floor`, `design`, `line`,
 * `area` and `camera` are always arrays. Values stay strings (FML's type attributes say what they are).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError } from '../http.js';
import { call, urlOf, type CallOptions, type PlanningContext } from './context.js';

export interface FmlDocument {
  /** The XML as it came. */
  text: string;
  /** The parsed document, e.g. `parsed.project.floors.floor[0].designs.design[0].name`. */
  parsed: Record<string, unknown>;
}

const ARRAYS = new Set(['floor', 'design', 'line', 'area', 'camera']);

let parser: XMLParser | undefined;

/** Parses FML text; throws an ApiError (kind `invalid`) when it is not well-formed XML. */
export function parseFml(text: string, url = ''): FmlDocument {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new ApiError('The FML answer declares a DOCTYPE, which FML never has', 200, url, 'invalid', text);
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new ApiError(`The FML answer is not well-formed XML (${valid.err.msg})`, 200, url, 'invalid', text);
  parser ??= new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => ARRAYS.has(name),
  });
  return { text, parsed: parser.parse(text) as Record<string, unknown> };
}

/** A call whose answer is an FML document (show or update as .fml, the FML design operations). */
export async function callFml(
  ctx: PlanningContext,
  path: string,
  options: Omit<CallOptions, 'responseType'> = {},
): Promise<FmlDocument> {
  const text = await call(ctx, path, { ...options, responseType: 'text' });
  return parseFml(typeof text === 'string' ? text : '', urlOf(ctx, path));
}
