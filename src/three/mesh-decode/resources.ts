/**
 * The resources a furniture file names (`buffers[].uri`, `images[].uri`), fetched before it is decoded
 * and on our terms: only `data:` URIs or files in the furniture file's own folder on its own origin,
 * fetched without credentials (`credentials: 'omit'`: no cookie of the page's site goes with them),
 * and all under one byte cap with the file itself. three's GLTFLoader would fetch any URL a file names,
 * with the page's cookies on its own origin and without a size cap (issue 34: a GLB from a hostile
 * origin had the browser request the embedding site's own URL with its cookie, and a 408-byte GLB
 * naming a 1.5 GB buffer took 2.9 GB).
 */
import { FurnitureMeshError, NO_MESH } from './errors.js';
import type { GltfJson } from './gltf-file.js';
import { joinChunks } from '../../platform/bounded-bytes.js';

/** Bytes fetched so far for one furniture file and its resources, against one cap. */
export class ByteAllowance {
  used = 0;
  constructor(
    readonly max: number,
    readonly url: string,
  ) {}

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max)
      throw new FurnitureMeshError(
        `${this.url} is larger than ${this.max} bytes (with the files it names): kept as a box`,
        'invalid',
      );
  }
}

/**
 * `uri` resolved against the furniture file, if the policy allows it: a `data:` URI (its bytes are in
 * the file already), or an http(s) URL on the file's origin inside the file's folder.
 */
export function allowedResource(uri: string, fileUrl: string): URL | undefined {
  if (/^data:/i.test(uri)) return new URL(uri);
  let resolved: URL;
  try {
    resolved = new URL(uri, fileUrl);
  } catch {
    return undefined;
  }
  const file = new URL(fileUrl);
  const folder = new URL('.', file).pathname;
  if (resolved.origin !== file.origin || !/^https?:$/.test(resolved.protocol)) return undefined;
  // URL() has already folded `..` and `%2e%2e` segments; an encoded slash could still climb on a server
  // that decodes it, so none is accepted
  if (/%2f|%5c/i.test(resolved.pathname) || !resolved.pathname.startsWith(folder)) return undefined;
  return resolved;
}

/**
 * The body of `url`, fetched without credentials and counted against `allowance` (by its
 * Content-Length first, then as it streams). 404 / 410 throw NO_MESH for the file itself.
 */
export async function fetchCapped(
  url: string,
  allowance: ByteAllowance,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', signal });
  } catch (error) {
    throw new FurnitureMeshError(`${url}: ${(error as Error)?.message ?? 'network error'}`, 'network');
  }
  if ((response.status === 404 || response.status === 410) && url === allowance.url) {
    void response.body?.cancel();
    throw NO_MESH;
  }
  if (!response.ok) {
    void response.body?.cancel();
    throw new FurnitureMeshError(
      `${url} answered ${response.status}`,
      response.status >= 500 ? 'server' : 'invalid',
      response.status,
    );
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > 0 && allowance.used + declared > allowance.max) {
    void response.body?.cancel();
    allowance.take(declared);
  }
  if (!response.body) {
    const buffer = new Uint8Array(await response.arrayBuffer());
    allowance.take(buffer.byteLength);
    return buffer;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      allowance.take(value.byteLength);
      chunks.push(value);
    }
  } catch (error) {
    void reader.cancel();
    if (error instanceof FurnitureMeshError) throw error;
    throw new FurnitureMeshError(`${url}: ${(error as Error)?.message ?? 'network error'}`, 'network');
  }
  return joinChunks(chunks, total);
}

/** The bytes of a `data:` URI (base64 or percent-encoded). */
export function dataUriBytes(uri: string): Uint8Array {
  const comma = uri.indexOf(',');
  const head = uri.slice(0, comma);
  const body = uri.slice(comma + 1);
  if (/;base64$/i.test(head)) {
    const binary = atob(body.replace(/\s+/g, ''));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  }
  return new TextEncoder().encode(decodeURIComponent(body));
}

/**
 * Every external URI the file names, fetched (or read, for `data:`), keyed by the URI as written.
 * Throws a FurnitureMeshError naming the first URI the policy refuses, before anything is fetched.
 */
export async function fetchResources(
  json: GltfJson,
  fileUrl: string,
  allowance: ByteAllowance,
  signal?: AbortSignal,
): Promise<Map<string, Uint8Array>> {
  const uris = new Set<string>();
  for (const list of [json.buffers, json.images]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const uri = (item as { uri?: unknown } | null)?.uri;
      if (uri === undefined) continue;
      if (typeof uri !== 'string')
        throw new FurnitureMeshError(`${fileUrl} names a resource that is not a URI`, 'invalid');
      uris.add(uri);
    }
  }
  const allowed = new Map<string, URL>();
  for (const uri of uris) {
    const url = allowedResource(uri, fileUrl);
    if (!url)
      throw new FurnitureMeshError(
        `${fileUrl} names a file outside its own folder (${uri.slice(0, 120)}): kept as a box`,
        'invalid',
      );
    allowed.set(uri, url);
  }
  const out = new Map<string, Uint8Array>();
  for (const [uri, url] of allowed) {
    if (url.protocol === 'data:') {
      out.set(uri, dataUriBytes(uri));
      continue;
    }
    out.set(uri, await fetchCapped(url.href, allowance, signal));
  }
  return out;
}
