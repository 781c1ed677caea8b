/**
 * On a partner's server: check and read the XML result the service POSTs to an export's callback
 * (section 6: project render, design export, 3D render). The result is `<result>` in the export result
 * (or render) namespace with `link` elements (`xlink:href`, `type`) and, for a design export, `bounds`.
 *
 * Document 2 does not show how callbacks are signed. The emulator signs them as the v2 callbacks:
 * `X-Planner-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<export id>.<project id>.<body>">`
 * keyed with the API key of the account that asked, the send time (Unix seconds) in
 * `X-Planner-Timestamp`, the ids in `X-Planner-Export-Id` / `X-Planner-Project-Id`. The ids are
 * signed, so a captured callback cannot be passed off as another export's; the time is, so it cannot
 * be replayed later: a callback more than `maxAge` (five minutes) from the receiver's clock is
 * refused as stale, and with a `firstSeen` guard one received before is refused as replayed.
 */
import { readBoundedText } from '../../platform/bounded-body.js';
import { parseXml, type XmlTree } from './xml.js';

export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

export interface ExportLink {
  href: string;
  /** MIME type: application/zip for a project render, the requested type for a design export. */
  type: string;
}

export interface ExportBounds {
  units: string;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ExportResult {
  /** `result` (namespace …/export/result) or `render` (…/export/render, a 3D render's result). */
  kind: 'result' | 'render';
  namespace: string;
  links: ExportLink[];
  bounds?: ExportBounds;
}

export interface ExportCallback extends ExportResult {
  exportId: number;
  projectId: number | null;
  /** Design export and 3D render: the design (X-Planner-Design-Id). */
  designId: number | null;
  /** When the service sent it (X-Planner-Timestamp, Unix seconds; signed). */
  timestamp: number;
}

/** Why a callback was refused; the partner back end answers with the same codes. */
export type ExportCallbackErrorCode =
  | 'too_large'
  | 'bad_signature'
  | 'stale_callback'
  | 'replayed_callback'
  | 'missing_export_id'
  | 'not_an_export_result';

export class ExportCallbackError extends Error {
  override readonly name = 'ExportCallbackError';
  constructor(
    message: string,
    /**
     * The status a receiver should answer with: 400 malformed, 401 bad signature or stale, 409
     * replayed, 413 too large.
     */
    readonly status: 400 | 401 | 409 | 413,
    readonly code: ExportCallbackErrorCode = status === 413
      ? 'too_large'
      : status === 401
        ? 'bad_signature'
        : status === 409
          ? 'replayed_callback'
          : 'not_an_export_result',
  ) {
    super(message);
  }
}

export interface VerifyCallbackOptions {
  /** The receiver's clock in milliseconds (default `Date.now`); a test passes its own. */
  now?: () => number;
  /** How far (seconds) the timestamp may be from now, either way (default 300). */
  maxAge?: number;
  /**
   * A replay guard, called once the signature and the time check out: true when `signature` is new
   * (remember it for `ttlSeconds`), false when it was received before (the callback is then refused,
   * 409). Keep the marks in a store every instance shares, e.g. Redis `SET key 1 NX EX ttl`.
   */
  firstSeen?: (signature: string, ttlSeconds: number) => boolean | Promise<boolean>;
}

/** Five minutes either way, as the partner back end's callbackMaxAge. */
export const CALLBACK_MAX_AGE = 300;

const attrs = (value: XmlTree | XmlTree[] | undefined): Record<string, string> => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => k.startsWith('@_') && typeof v === 'string')
      .map(([k, v]) => [k.slice(2), v as string]),
  );
};

/** Reads an export result document; throws ExportCallbackError (400) when it is not one. */
export function parseExportResult(xml: string): ExportResult {
  let doc;
  try {
    doc = parseXml(xml);
  } catch (error) {
    throw new ExportCallbackError((error as Error).message, 400);
  }
  if (doc.root !== 'result') throw new ExportCallbackError(`<${doc.root}> is not an export result`, 400);
  const rootAttrs = attrs(doc.value);
  const namespace = rootAttrs.xmlns ?? '';
  const kind = /\/export\/result$/.test(namespace)
    ? 'result'
    : /\/export\/render$/.test(namespace)
      ? 'render'
      : null;
  if (!kind)
    throw new ExportCallbackError(
      `The result's namespace must end in /export/result or /export/render: "${namespace}"`,
      400,
    );
  const value = doc.value as Record<string, XmlTree | XmlTree[]>;
  const rawLinks = value.link === undefined ? [] : Array.isArray(value.link) ? value.link : [value.link];
  const links = rawLinks.map((link) => {
    const a = attrs(link);
    // whatever prefix is bound to the xlink namespace, on the root or on the link
    const prefixes = Object.entries({ ...rootAttrs, ...a })
      .filter(([k, v]) => k.startsWith('xmlns:') && v === XLINK_NAMESPACE)
      .map(([k]) => k.slice(6));
    const href = prefixes.map((p) => a[`${p}:href`]).find(Boolean);
    if (!href) throw new ExportCallbackError('A link has no xlink:href', 400);
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      throw new ExportCallbackError(`A link is not a URL: ${href}`, 400);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ExportCallbackError(`A link is not an http(s) URL: ${href}`, 400);
    return { href: url.href, type: a.type ?? '' };
  });
  if (!links.length) throw new ExportCallbackError('The result holds no link', 400);
  const result: ExportResult = { kind, namespace, links };
  const b =
    value.bounds === undefined ? undefined : Array.isArray(value.bounds) ? value.bounds[0] : value.bounds;
  if (b !== undefined) {
    const a = attrs(b);
    const n = (k: string) => {
      const x = Number(a[k]);
      if (a[k] === undefined || !Number.isFinite(x))
        throw new ExportCallbackError(`The bounds' ${k} is not a number`, 400);
      return x;
    };
    result.bounds = {
      units: a.units ?? '',
      top: n('top'),
      right: n('right'),
      bottom: n('bottom'),
      left: n('left'),
    };
  }
  return result;
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  return new Uint8Array(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)));
}

