/**
 * The receiver of the legacy XML API's export callback (Document 2, section 6), beside the v2 one
 * (/export-callback): a partner integrated through the XML API gets the same status polling and
 * server-sent events (/exports/:id/status, /exports/:id/events), because the result is stored under
 * the same key, in the same shape (a result map), as a v2 callback's.
 *
 * The body is `<result xmlns="…/export/result" xmlns:xlink="http://www.w3.org/1999/xlink">` (a 3D render:
 * `…/export/render`) with `<link xlink:href="…" type="…"/>` elements and, for a design export,
 * `<bounds units top right bottom left/>`. It is trusted as the v2 callback is, by the same code
 * (export-results.ts's checkSignedDelivery): a valid `X-Planner-Signature` (sha256 HMAC of
 * `<X-Planner-Timestamp>.<X-Planner-Export-Id>.<X-Planner-Project-Id>.<body>`, keyed with the API key
 * of the account that asked), a timestamp within `maxAge` of now (401 `stale_callback`), and a
 * signature not seen before (409 `replayed_callback`). Links go under `design` when
 * `X-Planner-Design-Id` names a design (design export, 3D render), else under `project` (project
 * render). Web APIs and fast-xml-parser only, so it runs wherever the partner back end runs.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Hono } from 'hono';
import { checkSignedDelivery, keptOrForgotten, type ReplayStore } from './export-results.ts';
import { MemoryStore } from './store.ts';

/**
 * The part of the partner store this needs (server/partner/store.ts's PartnerStore): `set` for the
 * result; with `get` and `delete` (and, shared, `add`) it keeps the replay marks too.
 */
export interface CallbackStore extends Partial<ReplayStore> {
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
}

export interface XmlCallbackOptions {
  store: CallbackStore;
  /** The keys a callback may be signed with (the partner's API key(s)); read on every request. */
  secrets: readonly string[] | (() => readonly string[]);
  /** How long a received result is kept (default: a day, as the v2 receiver). */
  ttlSeconds?: number;
  /** How far (seconds) a callback's timestamp may be from now, either way (default 300, the v2 receiver's). */
  maxAge?: number;
  /**
   * Where the replay marks are kept: default `store` when it has `get` and `delete`, else this app's
   * own memory, which guards one instance only. Several instances pass their shared store.
   */
  replayStore?: ReplayStore;
}

/** The v2 receiver's default window (options.ts, callbackMaxAge). */
const DEFAULT_MAX_AGE = 300;

export interface ReceivedXmlExport {
  export_id: number;
  project_id: number | null;
  result: { project: Record<string, string[]>; design: Record<string, string[]> };
  received_at: string;
  /** What only the XML result tells: each link's MIME type, the design export's bounds. */
  links: { href: string; type: string }[];
  bounds?: { units: string; top: number; right: number; bottom: number; left: number };
  kind: 'result' | 'render';
}

const XLINK = 'http://www.w3.org/1999/xlink';
const MAX_CALLBACK_BYTES = 1_000_000;
const RESULT_TTL = 24 * 3600;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'link' || name === 'bounds',
});

type Attrs = Record<string, string>;
const attrsOf = (node: unknown): Attrs =>
  node && typeof node === 'object'
    ? Object.fromEntries(
        Object.entries(node as Record<string, unknown>)
          .filter(([k, v]) => k.startsWith('@_') && typeof v === 'string')
          .map(([k, v]) => [k.slice(2), v as string]),
      )
    : {};

