/**
 * Model files for augmented reality (issue 36): Scene Viewer on Android opens only an https URL, never
 * a page's `blob:`, so a page posts the GLB (or USDZ) it exported and gets a short-lived, unguessable
 * URL to hand over.
 *   POST /uploads              the file's bytes (Content-Type model/gltf-binary or model/vnd.usdz+zip)
 *                              → 201 {url, expires_in, content_type}
 *   GET  /uploads/<id>.glb     the file, until it expires (uploadTtl, 10 minutes); then 404
 *   GET  /uploads/<id>.usdz
 *
 * Bounded: 15 MB a file (body-limit.ts), `maxUploadsPerSession` kept at once per page session (the
 * signed-in session, or a page cookie before sign-in), and the store's own bound (MemoryStore's
 * `upload` lane, Redis `maxmemory`). Only same-origin pages (or PARTNER_ALLOWED_ORIGINS) upload;
 * only files that start as a GLB or a USDZ are kept, and they are served as that type, `nosniff`
 * and sandboxed, so the partner's origin never serves a page someone uploaded.
 */
import type { Context, Hono } from 'hono';
import type { PartnerEnv } from '../context.ts';
import { rejectCrossSite } from '../guards.ts';
import type { PartnerParts } from '../parts.ts';
import { toBase64 } from '../base64.ts';
import { randomId } from '../session.ts';

export const MODEL_TYPES = { glb: 'model/gltf-binary', usdz: 'model/vnd.usdz+zip' } as const;
type Kind = keyof typeof MODEL_TYPES;

/** What the store keeps under `upload:<id>` (base64, as every store value is JSON). */
interface StoredUpload {
  kind: Kind;
  data: string;
  /** Unix milliseconds. */
  expiresAt: number;
}

const FILE = /^([A-Za-z0-9_-]{43})\.(glb|usdz)$/;

function kindOf(contentType: string | undefined): Kind | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === MODEL_TYPES.glb) return 'glb';
  if (type === MODEL_TYPES.usdz) return 'usdz';
  return undefined;
}

/** A GLB's header (magic `glTF`, version 2, its own length) or a zip's first local header (USDZ). */
function looksLike(kind: Kind, bytes: Uint8Array): boolean {
  if (kind === 'usdz')
    return bytes.length >= 30 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
  if (bytes.length < 20) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (
    view.getUint32(0, true) === 0x46546c67 &&
    view.getUint32(4, true) === 2 &&
    view.getUint32(8, true) === bytes.length
  );
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function uploadRoutes(app: Hono<PartnerEnv>, parts: PartnerParts): void {
  const { options, sessions } = parts;
  const store = options.store;

  const publicBase = (c: Context<PartnerEnv>) => options.publicUrl ?? `${c.get('origin')}${c.get('prefix')}`;

  app.post('/uploads', async (c) => {
    const rejected = rejectCrossSite(c, options, false);
    if (rejected) return rejected;
    c.header('Cache-Control', 'no-store');
    const kind = kindOf(c.req.header('content-type'));
    if (!kind)
      return c.json(
        {
          error: 'unsupported_type',
          message: `send a GLB (${MODEL_TYPES.glb}) or a USDZ (${MODEL_TYPES.usdz})`,
        },
        415,
      );
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (!looksLike(kind, bytes))
      return c.json({ error: 'invalid_model', message: `the body is not a ${kind.toUpperCase()} file` }, 422);
    const session = await sessions.current(c);
    const owner = session ? `session:${session.id}` : `page:${sessions.pageId(c, options.uploadTtl)}`;
    const now = Date.now();
    const ownKey = `uploads:${owner}`;
    const kept = ((await store.get<number[]>(ownKey)) ?? []).filter((until) => until > now);
    if (kept.length >= options.maxUploadsPerSession) {
      // the truth: when this session's oldest file expires, there is room again
      c.header('Retry-After', String(Math.max(1, Math.ceil((Math.min(...kept) - now) / 1000))));
      return c.json(
        { error: 'too_many_uploads', message: 'this page has as many files kept as it may; try again later' },
        429,
      );
    }
    const id = randomId();
    const expiresAt = now + options.uploadTtl * 1000;
    const stored: StoredUpload = { kind, data: toBase64(bytes), expiresAt };
    await store.set(`upload:${id}`, stored, options.uploadTtl);
    await store.set(ownKey, [...kept, expiresAt], options.uploadTtl);
    return c.json(
      {
        url: `${publicBase(c)}/uploads/${id}.${kind}`,
        expires_in: options.uploadTtl,
        content_type: MODEL_TYPES[kind],
      },
      201,
    );
  });

  app.get('/uploads/:file', async (c) => {
    const match = FILE.exec(c.req.param('file'));
    const stored = match ? await store.get<StoredUpload>(`upload:${match[1]}`) : undefined;
    const now = Date.now();
    if (!match || !stored || stored.kind !== match[2] || stored.expiresAt <= now) {
      c.header('Cache-Control', 'no-store');
      return c.json({ error: 'unknown_upload', message: 'no such file, or it expired' }, 404);
    }
    // the page that made it may read it too (model-viewer and three.js fetch with CORS)
    const origin = c.req.header('origin');
    if (origin && (options.allowedOrigins ?? [c.get('origin')]).includes(origin))
      c.header('Access-Control-Allow-Origin', origin);
    c.header('Content-Type', MODEL_TYPES[stored.kind]);
    c.header('Cache-Control', `private, max-age=${Math.max(0, Math.floor((stored.expiresAt - now) / 1000))}`);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Content-Disposition', `inline; filename="room.${stored.kind}"`);
    return c.body(fromBase64(stored.data), 200);
  });
}