/** Does `signature` (`sha256=<hex>`) sign `text` with one of `secrets`? Compared in constant time. */
export async function signatureMatches(
  secrets: readonly string[],
  text: string,
  signature: string | null | undefined,
): Promise<boolean> {
  const mac = signature?.startsWith('sha256=') ? hexBytes(signature.slice(7)) : null;
  if (!mac) return false;
  for (const secret of secrets) {
    if (!secret) continue;
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    if (await crypto.subtle.verify('HMAC', key, mac, new TextEncoder().encode(text))) return true;
  }
  return false;
}

const headerOf = (headers: Headers | Record<string, string | undefined>, name: string): string | undefined =>
  headers instanceof Headers
    ? (headers.get(name) ?? undefined)
    : Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

export const MAX_CALLBACK_BYTES = 1_000_000;

/**
 * Verifies a received callback (its body text and headers) with the API key(s) it may be signed
 * with, checks its timestamp against the clock (and, with `firstSeen`, that it is new), then reads
 * it. Throws ExportCallbackError: 401 for a missing or wrong signature (`bad_signature`) or a
 * timestamp out of the window (`stale_callback`), 409 for a replay (`replayed_callback`), 400 for a
 * body that is not an export result, 413 for an oversize body.
 */
export async function verifyExportCallback(
  received: { body: string; headers: Headers | Record<string, string | undefined> },
  secrets: string | readonly string[],
  options: VerifyCallbackOptions = {},
): Promise<ExportCallback> {
  if (received.body.length > MAX_CALLBACK_BYTES)
    throw new ExportCallbackError('The callback body is too large', 413, 'too_large');
  const timestampHeader = headerOf(received.headers, 'x-planner-timestamp') ?? '';
  const exportHeader = headerOf(received.headers, 'x-planner-export-id') ?? '';
  const projectHeader = headerOf(received.headers, 'x-planner-project-id') ?? '';
  const signature = headerOf(received.headers, 'x-planner-signature');
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  const ok = await signatureMatches(
    keys,
    `${timestampHeader}.${exportHeader}.${projectHeader}.${received.body}`,
    signature,
  );
  if (!ok) throw new ExportCallbackError('The callback signature does not match', 401, 'bad_signature');
  const maxAge = options.maxAge ?? CALLBACK_MAX_AGE;
  const timestamp = /^\d{1,12}$/.test(timestampHeader) ? Number(timestampHeader) : NaN;
  const now = (options.now ?? Date.now)() / 1000;
  if (!(Math.abs(now - timestamp) <= maxAge))
    throw new ExportCallbackError(
      'The callback is too old (or from the future): its timestamp is out of the window',
      401,
      'stale_callback',
    );
  if (options.firstSeen && !(await options.firstSeen(signature!.slice(7).toLowerCase(), maxAge * 2 + 60)))
    throw new ExportCallbackError('This callback was received before', 409, 'replayed_callback');
  const exportId = Number(exportHeader);
  if (!/^\d+$/.test(exportHeader) || !Number.isSafeInteger(exportId) || exportId < 1)
    throw new ExportCallbackError('The callback has no export id', 400, 'missing_export_id');
  const id = (raw: string | undefined) => {
    const n = raw === undefined || raw === '' ? NaN : Number(raw);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  };
  return {
    ...parseExportResult(received.body),
    exportId,
    projectId: id(projectHeader),
    designId: id(headerOf(received.headers, 'x-planner-design-id')),
    timestamp,
  };
}

/** verifyExportCallback for a fetch Request (Node 18+, Deno, Bun, workers); the body is read bounded. */
export async function readExportCallback(
  request: Request,
  secrets: string | readonly string[],
  options: VerifyCallbackOptions = {},
): Promise<ExportCallback> {
  const body = await readBoundedText(
    request,
    MAX_CALLBACK_BYTES,
    () => new ExportCallbackError('The callback body is too large', 413, 'too_large'),
  );
  return verifyExportCallback({ body, headers: request.headers }, secrets, options);
}