/** The result document's links and bounds; a string says what is wrong. */
export function readXmlResult(body: string): Pick<ReceivedXmlExport, 'links' | 'bounds' | 'kind'> | string {
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return 'a document type is not accepted';
  if (XMLValidator.validate(body) !== true) return 'not well-formed XML';
  const doc = parser.parse(body) as Record<string, unknown>;
  const root = doc.result as Record<string, unknown> | undefined;
  if (!root || typeof root !== 'object') return 'the root element is not <result>';
  const rootAttrs = attrsOf(root);
  const ns = rootAttrs.xmlns ?? '';
  const kind = /\/export\/result$/.test(ns) ? 'result' : /\/export\/render$/.test(ns) ? 'render' : null;
  if (!kind) return 'the namespace does not end in /export/result or /export/render';
  const links: { href: string; type: string }[] = [];
  for (const link of (root.link as unknown[] | undefined) ?? []) {
    const a = attrsOf(link);
    const prefixes = Object.entries({ ...rootAttrs, ...a })
      .filter(([k, v]) => k.startsWith('xmlns:') && v === XLINK)
      .map(([k]) => k.slice(6));
    const href = prefixes.map((p) => a[`${p}:href`]).find(Boolean);
    if (!href || !/^https?:\/\/[^\s]+$/i.test(href)) return 'a link has no http(s) xlink:href';
    links.push({ href, type: a.type ?? '' });
  }
  if (!links.length) return 'the result holds no link';
  const b = attrsOf((root.bounds as unknown[] | undefined)?.[0]);
  if (!Object.keys(b).length) return { links, kind };
  const n = (k: string) => Number(b[k]);
  const bounds = {
    units: b.units ?? '',
    top: n('top'),
    right: n('right'),
    bottom: n('bottom'),
    left: n('left'),
  };
  if (![bounds.top, bounds.right, bounds.bottom, bounds.left].every(Number.isFinite))
    return 'the bounds are not numbers';
  return { links, bounds, kind };
}

/** A sub-app answering POST / (mount it at /export-callback-xml beside /export-callback). */
export function xmlExportCallback(options: XmlCallbackOptions): Hono {
  const given = options.store;
  const replayStore: ReplayStore =
    options.replayStore ?? (given.get && given.delete ? (given as ReplayStore) : new MemoryStore());
  const app = new Hono();
  app.post('/', async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_CALLBACK_BYTES)
      return c.json({ error: 'too_large' }, 413);
    const body = await c.req.text();
    if (body.length > MAX_CALLBACK_BYTES) return c.json({ error: 'too_large' }, 413);
    const exportHeader = c.req.header('x-planner-export-id') ?? '';
    const projectHeader = c.req.header('x-planner-project-id') ?? '';
    const keys = typeof options.secrets === 'function' ? options.secrets() : options.secrets;
    const checked = await checkSignedDelivery(
      (name) => c.req.header(name),
      { keys, maxAge: options.maxAge ?? DEFAULT_MAX_AGE, store: replayStore },
      [exportHeader, projectHeader],
      body,
    );
    if ('refused' in checked) {
      const { status, error, message } = checked.refused;
      return c.json({ error, message }, status);
    }
    return keptOrForgotten(checked.forget, async () => {
      const exportId = Number(exportHeader);
      if (!/^\d+$/.test(exportHeader) || !Number.isSafeInteger(exportId) || exportId < 1)
        return { refused: c.json({ error: 'missing_export_id' }, 400) };
      let read: ReturnType<typeof readXmlResult>;
      try {
        read = readXmlResult(body);
      } catch (error) {
        // the parser's own refusals (nesting too deep, a reserved name such as <__proto__>): bad input
        read = `the XML could not be read (${(error as Error).message.slice(0, 120)})`;
      }
      if (typeof read === 'string')
        return { refused: c.json({ error: 'not_an_export_result', message: read }, 400) };
      const id = (raw: string | undefined) => {
        const n = raw ? Number(raw) : NaN;
        return Number.isSafeInteger(n) && n > 0 ? n : null;
      };
      const projectId = id(projectHeader);
      const designId = id(c.req.header('x-planner-design-id'));
      const hrefs = read.links.map((l) => l.href);
      const received: ReceivedXmlExport = {
        export_id: exportId,
        project_id: projectId,
        result:
          designId !== null
            ? { project: {}, design: { [designId]: hrefs } }
            : { project: projectId !== null ? { [projectId]: hrefs } : {}, design: {} },
        received_at: new Date().toISOString(),
        ...read,
      };
      await given.set(`export:${exportId}`, received, options.ttlSeconds ?? RESULT_TTL);
      return { kept: c.json({}) };
    });
  });
  return app;
}
