/**
 * Document 2, section 7: a failure is `<failure status="…" xml:lang="…">` with one or more `<error>`
 * elements, field errors carrying `on="field"`. In `.xml` it comes with the real HTTP status; in
 * `.embed` with 200 and the real status only in the attribute. Both become a PlanningXmlError.
 */
import { ApiError } from '../http.js';
import { attribute, parseXml, type XmlTree } from './xml.js';

export interface XmlFieldError {
  message: string;
  /** The field the message is about (`on`), when it is about one. */
  field?: string;
}

/** An ApiError (kind `http`, `name` stays ApiError for code that tests it) with the failure's details. */
export class PlanningXmlError extends ApiError {
  constructor(
    message: string,
    status: number,
    url: string,
    /** Every `<error>` of the failure, in order. */
    readonly errors: readonly XmlFieldError[],
    /** `xml`: the status came as the HTTP status; `embed`: as the failure's attribute, over HTTP 200. */
    readonly form: 'xml' | 'embed',
    readonly lang: string | undefined,
    body: string,
  ) {
    super(
      message,
      status,
      url,
      'http',
      body,
      errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)),
    );
  }

  /** Every message, in order. */
  get messages(): string[] {
    return this.errors.map((e) => e.message);
  }

  /** The names of the fields with an error, each once. */
  get fields(): string[] {
    return [...new Set(this.errors.flatMap((e) => (e.field ? [e.field] : [])))];
  }

  /** The messages about one field. */
  messagesFor(field: string): string[] {
    return this.errors.filter((e) => e.field === field).map((e) => e.message);
  }
}

/** The failure in `text`, or undefined when it is not a failure document. */
export function readFailure(
  text: string,
  url: string,
  form: 'xml' | 'embed',
  httpStatus: number,
): PlanningXmlError | undefined {
  let doc: { root: string; value: XmlTree };
  try {
    doc = parseXml(text);
  } catch {
    return undefined;
  }
  if (doc.root !== 'failure') return undefined;
  const value = doc.value;
  const raw = typeof value === 'object' ? value.error : undefined;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const errors: XmlFieldError[] = list.map((e) => {
    const message = typeof e === 'string' ? e : typeof e['#text'] === 'string' ? e['#text'] : '';
    const field = attribute(e, 'on');
    return field ? { message, field } : { message };
  });
  const status = Number(attribute(value, 'status')) || httpStatus;
  const message = errors.length
    ? errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')
    : `The service answered ${status}`;
  return new PlanningXmlError(message, status, url, errors, form, attribute(value, 'xml:lang'), text);
}
